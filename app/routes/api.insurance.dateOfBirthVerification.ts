import { dateOfBirthVerificationSchema } from "~/models/insurance";
import {
  jsonError,
  methodNotAllowed,
  privateJson,
  readJsonBody,
  TOO_MANY_REQUESTS_MESSAGE,
} from "~/services/api/json.server";
import { verifyDateOfBirth } from "~/services/insurance/benefit-search.server";
import { visitorInsuranceServices } from "~/services/insurance/eligibility-choice.server";
import { requestInfoContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.insurance.dateOfBirthVerification";

/**
 * POST api/insurance/dateOfBirthVerification {benefitId, dateOfBirth} → { verified }. The date is read as
 * YYYY-MM-DD (null when unparsable, which verifies nothing); 404 an unknown benefit; 429 past the guessing limit.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const input = await readJsonBody(request, dateOfBirthVerificationSchema);
  const outcome = await verifyDateOfBirth(visitorInsuranceServices(context), {
    ...input,
    clientIp: context.get(requestInfoContext).clientIp,
  });
  if (outcome === "no-benefit") return jsonError(404, "No such insurance benefit.");
  if (outcome === "too-many") return jsonError(429, TOO_MANY_REQUESTS_MESSAGE);
  return privateJson({ verified: outcome === "verified" });
}

export function loader() {
  return methodNotAllowed("POST");
}
