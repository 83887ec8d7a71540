import { and, asc, eq, inArray, like } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_MESSAGES } from "~/models/card";
import { formatCents } from "~/models/catalog";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import CheckoutPage, { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import ThankYouPage, { loader as thankYouLoader } from "~/routes/thank-you";
import type { PaymentGateway } from "~/services/adapters/payments/payment-gateway";
import { createTestVault } from "~/services/adapters/payments/test-vault.server";
import { createAuthSession, createCustomer, type Customer } from "~/services/accounts/auth/accounts.server";
import { addGroup, createCart } from "~/services/cart/cart.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  carts,
  coupons,
  customers,
  emailOutbox,
  lineItemGroups,
  orderGroups,
  orderLines,
  orders,
  paymentMethods,
  productPrices,
  rateLimitEvents,
  skus,
  testVaultCharges,
} from "~/services/db/schema";
import { saveCard } from "~/services/checkout/payment-methods.server";
import { placeOrder, PLACE_ORDER_MESSAGES } from "~/services/checkout/place-order.server";
import { customerGroupsFor, issueUniqueCoupon } from "~/services/cart/promotions.server";
import {
  cardForm,
  insertTestDoctor,
  isDataWithInit,
  SOLUTION,
  TEST_ADDRESS,
  TORIC,
  toricSkuPair,
  VISA,
} from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// Checkout, the card wallet and placing an order (issue 6), through the request path the server takes: the root
// middleware (cookie session, signed-in customer) around the checkout and thank-you routes, against PGlite.

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

const toricSkus = (stock = 50) => toricSkuPair(database.db, counter % 20, stock);
async function stockOf(upc: string): Promise<number> {
  const [row] = await database.db.select({ stock: skus.stockQuantity }).from(skus).where(eq(skus.upc, upc));
  return row!.stock;
}

/** A signed-in browser: a customer, their cart, and a cookie jar kept across requests. */
class Buyer {
  cookies = new Map<string, string>();
  constructor(
    readonly customer: Customer,
    readonly cartId: string,
  ) {}

  static async create(options: { cart?: "ready" | "empty"; customer?: Customer } = {}) {
    counter++;
    const customer =
      options.customer ??
      (await createCustomer(database.db, { email: `buyer.${counter}@example.com`, firstName: "Ann", lastName: "Lee" }));
    const cartId = await createCart(database.db, customer.id);
    const buyer = new Buyer(customer, cartId);
    const token = await createAuthSession(database.db, customer.id, "guest", false);
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", token);
    session.set("cartId", cartId);
    buyer.keepCookie((await services.sessions.commitSession(session)).split(";")[0]!);
    return buyer;
  }

  keepCookie(pair: string) {
    const name = pair.slice(0, pair.indexOf("="));
    this.cookies.set(name, pair);
  }

  get cookieHeader() {
    return [...this.cookies.values()].join("; ");
  }

  /** A lens group for both eyes (patient, doctor) and the shipping address: the cart checkout expects. */
  async fillCart(options: { stock?: number; quantity?: number; patient?: boolean; doctor?: boolean } = {}) {
    const [right, left] = await toricSkus(options.stock ?? 50);
    const quantity = options.quantity ?? 2;
    const groupId = await addGroup(database.db, this.cartId, {
      type: "Lens",
      autoReorderFrequencyDays: null,
      items: [
        { whichEye: "right", productId: TORIC.productId, upc: right, quantity, parameters: { power: "-1.00" } },
        { whichEye: "left", productId: TORIC.productId, upc: left, quantity, parameters: { power: "-1.25" } },
      ],
    });
    await database.db
      .update(lineItemGroups)
      .set({
        patient: options.patient === false ? null : { firstName: "Ann", lastName: "Lee" },
        doctorId: options.doctor === false ? null : doctorId,
      })
      .where(eq(lineItemGroups.id, groupId));
    await database.db.update(carts).set({ shippingAddress: TEST_ADDRESS }).where(eq(carts.id, this.cartId));
    return { groupId, right, left, quantity };
  }

