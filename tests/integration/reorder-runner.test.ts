import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDays, businessToday, FAILURE_MESSAGES, formatReorderDate } from "~/models/subscription";
import SnoozePage, {
  action as snoozeAction,
  loader as snoozeLoader,
  SNOOZE_PAGE_MESSAGES,
} from "~/routes/auto-reorder.snooze";
import { action as devOrdersAction } from "~/routes/dev.orders";
import type { PaymentGateway } from "~/services/adapters/payments/payment-gateway";
import { CHARGE_DECLINED_TEST_NUMBER, createTestVault } from "~/services/adapters/payments/test-vault.server";
import { createCustomer, type Customer } from "~/services/accounts/auth/accounts.server";
import { addGroup, createCart } from "~/services/cart/cart.server";
import { parseConfig } from "~/services/platform/config.server";
import { visitorContext, type AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  carts,
  customers,
  emailOutbox,
  lineItemGroups,
  orders,
  skus,
  subscriptionItems,
  subscriptions,
} from "~/services/db/schema";
import { pgliteOwner, recordPgliteOwner } from "~/server/jobs.server";
import { saveCard } from "~/services/checkout/payment-methods.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import { sendReorderReminders } from "~/services/auto-reorder/reorder-reminders.server";
import {
  orderSubscriptionNow,
  placeSubscriptionOrder,
  reorderIdempotencyKey,
  runDueSubscriptions,
} from "~/services/auto-reorder/reorder-runner.server";
import { readSnoozeToken, SNOOZE_LINK_PARAM, snoozeToken } from "~/services/subscriptions/snooze-links.server";
import {
  cancelSubscription,
  setSubscriptionCard,
  subscriptionFor,
} from "~/services/subscriptions/subscriptions.server";
import { insertTestDoctor, TEST_ADDRESS, TORIC, toricSkuPair, VISA } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// The reorder runner, the reminder e-mail and the snooze link's page (issue 7), against PGlite: subscriptions are
// made the way shoppers make them, by placing an order whose group chose auto-reorder.

let database: DatabaseHandle;
let services: AppServices;
let doctorId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  doctorId = await insertTestDoctor(database.db);
});
afterAll(async () => {
  await database.close();
});
// Each test starts with no active subscription, so a run's summary counts only the test's own.
afterEach(async () => {
  await database.db.update(subscriptions).set({ status: "Cancelled" }).where(eq(subscriptions.status, "Active"));
});

/** The order that starts the subscription (11:00 in Boise), and its first reorder date, one month later. */
const ORDERED_AT = new Date("2026-03-02T18:00:00Z");
const FIRST_REORDER = "2026-04-01";
const DUE_AT = new Date("2026-04-01T18:00:00Z");

let counter = 0;

function cardDetails(number: string) {
  return {
    number,
    nameOnCard: "Ann Lee",
    expirationMonth: 12,
    expirationYear: new Date().getFullYear() + 3,
    cvv: "123",
    billingAddress: { address1: "12 Main St", city: "Boise", state: "ID", postalCode: "83702" },
  };
}

async function addCard(customerId: number, number = VISA): Promise<number> {
  const saved = await saveCard({ db: database.db, payments: services.payments }, customerId, cardDetails(number));
  if (!saved.ok) throw new Error(`card not saved: ${saved.reason}`);
  return saved.card.id;
}

/** Two SKUs of the toric lens no other test uses, each with a known stock. */
const toricSkus = (stock = 50) => toricSkuPair(database.db, counter, stock);
async function stockOf(upc: string): Promise<number> {
  const [row] = await database.db.select({ stock: skus.stockQuantity }).from(skus).where(eq(skus.upc, upc));
  return row!.stock;
}

/** A customer with a card who ordered lenses for both eyes with auto-reorder every month: the subscription. */
async function subscribe(options: { quantity?: number; frequencyDays?: number } = {}) {
  counter++;
  const customer: Customer = await createCustomer(database.db, {
    email: `reorder.${counter}@example.com`,
    firstName: "Ann",
    lastName: "Lee",
  });
  const cardId = await addCard(customer.id);
  const [right, left] = await toricSkus();
  const quantity = options.quantity ?? 2;
  const cartId = await createCart(database.db, customer.id);
  const groupId = await addGroup(database.db, cartId, {
    type: "Lens",
    autoReorderFrequencyDays: options.frequencyDays ?? 30,
    items: [
      { whichEye: "right", productId: TORIC.productId, upc: right, quantity, parameters: { power: "-1.00" } },
      { whichEye: "left", productId: TORIC.productId, upc: left, quantity, parameters: { power: "-1.25" } },
    ],
  });
  await database.db
    .update(lineItemGroups)
    .set({ patient: { firstName: "Ann", lastName: "Lee" }, doctorId })
    .where(eq(lineItemGroups.id, groupId));
  await database.db.update(carts).set({ shippingAddress: TEST_ADDRESS }).where(eq(carts.id, cartId));
  const placed = await placeOrder(services, {
    cartId,
    customer,
    idempotencyKey: randomUUID(),
    paymentMethodId: cardId,
    shopper: { customerId: customer.id, priceBook: "none" },
    now: ORDERED_AT,
  });
  if (!placed.ok) throw new Error(`order not placed: ${placed.reason}`);
  const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
  const [subscription] = await database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.sourceOrderId, order!.id));
  return { customer, cardId, right, left, quantity, order: order!, subscription: subscription!, id: subscription!.id };
}

