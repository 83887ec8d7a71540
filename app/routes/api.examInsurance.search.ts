import { examInsuranceSearchSchema } from "~/models/insurance";
import { methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { startExamInsuranceSearch } from "~/services/insurance/exam-insurance.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.examInsurance.search";

/**
 * POST api/examInsurance/search {firstName, lastName, dateOfBirth, postalCode, providers?} → { searchToken } to poll
 * with GET api/examInsurance/searchResult/{token}; { searchToken: null } when the provider could not start it (its
 * failure is logged: spec 3 §8); 400 bad input.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const criteria = await readJsonBody(request, examInsuranceSearchSchema);
  const { searchToken } = await startExamInsuranceSearch(context.get(servicesContext), criteria);
  return privateJson({ searchToken });
}

export function loader() {
  return methodNotAllowed("POST");
}