  async send(method: "GET" | "POST", path: string, route: (args: never) => unknown, body?: Record<string, string>) {
    const request = new Request(`http://store.test${path}`, {
      method,
      body: body ? new URLSearchParams(body).toString() : undefined,
      headers: {
        Cookie: this.cookieHeader,
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    let result: unknown;
    const response = await runThroughMiddleware(services, request, async (context) => {
      result = await settle(() => route({ request, params: {}, context } as never) as never);
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    });
    for (const header of response.headers.getSetCookie()) this.keepCookie(header.split(";")[0]!);
    return { response, result, text: await response.clone().text() };
  }

  checkout() {
    return this.send("GET", "/checkout", checkoutLoader);
  }

  post(body: Record<string, string>) {
    return this.send("POST", "/checkout", checkoutAction, body);
  }

  saveCard(overrides: Record<string, string> = {}) {
    return this.post({ intent: "save-card", ...cardForm(overrides) });
  }

  async savedCardId(): Promise<number> {
    if (!(await this.cards()).length) expect((await this.saveCard()).response.status).toBe(303);
    return (await this.cards())[0]!.id;
  }

  cards() {
    return database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.customerId, this.customer.id))
      .orderBy(asc(paymentMethods.id));
  }

  async placeOrder(key: string = crypto.randomUUID()) {
    const paymentMethodId = String(await this.savedCardId());
    return this.post({ intent: "place-order", idempotencyKey: key, paymentMethodId });
  }

  async session() {
    return (await services.sessions.getSession(this.cookies.get(services.sessions.cookieName) ?? null)).session;
  }

  /** The toast the next page would show (its own cookie). */
  toast() {
    return services.sessions.readToast(this.cookies.get("toast") ?? null);
  }
}

/** A refused form's reply: which form, the errors by field ("" holds the form's own), the last four shown. */
function replyOf(result: unknown) {
  expect(isDataWithInit(result), "a Conform reply with a status").toBe(true);
  const { data, init } = result as {
    data: {
      form: string;
      enteredLastFour: string | null;
      result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
    };
    init: ResponseInit;
  };
  return { status: init.status, form: data.form, errors: data.result.error ?? {}, data };
}

const location = (response: Response) => response.headers.get("Location");

describe("saving a card (intent=save-card)", () => {
  it("keeps only the vault token, brand, last four and expiry; the first card is preferred", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart();
    const { response, text } = await buyer.saveCard({ cardNumber: "4242 4242 4242 4242", cvv: "987" });
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/checkout");
    const [card] = await buyer.cards();
    expect(card).toMatchObject({
      brand: "Visa",
      lastFour: "4242",
      expirationMonth: 12,
      expirationYear: new Date().getFullYear() + 3,
      nameOnCard: "Ann Lee",
      billingPostalCode: "83702",
      isPreferred: true,
    });
    expect(card!.paymentToken).toMatch(/^tok_test_[0-9a-f]{32}$/);
    const stored = JSON.stringify(card);
    expect(stored).not.toContain(VISA);
    // The CVV in no field; the random token and the timestamps may hold those digits by chance (a flaky check before).
    const fields = Object.entries(card!).filter(([name, value]) => name !== "paymentToken" && !(value instanceof Date));
    expect(JSON.stringify(fields)).not.toContain("987");
    expect(text).not.toContain(VISA);
    expect(await buyer.toast()).toMatchObject({ message: "Visa ending in 4242 saved." });

    // A second card is not preferred; the selected card stays the preferred one.
    expect((await buyer.saveCard({ cardNumber: "5555 5555 5555 4444" })).response.status).toBe(303);
    const cards = await buyer.cards();
    expect(cards.map((row) => [row.brand, row.isPreferred])).toEqual([
      ["Visa", true],
      ["MasterCard", false],
    ]);
    const { result } = await buyer.checkout();
    const page = result as Awaited<ReturnType<typeof checkoutLoader>>;
    expect(page.selectedCardId).toBe(cards[0]!.id);
    expect(JSON.stringify(page)).not.toContain("tok_test_");
  });

  it.each([
    ["5555555555554444", "123", "MasterCard", "4444"],
    ["2223003122003222", "123", "MasterCard", "3222"],
    ["378282246310005", "1234", "AmericanExpress", "0005"],
    ["6011111111111117", "123", "Discover", "1117"],
    ["4000056655665556", "123", "Visa", "5556"],
  ])("saves %s as %s", async (number, cvv, brand, last) => {
    const buyer = await Buyer.create();
    await buyer.fillCart();
    expect((await buyer.saveCard({ cardNumber: number, cvv })).response.status).toBe(303);
    expect(await buyer.cards()).toMatchObject([{ brand, lastFour: last }]);
  });

  it("answers a number failing the mod-10 check with 'Invalid card', and never echoes the number or CVV", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart();
    const { result, text } = await buyer.saveCard({ cardNumber: "4242 4242 4242 4241", cvv: "321" });
    const reply = replyOf(result);
    expect(reply.status).toBe(400);
    expect(reply.form).toBe("card");
    expect(reply.errors.cardNumber).toEqual([CARD_MESSAGES.invalidCard]);
    expect(reply.data.enteredLastFour).toBe("4241");
    expect(text).not.toContain("4242 4242 4242 4241");
    expect(text).not.toContain("4242424242424241");
    expect(text).not.toContain("321");
    // The other fields are kept for the shopper.
    expect(reply.data.result.initialValue).toMatchObject({ nameOnCard: "Ann Lee", billingCity: "Boise" });
    expect(await buyer.cards()).toEqual([]);
  });

