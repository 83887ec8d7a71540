import { PRESCRIPTION_MESSAGES } from "~/models/prescriptions";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { subscriptionPrescriptionSchema } from "~/services/api/openapi/auto-reorder.server";
import { changeFailure, currentSubscriptionJson, SUBSCRIPTION_SIGN_IN } from "~/services/api/subscriptions.server";
import { servicesContext } from "~/services/platform/context.server";
import { setSubscriptionPrescription } from "~/services/subscriptions/subscriptions.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.autoReorder.prescription";

export function loader() {
  return methodNotAllowed("PUT");
}

/**
 * PUT /api/autoReorder/prescription { subscriptionId, prescriptionId } (spec 3 §7) → 200 { prescriptionId,
 * subscription }: the subscription reorders on that prescription from now on — its UPCs and parameters per eye, its
 * expiration date and its listed doctor. The prescription must be the customer's, submitted and unexpired, its lenses
 * still sold, for the subscription's patient and the same lens on each eye (422 with the reason otherwise). 400 bad
 * input; 401 signed out; 404 not the customer's subscription or prescription; 409 cancelled.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const customer = requireApiCustomer(request, context, SUBSCRIPTION_SIGN_IN);
  const input = await readJsonBody(request, subscriptionPrescriptionSchema);
  const { db } = context.get(servicesContext);
  const result = await setSubscriptionPrescription(db, customer.id, input.subscriptionId, input.prescriptionId);
  if (!result.ok) {
    // A prescription that cannot be used is valid input refused by the rules, as the wallet's calls answer it.
    if (result.reason === "invalid") return jsonError(422, result.message ?? PRESCRIPTION_MESSAGES.chooseSaved);
    return changeFailure(result);
  }
  if (!result.value.prescriptionFound) return jsonError(404, PRESCRIPTION_MESSAGES.notFound);
  return privateJson({
    prescriptionId: input.prescriptionId,
    subscription: await currentSubscriptionJson(db, customer.id, input.subscriptionId),
  });
}
