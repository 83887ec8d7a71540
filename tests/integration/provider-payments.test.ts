import { and, eq } from "drizzle-orm";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPayPalClient } from "~/services/adapters/paypal/paypal-client.server";
import { createPayPalMock } from "../mocks/payment-providers";
import { PAYMENT_METHOD_TYPES as PAYMENT_METHOD } from "~/models/payment-methods";
import { INSTALMENT_UNAVAILABLE, PROVIDER_MESSAGES } from "~/models/payment-options";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { loader as payPalReturn } from "~/routes/checkout.paypal";
import {
  action as simulatedPayPalAction,
  loader as simulatedPayPalLoader,
} from "~/routes/dev.$provider.checkout.$token";
import { loader as thankYouLoader } from "~/routes/thank-you";
import {
  decideSimulatedCheckout,
  type SimulatorDecision,
} from "~/services/adapters/payments/simulated-redirect.server";
import { recoverProviderOrders } from "~/services/checkout/provider-payments.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { emailOutbox, lineItemGroups, orders, paymentMethods, simulatedPaymentCheckouts } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { cardForm, insertTestDoctor } from "../setup/order-fixtures";
import { CheckoutBuyer, location, stockOf as skuStock } from "../setup/checkout-buyer";
import { createTestServices } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// Paying with PayPal and pay in 4 through the embedded simulated providers (issue 27, decision 53): the checkout's
// action reserves the order and redirects to the provider's page; the provider's return captures and confirms it.

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

let counter = 0;

/** A signed-in browser with a ready cart (toric lenses for both eyes, patient, doctor, address). */
class Buyer extends CheckoutBuyer {
  static make() {
    counter++;
    return Buyer.create(services, { email: `payer.${counter}@example.com`, doctorId, stockSlot: 40 + (counter % 20) });
  }

  pay(payWith: string, key: string = crypto.randomUUID()) {
    return this.send("POST", "/checkout", checkoutAction, {
      body: { intent: "pay-with-provider", idempotencyKey: key, payWith },
    });
  }

  /** The provider's return, as the browser follows the simulator's redirect (a path of the store). */
  back(target: string) {
    const url = new URL(target, "http://store.test");
    const route = url.pathname === "/thank-you" ? thankYouLoader : payPalReturn;
    return this.send("GET", `${url.pathname}${url.search}`, route);
  }

  toast() {
    return services.sessions.readToast(this.cookies.get("toast") ?? null);
  }

  groups() {
    return database.db.select().from(lineItemGroups).where(eq(lineItemGroups.cartId, this.cartId));
  }
}

const tokenOf = (redirectPath: string) => decodeURIComponent(redirectPath.split("/").pop()!);

const stockOf = (upc: string) => skuStock(services, upc);

async function decide(provider: "paypal" | "pay-in-4", redirectPath: string, decision: SimulatorDecision) {
  const target = await decideSimulatedCheckout(database.db, provider, tokenOf(redirectPath), decision);
  expect(target).not.toBeNull();
  return target!;
}