  it("renders the page after a failed save with only the last four, never the number or CVV", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart();
    const failed = await buyer.saveCard({ cardNumber: "4000 0000 0000 0002", cvv: "741" });
    const loaderData = (await buyer.checkout()).result;
    const Stub = createRoutesStub([{ id: "checkout", path: "/checkout", Component: CheckoutPage as never }]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/checkout"],
        hydrationData: {
          loaderData: { checkout: loaderData },
          actionData: { checkout: (failed.result as { data: unknown }).data },
        },
      }),
    );
    expect(html).toContain("You entered a card ending in <!-- -->0002");
    expect(html).toContain(CARD_MESSAGES.declined);
    expect(html).not.toMatch(/4000\D?0000\D?0000\D?0002/);
    expect(html).not.toContain('value="741"');
    expect(JSON.stringify(failed.result)).not.toContain('"741"');
    // The billing address and name typed are kept.
    expect(html).toContain('value="Ann Lee"');
  });

  it("gives blank fields their messages (400, nothing saved)", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart();
    const { result } = await buyer.saveCard({ cardNumber: "", nameOnCard: " ", cvv: "", billingPostalCode: "" });
    const reply = replyOf(result);
    expect(reply.status).toBe(400);
    expect(reply.errors).toMatchObject({
      cardNumber: [CARD_MESSAGES.numberRequired],
      nameOnCard: [CARD_MESSAGES.nameRequired],
      cvv: [CARD_MESSAGES.cvvRequired],
      billingPostalCode: ["Enter the ZIP or postal code."],
    });
    expect(await buyer.cards()).toEqual([]);
  });

  it("says an expired card has expired", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart();
    const reply = replyOf((await buyer.saveCard({ expirationMonth: "1", expirationYear: "2020" })).result);
    expect(reply.errors.expirationYear).toEqual([CARD_MESSAGES.expired]);
  });

  it.each(["4000000000000002", "4000000000009995", "4000000000000069", "4000000000000127"])(
    "declines the test number %s: 'Your card was declined.', nothing stored",
    async (number) => {
      const buyer = await Buyer.create();
      await buyer.fillCart();
      const { result, text } = await buyer.saveCard({ cardNumber: number });
      const reply = replyOf(result);
      expect(reply.status).toBe(400);
      expect(reply.errors[""]).toEqual([CARD_MESSAGES.declined]);
      expect(reply.data.enteredLastFour).toBe(number.slice(-4));
      expect(text).not.toContain(number);
      expect(await buyer.cards()).toEqual([]);
    },
  );
});

