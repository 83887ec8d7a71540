import { PRESCRIPTION_MESSAGES } from "~/models/prescriptions";
import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { requirePrescriptionId } from "~/services/api/rx-wallet.server";
import { SUBSCRIPTION_SIGN_IN } from "~/services/api/subscriptions.server";
import { servicesContext } from "~/services/platform/context.server";
import { findCustomerPrescription } from "~/services/prescriptions/prescription-records.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.autoReorder.prescription.$id.isExamPrescription";

/**
 * GET /api/autoReorder/prescription/{id}/isExamPrescription (spec 3 §7) → { prescriptionId, isExamPrescription }:
 * whether the customer's saved prescription was issued by the online exam (its source is "exam"). 401 signed out;
 * 404 not one of the customer's prescriptions (or not an id).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, SUBSCRIPTION_SIGN_IN);
  const id = requirePrescriptionId(params.id);
  const row = await findCustomerPrescription(context.get(servicesContext).db, customer.id, id);
  if (!row) return jsonError(404, PRESCRIPTION_MESSAGES.notFound);
  return privateJson({ prescriptionId: row.id, isExamPrescription: row.source === "exam" });
}

export function action() {
  return methodNotAllowed("GET");
}
