import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { afterpayTokenSchema } from "~/services/api/schemas/wallet-api";
import { saveProviderToken } from "~/services/checkout/wallet.server";
import { servicesContext } from "~/services/platform/context.server";
import { WALLET_MESSAGES } from "~/models/payment-methods";
import type { Route } from "./+types/api.paymentMethods.afterpay";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST api/paymentMethods/afterpay `{ checkoutToken }` (spec 3 §3, §5): the pay-in-4 checkout token saved as a
 * payment method of type Afterpay (15) → 200 `{ paymentToken }`; 400 'Invalid paymentToken' when it is missing (or
 * another customer's); 401 signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context);
  const { db } = context.get(servicesContext);
  const { checkoutToken } = await readJsonBody(request, afterpayTokenSchema, {
    fallback: WALLET_MESSAGES.invalidPaymentToken,
  });
  const saved = await saveProviderToken(db, customer.id, "Afterpay", checkoutToken);
  if (!saved.ok) return jsonError(400, WALLET_MESSAGES.invalidPaymentToken);
  return privateJson({ paymentToken: saved.paymentToken });
}