/** A payment gateway that counts the charges it is asked for. */
function countingGateway() {
  const vault = createTestVault({ db: database.db });
  const charges: string[] = [];
  const payments: PaymentGateway = {
    ...vault,
    tokenize: (card) => vault.tokenize(card),
    charge: (token, amount, key) => {
      charges.push(key);
      return vault.charge(token, amount, key);
    },
    findCharge: (key) => vault.findCharge(key),
    refund: (...args) => vault.refund(...args),
  };
  return { services: { ...services, payments }, charges };
}

async function subscriptionRow(id: number) {
  const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

async function ordersOf(subscriptionId: number) {
  return database.db.select().from(orders).where(eq(orders.subscriptionId, subscriptionId));
}

async function mailTo(email: string, kind?: string) {
  const rows = await database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), kind ? eq(emailOutbox.kind, kind) : undefined))
    .orderBy(asc(emailOutbox.id));
  return rows;
}

describe("subscriptions from orders", () => {
  it("an order with auto-reorder creates a subscription: items, quantities, frequency, next date, address, card", async () => {
    const { subscription, right, left, cardId, customer, order } = await subscribe({ quantity: 3 });
    expect(subscription).toMatchObject({
      customerId: customer.id,
      type: "Lens",
      status: "Active",
      frequencyDays: 30,
      nextReorderDate: FIRST_REORDER,
      shippingAddress: TEST_ADDRESS,
      paymentMethodId: cardId,
      patient: { firstName: "Ann", lastName: "Lee" },
      doctorId,
      sourceOrderId: order.id,
      lastFailureReason: null,
    });
    const items = await database.db
      .select()
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscriptionId, subscription.id))
      .orderBy(asc(subscriptionItems.whichEye));
    expect(items.map((item) => [item.whichEye, item.upc, item.quantity, item.selectedParameters])).toEqual([
      ["left", left, 3, { power: "-1.25" }],
      ["right", right, 3, { power: "-1.00" }],
    ]);
  });
});

