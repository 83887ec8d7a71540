import { eq } from "drizzle-orm";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAfterpayClient } from "~/services/adapters/pay-in-4/afterpay-client.server";
import { createAfterpayMock } from "../mocks/payment-providers";
import { PAYMENT_METHOD_TYPES as PAYMENT_METHOD } from "~/models/payment-methods";
import { INSTALMENT_UNAVAILABLE, payIn4AmountMismatch, PROVIDER_MESSAGES } from "~/models/payment-options";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { loader as thankYouLoader } from "~/routes/thank-you";
import { reserveOrResume } from "~/services/checkout/place-order.server";
import { recoverProviderOrders } from "~/services/checkout/provider-payments.server";
import { savePayIn4Agreement, savePayIn4Checkout } from "~/services/checkout/wallet.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  emailOutbox,
  paymentMethods,
  simulatedAgreementPayments,
  simulatedPaymentCheckouts,
} from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { insertTestDoctor } from "../setup/order-fixtures";
import { simulatedAgreementToken, simulatedCheckoutToken } from "../setup/pay-in-4";
import { CheckoutBuyer, location, stockOf as skuStock } from "../setup/checkout-buyer";
import { createTestServices } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// Paying at checkout with a saved pay-in-4 method (decision 57), through the embedded simulated provider: an approved
// checkout token is captured for the order, a billing agreement is paid against; exactly once under the form's key.

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
type CheckoutPage = Awaited<ReturnType<typeof checkoutLoader>>;

/** A signed-in browser with a ready cart (toric lenses for both eyes, patient, doctor, address) and no card. */
class Buyer extends CheckoutBuyer {
  static make() {
    counter++;
    return Buyer.create(services, { email: `pay.in.four.${counter}@example.com`, doctorId, stockSlot: 20 + counter });
  }

  async page() {
    return (await this.send("GET", "/checkout", checkoutLoader)).result as CheckoutPage;
  }

  async total() {
    return (await this.page()).orderSummary.totalAfterCredits;
  }

  place(paymentMethodId: number, key: string = crypto.randomUUID()) {
    return this.send("POST", "/checkout", checkoutAction, {
      body: { intent: "place-order", idempotencyKey: key, paymentMethodId: String(paymentMethodId) },
    });
  }

  async saveCheckout(token: string) {
    const saved = await savePayIn4Checkout(services, this.customer.id, token);
    if (!saved.ok) throw new Error(`not saved: ${saved.reason}`);
    return this.methodId(token);
  }

  async saveAgreement(approvalToken: string) {
    const saved = await savePayIn4Agreement(services, this.customer.id, approvalToken);
    if (!saved.ok) throw new Error(`not saved: ${saved.reason}`);
    return this.methodId(saved.paymentToken);
  }

  async methodId(token: string) {
    const [row] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.paymentToken, token));
    return row!.id;
  }

  wallet() {
    return database.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, this.customer.id));
  }

  emails() {
    return database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, this.customer.email));
  }
}

const stockOf = (upc: string) => skuStock(services, upc);

async function checkoutRow(token: string) {
  const [row] = await database.db
    .select()
    .from(simulatedPaymentCheckouts)
    .where(eq(simulatedPaymentCheckouts.token, token));
  return row!;
}

describe("checkout offers saved pay-in-4 methods with the cards", () => {
  it("lists them with their 4 payments, selects a preferred one, and shows them unchoosable, with the reason, when pay in 4 is not offered", async () => {
    const buyer = await Buyer.make();
    const id = await buyer.saveAgreement(await simulatedAgreementToken(services));
    let page = await buyer.page();
    expect(page.payIn4Methods).toEqual([
      {
        id,
        label: "Afterpay (billing agreement)",
        expiry: "",
        isPreferred: true,
        expired: false,
        detail: `${page.paymentOptions.payIn4.available ? page.paymentOptions.payIn4.label : ""}, interest-free`,
      },
    ]);
    expect(page.selectedCardId).toBe(id);

    await buyer.setSwitch({ afterpay: false });
    page = await buyer.page();
    expect(page.payIn4Methods[0]).toMatchObject({ expired: true, detail: INSTALMENT_UNAVAILABLE.switchedOff });
    expect(page.selectedCardId).toBeNull();
    // A forged form is refused with the same reason; nothing is reserved.
    const stock = await stockOf(buyer.upcs[0]);
    const refused = await buyer.place(id);
    expect(refused.response.status).toBe(400);
    expect(JSON.stringify(refused.result)).toContain(INSTALMENT_UNAVAILABLE.switchedOff);
    expect(await buyer.orders()).toHaveLength(0);
    expect(await stockOf(buyer.upcs[0])).toBe(stock);
  });
});

