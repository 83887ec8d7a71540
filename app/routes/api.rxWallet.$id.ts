import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { PRESCRIPTION_MESSAGES } from "~/models/prescriptions";
import { prescriptionDetailJson, requirePrescriptionId, WALLET_SIGN_IN } from "~/services/api/rx-wallet.server";
import { servicesContext } from "~/services/platform/context.server";
import { deletePrescription, findCustomerPrescription } from "~/services/prescriptions/prescription-records.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.rxWallet.$id";

// Serves api/rxWallet/{id} and rxWallet/{id} (the spec lists the delete without the api/ prefix).

/** GET → 200 { prescriptionId, rightEye, leftEye, clinic }; 401 signed out; 404 not one of the customer's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, WALLET_SIGN_IN);
  const id = requirePrescriptionId(params.id);
  const { db } = context.get(servicesContext);
  const row = await findCustomerPrescription(db, customer.id, id);
  if (!row) return jsonError(404, PRESCRIPTION_MESSAGES.notFound);
  return privateJson(await prescriptionDetailJson(db, row));
}

/**
 * DELETE → 200 { prescriptionId, deleted: true }: the prescription and its images (rows and bytes) are gone; the
 * client reads the wallet again. 404 when it is not the customer's.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("GET", "DELETE");
  const customer = requireApiCustomer(request, context, WALLET_SIGN_IN);
  const id = requirePrescriptionId(params.id);
  const deleted = await deletePrescription(context.get(servicesContext), customer.id, id);
  if (!deleted) return jsonError(404, PRESCRIPTION_MESSAGES.notFound);
  return privateJson({ prescriptionId: id, deleted: true });
}
