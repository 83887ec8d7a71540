import { searchTokenSchema } from "~/models/insurance";
import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { readBenefitSearch } from "~/services/insurance/benefit-search.server";
import { visitorInsuranceServices } from "~/services/insurance/eligibility-choice.server";
import type { Route } from "./+types/api.insurance.memberBenefitSearchResult.$token";

/**
 * GET api/insurance/memberBenefitSearchResult/{token} → { searchToken, searchStatus, insuranceBenefits }: the
 * status mapped (an unknown search, or one expired, is NotFound), CONTACT_LENS benefits only; 400 a malformed token.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = searchTokenSchema.safeParse(params.token);
  if (!token.success) return jsonError(400, "The search token is not valid.");
  const result = await readBenefitSearch(visitorInsuranceServices(context), token.data);
  return privateJson({ searchToken: token.data, ...result });
}

export function action() {
  return methodNotAllowed("GET");
}
