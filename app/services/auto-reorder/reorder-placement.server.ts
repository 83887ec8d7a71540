import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { shippingAddressProblem, type AddressInput } from "~/models/address";
import { CARD_MESSAGES, isCardExpired } from "~/models/card";
import { isShippingLevel } from "~/models/shipping";
import {
  businessToday,
  FAILURE_MESSAGES,
  isPrescriptionExpired,
  nextReorderDateAfter,
  type SubscriptionFailure,
} from "~/models/subscription";
import type { EmailMessage } from "../adapters/email/email-sender";
import { reorderFailedEmail } from "../adapters/email/subscription-templates";
import { createAutoLoginToken } from "../accounts/auth/accounts.server";
import { AUTO_LOGIN_VALID_DAYS } from "~/models/auth-limits";
import { addGroup, createCart, withCartLock } from "../cart/cart.server";
import type { AppServices } from "../platform/context.server";
import type { Database } from "../db/client.server";
import { carts, customers, lineItemGroups, orders, subscriptionItems, subscriptions } from "../db/schema";
import { findPaymentMethod } from "../checkout/payment-methods.server";
import { subscriptionPrescriptionId } from "../prescriptions/prescription-records.server";
import { placeOrder, type PlaceOrderFailure } from "../checkout/place-order.server";

/**
 * Placing one subscription's reorder (issue 7), for the reorder runner (reorder-runner.server.ts): the claim, the
 * checks before placing, the temporary cart handed to checkout's placeOrder, and the outcome recorded on the
 * subscription (the date moved on, or the failure with one e-mail per reorder date and reason).
 *
 * Exactly once, in two layers: a runner first claims the subscription with one guarded UPDATE (Active, still at
 * that reorder date, not claimed by another runner in the last CLAIM_MINUTES), so a second runner gets no row and
 * leaves it alone; and the order's idempotency key `auto-reorder:{id}:{reorderDate}` is unique in `orders`, so even
 * a runner that got past the claim (an expired claim, a crash between the order and the date move) finds the order
 * already placed instead of placing and charging a second one.
 */

export type ReorderResult =
  | { ok: true; orderNumber: string; nextReorderDate: string }
  | { ok: false; reason: SubscriptionFailure | "not-found" | "cancelled" | "busy"; message: string };

/** What placing one reorder can also end in: nothing to send (every quantity 0), so the date moved on. */
export type SubscriptionOrderResult = ReorderResult | { ok: false; reason: "nothing-to-send"; message: string };

/** What the runner needs of the app's services (the jobs script builds just these). */
export type RunnerServices = Pick<
  AppServices,
  "config" | "db" | "logger" | "email" | "tax" | "payments" | "sessions" | "analytics"
>;

/** How long a claim keeps other runners away: far longer than placing one order takes. */
export const CLAIM_MINUTES = 5;

export const REORDER_MESSAGES = {
  busy: "This order is being placed right now. Refresh the page in a moment to see it.",
  nothingToSend: "There is nothing to send on this subscription. Choose a quantity first.",
} as const;

