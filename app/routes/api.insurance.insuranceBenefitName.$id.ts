import { benefitIdSchema } from "~/models/insurance";
import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { insuranceBenefitName } from "~/services/insurance/benefit-search.server";
import { visitorInsuranceServices } from "~/services/insurance/eligibility-choice.server";
import type { Route } from "./+types/api.insurance.insuranceBenefitName.$id";

/** GET api/insurance/insuranceBenefitName/{id} → { benefitId, name } (the plan's name); 404 an unknown benefit. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = benefitIdSchema.safeParse(params.id);
  if (!id.success) return jsonError(400, "The benefit id is not valid.");
  const name = await insuranceBenefitName(visitorInsuranceServices(context), id.data);
  return name === null ? jsonError(404, "No such insurance benefit.") : privateJson({ benefitId: id.data, name });
}

export function action() {
  return methodNotAllowed("GET");
}