describe("the reorder runner", () => {
  it("places a due subscription's order: stock taken, card charged, date moved on, confirmation e-mailed", async () => {
    const { id, customer, right, left, quantity } = await subscribe();
    const { services: counted, charges } = countingGateway();
    const [rightBefore, leftBefore] = [await stockOf(right), await stockOf(left)];

    // Not due the day before.
    expect(await runDueSubscriptions(counted, new Date("2026-03-31T18:00:00Z"))).toEqual({
      due: 0,
      placed: 0,
      failed: 0,
      skipped: 0,
    });

    expect(await runDueSubscriptions(counted, DUE_AT)).toEqual({ due: 1, placed: 1, failed: 0, skipped: 0 });
    const [order] = await ordersOf(id);
    expect(order).toMatchObject({
      customerId: customer.id,
      idempotencyKey: reorderIdempotencyKey(id, FIRST_REORDER),
      shippingAddress: TEST_ADDRESS,
      paymentLastFour: "4242",
    });
    expect(order!.chargeId).toMatch(/^ch_test_/);
    // One charge, under the order's key and number (decision 29).
    expect(charges).toEqual([`${reorderIdempotencyKey(id, FIRST_REORDER)}/${order!.orderNumber}`]);
    expect(await stockOf(right)).toBe(rightBefore - quantity);
    expect(await stockOf(left)).toBe(leftBefore - quantity);

    const row = await subscriptionRow(id);
    expect(row).toMatchObject({
      nextReorderDate: "2026-05-01",
      lastOrderId: order!.id,
      lastFailureReason: null,
      claimedUntil: null,
      status: "Active",
    });
    // The order placed for the subscription starts no second subscription, and no cart is left behind.
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order!.id))).toEqual(
      [],
    );
    expect(await database.db.select().from(carts).where(eq(carts.id, order!.cartId))).toEqual([]);
    const confirmations = await mailTo(customer.email, "order-confirmation");
    expect(confirmations.map((mail) => mail.subject)).toContain(`Your Lenslane order ${order!.orderNumber}`);

    // A second run the same day finds nothing due.
    expect(await runDueSubscriptions(counted, DUE_AT)).toMatchObject({ due: 0, placed: 0 });
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it("two runners racing place exactly one order and charge once", async () => {
    const { id, right, quantity } = await subscribe();
    const { services: counted, charges } = countingGateway();
    const stockBefore = await stockOf(right);
    const summaries = await Promise.all([runDueSubscriptions(counted, DUE_AT), runDueSubscriptions(counted, DUE_AT)]);
    expect(summaries.reduce((sum, summary) => sum + summary.placed, 0)).toBe(1);
    expect(await ordersOf(id)).toHaveLength(1);
    expect(charges).toHaveLength(1);
    expect(await stockOf(right)).toBe(stockBefore - quantity);
    expect((await subscriptionRow(id)).nextReorderDate).toBe("2026-05-01");
  });

  it("two placements of the same reorder at once give one order", async () => {
    const { id } = await subscribe();
    const { services: counted, charges } = countingGateway();
    const results = await Promise.all([
      placeSubscriptionOrder(counted, id, FIRST_REORDER, DUE_AT),
      placeSubscriptionOrder(counted, id, FIRST_REORDER, DUE_AT),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => result.reason)).toEqual(["busy"]);
    expect(await ordersOf(id)).toHaveLength(1);
    expect(charges).toHaveLength(1);
  });

  it("a runner that got past the claim (expired, or a crash before the date moved) finds the order placed", async () => {
    const { id } = await subscribe();
    const { services: counted, charges } = countingGateway();
    const first = await placeSubscriptionOrder(counted, id, FIRST_REORDER, DUE_AT);
    expect(first.ok).toBe(true);
    // As if the first runner had stopped between the order and the date move.
    await database.db
      .update(subscriptions)
      .set({ nextReorderDate: FIRST_REORDER, claimedUntil: null })
      .where(eq(subscriptions.id, id));
    const second = await placeSubscriptionOrder(counted, id, FIRST_REORDER, DUE_AT);
    expect(second).toEqual(first);
    expect(await ordersOf(id)).toHaveLength(1);
    expect(charges).toHaveLength(1);
    expect((await subscriptionRow(id)).nextReorderDate).toBe("2026-05-01");
  });

  it("a held claim keeps another runner off until it expires", async () => {
    const { id } = await subscribe();
    await database.db
      .update(subscriptions)
      .set({ claimedUntil: new Date(DUE_AT.getTime() + 60_000) })
      .where(eq(subscriptions.id, id));
    expect(await runDueSubscriptions(services, DUE_AT)).toEqual({ due: 1, placed: 0, failed: 0, skipped: 1 });
    expect(await ordersOf(id)).toHaveLength(0);
    // Ten minutes later the claim has lapsed (its runner died): the order goes.
    expect(await runDueSubscriptions(services, new Date(DUE_AT.getTime() + 10 * 60_000))).toMatchObject({ placed: 1 });
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it("a declined card leaves it due, records why and e-mails the customer once", async () => {
    const { id, customer, right } = await subscribe();
    const declining = await addCard(customer.id, CHARGE_DECLINED_TEST_NUMBER);
    await database.db.update(subscriptions).set({ paymentMethodId: declining }).where(eq(subscriptions.id, id));
    const stockBefore = await stockOf(right);

    expect(await runDueSubscriptions(services, DUE_AT)).toEqual({ due: 1, placed: 0, failed: 1, skipped: 0 });
    expect(await ordersOf(id)).toEqual([]);
    expect(await stockOf(right)).toBe(stockBefore);
    const row = await subscriptionRow(id);
    expect(row).toMatchObject({
      nextReorderDate: FIRST_REORDER,
      lastFailureReason: "declined",
      failureNotice: `${FIRST_REORDER}:declined`,
      claimedUntil: null,
      status: "Active",
    });
    const mails = await mailTo(customer.email, "reorder-failed");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(FAILURE_MESSAGES.declined);
    expect(mails[0]!.textBody).toContain(`http://store.test/account/subscriptions/${id}?token=`);
    const view = await subscriptionFor(database.db, customer.id, id, DUE_AT);
    expect(view?.lastFailure).toMatchObject({ reason: "declined", message: FAILURE_MESSAGES.declined });

    // The next run waits for the customer: no attempt, no second e-mail.
    expect(await runDueSubscriptions(services, DUE_AT)).toEqual({ due: 1, placed: 0, failed: 0, skipped: 1 });
    // Even an attempt for the same date and reason is not e-mailed twice.
    expect(await placeSubscriptionOrder(services, id, FIRST_REORDER, DUE_AT)).toMatchObject({ reason: "declined" });
    expect(await mailTo(customer.email, "reorder-failed")).toHaveLength(1);

    // A new card clears the failure: the next run sends the order, and moves the date on from today.
    const good = await addCard(customer.id);
    expect(await setSubscriptionCard(database.db, customer.id, id, good, DUE_AT)).toMatchObject({ ok: true });
    const later = new Date("2026-04-03T18:00:00Z");
    expect(await runDueSubscriptions(services, later)).toMatchObject({ placed: 1 });
    expect(await subscriptionRow(id)).toMatchObject({ nextReorderDate: "2026-05-01", lastFailureReason: null });
  });

  it("a missing address or card leaves it due with its reason", async () => {
    const { id, customer } = await subscribe();
    await database.db.update(subscriptions).set({ shippingAddress: null }).where(eq(subscriptions.id, id));
    expect(await placeSubscriptionOrder(services, id, FIRST_REORDER, DUE_AT)).toMatchObject({
      ok: false,
      reason: "no-address",
      message: FAILURE_MESSAGES["no-address"],
    });
    await database.db
      .update(subscriptions)
      .set({ shippingAddress: TEST_ADDRESS, paymentMethodId: null })
      .where(eq(subscriptions.id, id));
    expect(await placeSubscriptionOrder(services, id, FIRST_REORDER, DUE_AT)).toMatchObject({ reason: "no-card" });
    expect(await ordersOf(id)).toEqual([]);
    expect((await subscriptionRow(id)).nextReorderDate).toBe(FIRST_REORDER);
    expect((await mailTo(customer.email, "reorder-failed")).map((mail) => mail.subject)).toHaveLength(2);
  });

  it("an expired prescription blocks the order, e-mails 'renew your prescription' and is checked again", async () => {
    const { id, customer } = await subscribe();
    await database.db
      .update(subscriptions)
      .set({ prescriptionExpiresOn: "2026-03-31" })
      .where(eq(subscriptions.id, id));

    expect(await runDueSubscriptions(services, DUE_AT)).toEqual({ due: 1, placed: 0, failed: 1, skipped: 0 });
    expect(await ordersOf(id)).toEqual([]);
    expect(await subscriptionRow(id)).toMatchObject({
      nextReorderDate: FIRST_REORDER,
      lastFailureReason: "prescription-expired",
    });
    const [mail, ...more] = await mailTo(customer.email, "reorder-failed");
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Renew your prescription to get your next order");
    expect(mail!.textBody).toContain("http://store.test/exam");
    expect(mail!.textBody).toContain("http://store.test/upload-rx");
    expect(mail!.htmlBody).toContain("Take the online vision exam");
    const view = await subscriptionFor(database.db, customer.id, id, DUE_AT);
    expect(view).toMatchObject({
      prescriptionExpired: true,
      lastFailure: { reason: "prescription-expired", message: "Prescription expired" },
    });

    // Checked again on the next run (it may have been renewed), without a second e-mail.
    expect(await runDueSubscriptions(services, DUE_AT)).toMatchObject({ failed: 1, skipped: 0 });
    expect(await mailTo(customer.email, "reorder-failed")).toHaveLength(1);
    // Renewed: the order goes.
    await database.db
      .update(subscriptions)
      .set({ prescriptionExpiresOn: "2027-03-31" })
      .where(eq(subscriptions.id, id));
    expect(await runDueSubscriptions(services, DUE_AT)).toMatchObject({ placed: 1 });
  });
});

describe("orderSubscriptionNow", () => {
  it("places one order today for a double click (at once, and again later), and moves the date on", async () => {
    const { id, customer } = await subscribe();
    const { services: counted, charges } = countingGateway();
    const now = new Date("2026-03-10T18:00:00Z");
    const results = await Promise.all([
      orderSubscriptionNow(counted, customer.id, id, now),
      orderSubscriptionNow(counted, customer.id, id, now),
    ]);
    const placed = await ordersOf(id);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.idempotencyKey).toBe(reorderIdempotencyKey(id, "2026-03-10"));
    for (const result of results) {
      if (result.ok)
        expect(result).toEqual({ ok: true, orderNumber: placed[0]!.orderNumber, nextReorderDate: "2026-04-09" });
      else expect(result.reason).toBe("busy");
    }
    expect(results.some((result) => result.ok)).toBe(true);

    // Pressed again a moment later: the same order, no second charge, the same next date.
    expect(await orderSubscriptionNow(counted, customer.id, id, new Date(now.getTime() + 5000))).toEqual({
      ok: true,
      orderNumber: placed[0]!.orderNumber,
      nextReorderDate: "2026-04-09",
    });
    expect(await ordersOf(id)).toHaveLength(1);
    expect(charges).toHaveLength(1);
    expect(await subscriptionRow(id)).toMatchObject({ nextReorderDate: "2026-04-09", claimedUntil: null });
  });

  it("answers another customer's subscription as not found, a cancelled one as cancelled, a blocked one first", async () => {
    const { id, customer } = await subscribe();
    const other = await subscribe();
    expect(await orderSubscriptionNow(services, other.customer.id, id, DUE_AT)).toMatchObject({ reason: "not-found" });
    await database.db
      .update(subscriptions)
      .set({ prescriptionExpiresOn: "2026-03-05" })
      .where(eq(subscriptions.id, id));
    const before = await subscriptionRow(id);
    expect(await orderSubscriptionNow(services, customer.id, id, new Date("2026-03-10T18:00:00Z"))).toMatchObject({
      ok: false,
      reason: "prescription-expired",
    });
    // Refused before anything changed: same date, no failure recorded, no e-mail.
    expect(await subscriptionRow(id)).toMatchObject({
      nextReorderDate: before.nextReorderDate,
      lastFailureReason: null,
    });
    expect(await mailTo(customer.email, "reorder-failed")).toEqual([]);
    await cancelSubscription(database.db, customer.id, id, { reason: "other", note: "moving" });
    expect(await orderSubscriptionNow(services, customer.id, id, DUE_AT)).toMatchObject({ reason: "cancelled" });
    expect(await ordersOf(id)).toEqual([]);
  });
});