describe("the card lock", () => {
  it("refuses saving after 10 failures (in the database, with or without the cookie) and sets cardLock", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const { response, result } = await buyer.saveCard({ cardNumber: "4000000000000002" });
      // The failure that engages the lock already says so.
      expect(replyOf(result).errors[""]).toEqual([
        attempt < 10 ? CARD_MESSAGES.declined : CARD_MESSAGES.tooManyAttempts,
      ]);
      const lockCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("cardLock="));
      if (attempt < 10) expect(lockCookie).toBeUndefined();
      else expect(lockCookie).toMatch(/^cardLock=1; Max-Age=1800; Path=\/; HttpOnly; SameSite=Lax/);
    }
    // The 11th attempt, with a good card, is refused.
    const locked = replyOf((await buyer.saveCard()).result);
    expect(locked.errors[""]).toEqual([CARD_MESSAGES.tooManyAttempts]);
    expect(await buyer.cards()).toEqual([]);
    // Without the cookie the database still holds the lock, and the cookie is set again.
    buyer.cookies.delete("cardLock");
    const { response, result } = await buyer.saveCard();
    expect(replyOf(result).errors[""]).toEqual([CARD_MESSAGES.tooManyAttempts]);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("cardLock=1"))).toBe(true);
    const page = (await buyer.checkout()).result as Awaited<ReturnType<typeof checkoutLoader>>;
    expect(page.cardLocked).toBe(true);
  });

  it("refuses a customer with no failures while the lock cookie is present", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart();
    buyer.keepCookie("cardLock=1");
    expect(replyOf((await buyer.saveCard()).result).errors[""]).toEqual([CARD_MESSAGES.tooManyAttempts]);
    buyer.cookies.delete("cardLock");
    expect((await buyer.saveCard()).response.status).toBe(303);
  });

  it("forgets failures older than 30 minutes", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart();
    const old = new Date(Date.now() - 31 * 60 * 1000);
    await database.db
      .insert(rateLimitEvents)
      .values(
        Array.from({ length: 10 }, () => ({ bucket: `card-save:customer:${buyer.customer.id}`, occurredAt: old })),
      );
    expect((await buyer.saveCard()).response.status).toBe(303);
  });
});

describe("the checkout page", () => {
  it("shows the groups, the address, the cards and a fresh idempotency key", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart({ quantity: 3 });
    const first = (await buyer.checkout()).result as Awaited<ReturnType<typeof checkoutLoader>>;
    expect(first.showCardForm).toBe(true);
    expect(first.groups).toMatchObject([
      {
        heading: "Contact lenses for Ann Lee",
        doctor: "Dr. Rita Hale, Boise Eye Care · (208) 555-0101",
        items: [
          { eyeLabel: "OD", quantity: 3 },
          { eyeLabel: "OS", quantity: 3 },
        ],
      },
    ]);
    expect(first.addressLines).toEqual(["Ann Lee", "12 Main St", "Boise, ID 83702"]);
    expect(first.billingDefaults).toEqual({
      billingAddress1: "12 Main St",
      billingCity: "Boise",
      billingState: "ID",
      billingPostalCode: "83702",
    });
    expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const second = (await buyer.checkout()).result as Awaited<ReturnType<typeof checkoutLoader>>;
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it("sends the shopper back to the step still missing", async () => {
    const empty = await Buyer.create();
    expect(location((await empty.checkout()).response)).toBe("/cart");

    const noPatient = await Buyer.create();
    await noPatient.fillCart({ patient: false });
    expect(location((await noPatient.checkout()).response)).toBe("/patient");

    const noDoctor = await Buyer.create();
    await noDoctor.fillCart({ doctor: false });
    expect(location((await noDoctor.checkout()).response)).toBe("/doctor");

    const noAddress = await Buyer.create();
    await noAddress.fillCart();
    await database.db.update(carts).set({ shippingAddress: null }).where(eq(carts.id, noAddress.cartId));
    expect(location((await noAddress.checkout()).response)).toBe("/address");

    // Signed out: the address step is where a visitor signs in or gives a guest e-mail.
    const { session } = await services.sessions.getSession(null);
    session.set("cartId", noAddress.cartId);
    const request = new Request("http://store.test/checkout", {
      headers: { Cookie: (await services.sessions.commitSession(session)).split(";")[0]! },
    });
    const response = await runThroughMiddleware(services, request, async (context) => {
      const result = await settle(() => checkoutLoader({ request, params: {}, context } as never));
      return result instanceof Response ? result : Response.json(result);
    });
    expect(location(response)).toBe("/address");
  });

  it("changes the shipping method (intent=set-shipping) and refuses a bad one without a 500", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart();
    const { response } = await buyer.post({ intent: "set-shipping", shippingLevel: "1" });
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/checkout");
    const [cart] = await database.db.select().from(carts).where(eq(carts.id, buyer.cartId));
    expect(cart!.shippingLevel).toBe(1);
    expect(replyOf((await buyer.post({ intent: "set-shipping", shippingLevel: "9" })).result).status).toBe(400);
    expect(replyOf((await buyer.post({ intent: "nonsense" })).result).status).toBe(400);
  });
});

