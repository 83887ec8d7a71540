import { methodNotAllowed, readJsonBody } from "~/services/api/json.server";
import {
  requireSavedCard,
  requireSubscription,
  subscriptionCall,
  subscriptionChangeAnswer,
} from "~/services/api/subscriptions.server";
import { setSubscriptionCard } from "~/services/subscriptions/subscriptions.server";
import { paymentSchema } from "~/services/api/openapi/auto-reorder.server";
import type { Route } from "./+types/api.autoReorder.$id.payment";

export function loader() {
  return methodNotAllowed("PUT");
}

/**
 * PUT /api/autoReorder/:id/payment { paymentToken } (spec 3 §7): the vault token of one of the customer's saved
 * cards (the wallet's paymentToken) → 200 the subscription. 400 a missing token, an unknown or another customer's
 * card, or an expired one; 404 not the customer's subscription; 409 cancelled.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { customer, id, services } = subscriptionCall({ request, params, context }, { is: "PUT" });
  const { paymentToken } = await readJsonBody(request, paymentSchema);
  const { db } = services;
  await requireSubscription(db, customer.id, id);
  const cardId = await requireSavedCard(db, customer.id, paymentToken);
  const result = await setSubscriptionCard(db, customer.id, id, cardId);
  return subscriptionChangeAnswer(db, customer.id, id, result);
}
