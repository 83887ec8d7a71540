import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CARD_MESSAGES } from "~/models/card";
import { CHARGE_DECLINED_TEST_NUMBER } from "~/services/adapters/payments/test-vault.server";
import type { PaymentGateway } from "~/services/adapters/payments/payment-gateway";
import { recoverPendingOrders } from "~/services/checkout/order-confirmation.server";
import { paymentKey } from "~/models/order-plan";
import { PLACE_ORDER_MESSAGES, placeOrder, type PlaceOrderInput } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  customers,
  emailOutbox,
  lineItemGroups,
  orderGroups,
  orders,
  skus,
  subscriptions,
  testVaultCharges,
} from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { readyToOrder } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, runThroughMiddleware } from "../setup/test-context";
import * as devOrders from "~/routes/dev.orders";

// Charging outside the order's transaction (decision 29): reserve, charge, confirm — and what happens when a process
// stops between the steps, or the card is declined.

let database: DatabaseHandle & { url?: string };
let services: AppServices;
let slot = 60;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const ready = (options: { cardNumber?: string; frequencyDays?: number } = {}) =>
  readyToOrder(services, { slot: slot++, stock: 50, quantity: 2, ...options });

async function stockOf(upc: string): Promise<number> {
  const [row] = await database.db.select({ stock: skus.stockQuantity }).from(skus).where(eq(skus.upc, upc));
  return row!.stock;
}
async function ordersFor(input: PlaceOrderInput) {
  return database.db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
}
async function chargesFor(order: { idempotencyKey: string; orderNumber: string }) {
  return database.db
    .select()
    .from(testVaultCharges)
    .where(eq(testVaultCharges.idempotencyKey, paymentKey(order)));
}
async function confirmationsTo(email: string) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "order-confirmation")));
}
async function cartGroups(cartId: string) {
  return database.db.select().from(lineItemGroups).where(eq(lineItemGroups.cartId, cartId));
}

/** The vault, but the answer is lost right after the charge was made (before placeOrder can confirm). */
function dyingAfterCharge(): PaymentGateway {
  return {
    ...services.payments,
    async charge(token, amountCents, key) {
      await services.payments.charge(token, amountCents, key);
      throw new Error("process killed after the charge");
    },
  };
}

/** The recovery job as the queue runs it, without its grace period (the test's reservations are seconds old). */
const recoverNow = () => recoverPendingOrders(services, { graceSeconds: 0 });

