import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { billingAgreementTokenSchema } from "~/services/api/schemas/wallet-api";
import { saveProviderToken } from "~/services/checkout/wallet.server";
import { servicesContext } from "~/services/platform/context.server";
import { WALLET_MESSAGES } from "~/models/payment-methods";
import type { Route } from "./+types/api.paymentMethods.afterpayBillingAgreement";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST api/paymentMethods/afterpayBillingAgreement `{ billingAgreementApprovalToken }` (spec 3 §3, §5): the approved
 * billing agreement saved as a payment method of type AfterpayBillingAgreement (16) → 200 `{ paymentToken }`; 400
 * 'Token is required to save billing agreement' when it is missing (or another customer's); 401 signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context);
  const { db } = context.get(servicesContext);
  const { billingAgreementApprovalToken } = await readJsonBody(request, billingAgreementTokenSchema, {
    fallback: WALLET_MESSAGES.billingAgreementTokenRequired,
  });
  const saved = await saveProviderToken(db, customer.id, "AfterpayBillingAgreement", billingAgreementApprovalToken);
  if (!saved.ok) return jsonError(400, WALLET_MESSAGES.billingAgreementTokenRequired);
  return privateJson({ paymentToken: saved.paymentToken });
}
