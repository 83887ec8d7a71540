import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { billingAgreementTokenSchema } from "~/services/api/schemas/wallet-api";
import { savePayIn4Agreement } from "~/services/checkout/wallet.server";
import { servicesContext } from "~/services/platform/context.server";
import { WALLET_MESSAGES } from "~/models/payment-methods";
import type { Route } from "./+types/api.paymentMethods.afterpayBillingAgreement";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST api/paymentMethods/afterpayBillingAgreement `{ billingAgreementApprovalToken }` (spec 3 §3, §5): the approved
 * billing agreement saved as a payment method of type AfterpayBillingAgreement (16) → 200 `{ paymentToken }`, the
 * agreement the provider made from the approval token (decision 57); 400 'Token is required to save billing
 * agreement' when it is missing, another customer's, unknown to the provider or not approved; 503 when the provider
 * does not answer (nothing saved); 401 signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context);
  const services = context.get(servicesContext);
  const { billingAgreementApprovalToken } = await readJsonBody(request, billingAgreementTokenSchema, {
    fallback: WALLET_MESSAGES.billingAgreementTokenRequired,
  });
  const saved = await savePayIn4Agreement(services, customer.id, billingAgreementApprovalToken);
  if (!saved.ok && saved.reason === "unavailable") return jsonError(503, WALLET_MESSAGES.payIn4Unavailable);
  if (!saved.ok) return jsonError(400, WALLET_MESSAGES.billingAgreementTokenRequired);
  return privateJson({ paymentToken: saved.paymentToken });
}
