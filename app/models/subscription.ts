import { DateTime } from "luxon";
import { z } from "zod";
import { BUSINESS_TIME_ZONE } from "./business-time";
import type { WhichEye } from "./line-item-group";
import { AUTO_REORDER_FREQUENCIES, frequencyLabel } from "./supply";

/**
 * Auto-reorder subscriptions (spec 3 §3–5, 2 §4): dates, frequencies, the snooze outcomes and the forms of the
 * subscription pages. Pure: the services read and write, this decides. Dates are ISO days ('2026-11-21') in the
 * business time zone, as the reorder runner and the e-mails count them.
 */

export const SUBSCRIPTION_STATUSES = ["Active", "Cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export { frequencyLabel };

/** The frequency when a group's own is missing (spec 2 §4: default one month). */
export const DEFAULT_FREQUENCY_DAYS = 30;
/** Days before a reorder date the reminder e-mail goes out, unless configured (REORDER_REMINDER_DAYS). */
export const DEFAULT_REMINDER_DAYS = 10;
/** The e-mail's snooze links: 2 weeks, 1 month, 2 months. */
export const EMAIL_SNOOZE_DAYS = [14, 30, 60] as const;
/** How far a snooze or a chosen date may push the next order. */
export const MAX_SNOOZE_DAYS = 180;
export const MAX_DAYS_AHEAD = 365;
/** The longest a snooze link stays usable after the e-mail was written. */
export const SNOOZE_LINK_DAYS = 45;
/** The snooze link's page (the route module renders it; the services write the links). */
export const SNOOZE_PATH = "/auto-reorder/snooze";
/**
 * The snooze link's query parameter. Not `token`: a GET with `?token=` is an auto-login link (the visitor middleware
 * signs in with it), as the reset link's `code` also avoids.
 */
export const SNOOZE_LINK_PARAM = "code";

/**
 * The development operations on a subscription (the /dev/orders page, outside production only): move the next order
 * to today or into the reminder window, expire or renew the prescription.
 */
export const SUBSCRIPTION_DEV_ACTIONS = ["due-today", "due-soon", "expire-rx", "renew-rx"] as const;
export type SubscriptionDevAction = (typeof SUBSCRIPTION_DEV_ACTIONS)[number];

export const SNOOZE_FEATURES = ["snooze email", "snooze web"] as const;
export type SnoozeFeature = (typeof SNOOZE_FEATURES)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: unknown): value is string {
  return typeof value === "string" && ISO_DATE.test(value) && DateTime.fromISO(value, { zone: "utc" }).isValid;
}

/** Today in the business time zone, as an ISO day. */
export function businessToday(now: Date = new Date()): string {
  return DateTime.fromJSDate(now).setZone(BUSINESS_TIME_ZONE).toISODate()!;
}

/** Calendar-day arithmetic on ISO days (no time zone or DST can shift the day). */
export function addDays(isoDate: string, days: number): string {
  return DateTime.fromISO(isoDate, { zone: "utc" }).plus({ days }).toISODate()!;
}

export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round(
    DateTime.fromISO(toIso, { zone: "utc" }).diff(DateTime.fromISO(fromIso, { zone: "utc" }), "days").days,
  );
}

/** The first reorder date of a subscription created by an order placed on `orderDate`. */
export function firstReorderDate(orderDate: string, frequencyDays: number): string {
  return addDays(orderDate, frequencyDays);
}

/**
 * The reorder date after an order was placed for `reorderDate`: one frequency on. An order placed late (the runner
 * was down, the card was declined for a while) never leaves the next date in the past: it counts from today then.
 */
export function nextReorderDateAfter(reorderDate: string, frequencyDays: number, today: string): string {
  const next = addDays(reorderDate, frequencyDays);
  return next > today ? next : addDays(today, frequencyDays);
}

/** 'Tuesday, December 1, 2026'. */
export function formatReorderDate(isoDate: string): string {
  return DateTime.fromISO(isoDate, { zone: "utc" }).toFormat("cccc, LLLL d, yyyy");
}

/** 'Dec 1, 2026'. */
export function formatShortDate(isoDate: string): string {
  return DateTime.fromISO(isoDate, { zone: "utc" }).toFormat("LLL d, yyyy");
}

/** A subscription's date as the spec's API writes it: { year, month, day }. */
export function reorderDateParts(isoDate: string): { year: number; month: number; day: number } {
  const date = DateTime.fromISO(isoDate, { zone: "utc" });
  return { year: date.year, month: date.month, day: date.day };
}