/** The order's idempotency key: one order per subscription and reorder date. */
export function reorderIdempotencyKey(subscriptionId: number, reorderDate: string): string {
  return `auto-reorder:${subscriptionId}:${reorderDate}`;
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Claims a subscription for its reorder date: one atomic UPDATE, so of two runners exactly one gets the row.
 * `moveFrom`: the date is still `moveFrom` and becomes `reorderDate` in the same statement ('Order now').
 */
export async function claim(
  db: Database,
  subscriptionId: number,
  reorderDate: string,
  now: Date,
  options: { moveFrom?: string; customerId?: number } = {},
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .update(subscriptions)
    .set({
      claimedUntil: new Date(now.getTime() + CLAIM_MINUTES * 60_000),
      ...(options.moveFrom ? { nextReorderDate: reorderDate, updatedAt: now } : {}),
    })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        options.customerId === undefined ? undefined : eq(subscriptions.customerId, options.customerId),
        eq(subscriptions.status, "Active"),
        eq(subscriptions.nextReorderDate, options.moveFrom ?? reorderDate),
        or(isNull(subscriptions.claimedUntil), lt(subscriptions.claimedUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** The paid order placed under `key`; a reservation still waiting for its charge is finished by placeOrder. */
export async function orderForKey(db: Database, key: string) {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.idempotencyKey, key), eq(orders.paymentState, "paid")));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Checks before placing.

interface Ready {
  customer: { id: number; email: string; firstName: string };
  items: Array<typeof subscriptionItems.$inferSelect>;
  paymentMethodId: number;
  shippingAddress: NonNullable<SubscriptionRow["shippingAddress"]>;
}

type NotReady = SubscriptionFailure | "nothing-to-send" | "not-found";

/** What stops this subscription's order for `reorderDate` before anything is written, or what placing needs. */
export async function readiness(
  db: Database,
  row: SubscriptionRow,
  reorderDate: string,
  now: Date,
): Promise<{ ok: true; ready: Ready } | { ok: false; reason: NotReady }> {
  const [[customer], items] = await Promise.all([
    db
      .select({ id: customers.id, email: customers.email, firstName: customers.firstName })
      .from(customers)
      .where(eq(customers.id, row.customerId)),
    db.select().from(subscriptionItems).where(eq(subscriptionItems.subscriptionId, row.id)),
  ]);
  if (!customer) return { ok: false, reason: "not-found" };
  const toSend = items.filter((item) => item.quantity > 0);
  if (toSend.length === 0) return { ok: false, reason: "nothing-to-send" };
  if (row.type === "Lens" && isPrescriptionExpired(row.prescriptionExpiresOn, reorderDate)) {
    return { ok: false, reason: "prescription-expired" };
  }
  // Stored addresses passed the address rules when saved, so their country is one of the model's codes.
  const address = row.shippingAddress;
  if (!address || shippingAddressProblem(address as AddressInput) !== null) return { ok: false, reason: "no-address" };
  const card = row.paymentMethodId === null ? null : await findPaymentMethod(db, customer.id, row.paymentMethodId);
  if (!card) return { ok: false, reason: "no-card" };
  if (isCardExpired(card.expirationMonth, card.expirationYear, now)) return { ok: false, reason: "card-expired" };
  return { ok: true, ready: { customer, items: toSend, paymentMethodId: card.id, shippingAddress: address } };
}

/** placeOrder's refusals as the subscription records them. */
function failureOf(reason: PlaceOrderFailure, message: string): SubscriptionFailure {
  switch (reason) {
    case "declined":
    case "payment-error":
    case "sold-out":
    case "unavailable":
      return reason;
    case "address":
      return "no-address";
    case "payment-method":
      return message === CARD_MESSAGES.savedCardExpired ? "card-expired" : "no-card";
    default:
      return "other";
  }
}

// ---------------------------------------------------------------------------------------------------------
// Placing.

type Attempt =
  { ok: true; orderId: number; orderNumber: string } | { ok: false; reason: SubscriptionFailure | "nothing-to-send" };

/**
 * Builds a temporary cart from the subscription (its items with a quantity, patient, doctor, address, shipping
 * level) and places it with checkout's placeOrder. The cart belongs to no one (so a sign-in or the cart API can never
 * pick it up while it exists) and is deleted afterwards, whatever happened.
 */
async function attempt(
  services: RunnerServices,
  row: SubscriptionRow,
  reorderDate: string,
  now: Date,
): Promise<Attempt> {
  const { db } = services;
  const checked = await readiness(db, row, reorderDate, now);
  if (!checked.ok) return { ok: false, reason: checked.reason === "not-found" ? "other" : checked.reason };
  const { customer, items, paymentMethodId, shippingAddress } = checked.ready;

  const idempotencyKey = reorderIdempotencyKey(row.id, reorderDate);
  // Placed by an earlier attempt that stopped before moving the date on: that order is this one.
  const placed = await orderForKey(db, idempotencyKey);
  if (placed) return { ok: true, orderId: placed.id, orderNumber: placed.orderNumber };

  const cartId = await createCart(db, null);
  try {
    await addGroup(db, cartId, {
      type: row.type === "Solution" ? "Solution" : "Lens",
      autoReorderFrequencyDays: row.frequencyDays,
      items: items.map((item) => ({
        whichEye: item.whichEye as "right" | "left" | "none",
        productId: item.productId,
        upc: item.upc,
        quantity: item.quantity,
        parameters: item.selectedParameters,
      })),
    });
    // The prescription the subscription was ordered on is ordered on again: its record is brought up to date with
    // this order instead of a new one being made (decision 23).
    const walletPrescriptionId = await subscriptionPrescriptionId(db, {
      customerId: row.customerId,
      orderIds: [row.lastOrderId, row.sourceOrderId],
      patient: row.patient ?? null,
      productIds: items.map((item) => item.productId),
    });
    // What checkout's steps would have set: the group's patient and doctor, the cart's address and shipping level.
    await withCartLock(db, cartId, async (tx) => {
      await tx
        .update(lineItemGroups)
        .set({
          patient: row.patient ?? null,
          doctorId: row.doctorId,
          prescriptionExpiresOn: row.prescriptionExpiresOn,
          walletPrescriptionId,
        })
        .where(eq(lineItemGroups.cartId, cartId));
      await tx
        .update(carts)
        .set({ shippingAddress, shippingLevel: isShippingLevel(row.shippingLevel) ? row.shippingLevel : 0 })
        .where(eq(carts.id, cartId));
    });
    const result = await placeOrder(services, {
      cartId,
      customer,
      idempotencyKey,
      paymentMethodId,
      shopper: { customerId: customer.id, priceBook: "none" },
      now,
      subscription: { id: row.id, reorderDate },
    });
    if (!result.ok) return { ok: false, reason: failureOf(result.reason, result.message) };
    const order = await orderForKey(db, idempotencyKey);
    if (!order) throw new Error(`order ${result.orderNumber} not found after placing it`);
    return { ok: true, orderId: order.id, orderNumber: result.orderNumber };
  } finally {
    await db
      .delete(carts)
      .where(eq(carts.id, cartId))
      .catch((error: unknown) => services.logger.error({ err: error, cartId }, "auto-reorder cart not deleted"));
  }
}

/** The subscription row is claimed for `reorderDate`: place its order and record the outcome (releasing the claim). */
export async function placeClaimed(
  services: RunnerServices,
  row: SubscriptionRow,
  reorderDate: string,
  now: Date,
  options: { notify: boolean },
): Promise<SubscriptionOrderResult> {
  const { db, logger } = services;
  let outcome: Attempt;
  try {
    outcome = await attempt(services, row, reorderDate, now);
  } catch (error) {
    logger.error({ err: error, subscriptionId: row.id, reorderDate }, "auto-reorder failed unexpectedly");
    outcome = { ok: false, reason: "other" };
  }

  if (outcome.ok) {
    const next = nextReorderDateAfter(reorderDate, row.frequencyDays, businessToday(now));
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(subscriptions)
        .set({
          nextReorderDate: next,
          lastOrderId: outcome.orderId,
          lastFailureReason: null,
          lastFailureAt: null,
          failureNotice: null,
          claimedUntil: null,
          updatedAt: now,
        })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.nextReorderDate, reorderDate)))
        .returning({ id: subscriptions.id });
      // The customer moved the date while the order was being placed: keep their date, record the order.
      if (moved.length === 0) {
        await tx
          .update(subscriptions)
          .set({ lastOrderId: outcome.orderId, claimedUntil: null, updatedAt: now })
          .where(eq(subscriptions.id, row.id));
      }
    });
    logger.info({ subscriptionId: row.id, reorderDate, orderNumber: outcome.orderNumber }, "auto-reorder placed");
    return { ok: true, orderNumber: outcome.orderNumber, nextReorderDate: next };
  }

  if (outcome.reason === "nothing-to-send") {
    // Every quantity is 0 (the subscription is not listed): no order, no charge, no e-mail; the schedule keeps its
    // rhythm, so the runner does not pick it up again every run. Setting a quantity brings it back.
    const next = nextReorderDateAfter(reorderDate, row.frequencyDays, businessToday(now));
    await db
      .update(subscriptions)
      .set({ nextReorderDate: next, claimedUntil: null, updatedAt: now })
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.nextReorderDate, reorderDate)));
    await releaseClaim(db, row.id);
    logger.info({ subscriptionId: row.id, reorderDate, next }, "auto-reorder skipped: nothing to send");
    return { ok: false, reason: "nothing-to-send", message: REORDER_MESSAGES.nothingToSend };
  }

  await recordFailure(services, row, reorderDate, outcome.reason, now, options);
  return { ok: false, reason: outcome.reason, message: FAILURE_MESSAGES[outcome.reason] };
}