describe("reorder reminders", () => {
  const REMIND_AT = new Date("2026-03-25T18:00:00Z");

  function linksIn(text: string) {
    const snoozes = [...text.matchAll(/http:\/\/store\.test\/auto-reorder\/snooze\?code=([^\s]+)/g)].map((match) =>
      decodeURIComponent(match[1]!),
    );
    const manage = /http:\/\/store\.test\/account\/subscriptions\/(\d+)\?token=([^\s]+)/.exec(text);
    return { snoozes, manage };
  }

  it("sends one reminder with the order, the three snooze links and the auto-login link", async () => {
    const { id, customer } = await subscribe();
    expect(await sendReorderReminders(services, REMIND_AT)).toEqual({ due: 1, sent: 1, skipped: 0, failed: 0 });
    const [mail, ...more] = await mailTo(customer.email, "reorder-reminder");
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your next Lenslane auto-reorder ships ${formatReorderDate(FIRST_REORDER)}`);
    expect(mail!.textBody).toContain(`Right eye: ${TORIC.displayName}, 2 boxes`);
    expect(mail!.textBody).toContain(`Left eye: ${TORIC.displayName}, 2 boxes`);
    expect(mail!.textBody).toContain("Visa ending in 4242");
    expect(mail!.textBody).toContain("12 Main St");
    expect(mail!.textBody).toMatch(/Price: \$\d+\.\d\d plus any shipping and tax/);
    expect(mail!.textBody).not.toContain("prescription expires");

    const { snoozes, manage } = linksIn(mail!.textBody);
    const read = snoozes.map((token) => readSnoozeToken(services.sessions.secrets, token, REMIND_AT));
    expect(
      read.map((entry) => (entry.ok ? [entry.link.subscriptionId, entry.link.days, entry.link.reorderDate] : entry)),
    ).toEqual([
      [id, 14, FIRST_REORDER],
      [id, 30, FIRST_REORDER],
      [id, 60, FIRST_REORDER],
    ]);
    expect(mail!.htmlBody).toContain("2 weeks");
    expect(mail!.htmlBody).toContain("1 month");
    expect(mail!.htmlBody).toContain("2 months");
    expect(manage?.[1]).toBe(String(id));
    expect(mail!.htmlBody).toContain("Manage your subscription");

    // Sent once: the next run (and the day after) finds it sent.
    expect(await sendReorderReminders(services, REMIND_AT)).toEqual({ due: 0, sent: 0, skipped: 0, failed: 0 });
    expect(await sendReorderReminders(services, new Date("2026-03-26T18:00:00Z"))).toMatchObject({ sent: 0 });
    expect(await mailTo(customer.email, "reorder-reminder")).toHaveLength(1);
    // A new date is a new reminder.
    await database.db.update(subscriptions).set({ nextReorderDate: "2026-03-30" }).where(eq(subscriptions.id, id));
    expect(await sendReorderReminders(services, REMIND_AT)).toMatchObject({ sent: 1 });
  });

  it("the manage link signs the customer in on the subscription's page", async () => {
    // Today's dates: the auto-login token expires by the real clock.
    const { id, customer } = await subscribe();
    await database.db
      .update(subscriptions)
      .set({ nextReorderDate: addDays(businessToday(), 5) })
      .where(eq(subscriptions.id, id));
    expect(await sendReorderReminders(services)).toMatchObject({ sent: 1 });
    const [mail] = await mailTo(customer.email, "reorder-reminder");
    const { manage } = linksIn(mail!.textBody);
    const request = new Request(`http://store.test/account/subscriptions/${id}?token=${manage![2]}`);
    const response = await runThroughMiddleware(services, request, async () => new Response("page"));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/account/subscriptions/${id}`);
    const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
    const context = await createRequestContext(
      services,
      new Request(`http://store.test/account/subscriptions/${id}`, { headers: { Cookie: cookie } }),
    );
    expect(context.get(visitorContext).customer?.id).toBe(customer.id);
  });

  it("is not sent outside the window, nor twice when two runners send at once", async () => {
    const { customer } = await subscribe();
    // 12 days before, with the default 10-day window: not yet.
    expect(await sendReorderReminders(services, new Date("2026-03-20T18:00:00Z"))).toMatchObject({ due: 0, sent: 0 });
    // A wider window takes it.
    const wider = await Promise.all([
      sendReorderReminders(services, new Date("2026-03-20T18:00:00Z"), 14),
      sendReorderReminders(services, new Date("2026-03-20T18:00:00Z"), 14),
    ]);
    expect(wider.reduce((sum, summary) => sum + summary.sent, 0)).toBe(1);
    expect(await mailTo(customer.email, "reorder-reminder")).toHaveLength(1);
    // After the date (the order was due, not placed): no reminder for a past date.
    await database.db
      .update(subscriptions)
      .set({ reminderSentFor: null })
      .where(eq(subscriptions.customerId, customer.id));
    expect(await sendReorderReminders(services, new Date("2026-04-02T18:00:00Z"))).toMatchObject({ due: 0 });
  });

  it("warns when the prescription expires before the order", async () => {
    const { id, customer } = await subscribe();
    await database.db
      .update(subscriptions)
      .set({ prescriptionExpiresOn: "2026-03-30" })
      .where(eq(subscriptions.id, id));
    await sendReorderReminders(services, REMIND_AT);
    const [mail] = await mailTo(customer.email, "reorder-reminder");
    expect(mail!.textBody).toContain(
      `Your prescription expires on ${formatReorderDate("2026-03-30")}, before this order.`,
    );
    expect(mail!.textBody).toContain("http://store.test/exam");
    expect(mail!.textBody).toContain("http://store.test/upload-rx");
  });

  it("respects a customer who opted out of reorder reminders", async () => {
    const { customer } = await subscribe();
    await database.db
      .update(customers)
      .set({ preferences: { EmailReorderReminder: false } })
      .where(eq(customers.id, customer.id));
    expect(await sendReorderReminders(services, REMIND_AT)).toEqual({ due: 1, sent: 0, skipped: 1, failed: 0 });
    expect(await mailTo(customer.email, "reorder-reminder")).toEqual([]);
  });
});

