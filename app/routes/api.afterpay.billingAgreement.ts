import { billingAgreementSchema } from "~/models/instalment-request";
import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { createBillingAgreementToken } from "~/services/checkout/instalment-checkout.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.afterpay.billingAgreement";

/**
 * POST api/afterpay/billingAgreement {consumer, agreements, merchantReference, merchant} → 200 { token, expires,
 * redirectCheckoutUrl }: a pay-in-4 billing agreement's checkout for the
 * signed-in customer (spec 3 §7; decision 53). 400 bad input or redirect URLs off the store; 401 signed out; 502 the
 * provider could not be reached.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiCustomer(request, context, { message: "Sign in to set up pay in 4." });
  const body = await readJsonBody(request, billingAgreementSchema);
  const outcome = await createBillingAgreementToken(context.get(servicesContext), body);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return privateJson({
    token: outcome.token,
    expires: outcome.expires,
    redirectCheckoutUrl: outcome.redirectCheckoutUrl,
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
