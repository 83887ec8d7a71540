import { instalmentCheckoutSchema } from "~/models/instalment-request";
import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { createInstalmentToken } from "~/services/checkout/instalment-checkout.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.afterpay";

/**
 * POST api/afterpay {checkout request} → 200 { token, expires, redirectCheckoutUrl }: a pay-in-4 checkout for the
 * signed-in customer (spec 3 §7; decision 53). 400 bad input or redirect URLs off the store; 401 signed out; 502 the
 * provider could not be reached.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  requireApiCustomer(request, context, { message: "Sign in to pay in 4." });
  const body = await readJsonBody(request, instalmentCheckoutSchema);
  const outcome = await createInstalmentToken(context.get(servicesContext), body);
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