async function releaseClaim(db: Database, subscriptionId: number) {
  await db.update(subscriptions).set({ claimedUntil: null }).where(eq(subscriptions.id, subscriptionId));
}

/**
 * The order was not placed: record why and release the claim, leaving the subscription due (same date). The
 * customer is e-mailed once per reorder date and reason (failureNotice, set by a guarded update so two runners
 * cannot both send it).
 */
async function recordFailure(
  services: RunnerServices,
  row: SubscriptionRow,
  reorderDate: string,
  reason: SubscriptionFailure,
  now: Date,
  options: { notify: boolean },
) {
  const { db, logger } = services;
  await db
    .update(subscriptions)
    .set({ lastFailureReason: reason, lastFailureAt: now, claimedUntil: null, updatedAt: now })
    .where(and(eq(subscriptions.id, row.id), eq(subscriptions.nextReorderDate, reorderDate)));
  await releaseClaim(db, row.id);
  logger.warn({ subscriptionId: row.id, reorderDate, reason }, "auto-reorder not placed");
  if (!options.notify) return;

  const notice = `${reorderDate}:${reason}`;
  // Told already (as of the claim): no new sign-in link is made for an e-mail that will not be sent.
  if (row.failureNotice === notice) return;
  try {
    const message = await failureNoticeEmail(services, row, reorderDate, reason, now);
    if (!message) return;
    // The mark and the e-mail commit together (the transactional outbox): one e-mail per date and reason, even with
    // two runners, and none lost to a crash between the two.
    const written = await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(subscriptions)
        .set({ failureNotice: notice })
        .where(
          and(
            eq(subscriptions.id, row.id),
            eq(subscriptions.nextReorderDate, reorderDate),
            sql`${subscriptions.failureNotice} is distinct from ${notice}`,
          ),
        )
        .returning({ id: subscriptions.id });
      if (!marked) return false;
      await services.email.send(message, { db: tx });
      return true;
    });
    if (written) services.email.deliverSoon();
  } catch (error) {
    // Nothing marked: the next run tries again.
    logger.error({ err: error, subscriptionId: row.id }, "auto-reorder failure e-mail could not be written");
  }
}

