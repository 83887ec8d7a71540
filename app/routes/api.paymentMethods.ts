import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { deletePaymentMethodSchema, saveCardRequestSchema } from "~/services/api/schemas/wallet-api";
import { cardOfRequest, readTimeBasedToken, walletMethodJson } from "~/services/api/wallet.server";
import { saveCardUnderLock } from "~/services/checkout/card-save.server";
import { findPaymentMethod } from "~/services/checkout/payment-methods.server";
import { deletePaymentMethod, listWallet } from "~/services/checkout/wallet.server";
import { listSubscriptions, setSubscriptionCard } from "~/services/subscriptions/subscriptions.server";
import { servicesContext } from "~/services/platform/context.server";
import { CARD_MESSAGES } from "~/models/card";
import { WALLET_MESSAGES } from "~/models/payment-methods";
import type { Route } from "./+types/api.paymentMethods";

export function loader() {
  return methodNotAllowed("POST", "DELETE");
}

/**
 * One route module for the spec's two spellings (React Router matches paths case-insensitively):
 * - POST api/paymentMethods: save a card under the card lock (spec 3 §4, §9) → 200 `{ paymentToken }`; 400 'Invalid
 *   card' (or the decline); 429 'Too many invalid attempts. Please try again later.' with the lock cookie.
 * - DELETE api/paymentmethods `{ timeBasedToken }` → 200 the wallet left; 400 a token that is not valid now; 404
 *   the method is already gone.
 * 401 signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method === "DELETE") return deleteMethod(request, context);
  if (request.method !== "POST") return methodNotAllowed("POST", "DELETE");
  const customer = requireApiCustomer(request, context);
  const services = context.get(servicesContext);
  const body = await readJsonBody(request, saveCardRequestSchema);
  const card = body.encryptedCard ? await services.payments.openEncryptedCard(body.encryptedCard) : cardOfRequest(body);
  const outcome = await saveCardUnderLock(services, {
    customerId: customer.id,
    cookieHeader: request.headers.get("Cookie"),
    card,
  });
  if (!outcome.ok) {
    const headers = outcome.setCookie ? { "Set-Cookie": outcome.setCookie } : undefined;
    if (outcome.formError === CARD_MESSAGES.tooManyAttempts) {
      return jsonError(429, CARD_MESSAGES.tooManyAttempts, { headers });
    }
    return jsonError(400, outcome.formError ?? CARD_MESSAGES.invalidCard, { headers });
  }
  const saved = await findPaymentMethod(services.db, customer.id, outcome.card.id);
  if (body.shouldUpdateSubscriptions) {
    const active = (await listSubscriptions(services.db, customer.id)).filter((row) => row.status === "Active");
    for (const subscription of active) {
      await setSubscriptionCard(services.db, customer.id, subscription.id, outcome.card.id);
    }
  }
  return privateJson({ paymentToken: saved!.paymentToken });
}

async function deleteMethod(request: Request, context: Route.ActionArgs["context"]) {
  const customer = requireApiCustomer(request, context);
  const { db, config } = context.get(servicesContext);
  const { timeBasedToken } = await readJsonBody(request, deletePaymentMethodSchema);
  const now = new Date();
  const id = readTimeBasedToken(config, customer.id, timeBasedToken, now);
  if (id === null) return jsonError(400, WALLET_MESSAGES.invalidTimeBasedToken);
  if (!(await deletePaymentMethod(db, customer.id, id))) return jsonError(404, WALLET_MESSAGES.notFound);
  const wallet = await listWallet(db, customer.id, now);
  return privateJson({ paymentMethods: wallet.map((entry) => walletMethodJson(config, customer.id, entry, now)) });
}
