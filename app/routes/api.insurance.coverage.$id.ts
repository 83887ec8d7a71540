import { benefitIdSchema, coverageUpdateSchema, INSURANCE_MESSAGES } from "~/models/insurance";
import {
  jsonError,
  methodNotAllowed,
  privateJson,
  readJsonBody,
  TOO_MANY_REQUESTS_MESSAGE,
} from "~/services/api/json.server";
import { updateCoverage } from "~/services/insurance/benefit-search.server";
import { visitorInsuranceServices } from "~/services/insurance/eligibility-choice.server";
import { requestInfoContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.insurance.coverage.$id";

/**
 * PUT api/insurance/coverage/{id} {subscriberLastFourSsn} → { benefitId, updated: true }. Four digits the provider
 * refuses (or anything but four digits) answer the spec's 'There was an error validating your SSN. Please try
 * again.' (422, or 400 for bad input); 404 an unknown benefit; 429 past the guessing limit. The digits are never
 * logged or stored.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const id = benefitIdSchema.safeParse(params.id);
  if (!id.success) return jsonError(400, "The benefit id is not valid.");
  const input = await readJsonBody(request, coverageUpdateSchema, { fallback: INSURANCE_MESSAGES.ssnUpdateFailed });
  const outcome = await updateCoverage(visitorInsuranceServices(context), {
    benefitId: id.data,
    subscriberLastFourSsn: input.subscriberLastFourSsn,
    clientIp: context.get(requestInfoContext).clientIp,
  });
  if (outcome === "no-benefit") return jsonError(404, "No such insurance benefit.");
  if (outcome === "too-many") return jsonError(429, TOO_MANY_REQUESTS_MESSAGE);
  if (outcome === "refused") return jsonError(422, INSURANCE_MESSAGES.ssnUpdateFailed);
  return privateJson({ benefitId: id.data, updated: true });
}

export function loader() {
  return methodNotAllowed("PUT");
}
