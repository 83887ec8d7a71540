import { and, asc, eq, lte } from "drizzle-orm";
import {
  businessToday,
  FAILURE_MESSAGES,
  RETRIED_FAILURES,
  SUBSCRIPTION_FAILURES,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionFailure,
} from "~/models/subscription";
import type { AppServices } from "../platform/context.server";
import { subscriptions } from "../db/schema";
import {
  claim,
  orderForKey,
  placeClaimed,
  readiness,
  REORDER_MESSAGES,
  reorderIdempotencyKey,
  type ReorderResult,
  type RunnerServices,
  type SubscriptionOrderResult,
} from "./reorder-placement.server";

/**
 * The reorder runner (issue 7): places each due subscription's order through checkout's order placement
 * (placeOrder: one transaction, stock, charge last), exactly once per subscription and reorder date; and 'Order now'.
 * How one reorder is claimed, placed and recorded: reorder-placement.server.ts.
 */

export type { ReorderResult, RunnerServices, SubscriptionOrderResult };
export { reorderIdempotencyKey };

/**
 * Places one due subscription's order for `reorderDate` (the runner): claims it, checks it, places the order and
 * moves the date on, or records why not. 'busy' when another runner holds it or it is no longer at that date.
 */
export async function placeSubscriptionOrder(
  services: RunnerServices,
  subscriptionId: number,
  reorderDate: string,
  now: Date = new Date(),
): Promise<SubscriptionOrderResult> {
  const row = await claim(services.db, subscriptionId, reorderDate, now);
  if (!row) return { ok: false, reason: "busy", message: REORDER_MESSAGES.busy };
  return placeClaimed(services, row, reorderDate, now, { notify: true });
}

/**
 * 'Order now' from the subscription page or the API: places the order today and moves the next date on. The date
 * is first moved to today inside the claim, so the order is keyed by today's date: a double click (at the same
 * moment, or one after the other) finds today's order and places no second one. A reason the order
 * cannot go (prescription, address, card) is answered before anything changes; the customer is on the page to
 * read it, so no e-mail is sent.
 */
export async function orderSubscriptionNow(
  services: AppServices,
  customerId: number,
  subscriptionId: number,
  now: Date = new Date(),
): Promise<ReorderResult> {
  const { db } = services;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)));
  if (!row) return { ok: false, reason: "not-found", message: SUBSCRIPTION_MESSAGES.notFound };
  if (row.status !== "Active") return { ok: false, reason: "cancelled", message: SUBSCRIPTION_MESSAGES.cancelled };

  // Always today's date (also for an overdue subscription), so two clicks share one key whatever happened between.
  const reorderDate = businessToday(now);
  const checked = await readiness(db, row, reorderDate, now);
  if (!checked.ok) {
    if (checked.reason === "not-found")
      return { ok: false, reason: "not-found", message: SUBSCRIPTION_MESSAGES.notFound };
    if (checked.reason === "nothing-to-send")
      return { ok: false, reason: "other", message: REORDER_MESSAGES.nothingToSend };
    return { ok: false, reason: checked.reason, message: FAILURE_MESSAGES[checked.reason] };
  }

  const claimed = await claim(db, subscriptionId, reorderDate, now, {
    customerId,
    moveFrom: row.nextReorderDate !== reorderDate ? row.nextReorderDate : undefined,
  });
  if (!claimed) {
    // The twin of a double click got there first: once it has placed the order, that order is the answer.
    const placed = await orderForKey(db, reorderIdempotencyKey(subscriptionId, reorderDate));
    const [current] = await db
      .select({ nextReorderDate: subscriptions.nextReorderDate })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    if (placed && current && current.nextReorderDate !== reorderDate) {
      return { ok: true, orderNumber: placed.orderNumber, nextReorderDate: current.nextReorderDate };
    }
    return { ok: false, reason: "busy", message: REORDER_MESSAGES.busy };
  }
  const result = await placeClaimed(services, claimed, reorderDate, now, { notify: false });
  if (result.ok) return result;
  if (result.reason === "nothing-to-send")
    return { ok: false, reason: "other", message: REORDER_MESSAGES.nothingToSend };
  return { ok: false, reason: result.reason, message: result.message };
}

export interface RunSummary {
  /** Due subscriptions looked at. */
  due: number;
  placed: number;
  failed: number;
  /** Waiting for the customer (a failure only they can fix), held by another runner, or nothing to send. */
  skipped: number;
}

/** A failure the runner tries again by itself; an expired prescription is checked again (it may be renewed). */
function isRetried(reason: string | null): boolean {
  if (reason === null || reason === "prescription-expired") return true;
  if (!(SUBSCRIPTION_FAILURES as readonly string[]).includes(reason)) return true;
  return RETRIED_FAILURES.has(reason as SubscriptionFailure);
}

/**
 * Places every due subscription's order: Active, next reorder date today or earlier (business time zone), one after
 * the other. A subscription whose last failure waits for the customer (declined, no card, no address, ...) is
 * skipped until they change something (the change functions clear the failure).
 */
export async function runDueSubscriptions(services: RunnerServices, now: Date = new Date()): Promise<RunSummary> {
  const today = businessToday(now);
  const due = await services.db
    .select({
      id: subscriptions.id,
      nextReorderDate: subscriptions.nextReorderDate,
      lastFailureReason: subscriptions.lastFailureReason,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "Active"), lte(subscriptions.nextReorderDate, today)))
    .orderBy(asc(subscriptions.nextReorderDate), asc(subscriptions.id));
  const summary: RunSummary = { due: due.length, placed: 0, failed: 0, skipped: 0 };
  for (const subscription of due) {
    if (!isRetried(subscription.lastFailureReason)) {
      summary.skipped++;
      continue;
    }
    try {
      const result = await placeSubscriptionOrder(services, subscription.id, subscription.nextReorderDate, now);
      if (result.ok) summary.placed++;
      else if (result.reason === "busy" || result.reason === "nothing-to-send") summary.skipped++;
      else summary.failed++;
    } catch (error) {
      // One subscription's trouble (the database hiccuped) does not stop the others; its claim lapses by itself.
      summary.failed++;
      services.logger.error({ err: error, subscriptionId: subscription.id }, "auto-reorder run: subscription failed");
    }
  }
  services.logger.info({ ...summary, today }, "auto-reorder run");
  return summary;
}
