import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_MESSAGES } from "~/models/card";
import { RAPID_REORDER_MESSAGES } from "~/models/rapid-reorder";
import { addDays, businessToday } from "~/models/subscription";
import { action, loader } from "~/routes/rapid-reorder";
import { createAddress } from "~/services/accounts/addresses.server";
import { createAuthSession, createCustomer, type Customer } from "~/services/accounts/auth/accounts.server";
import { CHARGE_DECLINED_TEST_NUMBER } from "~/services/adapters/payments/test-vault.server";
import { saveCard } from "~/services/checkout/payment-methods.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { carts, lineItems, orderGroups, orders, prescriptions, products, skus } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { isDataWithInit, readyToOrder, TEST_ADDRESS, TORIC } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// The rapid reorder (issue 17, decision 34) through the request path the server takes: the root middleware (cookie
// session, signed-in customer) around the route's loader and action, against PGlite. A customer's last order is placed
// with checkout's placeOrder first; the page reads it back and places it again the same way.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

let slot = 0;

/** A signed-in browser (a cookie jar kept across requests). */
class Browser {
  cookies = new Map<string, string>();

  static async signedIn(customer: Customer) {
    const browser = new Browser();
    const token = await createAuthSession(database.db, customer.id, "guest", false);
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", token);
    browser.keep((await services.sessions.commitSession(session)).split(";")[0]!);
    return browser;
  }

  keep(pair: string) {
    this.cookies.set(pair.slice(0, pair.indexOf("=")), pair);
  }