describe("paying with PayPal through the simulated provider", () => {
  it("offers PayPal, Pay Later and pay in 4 with its 4 payments on the payment step", async () => {
    const buyer = await Buyer.make();
    const { result } = await buyer.send("GET", "/checkout", checkoutLoader);
    const page = result as Awaited<ReturnType<typeof checkoutLoader>>;
    expect(page.paymentOptions).toMatchObject({ paypal: true, payLater: true, payIn4: { available: true } });
    const total = page.orderSummary.totalAfterCredits;
    expect(page.paymentOptions.payIn4).toMatchObject({ amounts: Array(4).fill(Math.ceil(total / 4)) });
  });

  it("reserves the order, sends the shopper to PayPal, and confirms it once on the return, however often replayed", async () => {
    const buyer = await Buyer.make();
    const key = crypto.randomUUID();
    const stock = await stockOf(buyer.upcs[0]);
    const started = await buyer.pay("paypal", key);
    expect(started.response.status).toBe(303);
    const providerPath = location(started.response);
    expect(providerPath).toMatch(/^\/dev\/paypal\/checkout\/[0-9A-Z]{17}$/);
    // Reserved: pending under the key, stock taken, paid with PayPal (7); nothing in history yet.
    const [pending] = await buyer.orders();
    expect(pending).toMatchObject({
      paymentState: "pending",
      paymentMethod: PAYMENT_METHOD.PayPal,
      paymentLastFour: "",
    });
    expect(pending!.paymentToken).toBe(tokenOf(providerPath));
    expect(await stockOf(buyer.upcs[0])).toBe(stock - 2);
    // The same form again goes to the same checkout.
    expect(location((await buyer.pay("paypal", key)).response)).toBe(providerPath);

    // The simulated PayPal page, then Approve: back to the store's return URL with token and PayerID.
    const shown = await buyer.send("GET", providerPath, simulatedPayPalLoader, {
      params: { provider: "paypal", token: tokenOf(providerPath) },
    });
    expect(shown.result).toMatchObject({ provider: "paypal", amountCents: pending!.totalCents, status: "created" });
    const approved = await buyer.send("POST", providerPath, simulatedPayPalAction, {
      body: { decision: "approve" },
      params: { provider: "paypal", token: tokenOf(providerPath) },
    });
    const returnPath = location(approved.response);
    expect(returnPath).toBe(`/checkout/paypal?token=${tokenOf(providerPath)}&PayerID=SIMULATEDPAYER1`);

    // The return replayed three times, two of them at once: one order, one capture, one e-mail.
    const [first, second] = await Promise.all([buyer.back(returnPath), buyer.back(returnPath)]);
    const third = await buyer.back(returnPath);
    const thankYou = `/thank-you?oid=${pending!.orderNumber}`;
    for (const reply of [first, second, third]) expect(location(reply.response)).toBe(thankYou);
    const placed = await buyer.orders();
    expect(placed).toHaveLength(1);
    const [checkout] = await database.db
      .select()
      .from(simulatedPaymentCheckouts)
      .where(eq(simulatedPaymentCheckouts.token, tokenOf(providerPath)));
    expect(checkout).toMatchObject({ status: "captured", captureRequestId: `${key}/${pending!.orderNumber}` });
    expect(placed[0]).toMatchObject({ paymentState: "paid", chargeId: checkout!.captureId });
    const emails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, buyer.customer.email));
    expect(emails).toHaveLength(1);
    expect(await buyer.groups()).toHaveLength(0);

    // The thank-you page says how it was paid.
    const page = await buyer.send("GET", thankYou, thankYouLoader);
    expect(page.result).toMatchObject({ orderNumber: pending!.orderNumber, payment: "PayPal" });
  });

  it("leaves the cart as it was on a cancel or a decline, with the message", async () => {
    for (const [decision, message] of [
      ["cancel", PROVIDER_MESSAGES.cancelled],
      ["decline", PROVIDER_MESSAGES.declined],
    ] as const) {
      const buyer = await Buyer.make();
      const stock = await stockOf(buyer.upcs[1]);
      const started = await buyer.pay("paypal");
      const back = await buyer.back(await decide("paypal", location(started.response), decision));
      expect(location(back.response)).toBe("/checkout");
      expect(await buyer.toast()).toMatchObject({ message });
      expect(await buyer.orders()).toHaveLength(0);
      expect(await buyer.groups()).toHaveLength(1);
      expect(await stockOf(buyer.upcs[1])).toBe(stock);
    }
  });
});

describe("paying in 4 through the simulated provider", () => {
  it("returns to /thank-you with orderToken and status=SUCCESS, captures once and records Afterpay", async () => {
    const buyer = await Buyer.make();
    const started = await buyer.pay("pay-in-4");
    const providerPath = location(started.response);
    expect(providerPath).toMatch(/^\/dev\/pay-in-4\/checkout\/002\./);
    const target = await decide("pay-in-4", providerPath, "approve");
    const url = new URL(target);
    expect(url.pathname).toBe("/thank-you");
    expect(Object.fromEntries(url.searchParams)).toEqual({ orderToken: tokenOf(providerPath), status: "SUCCESS" });
    const first = await buyer.back(target);
    const again = await buyer.back(target);
    const [order] = await buyer.orders();
    expect(order).toMatchObject({ paymentState: "paid", paymentMethod: PAYMENT_METHOD.Afterpay });
    expect(location(first.response)).toBe(`/thank-you?oid=${order!.orderNumber}`);
    expect(location(again.response)).toBe(location(first.response));
    expect(await buyer.orders()).toHaveLength(1);
    const page = await buyer.send("GET", location(first.response), thankYouLoader);
    expect(page.result).toMatchObject({ payment: "Afterpay" });
  });

  it("goes back to checkout on status=CANCELLED, and refuses an option that is switched off", async () => {
    const buyer = await Buyer.make();
    const started = await buyer.pay("pay-in-4");
    const target = await decide("pay-in-4", location(started.response), "cancel");
    expect(new URL(target).searchParams.get("status")).toBe("CANCELLED");
    expect(location((await buyer.back(target)).response)).toBe("/checkout");
    expect(await buyer.orders()).toHaveLength(0);

    await buyer.setSwitch({ afterpay: false });
    const page = (await buyer.send("GET", "/checkout", checkoutLoader)).result as Awaited<
      ReturnType<typeof checkoutLoader>
    >;
    expect(page.paymentOptions.payIn4).toMatchObject({ available: false, message: INSTALMENT_UNAVAILABLE.switchedOff });
    const refused = await buyer.pay("pay-in-4");
    expect(refused.response.status).toBe(400);
    expect(JSON.stringify(refused.result)).toContain(PROVIDER_MESSAGES.notOffered);
    expect(await buyer.orders()).toHaveLength(0);
  });
});

