import { methodNotAllowed, parseJson, privateJson, readJson } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import {
  changeFailure,
  currentSubscriptionJson,
  requireSavedCard,
  requireSubscription,
  requireSubscriptionCustomer,
  requireSubscriptionId,
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
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const customer = requireSubscriptionCustomer(request, context);
  const id = requireSubscriptionId(params.id);
  const { paymentToken } = parseJson(paymentSchema, await readJson(request));
  const { db } = context.get(servicesContext);
  await requireSubscription(db, customer.id, id);
  const cardId = await requireSavedCard(db, customer.id, paymentToken);
  const result = await setSubscriptionCard(db, customer.id, id, cardId);
  if (!result.ok) return changeFailure(result);
  return privateJson(await currentSubscriptionJson(db, customer.id, id));
}