  async send(method: "GET" | "POST", path: string, body?: Record<string, string>) {
    const request = new Request(`http://store.test${path}`, {
      method,
      body: body ? new URLSearchParams(body).toString() : undefined,
      headers: {
        Cookie: [...this.cookies.values()].join("; "),
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    const route = method === "GET" ? loader : action;
    let result: unknown;
    const response = await runThroughMiddleware(services, request, async (context) => {
      result = await settle(() => route({ request, params: {}, context } as never) as never);
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    });
    for (const header of response.headers.getSetCookie()) this.keep(header.split(";")[0]!);
    return { response, result };
  }

  async page(path = "/rapid-reorder") {
    const { result } = await this.send("GET", path);
    return result as Awaited<ReturnType<typeof loader>>;
  }

  async ready(path = "/rapid-reorder") {
    const page = await this.page(path);
    if (!page.ready) throw new Error(`not ready: ${page.problem.message}`);
    return page;
  }

  post(body: Record<string, string>) {
    return this.send("POST", "/rapid-reorder", body);
  }
}

/** A customer whose last order is a toric lens for both eyes (1 box each), with a saved address and card. */
async function customerWithOrder(options: { stock?: number } = {}) {
  const ready = await readyToOrder(services, { slot: slot++, stock: options.stock ?? 50 });
  // The lines carry their SKUs' real parameters, as a product page's order does (the wallet re-matches them).
  for (const upc of [ready.right, ready.left]) {
    const [sku] = await database.db.select({ parameters: skus.parameters }).from(skus).where(eq(skus.upc, upc));
    await database.db
      .update(lineItems)
      .set({ selectedParameters: sku!.parameters })
      .where(and(eq(lineItems.groupId, ready.groupId), eq(lineItems.upc, upc)));
  }
  const placed = await placeOrder(services, ready.input);
  if (!placed.ok) throw new Error(placed.message);
  const { verificationStatus: _status, addressId: _id, ...fields } = TEST_ADDRESS;
  const address = await createAddress(database.db, ready.customer.id, { ...fields, country: "US" });
  const browser = await Browser.signedIn(ready.customer);
  return { ...ready, orderNumber: placed.orderNumber, address, browser, cardId: ready.input.paymentMethodId };
}

/** The form a page's 'Place order' (or 'Update totals') posts, for its state as rendered. */
function formOf(page: Awaited<ReturnType<Browser["ready"]>>, intent: "place-order" | "update-totals") {
  const body: Record<string, string> = {
    intent,
    idempotencyKey: page.idempotencyKey,
    shown: page.shown,
    addressId: String(page.choice.addressId),
    shippingLevel: String(page.choice.shippingLevel),
    paymentMethodId: String(page.choice.paymentMethodId),
  };
  page.choice.quantities.forEach((quantity, index) => (body[`quantities[${index}]`] = String(quantity)));
  return body;
}

function replyOf(result: unknown) {
  expect(isDataWithInit(result), "a Conform reply with a status").toBe(true);
  const { data, init } = result as {
    data: { result: { error?: Record<string, string[] | null> } };
    init: ResponseInit;
  };
  return { status: init.status, errors: data.result.error ?? {} };
}

async function orderCount(customerId: number) {
  const [row] = await database.db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId));
  return row!.n;
}

describe("rapid reorder: who and what", () => {
  it("sends a signed-out shopper to sign in, returning to the page", async () => {
    const { response } = await new Browser().send("GET", "/rapid-reorder");
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("Location")!, "http://store.test");
    expect(location.searchParams.get("signin")).toBe("sign-in");
    expect(location.toString()).toContain("rapid-reorder");
  });

  it("says there is nothing to reorder before the first order", async () => {
    const customer = await createCustomer(database.db, {
      email: `rapid.none.${Date.now()}@example.com`,
      firstName: "Ann",
      lastName: "Lee",
    });
    const page = await (await Browser.signedIn(customer)).page();
    expect(page).toMatchObject({ ready: false, problem: { message: RAPID_REORDER_MESSAGES.noOrder } });
  });

  it("offers the exam and an upload when the prescription has expired", async () => {
    const { customer, browser } = await customerWithOrder();
    await database.db
      .update(prescriptions)
      .set({ expirationDate: addDays(businessToday(), -1) })
      .where(eq(prescriptions.customerId, customer.id));
    const page = await browser.page();
    if (page.ready) throw new Error("expected the expired message");
    expect(page.problem.message).toBe(RAPID_REORDER_MESSAGES.prescriptionExpired("Ann Lee"));
    expect(page.problem.links.map((link) => link.to)).toEqual(["/exam", "/upload-rx"]);
  });

  it("names a lens that sold out, and one no longer sold", async () => {
    const { right, browser } = await customerWithOrder();
    await database.db.update(skus).set({ stockQuantity: 0 }).where(eq(skus.upc, right));
    const soldOut = await browser.page();
    expect(soldOut.ready ? null : soldOut.problem.message).toBe(RAPID_REORDER_MESSAGES.outOfStock([TORIC.displayName]));
    await database.db.update(products).set({ discontinuedInCatalog: true }).where(eq(products.id, TORIC.productId));
    try {
      const gone = await browser.page();
      expect(gone.ready ? null : gone.problem.message).toContain("is no longer available");
    } finally {
      await database.db.update(products).set({ discontinuedInCatalog: false }).where(eq(products.id, TORIC.productId));
    }
  });

  it("shows the last order's lenses, quantities and totals, and writes nothing", async () => {
    const { browser, address, cardId } = await customerWithOrder();
    const [before] = await database.db.select({ n: count() }).from(carts);
    const page = await browser.ready();
    const [after] = await database.db.select({ n: count() }).from(carts);
    expect(after!.n).toBe(before!.n);
    expect(page.choice).toEqual({
      quantities: [1, 1],
      addressId: address.id,
      shippingLevel: 0,
      paymentMethodId: cardId,
    });
    expect(page.groups).toHaveLength(1);
    expect(page.groups[0]!.heading).toBe("Contact lenses for Ann Lee");
    expect(page.groups[0]!.lines.map((line) => line.eyeLabel)).toEqual(["Right eye (OD)", "Left eye (OS)"]);
    expect(page.lineOptions[0]).toContain(0);
    const twoBoxes = await browser.ready(`/rapid-reorder?q=2.1&address=${address.id}&shipping=1&card=${cardId}`);
    expect(twoBoxes.choice.quantities).toEqual([2, 1]);
    expect(twoBoxes.totals!.summary.subTotal).toBe((page.totals!.summary.subTotal / 2) * 3);
    expect(twoBoxes.totals!.summary.shipping).toBeGreaterThanOrEqual(0);
  });
});