describe("the snooze link's page", () => {
  /** A link as the reminder writes it, made now (the page reads it with the real clock). */
  function snoozeLink(subscriptionId: number, reorderDate: string, days = 14, madeAt = new Date()) {
    return snoozeToken(services.sessions.secrets, { subscriptionId, days, reorderDate }, madeAt);
  }

  /** A signed-out browser (no cookie), through the root middleware, as the server runs the route. */
  async function get(query: string) {
    const request = new Request(`http://store.test/auto-reorder/snooze${query}`);
    let result: unknown;
    const response = await runThroughMiddleware(services, request, async (context) => {
      result = await settle(() => snoozeLoader({ request, params: {}, context } as never));
      if (result instanceof Response) return result;
      const { data, init } = result as { data: unknown; init: ResponseInit | null };
      return Response.json(data, init ?? undefined);
    });
    return { response, page: (result as { data: PageData }).data };
  }

  async function post(token: string) {
    const request = new Request("http://store.test/auto-reorder/snooze", {
      method: "POST",
      body: new URLSearchParams({ [SNOOZE_LINK_PARAM]: token }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    return runThroughMiddleware(services, request, async (context) => {
      const result = await settle(() => snoozeAction({ request, params: {}, context } as never));
      return result as Response;
    });
  }

  async function dueSubscription(nextReorderDate: string) {
    const { id, customer } = await subscribe();
    await database.db.update(subscriptions).set({ nextReorderDate }).where(eq(subscriptions.id, id));
    return { id, customer };
  }

  it("GET shows the dates and changes nothing; the button snoozes; again: already snoozed", async () => {
    const today = businessToday();
    const date = addDays(today, 5);
    const { id } = await dueSubscription(date);
    const token = snoozeLink(id, date, 14);
    const query = `?${SNOOZE_LINK_PARAM}=${encodeURIComponent(token)}`;

    const shown = await get(query);
    expect(shown.response.status).toBe(200);
    expect(shown.page).toMatchObject({
      kind: "active",
      canSnooze: true,
      currentDate: formatReorderDate(date),
      newDate: formatReorderDate(addDays(date, 14)),
      label: "2 weeks",
    });
    // Following the link again (a scanner, a crawler) changes nothing.
    await get(query);
    expect((await subscriptionRow(id)).nextReorderDate).toBe(date);

    const pressed = await post(token);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("Location")).toBe(`/auto-reorder/snooze${query}&snoozed=1`);
    expect((await subscriptionRow(id)).nextReorderDate).toBe(addDays(date, 14));
    const after = await get(`${query}&snoozed=1`);
    expect(after.page).toMatchObject({
      kind: "active",
      canSnooze: false,
      success: true,
      message: `Your next order is now scheduled for ${formatReorderDate(addDays(date, 14))}.`,
    });

    // Pressed again, or the link followed again: already snoozed, a success with the date; nothing moves.
    const again = await post(token);
    expect(again.headers.get("Location")).toBe(`/auto-reorder/snooze${query}`);
    const followed = await get(query);
    expect(followed.page).toMatchObject({
      success: true,
      message: `This order was already snoozed. It is scheduled for ${formatReorderDate(addDays(date, 14))}.`,
    });
    expect((await subscriptionRow(id)).nextReorderDate).toBe(addDays(date, 14));
  });

  it("renders the page with one button in a plain form carrying the token", async () => {
    const date = addDays(businessToday(), 5);
    const { id } = await dueSubscription(date);
    const token = snoozeLink(id, date, 30);
    const { page } = await get(`?${SNOOZE_LINK_PARAM}=${encodeURIComponent(token)}`);
    const Stub = createRoutesStub([{ id: "snooze", path: "/auto-reorder/snooze", Component: SnoozePage as never }]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: [`/auto-reorder/snooze?${SNOOZE_LINK_PARAM}=${encodeURIComponent(token)}`],
        hydrationData: { loaderData: { snooze: page } },
      }),
    );
    expect(html).toContain('method="post"');
    expect(html).toContain(`name="${SNOOZE_LINK_PARAM}" value="${token}"`);
    expect(html).toContain("Snooze my order");
    expect(html).toContain(formatReorderDate(addDays(date, 30)));
  });

  it("a later date than the link's is 'already shipped'; another date is 'invalid snooze date'", async () => {
    const date = addDays(businessToday(), 5);
    const { id } = await dueSubscription(addDays(date, 30));
    const shipped = await get(`?${SNOOZE_LINK_PARAM}=${encodeURIComponent(snoozeLink(id, date, 14))}`);
    expect(shipped.page).toMatchObject({ canSnooze: false, success: false });
    expect(shipped.page.message).toMatch(/already shipped/);
    const pressed = await post(snoozeLink(id, date, 14));
    expect(pressed.status).toBe(303);
    expect((await subscriptionRow(id)).nextReorderDate).toBe(addDays(date, 30));
    const other = await get(`?${SNOOZE_LINK_PARAM}=${encodeURIComponent(snoozeLink(id, addDays(date, 40), 14))}`);
    expect(other.page.message).toMatch(/different order date/);
  });

  it("a tampered, expired, malformed or missing token gets a friendly page, not an error; nothing changes", async () => {
    const date = addDays(businessToday(), 5);
    const { id } = await dueSubscription(date);
    const token = snoozeLink(id, date, 14);
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), d: 60 }),
    ).toString("base64url");
    const expired = snoozeLink(id, date, 14, new Date(Date.now() - 60 * 86_400_000));
    const cases = [
      [`?${SNOOZE_LINK_PARAM}=${forged}.${signature}`, SNOOZE_PAGE_MESSAGES.broken],
      [`?${SNOOZE_LINK_PARAM}=${encodeURIComponent(expired)}`, SNOOZE_PAGE_MESSAGES.expired],
      [`?${SNOOZE_LINK_PARAM}=not-a-token`, SNOOZE_PAGE_MESSAGES.broken],
      [`?${SNOOZE_LINK_PARAM}=${"a".repeat(2000)}.b`, SNOOZE_PAGE_MESSAGES.broken],
      ["", SNOOZE_PAGE_MESSAGES.broken],
    ] as const;
    for (const [query, message] of cases) {
      const { response, page } = await get(query);
      expect(response.status, query.slice(0, 40)).toBe(400);
      expect(page).toEqual({ kind: "invalid", message });
    }
    for (const bad of [`${forged}.${signature}`, expired, "not-a-token", ""]) {
      const response = await post(bad);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(
        `/auto-reorder/snooze?${SNOOZE_LINK_PARAM}=${encodeURIComponent(bad)}`,
      );
    }
    expect((await subscriptionRow(id)).nextReorderDate).toBe(date);
  });

  it("says when the subscription was cancelled", async () => {
    const date = addDays(businessToday(), 5);
    const { id, customer } = await dueSubscription(date);
    await cancelSubscription(database.db, customer.id, id, { reason: "too-many-lenses", note: null });
    const token = snoozeLink(id, date, 14);
    const { response, page } = await get(`?${SNOOZE_LINK_PARAM}=${encodeURIComponent(token)}`);
    expect(response.status).toBe(200);
    expect(page).toMatchObject({ kind: "cancelled", message: SNOOZE_PAGE_MESSAGES.cancelled });
    await post(token);
    expect(await subscriptionRow(id)).toMatchObject({ nextReorderDate: date, status: "Cancelled" });
  });
});

