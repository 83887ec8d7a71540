import { and, asc, eq, gte, isNull, lte, ne, or, sql } from "drizzle-orm";
import { addressLines, type AddressInput } from "~/models/address";
import { cardLabel } from "~/models/card";
import { EYE_NAMES, LENS_PARAMETER_LABELS, LENS_PARAMETER_NAMES } from "~/models/lens-parameters";
import {
  addDays,
  businessToday,
  EMAIL_SNOOZE_DAYS,
  isListable,
  isPrescriptionExpired,
  SNOOZE_LINK_DAYS,
  snoozeOutcome,
  type SnoozeOutcome,
} from "~/models/subscription";
import { reorderReminderEmail, type ReminderItem } from "../adapters/email/subscription-templates";
import { AUTO_LOGIN_VALID_DAYS } from "~/models/auth-limits";
import type { Executor } from "../db/client.server";
import { customers, subscriptions } from "../db/schema";
import { manageSubscriptionLink, prescriptionLinks, type RunnerServices } from "./reorder-placement.server";
import { readSnoozeToken, snoozeLinkUrl, snoozeToken, type SnoozeLink } from "../subscriptions/snooze-links.server";
import { subscriptionPrice } from "../subscriptions/subscription-pricing.server";
import { subscriptionFor, type SubscriptionView } from "../subscriptions/subscriptions.server";

/**
 * The reminder e-mail before each reorder date (issue 7): the upcoming order, a 'Manage your subscription'
 * auto-login link, snooze links for 2 weeks, 1 month and 2 months, and a warning when the prescription expires
 * before the order. One per subscription and reorder date (reminderSentFor), even when two runners send at once.
 * Also the snooze links' page reads (the page is /auto-reorder/snooze).
 */

export interface ReminderSummary {
  /** Subscriptions with a reorder date in the window and no reminder for it yet. */
  due: number;
  sent: number;
  /** Opted out of reorder reminders, nothing to send, or sent meanwhile by another runner. */
  skipped: number;
  failed: number;
}

/**
 * Sends the reminders for Active subscriptions whose next reorder date is within `days` days from today (today
 * included) and that have not had one for that date. A customer who opted out (preference EmailReorderReminder
 * set to false) gets none; a customer who never chose gets them (they chose auto-reorder at checkout, and the
 * reminder carries the snooze links).
 */
export async function sendReorderReminders(
  services: RunnerServices,
  now: Date = new Date(),
  days: number = services.config.reorderReminderDays,
): Promise<ReminderSummary> {
  const { db, logger } = services;
  const today = businessToday(now);
  const candidates = await db
    .select({
      id: subscriptions.id,
      customerId: subscriptions.customerId,
      nextReorderDate: subscriptions.nextReorderDate,
      reminderSentFor: subscriptions.reminderSentFor,
      email: customers.email,
      firstName: customers.firstName,
      preferences: customers.preferences,
    })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .where(
      and(
        eq(subscriptions.status, "Active"),
        gte(subscriptions.nextReorderDate, today),
        lte(subscriptions.nextReorderDate, addDays(today, days)),
        or(isNull(subscriptions.reminderSentFor), ne(subscriptions.reminderSentFor, subscriptions.nextReorderDate)),
      ),
    )
    .orderBy(asc(subscriptions.nextReorderDate), asc(subscriptions.id));

  const summary: ReminderSummary = { due: candidates.length, sent: 0, skipped: 0, failed: 0 };
  for (const candidate of candidates) {
    try {
      summary[await remind(services, candidate, now)]++;
    } catch (error) {
      // One subscription's trouble does not stop the others.
      summary.failed++;
      logger.error({ err: error, subscriptionId: candidate.id }, "reorder reminder failed");
    }
  }
  logger.info({ ...summary, today, days }, "reorder reminders");
  return summary;
}

interface Candidate {
  id: number;
  customerId: number;
  nextReorderDate: string;
  reminderSentFor: string | null;
  email: string;
  firstName: string;
  preferences: Record<string, boolean>;
}

async function remind(
  services: RunnerServices,
  candidate: Candidate,
  now: Date,
): Promise<"sent" | "skipped" | "failed"> {
  const { db, logger } = services;
  if (candidate.preferences.EmailReorderReminder === false) return "skipped";
  const view = await subscriptionFor(db, candidate.customerId, candidate.id, now);
  if (!view || view.status !== "Active" || view.nextReorderDate !== candidate.nextReorderDate) return "skipped";
  if (!isListable(view.items)) return "skipped";
  const reorderDate = view.nextReorderDate;
  try {
    const message = {
      ...(await reorderReminderEmail({
        to: candidate.email,
        firstName: candidate.firstName,
        ...(await reminderContent(services, view, now)),
      })),
      // The manage link (auto-login) and the snooze links: the longer-lived of the two.
      secretExpiresAt: new Date(now.getTime() + Math.max(AUTO_LOGIN_VALID_DAYS, SNOOZE_LINK_DAYS) * 86_400_000),
    };
    // The mark and the e-mail commit together (the transactional outbox): of two runners only one gets the mark,
    // and a crash cannot leave a reminder marked but never written.
    const sent = await db.transaction(async (tx) => {
      if (!(await markSent(tx, view.id, reorderDate))) return false;
      await services.email.send(message, { db: tx });
      return true;
    });
    if (!sent) return "skipped";
    services.email.deliverSoon();
    return "sent";
  } catch (error) {
    // Nothing marked: the next run tries again.
    logger.error({ err: error, subscriptionId: view.id }, "reorder reminder could not be written");
    return "failed";
  }
}