describe("reserve, charge, confirm", () => {
  it("a placed order is paid, with its groups, its e-mail, one charge, and the cart emptied", async () => {
    const { input, right, cartId, customer } = await ready({ frequencyDays: 30 });
    const result = await placeOrder(services, input);
    expect(result).toMatchObject({ ok: true, created: true });
    const [order] = await ordersFor(input);
    expect(order).toMatchObject({ paymentState: "paid", pendingPlan: null, pendingSince: null });
    const [charge] = await chargesFor(order!);
    expect(order!.chargeId).toBe(charge!.chargeId);
    expect(charge!.amountCents).toBe(order!.totalCents - order!.creditCents);
    expect(await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, order!.id))).toHaveLength(1);
    expect(
      await database.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order!.id)),
    ).toHaveLength(1);
    expect(await confirmationsTo(customer.email)).toHaveLength(1);
    expect(await cartGroups(cartId)).toEqual([]);
    expect(await stockOf(right)).toBe(48);
  });

  it("a declined card gives back the stock and the store credit, keeps the cart, and leaves no order", async () => {
    const { input, right, cartId, customer } = await ready({ cardNumber: CHARGE_DECLINED_TEST_NUMBER });
    await database.db.update(customers).set({ creditCents: 500 }).where(eq(customers.id, customer.id));
    expect(await placeOrder(services, input)).toEqual({
      ok: false,
      reason: "declined",
      message: CARD_MESSAGES.declined,
    });
    expect(await ordersFor(input)).toEqual([]);
    expect(await stockOf(right)).toBe(50);
    const [after] = await database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(after!.creditCents).toBe(500);
    expect(await cartGroups(cartId)).toHaveLength(1);
    expect(await confirmationsTo(customer.email)).toEqual([]);
  });

  it("a second order from the same cart waits for the first one's charge", async () => {
    const { input } = await ready();
    const paused: PaymentGateway = {
      ...services.payments,
      charge: () => Promise.reject(new Error("no answer from the provider")),
    };
    expect(await placeOrder({ ...services, payments: paused }, input)).toEqual({
      ok: false,
      reason: "in-progress",
      message: PLACE_ORDER_MESSAGES.inProgress,
    });
    const other = await placeOrder(services, { ...input, idempotencyKey: randomUUID() });
    expect(other).toEqual({ ok: false, reason: "in-progress", message: PLACE_ORDER_MESSAGES.inProgress });
    // The provider never charged it: recovery releases it, and the cart can be ordered again.
    expect(await recoverNow()).toMatchObject({ released: 1 });
    expect(await placeOrder(services, { ...input, idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
  });
});

describe("recovery of an order whose request stopped", () => {
  it("charged, then the process died: recovery confirms it — one order, one charge, one e-mail", async () => {
    const { input, right, cartId, customer } = await ready();
    expect(await placeOrder({ ...services, payments: dyingAfterCharge() }, input)).toMatchObject({
      reason: "in-progress",
    });
    const [pending] = await ordersFor(input);
    expect(pending).toMatchObject({ paymentState: "pending", chargeId: "pending" });
    // Nobody's order yet: not in the history, no e-mail; the stock is held.
    expect(await confirmationsTo(customer.email)).toEqual([]);
    expect(await stockOf(right)).toBe(48);
    // Recent reservations are left to their own request.
    expect(await recoverPendingOrders(services)).toMatchObject({ found: 0 });

    expect(await recoverNow()).toMatchObject({ found: 1, confirmed: 1, released: 0 });
    const [paid] = await ordersFor(input);
    const charges = await chargesFor(paid!);
    expect(charges).toHaveLength(1);
    expect(paid).toMatchObject({ paymentState: "paid", chargeId: charges[0]!.chargeId });
    expect(await confirmationsTo(customer.email)).toHaveLength(1);
    expect(await cartGroups(cartId)).toEqual([]);
    expect(await stockOf(right)).toBe(48);

    // The shopper presses 'Place order' again with the same form: the same order, no second charge.
    expect(await placeOrder(services, input)).toEqual({ ok: true, orderNumber: paid!.orderNumber, created: false });
    expect(await ordersFor(input)).toHaveLength(1);
    expect(await chargesFor(paid!)).toHaveLength(1);
    expect(await recoverNow()).toMatchObject({ found: 0 });
  });

  it("charged, then the process died, then the shopper resubmitted before recovery: one order, one charge", async () => {
    const { input, customer } = await ready();
    expect(await placeOrder({ ...services, payments: dyingAfterCharge() }, input)).toMatchObject({
      reason: "in-progress",
    });
    const again = await placeOrder(services, input);
    expect(again).toMatchObject({ ok: true });
    const [paid] = await ordersFor(input);
    expect(paid).toMatchObject({ paymentState: "paid" });
    expect(await chargesFor(paid!)).toHaveLength(1);
    expect(await confirmationsTo(customer.email)).toHaveLength(1);
    expect(await recoverNow()).toMatchObject({ found: 0 });
  });

  it("stopped before the charge: recovery releases it, the stock returns and the cart is kept", async () => {
    const { input, right, cartId } = await ready();
    const silent: PaymentGateway = {
      ...services.payments,
      charge: () => Promise.reject(new Error("process killed before the charge")),
    };
    expect(await placeOrder({ ...services, payments: silent }, input)).toMatchObject({ reason: "in-progress" });
    expect(await stockOf(right)).toBe(48);
    expect(await recoverNow()).toMatchObject({ found: 1, confirmed: 0, released: 1 });
    expect(await ordersFor(input)).toEqual([]);
    expect(await stockOf(right)).toBe(50);
    expect(await cartGroups(cartId)).toHaveLength(1);
  });
});

describe("the dev orders page", () => {
  it("shows a pending order as 'Payment pending' and settles it with 'Settle pending payments'", async () => {
    const { input } = await ready();
    await placeOrder({ ...services, payments: dyingAfterCharge() }, input);
    const [pending] = await ordersFor(input);
    const page = (await devOrders.loader({
      request: new Request("http://store.test/dev/orders"),
      params: {},
      context: await createRequestContext(services, new Request("http://store.test/dev/orders")),
    } as never)) as Awaited<ReturnType<typeof devOrders.loader>>;
    const row = page.orders.find((order) => order.orderNumber === pending!.orderNumber);
    expect(row).toMatchObject({ paymentPending: true, can: { verify: false, ship: false, deliver: false } });

    const request = new Request("http://store.test/dev/orders", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "settle-payments" }).toString(),
    });
    const response = await runThroughMiddleware(services, request, async (context) =>
      devOrders.action({ request, params: {}, context } as never),
    );
    expect(response.status).toBe(303);
    const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
    expect(await services.sessions.readToast(cookies.join("; "))).toMatchObject({
      kind: "success",
      message: expect.stringMatching(/^Pending payments: [1-9][0-9]* confirmed \(charged\)/),
    });
    const [paid] = await ordersFor(input);
    expect(paid).toMatchObject({ paymentState: "paid" });
  });
});

const postgresUrl = inject("postgresTemplateUrl");

describe.skipIf(!postgresUrl)("a server process killed between charge and confirm (Postgres)", () => {
  it("leaves a pending order that the recovery job confirms: one order and one charge", async () => {
    const { input, cartId, customer } = await ready();
    const url = database.url;
    expect(url, "the test database's URL").toBeTruthy();
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/setup/crash-after-charge.ts", JSON.stringify(input)],
      {
        env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += String(chunk)));
    child.stderr.on("data", (chunk) => (output += String(chunk)));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on("exit", (_code, sig) => resolve(sig)),
    );
    expect(signal, output).toBe("SIGKILL");
    expect(output).toContain('charged {"ok":true');

    const [pending] = await ordersFor(input);
    expect(pending).toMatchObject({ paymentState: "pending" });
    expect(await chargesFor(pending!)).toHaveLength(1);

    expect(await recoverNow()).toMatchObject({ confirmed: 1 });
    const [paid] = await ordersFor(input);
    const charges = await chargesFor(paid!);
    expect(charges).toHaveLength(1);
    expect(paid).toMatchObject({ paymentState: "paid", chargeId: charges[0]!.chargeId });
    expect(await confirmationsTo(customer.email)).toHaveLength(1);
    expect(await cartGroups(cartId)).toEqual([]);
  });
});