type PageData =
  | { kind: "invalid"; message: string }
  | { kind: "cancelled"; message: string; manageHref: string }
  | {
      kind: "active";
      token: string;
      manageHref: string;
      canSnooze: boolean;
      success: boolean;
      message: string;
      label: string;
      currentDate: string;
      newDate: string;
    };

describe("development operations and configuration", () => {
  it("/dev/orders moves a subscription's next order to today and expires its prescription", async () => {
    const { id } = await subscribe();
    const send = async (body: Record<string, string>, as: AppServices = services) => {
      const request = new Request("http://store.test/dev/orders", {
        method: "POST",
        body: new URLSearchParams(body).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      return runThroughMiddleware(as, request, async (context) => {
        const result = await settle(() => devOrdersAction({ request, params: {}, context } as never));
        if (result instanceof Response) return result;
        const { data, init } = result as { data: unknown; init: ResponseInit | null };
        return Response.json(data, init ?? undefined);
      });
    };
    expect((await send({ intent: "due-today", subscriptionId: String(id) })).status).toBe(303);
    expect((await subscriptionRow(id)).nextReorderDate).toBe(businessToday());
    expect((await send({ intent: "expire-rx", subscriptionId: String(id) })).status).toBe(303);
    expect((await subscriptionRow(id)).prescriptionExpiresOn).toBe(addDays(businessToday(), -1));
    expect((await send({ intent: "due-today", subscriptionId: "x" })).status).toBe(400);
    const production = createTestServices(database, { APP_ENV: "production", SESSION_SECRET: "p".repeat(40) });
    expect((await send({ intent: "renew-rx", subscriptionId: String(id) }, production)).status).toBe(404);
    expect((await subscriptionRow(id)).prescriptionExpiresOn).toBe(addDays(businessToday(), -1));
  });

  it("reads JOBS_INTERVAL_MINUTES (off outside production) and REORDER_REMINDER_DAYS (10)", () => {
    const dataDir = path.join(os.tmpdir(), "lenslane-test-data");
    expect(parseConfig({ DATA_DIR: dataDir })).toMatchObject({ jobsIntervalMinutes: 0, reorderReminderDays: 10 });
    expect(
      parseConfig({
        DATA_DIR: dataDir,
        APP_ENV: "production",
        SESSION_SECRET: "s".repeat(40),
        DATABASE_URL: "postgres://unused.invalid/lenslane",
      }).jobsIntervalMinutes,
    ).toBe(15);
    expect(parseConfig({ DATA_DIR: dataDir, JOBS_INTERVAL_MINUTES: "5", REORDER_REMINDER_DAYS: "7" })).toMatchObject({
      jobsIntervalMinutes: 5,
      reorderReminderDays: 7,
    });
    expect(() => parseConfig({ DATA_DIR: dataDir, JOBS_INTERVAL_MINUTES: "-1" })).toThrow(/JOBS_INTERVAL_MINUTES/);
    expect(() => parseConfig({ DATA_DIR: dataDir, REORDER_REMINDER_DAYS: "0" })).toThrow(/REORDER_REMINDER_DAYS/);
  });

  it("records who uses the PGlite data, so `npm run jobs` can refuse to open it twice", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-owner-"));
    expect(pgliteOwner(dataDir)).toBeNull();
    const forget = recordPgliteOwner(dataDir, process.ppid);
    expect(pgliteOwner(dataDir)).toBe(process.ppid);
    forget();
    expect(pgliteOwner(dataDir)).toBeNull();
    // A server that stopped without cleaning up (its process is gone) holds nothing.
    recordPgliteOwner(dataDir, 2 ** 22 + 12345);
    expect(pgliteOwner(dataDir)).toBeNull();
    // This process is not in its own way.
    recordPgliteOwner(dataDir);
    expect(pgliteOwner(dataDir)).toBeNull();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
