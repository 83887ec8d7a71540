import { desc, eq } from "drizzle-orm";
import { addDays, businessToday, SUBSCRIPTION_DEV_ACTIONS, type SubscriptionDevAction } from "~/models/subscription";
import type { Database } from "../db/client.server";
import { customers, subscriptions } from "../db/schema";

/**
 * Development operations on subscriptions (the /dev/orders page, outside production only): move a subscription's
 * next order to today or into the reminder window, expire or renew its prescription, so the reorder runner, the
 * reminder e-mail and the snooze links can be tried without waiting a month.
 */

// The actions live in the model: the page's buttons name them in the browser bundle.
export { SUBSCRIPTION_DEV_ACTIONS, type SubscriptionDevAction };

/** Where 'due soon' puts the next order: inside the default reminder window, not due yet. */
export const DUE_SOON_DAYS = 3;

export async function recentSubscriptions(db: Database, limit: number) {
  return db
    .select({
      id: subscriptions.id,
      customerEmail: customers.email,
      status: subscriptions.status,
      type: subscriptions.type,
      frequencyDays: subscriptions.frequencyDays,
      nextReorderDate: subscriptions.nextReorderDate,
      prescriptionExpiresOn: subscriptions.prescriptionExpiresOn,
      lastFailureReason: subscriptions.lastFailureReason,
      reminderSentFor: subscriptions.reminderSentFor,
    })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .orderBy(desc(subscriptions.id))
    .limit(limit);
}

/** A moved date is a fresh attempt (as when the customer moves it): the old date's failure and notice go. */
export async function changeSubscriptionForDev(
  db: Database,
  subscriptionId: number,
  action: SubscriptionDevAction,
  now: Date = new Date(),
): Promise<{ ok: boolean; message: string }> {
  const today = businessToday(now);
  const freshAttempt = { lastFailureReason: null, lastFailureAt: null, failureNotice: null, claimedUntil: null };
  const change =
    action === "due-today"
      ? { nextReorderDate: today, ...freshAttempt }
      : action === "due-soon"
        ? { nextReorderDate: addDays(today, DUE_SOON_DAYS), ...freshAttempt }
        : action === "expire-rx"
          ? { prescriptionExpiresOn: addDays(today, -1) }
          : { prescriptionExpiresOn: addDays(today, 365) };
  const [row] = await db
    .update(subscriptions)
    .set({ ...change, updatedAt: now })
    .where(eq(subscriptions.id, subscriptionId))
    .returning({ nextReorderDate: subscriptions.nextReorderDate, expiresOn: subscriptions.prescriptionExpiresOn });
  if (!row) return { ok: false, message: `There is no subscription ${subscriptionId}.` };
  const said = {
    "due-today": `Subscription ${subscriptionId} is due today (${row.nextReorderDate}).`,
    "due-soon": `Subscription ${subscriptionId}'s next order is on ${row.nextReorderDate}: a reminder can go out.`,
    "expire-rx": `Subscription ${subscriptionId}'s prescription expired on ${row.expiresOn}.`,
    "renew-rx": `Subscription ${subscriptionId}'s prescription is valid until ${row.expiresOn}.`,
  } satisfies Record<SubscriptionDevAction, string>;
  return { ok: true, message: said[action] };
}