export type SnoozeOutcome =
  | { kind: "snoozed"; from: string; to: string }
  | { kind: "alreadySnoozed"; date: string }
  | { kind: "alreadyShipped"; date: string }
  | { kind: "invalidDate"; date: string };

/**
 * Spec 3 §4 Snooze: allowed only when the link's date equals the current reorder date. When the reorder date
 * already equals the link's date plus the days it is 'already snoozed' (a success, idempotent); later than that is
 * 'already shipped'; anything else is an invalid snooze date.
 */
export function snoozeOutcome(input: { linkDate: string; days: number; currentDate: string }): SnoozeOutcome {
  const target = addDays(input.linkDate, input.days);
  if (input.currentDate === input.linkDate) return { kind: "snoozed", from: input.linkDate, to: target };
  if (input.currentDate === target) return { kind: "alreadySnoozed", date: target };
  if (input.currentDate > target) return { kind: "alreadyShipped", date: input.currentDate };
  return { kind: "invalidDate", date: input.currentDate };
}

export const isSnoozeSuccess = (outcome: SnoozeOutcome) =>
  outcome.kind === "snoozed" || outcome.kind === "alreadySnoozed";

/** The customer-facing words for each outcome. */
export function snoozeMessage(outcome: SnoozeOutcome): string {
  switch (outcome.kind) {
    case "snoozed":
      return `Your next order is now scheduled for ${formatReorderDate(outcome.to)}.`;
    case "alreadySnoozed":
      return `This order was already snoozed. It is scheduled for ${formatReorderDate(outcome.date)}.`;
    case "alreadyShipped":
      return "This order has already shipped, so it can no longer be snoozed from this link.";
    case "invalidDate":
      return "This snooze link is for a different order date, so it can't be used. Manage your subscription instead.";
  }
}

/** Spec 3 §3: only subscriptions with an eye item (or a solution item) whose quantity is above 0 are listed. */
export function isListable(items: ReadonlyArray<{ whichEye: WhichEye; quantity: number }>): boolean {
  return items.some((item) => item.quantity > 0);
}

export const SUBSCRIPTION_FAILURES = [
  "declined",
  "payment-error",
  "no-card",
  "card-expired",
  "no-address",
  "prescription-expired",
  "unavailable",
  "sold-out",
  "other",
] as const;
export type SubscriptionFailure = (typeof SUBSCRIPTION_FAILURES)[number];

/** What the account page and the e-mail say about a failed reorder. */
export const FAILURE_MESSAGES: Record<SubscriptionFailure, string> = {
  declined: "Your card was declined. Update your card and we'll send your order.",
  "payment-error": "We couldn't reach our payment processor. We'll try again shortly.",
  "no-card": "There is no card on this subscription. Add a card and we'll send your order.",
  "card-expired": "The card on this subscription has expired. Update your card and we'll send your order.",
  "no-address": "There is no valid shipping address on this subscription. Update it and we'll send your order.",
  "prescription-expired": "Prescription expired",
  unavailable: "A product on this subscription is no longer available. Please contact us or choose a new product.",
  "sold-out": "A product on this subscription is out of stock right now. We'll try again shortly.",
  other: "We couldn't place this order. We'll try again shortly.",
};

/** Failures worth retrying by themselves (the next run tries again); the others wait for the customer. */
export const RETRIED_FAILURES: ReadonlySet<SubscriptionFailure> = new Set(["payment-error", "sold-out", "other"]);

export function isPrescriptionExpired(expiresOn: string | null, onDate: string): boolean {
  return expiresOn !== null && expiresOn < onDate;
}

// ---------------------------------------------------------------------------------------------------------
// Forms: one schema each, shared by the pages (Conform) and the API.

export const SUBSCRIPTION_MESSAGES = {
  chooseQuantity: "Choose a quantity from the list.",
  atLeastOneBox: "Choose at least one box.",
  chooseFrequency: "Choose how often to reorder.",
  chooseDate: "Enter a valid date.",
  dateInPast: "Choose a date that is not in the past.",
  dateTooFar: "Choose a date within the next 12 months.",
  snoozeDays: `Choose between 1 and ${MAX_SNOOZE_DAYS} days.`,
  chooseReason: "Choose a reason for cancelling.",
  otherReason: "Tell us why you're cancelling.",
  reasonTooLong: "Keep the reason under 200 characters.",
  chooseCard: "Choose a card.",
  chooseAddress: "Choose an address.",
  notFound: "could not get subscription",
  cancelled: "This subscription has been cancelled.",
} as const;