describe("paying with a saved checkout token (Afterpay, 15)", () => {
  it("captures it for the order once, however often the form is sent, records 15, and takes it out of the wallet", async () => {
    const buyer = await Buyer.make();
    const token = await simulatedCheckoutToken(services, await buyer.total());
    const id = await buyer.saveCheckout(token);
    const key = crypto.randomUUID();
    // Sent three times, two of them at once: one order, one capture, one e-mail.
    const [first, second] = await Promise.all([buyer.place(id, key), buyer.place(id, key)]);
    const third = await buyer.place(id, key);
    const [order] = await buyer.orders();
    const thankYou = `/thank-you?oid=${order!.orderNumber}`;
    for (const reply of [first, second, third]) expect(location(reply.response)).toBe(thankYou);
    expect(await buyer.orders()).toHaveLength(1);
    const captured = await checkoutRow(token);
    expect(captured).toMatchObject({ status: "captured", captureRequestId: `${key}/${order!.orderNumber}` });
    expect(order).toMatchObject({
      paymentState: "paid",
      paymentMethod: PAYMENT_METHOD.Afterpay,
      paymentToken: token,
      paymentLastFour: "",
      chargeId: captured.captureId,
    });
    expect(await buyer.emails()).toHaveLength(1);
    expect(await buyer.wallet()).toEqual([]);
    const page = await buyer.send("GET", thankYou, thankYouLoader);
    expect(page.result).toMatchObject({ orderNumber: order!.orderNumber, payment: "Afterpay" });
  });

  it("refuses a token approved for another amount, with both amounts, and gives everything back", async () => {
    const buyer = await Buyer.make();
    const total = await buyer.total();
    const id = await buyer.saveCheckout(await simulatedCheckoutToken(services, total + 100));
    const stock = await stockOf(buyer.upcs[0]);
    const refused = await buyer.place(id);
    expect(refused.response.status).toBe(400);
    expect(JSON.stringify(refused.result)).toContain(payIn4AmountMismatch(total + 100, total));
    expect(await buyer.orders()).toHaveLength(0);
    expect(await stockOf(buyer.upcs[0])).toBe(stock);
    // Nothing was captured, and the shopper can pay another way: the method stays until they remove it.
    expect(await buyer.wallet()).toHaveLength(1);
  });

  it("refuses a capture the provider declines, or a token captured meanwhile, with the declined message", async () => {
    const buyer = await Buyer.make();
    const total = await buyer.total();
    const stock = await stockOf(buyer.upcs[1]);
    const declining = await buyer.saveCheckout(await simulatedCheckoutToken(services, total, "decline"));
    const declined = await buyer.place(declining);
    expect(declined.response.status).toBe(400);
    expect(JSON.stringify(declined.result)).toContain(PROVIDER_MESSAGES.declined);

    const usedToken = await simulatedCheckoutToken(services, total);
    const used = await buyer.saveCheckout(usedToken);
    expect(await services.payIn4.capture(usedToken, "another-order/LL1")).toMatchObject({ ok: true });
    const again = await buyer.place(used);
    expect(JSON.stringify(again.result)).toContain(PROVIDER_MESSAGES.declined);
    expect(await buyer.orders()).toHaveLength(0);
    expect(await stockOf(buyer.upcs[1])).toBe(stock);
  });
});

describe("paying with a saved billing agreement (16)", () => {
  const paymentsFor = (agreementToken: string) =>
    database.db
      .select()
      .from(simulatedAgreementPayments)
      .where(eq(simulatedAgreementPayments.agreementToken, agreementToken));

  it("pays against it for the order's amount, no redirect, once under the key; the agreement stays for next time", async () => {
    const buyer = await Buyer.make();
    const agreement = await simulatedAgreementToken(services);
    const id = await buyer.saveAgreement(agreement);
    const total = await buyer.total();
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([buyer.place(id, key), buyer.place(id, key)]);
    const third = await buyer.place(id, key);
    const [order] = await buyer.orders();
    for (const reply of [first, second, third]) {
      expect(location(reply.response)).toBe(`/thank-you?oid=${order!.orderNumber}`);
    }
    const payments = await paymentsFor(agreement);
    expect(payments).toEqual([
      expect.objectContaining({
        requestId: `${key}/${order!.orderNumber}`,
        amountCents: total,
        outcome: "approved",
        merchantReference: order!.orderNumber,
      }),
    ]);
    expect(order).toMatchObject({
      paymentState: "paid",
      paymentMethod: PAYMENT_METHOD.AfterpayBillingAgreement,
      chargeId: payments[0]!.paymentId,
    });
    expect(await buyer.wallet()).toHaveLength(1);
  });

  it("gives everything back when the provider declines the payment", async () => {
    const buyer = await Buyer.make();
    const id = await buyer.saveAgreement(await simulatedAgreementToken(services, "decline"));
    const stock = await stockOf(buyer.upcs[0]);
    const declined = await buyer.place(id);
    expect(declined.response.status).toBe(400);
    expect(JSON.stringify(declined.result)).toContain(PROVIDER_MESSAGES.declined);
    expect(await buyer.orders()).toHaveLength(0);
    expect(await stockOf(buyer.upcs[0])).toBe(stock);
  });

  it("is settled by the recovery job when the request that reserved the order died", async () => {
    const buyer = await Buyer.make();
    const agreement = await simulatedAgreementToken(services);
    const id = await buyer.saveAgreement(agreement);
    const reserved = await reserveOrResume(services, {
      cartId: buyer.cartId,
      customer: buyer.customer,
      idempotencyKey: crypto.randomUUID(),
      paymentMethodId: id,
      paymentSwitches: { paypal: true, paypalPayLater: true, afterpay: true, preorder: true },
      shopper: { customerId: buyer.customer.id, priceBook: "none" },
    });
    expect(reserved).toHaveProperty("reservation");
    expect(await buyer.orders()).toMatchObject([{ paymentState: "pending" }]);
    await recoverProviderOrders(services, { graceSeconds: 0 });
    await recoverProviderOrders(services, { graceSeconds: 0 });
    expect(await buyer.orders()).toMatchObject([{ paymentState: "paid" }]);
    expect(await paymentsFor(agreement)).toHaveLength(1);
  });
});