describe("provider orders nobody came back for", () => {
  it("are confirmed by the recovery job when approved, released when abandoned", async () => {
    const approved = await Buyer.make();
    const approvedPath = location((await approved.pay("paypal")).response);
    await decide("paypal", approvedPath, "approve");
    const open = await Buyer.make();
    await open.pay("pay-in-4");

    // Within the provider's checkout window an open checkout waits; the approved one is captured and confirmed.
    const summary = await recoverProviderOrders(services, { graceSeconds: 0 });
    expect(summary.confirmed).toBeGreaterThanOrEqual(1);
    expect(await approved.orders()).toMatchObject([{ paymentState: "paid" }]);
    expect(await open.orders()).toMatchObject([{ paymentState: "pending" }]);
    // Past the window it is released, and the cart can be ordered again.
    await recoverProviderOrders(services, { graceSeconds: 0, windowSeconds: 0 });
    expect(await open.orders()).toHaveLength(0);
    expect(await open.groups()).toHaveLength(1);
  });

  it("gives way when the shopper comes back to checkout and pays by card instead", async () => {
    const buyer = await Buyer.make();
    await buyer.pay("paypal");
    expect(await buyer.orders()).toMatchObject([{ paymentState: "pending" }]);
    expect(
      (await buyer.send("POST", "/checkout", checkoutAction, { body: { intent: "save-card", ...cardForm() } })).response
        .status,
    ).toBe(303);
    const [card] = await database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.customerId, buyer.customer.id));
    const placed = await buyer.send("POST", "/checkout", checkoutAction, {
      body: { intent: "place-order", idempotencyKey: crypto.randomUUID(), paymentMethodId: String(card!.id) },
    });
    expect(location(placed.response)).toMatch(/^\/thank-you\?oid=LL/);
    const rows = await buyer.orders();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      paymentState: "paid",
      paymentMethod: PAYMENT_METHOD.Visa,
      paymentLastFour: "4242",
    });
    expect(
      await database.db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, buyer.customer.id), eq(orders.paymentState, "pending"))),
    ).toHaveLength(0);
  });
});

describe("paying with PayPal through the real Orders v2 client (msw)", () => {
  const OPTIONS = { apiBase: "https://api-m.sandbox.paypal.test", clientId: "lenslane", clientSecret: "s3cret" };
  const paypal = createPayPalMock(OPTIONS);
  const server = setupServer(...paypal.handlers);
  let simulated: AppServices["paypal"];
  beforeAll(() => {
    server.listen({ onUnhandledRequest: "bypass" });
    simulated = services.paypal;
    services.paypal = createPayPalClient(OPTIONS);
  });
  afterAll(() => {
    services.paypal = simulated;
    server.close();
  });

  it("sends the shopper to PayPal with the store's URLs, and a replayed return captures once", async () => {
    const buyer = await Buyer.make();
    const key = crypto.randomUUID();
    const started = await buyer.pay("paypal", key);
    const approveUrl = new URL(location(started.response));
    expect(approveUrl.origin).toBe("https://www.sandbox.paypal.com");
    const token = approveUrl.searchParams.get("token")!;
    const [pending] = await buyer.orders();
    expect(paypal.checkouts.get(token)!.body).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [{ invoice_id: pending!.orderNumber, amount: { value: (pending!.totalCents / 100).toFixed(2) } }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: "http://store.test/checkout/paypal",
            cancel_url: "http://store.test/checkout/paypal?cancelled=1",
          },
        },
      },
    });
    // PayPal's approval, then its redirect to the return URL with token and PayerID, twice.
    paypal.approve(token);
    const before = paypal.captures.length;
    const returnPath = `/checkout/paypal?token=${token}&PayerID=PAYER123`;
    const first = await buyer.back(returnPath);
    const second = await buyer.back(returnPath);
    expect(location(first.response)).toBe(`/thank-you?oid=${pending!.orderNumber}`);
    expect(location(second.response)).toBe(location(first.response));
    expect(paypal.captures.length - before).toBe(1);
    expect(await buyer.orders()).toMatchObject([{ paymentState: "paid", chargeId: paypal.captures.at(-1) }]);
  });
});