describe("placing an order (intent=place-order)", () => {
  it("places one order: rows, statuses, stock, an emptied cart, the e-mail and the thank-you redirect", async () => {
    const buyer = await Buyer.create();
    const { right, left, quantity } = await buyer.fillCart({ stock: 30, quantity: 2 });
    // A submit-and-skip group (prescription sent later) and a solution group come along.
    await addGroup(database.db, buyer.cartId, {
      type: "Lens",
      autoReorderFrequencyDays: null,
      items: [{ whichEye: "right", productId: TORIC.productId, upc: SUBMIT_AND_SKIP_UPC, quantity: 1, parameters: {} }],
    });
    const skipGroup = await database.db
      .select({ id: lineItemGroups.id })
      .from(lineItemGroups)
      .where(and(eq(lineItemGroups.cartId, buyer.cartId), eq(lineItemGroups.rxEntryType, "SubmitAndSkip")));
    await database.db
      .update(lineItemGroups)
      .set({ patient: { firstName: "Bo", lastName: "Lee" } })
      .where(eq(lineItemGroups.id, skipGroup[0]!.id));
    const checkout = (await buyer.checkout()).result as Awaited<ReturnType<typeof checkoutLoader>>;

    const { response } = await buyer.placeOrder(checkout.idempotencyKey);
    expect(response.status).toBe(303);
    const orderNumber = new URL(location(response)!, "http://store.test").searchParams.get("oid")!;
    expect(location(response)).toBe(`/thank-you?oid=${orderNumber}`);
    expect(orderNumber).toMatch(/^LL\d{8}$/);

    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order).toMatchObject({
      customerId: buyer.customer.id,
      statusCode: "",
      idempotencyKey: checkout.idempotencyKey,
      paymentBrand: "Visa",
      paymentLastFour: "4242",
      shippingAddress: TEST_ADDRESS,
      subtotalCents: checkout.orderSummary.subTotal,
      totalCents: checkout.orderSummary.totalAmount,
    });
    expect(order!.chargeId).toMatch(/^ch_test_/);
    const groups = await database.db
      .select()
      .from(orderGroups)
      .where(eq(orderGroups.orderId, order!.id))
      .orderBy(asc(orderGroups.position));
    expect(groups).toMatchObject([
      {
        type: "Lens",
        patient: { firstName: "Ann", lastName: "Lee" },
        doctor: { id: doctorId, firstName: "Rita", lastName: "Hale", clinicName: "Boise Eye Care" },
        rxEntryType: "Manual",
        prescriptionStatus: "PendingVerification",
      },
      {
        type: "Lens",
        patient: { firstName: "Bo" },
        rxEntryType: "SubmitAndSkip",
        prescriptionStatus: "PendingSubmission",
      },
    ]);
    const lines = await database.db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderGroupId,
          groups.map((group) => group.id),
        ),
      )
      .orderBy(asc(orderLines.id));
    const [price] = await database.db
      .select({ cents: productPrices.unitPriceCents })
      .from(productPrices)
      .where(and(eq(productPrices.productId, TORIC.productId), eq(productPrices.priceBook, "none")));
    expect(lines).toMatchObject([
      { whichEye: "right", upc: right, quantity, unitPriceCents: price!.cents, selectedParameters: { power: "-1.00" } },
      { whichEye: "left", upc: left, quantity, unitPriceCents: price!.cents },
      { whichEye: "right", upc: SUBMIT_AND_SKIP_UPC, quantity: 1 },
    ]);

    // Stock taken in the same transaction (the placeholder UPC is no SKU).
    expect(await stockOf(right)).toBe(30 - quantity);
    expect(await stockOf(left)).toBe(30 - quantity);
    // The cart lives on, empty.
    expect(await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.cartId, buyer.cartId))).toEqual([]);
    // The journey remembers the order and starts over.
    expect((await buyer.session()).get("journey")).toEqual({ placedOrderNumbers: [orderNumber] });

    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%${orderNumber}%`));
    expect(mail).toMatchObject({ kind: "order-confirmation", toAddress: buyer.customer.email });
    expect(mail!.textBody).toContain(TORIC.displayName);
    expect(mail!.textBody).toContain("12 Main St");
    expect(mail!.textBody).toContain("Contact lenses for Ann Lee");
    expect(mail!.textBody).toContain("Upload a photo of your prescription");
    expect(mail!.htmlBody).toContain(orderNumber);
  });

  it("gives one order and one charge for two submits of the same form", async () => {
    const buyer = await Buyer.create();
    const { right } = await buyer.fillCart({ stock: 10, quantity: 1 });
    const key = crypto.randomUUID();
    const first = await buyer.placeOrder(key);
    const second = await buyer.placeOrder(key);
    expect(first.response.status).toBe(303);
    expect(location(second.response)).toBe(location(first.response));
    expect(await database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
    expect(await stockOf(right)).toBe(9);
  });

  it("charges once when the same key is placed twice at the same moment", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart({ quantity: 1 });
    const cardId = await buyer.savedCardId();
    const charges: string[] = [];
    const vault = createTestVault({ db: database.db });
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
    const input = {
      cartId: buyer.cartId,
      customer: buyer.customer,
      idempotencyKey: crypto.randomUUID(),
      paymentMethodId: cardId,
      shopper: { customerId: buyer.customer.id, priceBook: "none" as const },
    };
    const results = await Promise.all([
      placeOrder({ ...services, payments }, input),
      placeOrder({ ...services, payments }, input),
    ]);
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    const numbers = new Set(results.map((result) => (result.ok ? result.orderNumber : null)));
    expect(numbers.size).toBe(1);
    // The twin that found the reservation may ask the vault too, under the same key: one charge either way.
    expect(new Set(charges).size).toBe(1);
    const ledger = await database.db
      .select()
      .from(testVaultCharges)
      .where(eq(testVaultCharges.idempotencyKey, charges[0]!));
    expect(ledger).toHaveLength(1);
    const [order] = await database.db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
    expect(order!.chargeId).toBe(ledger[0]!.chargeId);
    expect(results.filter((result) => result.ok && result.created)).toHaveLength(1);
  });

  it("records the store credit an order used, charges only the rest, and shows both", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart({ quantity: 1 });
    await database.db.update(customers).set({ creditCents: 2500 }).where(eq(customers.id, buyer.customer.id));
    const cardId = await buyer.savedCardId();
    const amounts: number[] = [];
    const vault = createTestVault({ db: database.db });
    const payments: PaymentGateway = {
      ...vault,
      tokenize: (card) => vault.tokenize(card),
      charge: (token, amount, key) => {
        amounts.push(amount);
        return vault.charge(token, amount, key);
      },
      findCharge: (key) => vault.findCharge(key),
      refund: (...args) => vault.refund(...args),
    };
    const result = await placeOrder(
      { ...services, payments },
      {
        cartId: buyer.cartId,
        customer: buyer.customer,
        idempotencyKey: crypto.randomUUID(),
        paymentMethodId: cardId,
        shopper: { customerId: buyer.customer.id, priceBook: "none" as const },
      },
    );
    expect(result.ok).toBe(true);
    const orderNumber = result.ok ? result.orderNumber : "";
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order!.creditCents).toBe(2500);
    expect(amounts).toEqual([order!.totalCents - 2500]);
    const [customer] = await database.db.select().from(customers).where(eq(customers.id, buyer.customer.id));
    expect(customer!.creditCents).toBe(0);

    const page = (await buyer.send("GET", `/thank-you?oid=${orderNumber}`, thankYouLoader)).result as Awaited<
      ReturnType<typeof thankYouLoader>
    >;
    expect(page.credit).toEqual({ used: "−$25.00", charged: formatCents(order!.totalCents - 2500) });
  });

  it("makes the customer a ReturningCustomer for promotions (deleted orders do not count)", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart({ quantity: 1 });
    expect(await customerGroupsFor(database.db, buyer.customer.id)).toEqual(["NewCustomer"]);
    const { response } = await buyer.placeOrder();
    expect(response.status).toBe(303);
    expect(await customerGroupsFor(database.db, buyer.customer.id)).toEqual(["ReturningCustomer"]);
    await database.db.update(orders).set({ statusCode: "-" }).where(eq(orders.customerId, buyer.customer.id));
    expect(await customerGroupsFor(database.db, buyer.customer.id)).toEqual(["NewCustomer"]);
    expect(await customerGroupsFor(database.db, null)).toEqual(["NewCustomer"]);
  });

  it("refuses a line that sold out meanwhile, naming it: no order, no stock taken, the cart kept", async () => {
    const buyer = await Buyer.create();
    const { right, left } = await buyer.fillCart({ stock: 5, quantity: 2 });
    await buyer.savedCardId();
    await database.db.update(skus).set({ stockQuantity: 1 }).where(eq(skus.upc, left));
    const key = crypto.randomUUID();
    const reply = replyOf((await buyer.placeOrder(key)).result);
    expect(reply.status).toBe(400);
    expect(reply.errors[""]).toEqual([PLACE_ORDER_MESSAGES.soldOut(TORIC.displayName)]);
    expect(await database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toEqual([]);
    expect(await stockOf(right)).toBe(5);
    expect(await stockOf(left)).toBe(1);
    expect(await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.cartId, buyer.cartId))).toHaveLength(
      1,
    );
  });

  it("rolls everything back when the charge is declined", async () => {
    const buyer = await Buyer.create();
    const { right } = await buyer.fillCart({ stock: 8, quantity: 1 });
    expect((await buyer.saveCard({ cardNumber: "4000000000000341" })).response.status).toBe(303);
    const key = crypto.randomUUID();
    const reply = replyOf((await buyer.placeOrder(key)).result);
    expect(reply.errors[""]).toEqual([CARD_MESSAGES.declined]);
    expect(await database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toEqual([]);
    expect(await stockOf(right)).toBe(8);
    expect(await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.cartId, buyer.cartId))).toHaveLength(
      1,
    );
  });

  it("refuses another customer's card and a missing one, without a 500", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart();
    const other = await Buyer.create();
    await other.fillCart();
    const othersCard = await other.savedCardId();
    const reply = replyOf(
      (
        await buyer.post({
          intent: "place-order",
          idempotencyKey: crypto.randomUUID(),
          paymentMethodId: String(othersCard),
        })
      ).result,
    );
    expect(reply.errors[""]).toEqual([CARD_MESSAGES.cardGone]);
    const missing = replyOf((await buyer.post({ intent: "place-order", idempotencyKey: crypto.randomUUID() })).result);
    expect(missing.errors.paymentMethodId).toEqual([CARD_MESSAGES.chooseCard]);
    const badKey = replyOf(
      (await buyer.post({ intent: "place-order", idempotencyKey: "1; drop table", paymentMethodId: "1" })).result,
    );
    expect(badKey.status).toBe(400);
  });

  it("refuses a missing patient or doctor that appeared after the page was shown", async () => {
    const buyer = await Buyer.create();
    const { groupId } = await buyer.fillCart();
    await buyer.savedCardId();
    await database.db.update(lineItemGroups).set({ doctorId: null }).where(eq(lineItemGroups.id, groupId));
    expect(replyOf((await buyer.placeOrder()).result).errors[""]).toEqual([PLACE_ORDER_MESSAGES.doctor]);
    await database.db.update(lineItemGroups).set({ patient: null }).where(eq(lineItemGroups.id, groupId));
    expect(replyOf((await buyer.placeOrder()).result).errors[""]).toEqual([PLACE_ORDER_MESSAGES.patient]);
  });

  it("spends a single-use coupon that paid for the order", async () => {
    const buyer = await Buyer.create();
    const issued = (await issueUniqueCoupon(database.db, "THANKS15", new Date()))!;
    // Enough solution for the coupon's minimum, alongside the lenses.
    const solutionSku = await database.db
      .select({ upc: skus.upc })
      .from(skus)
      .where(eq(skus.productId, SOLUTION.productId));
    await database.db.update(skus).set({ stockQuantity: 100 }).where(eq(skus.upc, solutionSku[0]!.upc));
    await addGroup(database.db, buyer.cartId, {
      type: "Solution",
      autoReorderFrequencyDays: null,
      items: [
        { whichEye: "none", productId: SOLUTION.productId, upc: solutionSku[0]!.upc, quantity: 10, parameters: {} },
      ],
    });
    await buyer.fillCart();
    const [coupon] = await database.db.select().from(coupons).where(eq(coupons.code, issued.couponCode));
    await database.db.update(carts).set({ couponId: coupon!.id }).where(eq(carts.id, buyer.cartId));
    await database.db.update(coupons).set({ redeemedCartId: buyer.cartId }).where(eq(coupons.id, coupon!.id));

    const { response } = await buyer.placeOrder();
    expect(response.status).toBe(303);
    const orderNumber = new URL(location(response)!, "http://store.test").searchParams.get("oid")!;
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order!.couponCode).toBe(issued.couponCode);
    expect(order!.discountCents).toBeGreaterThan(0);
    const [spent] = await database.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(spent!.redeemedCartId).toBe(`order:${orderNumber}`);
    const [cart] = await database.db.select().from(carts).where(eq(carts.id, buyer.cartId));
    expect(cart!.couponId).toBeNull();
  });
});

describe("the thank-you page", () => {
  it("shows the order to its owner and to the browser that placed it; anyone else gets a 404", async () => {
    const buyer = await Buyer.create();
    await buyer.fillCart();
    const { response } = await buyer.placeOrder();
    const path = location(response)!;
    const orderNumber = new URL(path, "http://store.test").searchParams.get("oid")!;

    const own = await buyer.send("GET", path, thankYouLoader);
    expect(own.response.status).toBe(200);
    const page = own.result as Awaited<ReturnType<typeof thankYouLoader>>;
    expect(page).toMatchObject({
      orderNumber,
      address: ["Ann Lee", "12 Main St", "Boise, ID 83702"],
      payment: "Visa ending in 4242",
      groups: [{ heading: "Contact lenses for Ann Lee", prescription: "Being verified with your doctor" }],
    });
    expect(page.nextSteps.length).toBeGreaterThan(0);
    const Stub = createRoutesStub([{ id: "thank-you", path: "/thank-you", Component: ThankYouPage as never }]);
    const html = renderToString(
      createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { "thank-you": page } } }),
    );
    expect(html).toContain(orderNumber);
    expect(html).toContain("What happens next");
    expect(html).toContain("Visa ending in 4242");

    const stranger = await Buyer.create();
    expect((await stranger.send("GET", path, thankYouLoader)).response.status).toBe(404);

    // The placing browser, signed out, still sees it (its journey lists the number).
    const { session } = await services.sessions.getSession(null);
    session.set("journey", { placedOrderNumbers: [orderNumber] });
    const browser = new Buyer(stranger.customer, stranger.cartId);
    browser.keepCookie((await services.sessions.commitSession(session)).split(";")[0]!);
    expect((await browser.send("GET", path, thankYouLoader)).response.status).toBe(200);

    expect((await buyer.send("GET", "/thank-you?oid=LL00000000", thankYouLoader)).response.status).toBe(404);
    expect((await buyer.send("GET", "/thank-you?oid=%3Cscript%3E", thankYouLoader)).response.status).toBe(404);
    expect((await buyer.send("GET", "/thank-you", thankYouLoader)).response.status).toBe(404);
  });
});

describe("saveCard (service)", () => {
  it("stores nothing for a card the vault declines or finds invalid", async () => {
    const customer = await createCustomer(database.db, { email: `svc.${++counter}@example.com` });
    const payments = createTestVault({ db: database.db });
    const card = {
      number: "4000000000009995",
      nameOnCard: "Ann Lee",
      expirationMonth: 12,
      expirationYear: new Date().getFullYear() + 1,
      cvv: "123",
      billingAddress: { address1: "1 Main St", city: "Boise", state: "ID", postalCode: "83702" },
    };
    expect(await saveCard({ db: database.db, payments }, customer.id, card)).toEqual({ ok: false, reason: "declined" });
    expect(await saveCard({ db: database.db, payments }, customer.id, { ...card, number: "4242424242424241" })).toEqual(
      {
        ok: false,
        reason: "invalid",
      },
    );
    expect(await saveCard({ db: database.db, payments }, customer.id, { ...card, cvv: "" })).toEqual({
      ok: false,
      reason: "invalid",
    });
    const rows = await database.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, customer.id));
    expect(rows).toEqual([]);
  });
});