describe("through the real Afterpay v2 client (msw)", () => {
  const OPTIONS = { apiBase: "https://global-api-sandbox.afterpay.test", merchantId: "100101", secretKey: "s3cret" };
  const afterpay = createAfterpayMock(OPTIONS);
  const server = setupServer(...afterpay.handlers);
  let simulated: AppServices["payIn4"];
  beforeAll(() => {
    server.listen({ onUnhandledRequest: "bypass" });
    simulated = services.payIn4;
    services.payIn4 = createAfterpayClient(OPTIONS);
  });
  afterAll(() => {
    services.payIn4 = simulated;
    server.close();
  });
  const merchant = {
    redirectConfirmUrl: "http://store.test/checkout",
    redirectCancelUrl: "http://store.test/checkout",
  };

  it("makes the agreement when it is saved (refused until approved) and pays against it once", async () => {
    const buyer = await Buyer.make();
    const approval = await services.payIn4.createBillingAgreement({
      consumer: { email: buyer.customer.email },
      agreements: [{ type: "BILLING" }],
      merchantReference: `customer-${buyer.customer.id}`,
      merchant,
    });
    const token = approval.ok ? approval.token : "";
    expect(await savePayIn4Agreement(services, buyer.customer.id, token)).toEqual({ ok: false, reason: "refused" });
    afterpay.approveAgreement(token);
    const id = await buyer.saveAgreement(token);
    expect(afterpay.agreements.get(token)?.status).toBe("ACTIVE");
    const before = afterpay.agreementPayments.length;
    const key = crypto.randomUUID();
    await buyer.place(id, key);
    const again = await buyer.place(id, key);
    const [order] = await buyer.orders();
    expect(location(again.response)).toBe(`/thank-you?oid=${order!.orderNumber}`);
    expect(afterpay.agreementPayments.length - before).toBe(1);
    expect(order).toMatchObject({ paymentState: "paid", chargeId: afterpay.agreementPayments.at(-1) });
  });

  it("captures a saved checkout token once; one the shopper never approved is refused at checkout", async () => {
    const buyer = await Buyer.make();
    const total = await buyer.total();
    const checkout = (amountCents: number) =>
      services.payIn4.createInstalmentCheckout({
        amount: { amount: (amountCents / 100).toFixed(2), currency: "USD" },
        consumer: { email: buyer.customer.email },
        merchant,
        merchantReference: buyer.cartId,
      });
    const unapproved = await checkout(total);
    // Afterpay's Get Checkout cannot say whether the shopper approved: the capture says it (decision 57).
    const unapprovedId = await buyer.saveCheckout(unapproved.ok ? unapproved.token : "");
    const refused = await buyer.place(unapprovedId);
    expect(JSON.stringify(refused.result)).toContain(PROVIDER_MESSAGES.declined);
    expect(await buyer.orders()).toHaveLength(0);

    const approved = await checkout(total);
    const token = approved.ok ? approved.token : "";
    afterpay.approve(token);
    const id = await buyer.saveCheckout(token);
    const before = afterpay.captures.length;
    const key = crypto.randomUUID();
    await buyer.place(id, key);
    await buyer.place(id, key);
    expect(afterpay.captures.length - before).toBe(1);
    expect(await buyer.orders()).toMatchObject([{ paymentState: "paid", chargeId: afterpay.captures.at(-1) }]);
    expect((await buyer.wallet()).map((method) => method.id)).toEqual([unapprovedId]);
  });
});