/** Marks the reminder for this date as sent, unless it already is (or the date moved): true = this run sends it. */
async function markSent(db: Executor, subscriptionId: number, reorderDate: string): Promise<boolean> {
  const marked = await db
    .update(subscriptions)
    .set({ reminderSentFor: reorderDate })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        eq(subscriptions.status, "Active"),
        eq(subscriptions.nextReorderDate, reorderDate),
        sql`${subscriptions.reminderSentFor} is distinct from ${reorderDate}`,
      ),
    )
    .returning({ id: subscriptions.id });
  return marked.length > 0;
}

function parameterText(parameters: Record<string, string>): string {
  return LENS_PARAMETER_NAMES.filter((name) => parameters[name] !== undefined && parameters[name] !== "")
    .map((name) => `${LENS_PARAMETER_LABELS[name]} ${parameters[name]}`)
    .join(", ");
}

/** What the reminder says about one subscription: items, address, card, price, links, the prescription warning. */
async function reminderContent(services: RunnerServices, view: SubscriptionView, now: Date) {
  const reorderDate = view.nextReorderDate;
  const [manageLink, price] = await Promise.all([
    manageSubscriptionLink(services, view.customerId, view.id, now),
    subscriptionPrice(
      services.db,
      view.items.map((item) => ({ productId: item.productId, whichEye: item.whichEye, quantity: item.quantity })),
      { customerId: view.customerId, priceBook: "none" },
      now,
    ),
  ]);
  const items: ReminderItem[] = view.items
    .filter((item) => item.quantity > 0)
    .map((item) => ({
      eye: item.whichEye === "none" ? null : EYE_NAMES[item.whichEye],
      productName: item.productName,
      quantity: item.quantity,
      parameters: parameterText(item.parameters),
    }));
  const expiresFirst =
    view.type === "Lens" &&
    view.prescriptionExpiresOn &&
    isPrescriptionExpired(view.prescriptionExpiresOn, reorderDate);
  return {
    reorderDate,
    patientName: view.patient ? `${view.patient.firstName} ${view.patient.lastName}`.trim() : null,
    items,
    // Stored addresses passed the address rules when saved, so their country is one of the model's codes.
    shipTo: view.shippingAddress ? addressLines(view.shippingAddress as AddressInput) : ["No shipping address"],
    card: view.card ? { label: cardLabel(view.card) } : null,
    price: price.subtotalCents > 0 ? price : null,
    manageLink,
    snoozeLinks: EMAIL_SNOOZE_DAYS.map((days) => ({
      days,
      url: snoozeLinkUrl(
        services.config.siteUrl,
        snoozeToken(services.sessions.secrets, { subscriptionId: view.id, days, reorderDate }, now),
      ),
    })),
    prescriptionWarning: expiresFirst
      ? { expiresOn: view.prescriptionExpiresOn!, ...prescriptionLinks(services.config.siteUrl) }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The snooze link's page.

export type SnoozeLinkState =
  | { kind: "invalid"; reason: "malformed" | "tampered" | "expired" | "not-found" }
  | { kind: "cancelled"; subscriptionId: number }
  | {
      kind: "active";
      link: SnoozeLink;
      subscriptionId: number;
      currentDate: string;
      /** What pressing the button would do now (snoozed = the button is offered). */
      outcome: SnoozeOutcome;
    };

/** Reads a snooze link for its page: nothing changes (GET). The signed token names the subscription. */
export async function snoozeLinkState(
  services: Pick<RunnerServices, "db" | "sessions">,
  token: string | null,
  now: Date = new Date(),
): Promise<SnoozeLinkState> {
  const read = readSnoozeToken(services.sessions.secrets, token, now);
  if (!read.ok) return { kind: "invalid", reason: read.reason };
  const [row] = await services.db
    .select({ id: subscriptions.id, status: subscriptions.status, nextReorderDate: subscriptions.nextReorderDate })
    .from(subscriptions)
    .where(eq(subscriptions.id, read.link.subscriptionId));
  if (!row) return { kind: "invalid", reason: "not-found" };
  if (row.status !== "Active") return { kind: "cancelled", subscriptionId: row.id };
  return {
    kind: "active",
    link: read.link,
    subscriptionId: row.id,
    currentDate: row.nextReorderDate,
    outcome: snoozeOutcome({ linkDate: read.link.reorderDate, days: read.link.days, currentDate: row.nextReorderDate }),
  };
}
