import { DateTime } from "luxon";
import { z } from "zod";
import { HELD_STATUS_CODES } from "./held-order";
import { safeReturnPathSchema } from "./return-path";

/**
 * Recapture of held orders (spec 2 "Recapture of held orders", issue 16): a held lens order whose prescription is
 * still needed shows a bottom attention banner offering the online exam and the upload, until the shopper dismisses
 * it or the order gets what it needs.
 */

/** Spec: status codes H or S (held orders, models/held-order.ts). */
export const RECAPTURE_STATUS_CODES = HELD_STATUS_CODES;
/** Spec: pending exam or pending verification; FailedExam too, which a doctor's rejection of an expired one sets. */
export const RECAPTURE_PRESCRIPTION_STATUSES = ["PendingExam", "PendingVerification", "FailedExam"] as const;
/**
 * Spec 2 §9 "Recapture window": orders within the last 30 days; no completed exam within 14 days; completed entries
 * forgotten after 2 days.
 */
export const RECAPTURE_ORDER_WINDOW_DAYS = 30;
export const RECAPTURE_EXAM_WINDOW_DAYS = 14;
export const RECAPTURE_FORGET_AFTER_DAYS = 2;

export { RECAPTURE_MESSAGES } from "./recapture-words";

/** A held order as the recapture rules read it. */
export interface RecaptureCandidate {
  orderNumber: string;
  statusCode: string;
  placedAt: Date;
  /** The order has a lens group (not solution only). */
  isLensOrder: boolean;
  /** Its lens groups' prescription statuses. */
  prescriptionStatuses: readonly (string | null)[];
  dismissed: boolean;
  completedAt: Date | null;
}

function daysAgo(now: Date, days: number): number {
  return DateTime.fromJSDate(now).minus({ days }).toMillis();
}

/** Held (H or S) with a lens prescription pending exam or verification, or failed: it needs a valid prescription. */
export function isHeldForPrescription(statusCode: string, prescriptionStatuses: readonly (string | null)[]): boolean {
  return (
    (RECAPTURE_STATUS_CODES as readonly string[]).includes(statusCode) &&
    prescriptionStatuses.some((status) => (RECAPTURE_PRESCRIPTION_STATUSES as readonly string[]).includes(status ?? ""))
  );
}

/** Held for its prescription, a lens order, placed within 30 days, and not completed. */
export function needsRecapture(order: RecaptureCandidate, now: Date): boolean {
  return (
    isHeldForPrescription(order.statusCode, order.prescriptionStatuses) &&
    order.isLensOrder &&
    order.placedAt.getTime() >= daysAgo(now, RECAPTURE_ORDER_WINDOW_DAYS) &&
    order.completedAt === null
  );
}

/**
 * The order the banner is about, or null. Spec: only when exactly one such order exists, the customer is eligible
 * for the express exam, no exam was completed in the last 14 days, and the order's banner was not dismissed.
 * Signed-in customers only (the caller has no candidates otherwise).
 */
export function recaptureBannerOrder(input: {
  candidates: readonly RecaptureCandidate[];
  expressExamEligible: boolean;
  lastCompletedExamAt: Date | null;
  now: Date;
}): string | null {
  const { now } = input;
  const held = input.candidates.filter((order) => needsRecapture(order, now));
  if (held.length !== 1) return null;
  const order = held[0]!;
  if (order.dismissed || !input.expressExamEligible) return null;
  if (input.lastCompletedExamAt && input.lastCompletedExamAt.getTime() >= daysAgo(now, RECAPTURE_EXAM_WINDOW_DAYS)) {
    return null;
  }
  return order.orderNumber;
}

/** Spec: a completed entry is forgotten 2 days after completion. */
export function isForgotten(completedAt: Date | null, now: Date): boolean {
  return completedAt !== null && completedAt.getTime() < daysAgo(now, RECAPTURE_FORGET_AFTER_DAYS);
}

/** The banner's dismiss form (a plain post; the page it was on comes back). */
export const recaptureDismissSchema = z.object({
  intent: z.literal("dismiss"),
  orderNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,40}$/),
  returnTo: safeReturnPathSchema.optional(),
});
