import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { afterpayTokenSchema } from "~/services/api/schemas/wallet-api";
import { savePayIn4Checkout } from "~/services/checkout/wallet.server";
import { servicesContext } from "~/services/platform/context.server";
import { WALLET_MESSAGES } from "~/models/payment-methods";
import type { Route } from "./+types/api.paymentMethods.afterpay";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST api/paymentMethods/afterpay `{ checkoutToken }` (spec 3 §3, §5): the pay-in-4 checkout token saved as a
 * payment method of type Afterpay (15) → 200 `{ paymentToken }`, once the provider says it is approved and not yet
 * captured (decision 57); 400 'Invalid paymentToken' when it is missing, another customer's, unknown to the provider,
 * not approved or already captured; 503 when the provider does not answer (nothing saved); 401 signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context);
  const services = context.get(servicesContext);
  const { checkoutToken } = await readJsonBody(request, afterpayTokenSchema, {
    fallback: WALLET_MESSAGES.invalidPaymentToken,
  });
  const saved = await savePayIn4Checkout(services, customer.id, checkoutToken);
  if (!saved.ok && saved.reason === "unavailable") return jsonError(503, WALLET_MESSAGES.payIn4Unavailable);
  if (!saved.ok) return jsonError(400, WALLET_MESSAGES.invalidPaymentToken);
  return privateJson({ paymentToken: saved.paymentToken });
}
