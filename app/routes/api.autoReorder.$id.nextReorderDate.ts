import { businessToday, isSnoozeSuccess, nextDateSchema, snoozeMessage, snoozeSchema } from "~/models/subscription";
import { jsonError, methodNotAllowed, parseJson, privateJson, readJson } from "~/services/api/json.server";
import {
  changeFailure,
  currentSubscriptionJson,
  formText,
  requireSubscription,
  subscriptionCall,
} from "~/services/api/subscriptions.server";
import { setNextReorderDate, snoozeSubscription } from "~/services/subscriptions/subscriptions.server";
import { featureSchema } from "~/services/api/openapi/auto-reorder.server";
import type { Route } from "./+types/api.autoReorder.$id.nextReorderDate";

export function loader() {
  return methodNotAllowed("PUT");
}

/**
 * PUT /api/autoReorder/:id/nextReorderDate (spec 3 §7), one of:
 * - { daysToModifyNextReorderDate: 1–180, feature: 'snooze email' | 'snooze web' }: a snooze from the current
 *   reorder date (spec 3 §4) → 200 { success: true, outcome: 'snoozed' | 'alreadySnoozed', nextReorderDate,
 *   message, subscription }; a failed snooze (the date moved meanwhile: 'alreadyShipped' or 'invalidDate') → 409
 *   { success: false, outcome, nextReorderDate (the current one), error }.
 * - { feature, month, day, year }: a chosen date, not in the past, at most 12 months ahead → 200 { success: true,
 *   nextReorderDate, subscription }.
 * Numbers may be sent as numbers or digit strings. 400 bad input, 404 not the customer's, 409 cancelled.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { customer, id, services } = subscriptionCall({ request, params, context }, { is: "PUT" });
  const body = await readJson(request);
  const snoozing = body.daysToModifyNextReorderDate !== undefined;
  const choosing = ["month", "day", "year"].some((field) => body[field] !== undefined);
  if (snoozing === choosing) {
    return jsonError(
      400,
      "Send daysToModifyNextReorderDate and feature to snooze, or feature, month, day and year to choose a date.",
    );
  }
  parseJson(featureSchema, body);
  const { db } = services;

  if (choosing) {
    const { date } = parseJson(nextDateSchema(businessToday()), {
      month: formText(body.month),
      day: formText(body.day),
      year: formText(body.year),
    });
    const result = await setNextReorderDate(db, customer.id, id, date);
    if (!result.ok) return changeFailure(result);
    return privateJson({
      success: true,
      nextReorderDate: result.value.date,
      subscription: await currentSubscriptionJson(db, customer.id, id),
    });
  }

  const { days } = parseJson(
    snoozeSchema,
    { days: formText(body.daysToModifyNextReorderDate) },
    { fieldNames: { days: "daysToModifyNextReorderDate" } },
  );
  // An API client snoozes the date it is shown, as the web form does: the subscription's current reorder date.
  const view = await requireSubscription(db, customer.id, id);
  const result = await snoozeSubscription(db, customer.id, id, { linkDate: view.nextReorderDate, days });
  if (!result.ok) return changeFailure(result);
  const outcome = result.value;
  const nextReorderDate = outcome.kind === "snoozed" ? outcome.to : outcome.date;
  if (!isSnoozeSuccess(outcome)) {
    // Spec 3 §4: a snooze failure yields success false.
    return privateJson({ success: false, outcome: outcome.kind, nextReorderDate, error: snoozeMessage(outcome) }, 409);
  }
  return privateJson({
    success: true,
    outcome: outcome.kind,
    nextReorderDate,
    message: snoozeMessage(outcome),
    subscription: await currentSubscriptionJson(db, customer.id, id),
  });
}
