import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { nonceRequestSchema } from "~/services/api/schemas/wallet-api";
import { savePaymentNonce } from "~/services/checkout/wallet.server";
import { servicesContext } from "~/services/platform/context.server";
import { WALLET_MESSAGES } from "~/models/payment-methods";
import type { Route } from "./+types/api.paymentMethods.nonce";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST api/paymentMethods/nonce (spec 3 §3, §5): saves the payment a wallet nonce stands for (decision 56: a nonce
 * is the vault's one-time reference to an Apple Pay payment it accepted) → 200 `{ paymentToken }`; 400 'Invalid
 * nonce' when it is missing, unknown, used or expired; 401 signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context);
  const services = context.get(servicesContext);
  const body = await readJsonBody(request, nonceRequestSchema, { fallback: WALLET_MESSAGES.invalidNonce });
  const name = [body.firstName, body.lastName].filter(Boolean).join(" ").trim() || body.billingAddress?.name || "";
  const saved = await savePaymentNonce(services, customer.id, {
    nonce: body.paymentNonce,
    nameOnCard: name.slice(0, 50),
    billingPostalCode: (body.billingAddress?.postalCode ?? "").trim(),
  });
  if (!saved.ok) return jsonError(400, WALLET_MESSAGES.invalidNonce);
  return privateJson({ paymentToken: saved.entry.paymentToken });
}
