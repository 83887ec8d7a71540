import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import { orderSubscriptionNow } from "~/services/auto-reorder/reorder-runner.server";
import {
  requireSubscription,
  subscriptionCall,
  subscriptionConflict,
  subscriptionNotFound,
} from "~/services/api/subscriptions.server";
import type { Route } from "./+types/api.autoReorder.$id.orderSubscriptionNow";

export function loader() {
  return methodNotAllowed("PUT");
}

/**
 * PUT /api/autoReorder/:id/orderSubscriptionNow (spec 3 §7, no body) → 200 { orderNumber, nextReorderDate }: the
 * order placed today through checkout's order placement, the next reorder date moved on. 404 not the customer's;
 * 409 cancelled, or an order for it being placed right now; 422 { error, reason } when the order could not be
 * placed (declined card, expired prescription, missing address, ...: the reason is one of SUBSCRIPTION_FAILURES).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { customer, id, services } = subscriptionCall({ request, params, context }, { is: "PUT" });
  await requireSubscription(services.db, customer.id, id);
  const result = await orderSubscriptionNow(services, customer.id, id);
  if (result.ok) return privateJson({ orderNumber: result.orderNumber, nextReorderDate: result.nextReorderDate });
  switch (result.reason) {
    case "not-found":
      return subscriptionNotFound();
    case "cancelled":
    case "busy":
      return subscriptionConflict(result.message);
    default:
      return privateJson({ error: result.message, reason: result.reason }, 422);
  }
}
