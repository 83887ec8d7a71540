import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import { expressExamEligible } from "~/services/orders/recapture.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.examEligibility";

/**
 * GET api/examEligibility → { isEligible }: whether the exam provider serves the state of the customer's primary
 * address. Eligible without a primary address, signed out, or when the provider does not answer (spec).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { customer } = context.get(visitorContext);
  const isEligible = customer ? await expressExamEligible(context.get(servicesContext), customer.id) : true;
  return privateJson({ isEligible });
}

export function action() {
  return methodNotAllowed("GET");
}