describe("rapid reorder: the form", () => {
  it("checks quantities with the page's schema and keeps the state in the URL", async () => {
    const { browser, address, cardId } = await customerWithOrder();
    const page = await browser.ready();
    const bad = replyOf((await browser.post({ ...formOf(page, "update-totals"), "quantities[0]": "3" })).result);
    expect(bad.status).toBe(400);
    expect(bad.errors["quantities[0]"]).toEqual([RAPID_REORDER_MESSAGES.chooseQuantity]);
    const none = replyOf(
      (await browser.post({ ...formOf(page, "update-totals"), "quantities[0]": "0", "quantities[1]": "0" })).result,
    );
    expect(none.errors[""]).toEqual([RAPID_REORDER_MESSAGES.nothingChosen]);
    const { response } = await browser.post({ ...formOf(page, "update-totals"), "quantities[0]": "2" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(
      `/rapid-reorder?q=2.1&address=${address.id}&shipping=0&card=${cardId}`,
    );
  });

  it("refuses another customer's address and card ids with a message, placing nothing", async () => {
    const mine = await customerWithOrder();
    const theirs = await customerWithOrder();
    const page = await mine.browser.ready();
    const { result } = await mine.browser.post({
      ...formOf(page, "place-order"),
      addressId: String(theirs.address.id),
      paymentMethodId: String(theirs.cardId),
    });
    const refused = replyOf(result);
    expect(refused.status).toBe(400);
    expect(refused.errors.addressId).toEqual([RAPID_REORDER_MESSAGES.chooseAddress]);
    expect(refused.errors.paymentMethodId).toEqual([CARD_MESSAGES.cardGone]);
    expect(await orderCount(mine.customer.id)).toBe(1);
    // A URL naming them shows the customer's own instead.
    const viaUrl = await mine.browser.ready(
      `/rapid-reorder?q=1.1&address=${theirs.address.id}&shipping=0&card=${theirs.cardId}`,
    );
    expect(viaUrl.choice.addressId).toBe(mine.address.id);
    expect(viaUrl.choice.paymentMethodId).toBe(mine.cardId);
  });

  it("shows new totals instead of placing when the choices changed since they were shown", async () => {
    const { browser, customer } = await customerWithOrder();
    const page = await browser.ready();
    const { response } = await browser.post({ ...formOf(page, "place-order"), "quantities[1]": "2" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toContain("q=1.2");
    expect(await orderCount(customer.id)).toBe(1);
  });

  it("places the order as checkout does; a double submit gives one order", async () => {
    const { browser, customer, right, left } = await customerWithOrder({ stock: 30 });
    const page = await browser.ready();
    const form = formOf(page, "place-order");
    const [cartsBefore] = await database.db.select({ n: count() }).from(carts);
    const [first, second] = await Promise.all([browser.post(form), browser.post(form)]);
    const third = await browser.post(form);
    const locations = [first, second, third].map(({ response }) => response.headers.get("Location"));
    expect(locations[0]).toMatch(/^\/thank-you\?oid=LL\d{8}$/);
    expect(new Set(locations).size).toBe(1);
    expect(await orderCount(customer.id)).toBe(2);

    const orderNumber = new URL(locations[0]!, "http://store.test").searchParams.get("oid")!;
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order!.totalCents).toBe(page.totals!.summary.totalAmount);
    expect(order!.paymentState).toBe("paid");
    const stock = await database.db.select({ upc: skus.upc, n: skus.stockQuantity }).from(skus);
    // 30, less the first order's box and this one's, per eye.
    expect(stock.find((row) => row.upc === right)!.n).toBe(28);
    expect(stock.find((row) => row.upc === left)!.n).toBe(28);
    // The same wallet prescription, brought up to date with this order; the same patient.
    const groups = await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, order!.id));
    expect(groups).toHaveLength(1);
    expect(groups[0]!.patient).toMatchObject({ firstName: "Ann", lastName: "Lee" });
    const wallet = await database.db.select().from(prescriptions).where(eq(prescriptions.customerId, customer.id));
    expect(wallet).toHaveLength(1);
    expect(groups[0]!.prescriptionId).toBe(wallet[0]!.id);
    // The carts the orders were placed from are gone.
    const [cartsAfter] = await database.db.select({ n: count() }).from(carts);
    expect(cartsAfter!.n).toBe(cartsBefore!.n);
  });

  it("says the card was declined as checkout does, and places nothing", async () => {
    const { browser, customer } = await customerWithOrder();
    const declining = await saveCard(services, customer.id, {
      number: CHARGE_DECLINED_TEST_NUMBER,
      nameOnCard: "Ann Lee",
      expirationMonth: 12,
      expirationYear: new Date().getFullYear() + 3,
      cvv: "123",
      billingAddress: { address1: "12 Main St", city: "Boise", state: "ID", postalCode: "83702" },
    });
    if (!declining.ok) throw new Error("card not saved");
    const page = await browser.ready();
    const { result } = await browser.post({
      ...formOf(page, "place-order"),
      paymentMethodId: String(declining.card.id),
    });
    const refused = replyOf(result);
    expect(refused.status).toBe(400);
    expect(refused.errors[""]).toEqual([CARD_MESSAGES.declined]);
    const paid = await database.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), eq(orders.paymentState, "paid")));
    expect(paid[0]!.n).toBe(1);
  });
});
