import { searchTokenSchema } from "~/models/insurance";
import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { readExamInsuranceSearch } from "~/services/insurance/exam-insurance.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.examInsurance.searchResult.$token";

/**
 * GET api/examInsurance/searchResult/{token} → { searchToken, searchStatus (Searching | Complete), isSearching,
 * provider, coverageToken (all-zero: none), copay }: poll until Complete. 400 a malformed token.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = searchTokenSchema.safeParse(params.token);
  if (!token.success) return jsonError(400, "The search token is not valid.");
  return privateJson(await readExamInsuranceSearch(context.get(servicesContext), token.data));
}

export function action() {
  return methodNotAllowed("GET");
}