/** The link to a subscription's page that signs its customer in (an auto-login token, spec 4.4). */
export async function manageSubscriptionLink(
  services: Pick<RunnerServices, "db" | "sessions" | "config">,
  customerId: number,
  subscriptionId: number,
  now: Date,
): Promise<string> {
  const token = await createAutoLoginToken(services.db, services.sessions.secrets, customerId, now);
  return `${services.config.siteUrl}/account/subscriptions/${subscriptionId}?token=${encodeURIComponent(token)}`;
}

/** Where a customer renews a prescription: the online exam, or an upload of a new one. */
export function prescriptionLinks(siteUrl: string) {
  return { examLink: `${siteUrl}/exam`, uploadLink: `${siteUrl}/upload-rx` };
}

/** The e-mail telling the customer a reorder was not placed; its manage link signs them in (AUTO_LOGIN_VALID_DAYS). */
async function failureNoticeEmail(
  services: RunnerServices,
  row: SubscriptionRow,
  reorderDate: string,
  reason: SubscriptionFailure,
  now: Date,
): Promise<EmailMessage | null> {
  const [customer] = await services.db
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  if (!customer) return null;
  return {
    ...(await reorderFailedEmail({
      to: customer.email,
      firstName: customer.firstName,
      reorderDate,
      message: FAILURE_MESSAGES[reason],
      manageLink: await manageSubscriptionLink(services, row.customerId, row.id, now),
      renewPrescription: reason === "prescription-expired" ? prescriptionLinks(services.config.siteUrl) : null,
    })),
    secretExpiresAt: new Date(now.getTime() + AUTO_LOGIN_VALID_DAYS * 86_400_000),
  };
}
