import { PRESCRIPTION_MESSAGES } from "~/models/prescriptions";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { WALLET_SIGN_IN } from "~/services/api/rx-wallet.server";
import { servicesContext } from "~/services/platform/context.server";
import { clonePrescription } from "~/services/prescriptions/prescription-records.server";
import { cloneSchema } from "~/services/api/openapi/prescriptions.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.rxWallet.prescription.clone";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST api/rxWallet/prescription/clone { prescriptionId } → 201 { prescriptionId, clonedFromId }: a copy (same
 * values, no order, no images); the client reads the wallet again. 401 signed out; 400 bad input; 404 not theirs.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context, WALLET_SIGN_IN);
  const { prescriptionId } = await readJsonBody(request, cloneSchema);
  const copy = await clonePrescription(context.get(servicesContext).db, customer.id, prescriptionId);
  if (copy === null) return jsonError(404, PRESCRIPTION_MESSAGES.notFound);
  return privateJson({ prescriptionId: copy, clonedFromId: prescriptionId }, 201);
}
