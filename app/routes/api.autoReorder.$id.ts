import { cancelSchema } from "~/models/subscription";
import { parseJson, privateJson, readJson } from "~/services/api/json.server";
import {
  formText,
  requireSubscription,
  subscriptionCall,
  subscriptionChangeAnswer,
  subscriptionsJson,
} from "~/services/api/subscriptions.server";
import { cancelSubscription } from "~/services/subscriptions/subscriptions.server";
import type { Route } from "./+types/api.autoReorder.$id";

/**
 * GET /api/autoReorder/:id (spec 3 §7) → 200 the subscription, cancelled ones included (status 'Cancelled');
 * 401 signed out; 404 'could not get subscription' for an id that is not the customer's (or not an id at all).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { customer, id, services } = subscriptionCall({ request, params, context });
  const { db } = services;
  const view = await requireSubscription(db, customer.id, id, { allowCancelled: true });
  return privateJson((await subscriptionsJson(db, [view], { withPaymentMethods: true }))[0]);
}

/**
 * DELETE /api/autoReorder/:id { reason (or cancellationReason): one of CANCEL_REASONS' values, note? } → 200 the
 * subscription, now Cancelled; 400 a missing or unknown reason, 'other' without a note, a note over 200
 * characters, or a body that is not JSON; 409 when already cancelled.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { customer, id, services } = subscriptionCall(
    { request, params, context },
    { is: "DELETE", allow: ["GET", "DELETE"] },
  );
  const body = await readJson(request);
  // The spec names the payload only 'cancellation reason': `reason`, or `cancellationReason` as well.
  const field = body.reason === undefined && body.cancellationReason !== undefined ? "cancellationReason" : "reason";
  const cancellation = parseJson(
    cancelSchema,
    { reason: formText(body[field]), note: formText(body.note) },
    { fieldNames: { reason: field } },
  );
  const { db } = services;
  const result = await cancelSubscription(db, customer.id, id, cancellation);
  return subscriptionChangeAnswer(db, customer.id, id, result);
}