const wholeNumber = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,3}$/, { error: message })
    .transform(Number);

/** Quantities per eye: each from the product's options, or 0 to pause an eye; at least one box in all. */
export function quantitiesSchema(options: { right: readonly number[] | null; left: readonly number[] | null }) {
  const eyeField = (allowed: readonly number[] | null) =>
    allowed === null
      ? z
          .literal("")
          .optional()
          .transform(() => null)
      : wholeNumber(SUBSCRIPTION_MESSAGES.chooseQuantity).refine((n) => n === 0 || allowed.includes(n), {
          error: SUBSCRIPTION_MESSAGES.chooseQuantity,
        });
  return z
    .object({ rightQuantity: eyeField(options.right), leftQuantity: eyeField(options.left) })
    .superRefine((value, ctx) => {
      if ((value.rightQuantity ?? 0) + (value.leftQuantity ?? 0) === 0) {
        ctx.addIssue({ code: "custom", path: [], message: SUBSCRIPTION_MESSAGES.atLeastOneBox });
      }
    });
}

export const FREQUENCY_CHOICES = AUTO_REORDER_FREQUENCIES.map((frequency) => frequency.days);

export const frequencySchema = z.object({
  frequencyDays: wholeNumber(SUBSCRIPTION_MESSAGES.chooseFrequency).refine(
    (days) => (FREQUENCY_CHOICES as readonly number[]).includes(days),
    { error: SUBSCRIPTION_MESSAGES.chooseFrequency },
  ),
});

/** Month, day and year of the next order: a real date, not before today, at most 12 months ahead. */
export function nextDateSchema(today: string) {
  return z
    .object({
      month: wholeNumber(SUBSCRIPTION_MESSAGES.chooseDate),
      day: wholeNumber(SUBSCRIPTION_MESSAGES.chooseDate),
      year: z
        .string({ error: SUBSCRIPTION_MESSAGES.chooseDate })
        .trim()
        .regex(/^\d{4}$/, { error: SUBSCRIPTION_MESSAGES.chooseDate })
        .transform(Number),
    })
    .transform((value, ctx) => {
      const date = DateTime.fromObject({ year: value.year, month: value.month, day: value.day }, { zone: "utc" });
      if (!date.isValid) {
        ctx.addIssue({ code: "custom", path: ["day"], message: SUBSCRIPTION_MESSAGES.chooseDate });
        return z.NEVER;
      }
      const iso = date.toISODate()!;
      if (iso < today) {
        ctx.addIssue({ code: "custom", path: ["day"], message: SUBSCRIPTION_MESSAGES.dateInPast });
        return z.NEVER;
      }
      if (iso > addDays(today, MAX_DAYS_AHEAD)) {
        ctx.addIssue({ code: "custom", path: ["year"], message: SUBSCRIPTION_MESSAGES.dateTooFar });
        return z.NEVER;
      }
      return { date: iso };
    });
}

export const snoozeSchema = z.object({
  days: wholeNumber(SUBSCRIPTION_MESSAGES.snoozeDays).refine((days) => days >= 1 && days <= MAX_SNOOZE_DAYS, {
    error: SUBSCRIPTION_MESSAGES.snoozeDays,
  }),
});

export const CANCEL_REASONS = [
  { value: "too-many-lenses", label: "I have too many lenses" },
  { value: "prescription-changed", label: "My prescription changed" },
  { value: "better-price", label: "I found a better price" },
  { value: "stopped-wearing", label: "I no longer wear contact lenses" },
  { value: "order-when-needed", label: "I'd rather order when I need to" },
  { value: "other", label: "Other" },
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number]["value"];
const CANCEL_VALUES = CANCEL_REASONS.map((reason) => reason.value) as [CancelReason, ...CancelReason[]];
export const CANCEL_NOTE_MAX = 200;

export const cancelSchema = z
  .object({
    reason: z.enum(CANCEL_VALUES, { error: SUBSCRIPTION_MESSAGES.chooseReason }),
    note: z
      .string()
      .trim()
      .max(CANCEL_NOTE_MAX, { error: SUBSCRIPTION_MESSAGES.reasonTooLong })
      .optional()
      .transform((note) => note || null),
  })
  .superRefine((value, ctx) => {
    if (value.reason === "other" && !value.note) {
      ctx.addIssue({ code: "custom", path: ["note"], message: SUBSCRIPTION_MESSAGES.otherReason });
    }
  });

export function cancelReasonLabel(reason: string | null): string | null {
  return CANCEL_REASONS.find((candidate) => candidate.value === reason)?.label ?? null;
}
