import { searchCriteriaSchema } from "~/models/insurance";
import { methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { startBenefitSearch } from "~/services/insurance/benefit-search.server";
import { visitorInsuranceServices } from "~/services/insurance/eligibility-choice.server";
import type { Route } from "./+types/api.insurance.memberBenefitSearch";

/**
 * POST api/insurance/memberBenefitSearch {criteria} → { searchToken, searchStatus: Pending } to poll with GET
 * api/insurance/memberBenefitSearchResult/{token}; { searchToken: null, searchStatus } when the provider failed;
 * 400 bad input ('Invalid search reason', a ZIP that is not a US ZIP, a date of birth that is not one).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const criteria = await readJsonBody(request, searchCriteriaSchema);
  return privateJson(await startBenefitSearch(visitorInsuranceServices(context), criteria));
}

export function loader() {
  return methodNotAllowed("POST");
}
