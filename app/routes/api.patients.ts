import { requireApiCustomer } from "~/services/api/customer.server";
import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import { patientsJson } from "~/services/api/orders.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.patients";

/**
 * GET api/patients (spec 2 §7) → 200 the signed-in customer's patients by name, each with their saved
 * prescriptions (patientsResponseSchema); 401 signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, { message: "Sign in to see your patients." });
  const { db } = context.get(servicesContext);
  return privateJson(await patientsJson(db, customer.id));
}

export function action() {
  return methodNotAllowed();
}
