import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADDRESS_MESSAGES } from "~/models/address";
import { addDays, businessToday, reorderDateParts, SUBSCRIPTION_MESSAGES } from "~/models/subscription";
import * as detailsApi from "~/routes/api.autoReorder.$id";
import * as addressApi from "~/routes/api.autoReorder.$id.address";
import * as nextDateApi from "~/routes/api.autoReorder.$id.nextReorderDate";
import * as orderNowApi from "~/routes/api.autoReorder.$id.orderSubscriptionNow";
import * as paymentApi from "~/routes/api.autoReorder.$id.payment";
import * as quantityApi from "~/routes/api.autoReorder.$id.subscriptionQuantity";
import * as listApi from "~/routes/api.autoReorder";
import * as frequencyApi from "~/routes/api.autoReorder.frequency";
import type { AddressVerifier } from "~/services/adapters/address-verification/address-verifier";
import { createAuthSession, createCustomer, type Customer } from "~/services/accounts/auth/accounts.server";
import { addGroup, createCart } from "~/services/cart/cart.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  addresses,
  carts,
  lineItemGroups,
  orders,
  paymentMethods,
  skus,
  subscriptionItems,
  subscriptions,
} from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { saveCard } from "~/services/checkout/payment-methods.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { SubscriptionJson } from "~/services/api/subscriptions.server";
import { snoozeSubscription } from "~/services/subscriptions/subscriptions.server";
import type * as SubscriptionsModule from "~/services/subscriptions/subscriptions.server";
import { insertTestDoctor, TEST_ADDRESS } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { expectConforms } from "../setup/openapi-conformance";

// The subscriptions JSON API (spec 3 §7) through the request path the server takes: the root middleware (sign-in
// by cookie or bearer token) around each route's loader or action. Subscriptions come from real orders placed
// with auto-reorder, as checkout places them.

// The snooze is the real one unless a test makes the reorder date move between the route's read and its change.
vi.mock("~/services/subscriptions/subscriptions.server", async (importOriginal) => {
  const actual = await importOriginal<typeof SubscriptionsModule>();
  return { ...actual, snoozeSubscription: vi.fn(actual.snoozeSubscription) };
});

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

const bySlug = (vanityUrl: string) => seedProducts.find((product) => product.vanityUrl === vanityUrl)!;
const TORIC = bySlug("acuvue-oasys-for-astigmatism-6-pack");
const PRIVATE_LABEL = bySlug("lenslane-daily-30-pack");
const SOLUTION = bySlug("clear-care-plus-3-pack");

const NOT_FOUND = SUBSCRIPTION_MESSAGES.notFound;

// --- Customers and their subscriptions --------------------------------------------------------------------------

let counter = 0;

interface Shopper {
  customer: Customer;
  id: number;
  cookie: string;
  token: string;
}

/** A signed-in customer: a cookie for the browser, the same session token as a bearer for an API client. */
async function shopper(name = "Ann"): Promise<Shopper> {
  const customer = await createCustomer(database.db, {
    email: `${name.toLowerCase()}.${++counter}@example.com`,
    firstName: name,
    lastName: "Lee",
  });
  const token = await createAuthSession(database.db, customer.id, "guest", false);
  const { session } = await services.sessions.getSession(null);
  session.set("authSessionId", token);
  const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
  return { customer, id: customer.id, cookie, token };
}

function card(number = "4242 4242 4242 4242") {
  return {
    number,
    nameOnCard: "Ann Lee",
    expirationMonth: 12,
    expirationYear: new Date().getFullYear() + 3,
    cvv: number.replace(/\D/g, "").length === 15 ? "1234" : "123",
    billingAddress: { address1: "12 Main St", city: "Boise", postalCode: "83702", state: "ID" },
  };
}

/** A saved card of the customer's: its id and vault token. */
async function savedCard(owner: Shopper, number?: string) {
  const saved = await saveCard(services, owner.id, card(number));
  if (!saved.ok) throw new Error("the test vault refused the card");
  const [row] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.id, saved.card.id));
  return row!;
}

/** In-stock SKUs of a product (the first `count`). */
async function upcsOf(productId: number, count: number): Promise<string[]> {
  const rows = await database.db
    .select({ upc: skus.upc })
    .from(skus)
    .where(eq(skus.productId, productId))
    .orderBy(asc(skus.upc))
    .limit(count);
  for (const row of rows) {
    await database.db.update(skus).set({ stockQuantity: 1000, isActive: true }).where(eq(skus.upc, row.upc));
  }
  return rows.map((row) => row.upc);
}

/**
 * Places a real order whose group chose auto-reorder (as checkout does: the cart, the patient and doctor, the
 * address, a saved card) and gives back the subscription it created.
 */
async function subscribe(
  owner: Shopper,
  options: {
    product?: typeof TORIC;
    eyes?: Array<"right" | "left">;
    quantity?: number;
    frequencyDays?: number;
  } = {},
): Promise<number> {
  const product = options.product ?? TORIC;
  const quantity = options.quantity ?? 2;
  const cartId = await createCart(database.db, owner.id);
  const solution = product === SOLUTION;
  const eyes = options.eyes ?? ["right", "left"];
  const upcs = await upcsOf(product.productId, solution ? 1 : eyes.length);
  const items = solution
    ? [{ whichEye: "none" as const, productId: product.productId, upc: upcs[0]!, quantity, parameters: {} }]
    : eyes.map((whichEye, index) => ({
        whichEye,
        productId: product.productId,
        upc: upcs[index]!,
        quantity,
        parameters: { power: index === 0 ? "-1.00" : "-1.25" },
      }));
  const groupId = await addGroup(database.db, cartId, {
    type: solution ? "Solution" : "Lens",
    autoReorderFrequencyDays: options.frequencyDays ?? 30,
    items,
  });
  if (!solution) {
    await database.db
      .update(lineItemGroups)
      .set({ patient: { firstName: "Ann", lastName: "Lee" }, doctorId })
      .where(eq(lineItemGroups.id, groupId));
  }
  await database.db.update(carts).set({ shippingAddress: TEST_ADDRESS }).where(eq(carts.id, cartId));
  const [existing] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, owner.id));
  const cardId = existing?.id ?? (await savedCard(owner)).id;
  const placed = await placeOrder(services, {
    cartId,
    customer: owner.customer,
    idempotencyKey: randomUUID(),
    paymentMethodId: cardId,
    shopper: { customerId: owner.id, priceBook: "none" },
  });
  if (!placed.ok) throw new Error(`the order was refused: ${placed.message}`);
  const [order] = await database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderNumber, placed.orderNumber));
  const [subscription] = await database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.sourceOrderId, order!.id));
  if (!subscription) throw new Error("the order created no subscription");
  return subscription.id;
}

async function rowOf(subscriptionId: number) {
  const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row!;
}

async function itemsOf(subscriptionId: number) {
  return database.db
    .select({ whichEye: subscriptionItems.whichEye, quantity: subscriptionItems.quantity })
    .from(subscriptionItems)
    .where(eq(subscriptionItems.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionItems.whichEye));
}

async function cancelInDb(subscriptionId: number) {
  await database.db
    .update(subscriptions)
    .set({ status: "Cancelled", cancelReason: "better-price", cancelledAt: new Date() })
    .where(eq(subscriptions.id, subscriptionId));
}

// --- Calling the routes -------------------------------------------------------------------------------------------

type Handler = (args: never) => unknown;
interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  cookie?: string;
  token?: string;
  authorization?: string;
  params?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  services?: AppServices;
}

/** Calls a loader or action through the root middleware, as the server does (a thrown Response is the answer). */
async function call(handler: Handler, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.authorization) headers.set("Authorization", options.authorization);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers.set("Content-Type", options.contentType ?? "application/json");
  const request = new Request(`http://store.test${path}`, { method: options.method ?? "GET", headers, body });
  const response = await runThroughMiddleware(options.services ?? services, request, async (context) => {
    try {
      return (await handler({ request, params: options.params ?? {}, context } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
  expect(response).toBeInstanceOf(Response);
  // Every answer of these calls matches the OpenAPI document (decision 40).
  await expectConforms(options.method ?? "GET", path, response);
  return response;
}

async function json<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
  const text = await response.clone().text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.json()) as T;
}

async function expectError(response: Response, status: number, message?: string | RegExp) {
  const body = await json<{ error: string }>(response, status);
  expect(Object.keys(body)).toEqual(["error"]);
  if (typeof message === "string") expect(body.error).toBe(message);
  else if (message) expect(body.error).toMatch(message);
  return body.error;
}

async function expect405(response: Response, allow: string) {
  await expectError(response, 405);
  expect(response.headers.get("Allow")).toBe(allow);
}

const who = (owner: Shopper) => ({ cookie: owner.cookie });
const list = (options: CallOptions = {}) => call(listApi.loader, "/api/autoReorder", options);
const details = (id: string | number, options: CallOptions = {}) =>
  call(detailsApi.loader, `/api/autoReorder/${id}`, { ...options, params: { id: String(id) } });
const cancel = (id: string | number, body: unknown, options: CallOptions = {}) =>
  call(detailsApi.action, `/api/autoReorder/${id}`, { method: "DELETE", body, ...options, params: { id: String(id) } });
const put =
  (handler: Handler, path: string) =>
  (id: string | number, body: unknown, options: CallOptions = {}) =>
    call(handler, `/api/autoReorder/${id}/${path}`, { method: "PUT", body, ...options, params: { id: String(id) } });
const nextDate = put(nextDateApi.action, "nextReorderDate");
const quantity = put(quantityApi.action, "subscriptionQuantity");
const address = put(addressApi.action, "address");
const payment = put(paymentApi.action, "payment");
const orderNow = (id: string | number, options: CallOptions = {}) =>
  call(orderNowApi.action, `/api/autoReorder/${id}/orderSubscriptionNow`, {
    method: "PUT",
    ...options,
    params: { id: String(id) },
  });
const frequency = (body: unknown, options: CallOptions = {}) =>
  call(frequencyApi.action, "/api/autoReorder/frequency", { method: "PUT", body, ...options });

const JUNK_IDS = ["abc", "0", "-1", "1.5", "1e3", "1234567890", "99999999"];

// --- GET /api/autoReorder -------------------------------------------------------------------------------------

describe("GET /api/autoReorder", () => {
  it("lists the customer's subscriptions in the spec's shape, next order first", async () => {
    const ann = await shopper("Ann");
    const monthly = await subscribe(ann, { frequencyDays: 30 });
    const quarterly = await subscribe(ann, { frequencyDays: 90, eyes: ["right"], quantity: 1 });
    const today = businessToday();
    const [card] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, ann.id));
    const upcs = await upcsOf(TORIC.productId, 2);

    const body = await json<SubscriptionJson[]>(await list(who(ann)), 200);
    expect(body.map((subscription) => subscription.subscriptionId)).toEqual([monthly, quarterly]);
    const options = body[0]!.rightItem!.quantityOptions;
    expect(options.length).toBeGreaterThan(0);
    expect(body[0]).toEqual({
      subscriptionId: monthly,
      type: "Lens",
      status: "Active",
      rightItem: {
        productId: TORIC.productId,
        productName: TORIC.displayName,
        upc: upcs[0],
        quantity: 2,
        parameters: { power: "-1.00" },
        quantityOptions: options,
      },
      leftItem: {
        productId: TORIC.productId,
        productName: TORIC.displayName,
        upc: upcs[1],
        quantity: 2,
        parameters: { power: "-1.25" },
        quantityOptions: options,
      },
      rightQuantity: 2,
      leftQuantity: 2,
      item: null,
      prescription: {
        reorderDate: reorderDateParts(addDays(today, 30)),
        expiresOn: addDays(today, 365),
        isExpired: false,
      },
      frequencyInDays: 30,
      frequencyLabel: "Every month",
      nextReorderDate: addDays(today, 30),
      hasPrivateLabelProduct: false,
      patient: { firstName: "Ann", lastName: "Lee" },
      shippingAddress: {
        firstName: "Ann",
        lastName: "Lee",
        address1: "12 Main St",
        address2: "",
        city: "Boise",
        state: "ID",
        postalCode: "83702",
        country: "US",
        phone: null,
        verificationStatus: "Verified",
      },
      payment: { brand: card!.brand, lastFour: card!.lastFour, expired: false },
      // Issue 17: the GET answers carry the saved cards' tokens (for PUT …/payment) — never a number.
      paymentMethods: [
        {
          paymentToken: card!.paymentToken,
          brand: card!.brand,
          lastFour: card!.lastFour,
          expirationMonth: card!.expirationMonth,
          expirationYear: card!.expirationYear,
          isPreferred: card!.isPreferred,
          insertDate: card!.createdAt.toISOString(),
          isExpired: false,
        },
      ],
      lastFailure: null,
    });
    expect(body[1]).toMatchObject({
      subscriptionId: quarterly,
      frequencyInDays: 90,
      frequencyLabel: "Every 3 months",
      nextReorderDate: addDays(today, 90),
      rightQuantity: 1,
      leftQuantity: 0,
      leftItem: null,
    });
    // The vault's token only in paymentMethods (issue 17), and never a card number.
    expect(JSON.stringify({ ...body[0], paymentMethods: [] })).not.toContain(card!.paymentToken);
    expect(JSON.stringify(body)).not.toMatch(/4242424242424242|4242 4242/);

    // The bearer token is the same customer.
    expect(await json(await list({ token: ann.token }), 200)).toEqual(body);
  });

  it("marks a subscription with a private-label product, and shows a solution's item", async () => {
    const ann = await shopper();
    const own = await subscribe(ann, { product: PRIVATE_LABEL, quantity: 2 });
    const solution = await subscribe(ann, { product: SOLUTION, quantity: 1, frequencyDays: 60 });
    const body = await json<SubscriptionJson[]>(await list(who(ann)), 200);
    const byId = new Map(body.map((subscription) => [subscription.subscriptionId, subscription]));
    expect(byId.get(own)).toMatchObject({ hasPrivateLabelProduct: true, type: "Lens" });
    expect(byId.get(solution)).toMatchObject({
      type: "Solution",
      hasPrivateLabelProduct: false,
      rightItem: null,
      leftItem: null,
      rightQuantity: 0,
      leftQuantity: 0,
      item: { productId: SOLUTION.productId, quantity: 1 },
      frequencyLabel: "Every 2 months",
      prescription: { expiresOn: null, isExpired: false },
    });
  });

  it("leaves out cancelled subscriptions, those with nothing to send, and other customers'", async () => {
    const ann = await shopper();
    const bob = await shopper("Bob");
    const kept = await subscribe(ann);
    const cancelled = await subscribe(ann);
    const empty = await subscribe(ann);
    await subscribe(bob);
    await cancelInDb(cancelled);
    await database.db.update(subscriptionItems).set({ quantity: 0 }).where(eq(subscriptionItems.subscriptionId, empty));
    const body = await json<SubscriptionJson[]>(await list(who(ann)), 200);
    expect(body.map((subscription) => subscription.subscriptionId)).toEqual([kept]);
  });

  it("is an empty list for a customer without subscriptions", async () => {
    const carl = await shopper("Carl");
    expect(await json(await list(who(carl)), 200)).toEqual([]);
  });

  it("is a 401 signed out, and for a rejected bearer token even with a cookie", async () => {
    const ann = await shopper();
    await expectError(await list(), 401, "Sign in to manage your subscriptions.");
    await expectError(await list({ cookie: ann.cookie, authorization: "Bearer nope" }), 401);
    await expectError(await list({ cookie: ann.cookie, token: "x".repeat(43) }), 401);
  });

  it("takes only GET", async () => {
    await expect405(await call(listApi.action, "/api/autoReorder", { method: "POST", body: {} }), "GET, HEAD");
  });
});

// --- GET and DELETE /api/autoReorder/:id ------------------------------------------------------------------------

describe("GET /api/autoReorder/:id", () => {
  it("answers the subscription as the list does, by cookie or bearer", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const [listed] = await json<SubscriptionJson[]>(await list(who(ann)), 200);
    expect(await json(await details(id, who(ann)), 200)).toEqual(listed);
    expect(await json(await details(id, { token: ann.token }), 200)).toEqual(listed);
  });

  it("answers a cancelled subscription with its status", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    await cancelInDb(id);
    expect(await json(await details(id, who(ann)), 200)).toMatchObject({ subscriptionId: id, status: "Cancelled" });
  });

  it("is a 404 'could not get subscription' for another customer's id, an unknown id or junk", async () => {
    const ann = await shopper();
    const bob = await shopper("Bob");
    const bobs = await subscribe(bob);
    await expectError(await details(bobs, who(ann)), 404, NOT_FOUND);
    await expectError(await details(bobs, { token: ann.token }), 404, NOT_FOUND);
    for (const junk of JUNK_IDS) await expectError(await details(junk, who(ann)), 404, NOT_FOUND);
  });

  it("is a 401 signed out", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    await expectError(await details(id), 401);
    await expectError(await details(id, { cookie: ann.cookie, authorization: "Basic abc" }), 401);
  });

  it("takes GET and DELETE only", async () => {
    await expect405(
      await call(detailsApi.action, "/api/autoReorder/1", { method: "PUT", body: {}, params: { id: "1" } }),
      "GET, DELETE, HEAD",
    );
    await expect405(
      await call(detailsApi.action, "/api/autoReorder/1", { method: "POST", body: {}, params: { id: "1" } }),
      "GET, DELETE, HEAD",
    );
  });
});

describe("DELETE /api/autoReorder/:id", () => {
  it("cancels with a reason and a note, and answers the cancelled subscription", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const body = await json<SubscriptionJson>(
      await cancel(id, { reason: "too-many-lenses", note: " Plenty left " }, who(ann)),
      200,
    );
    expect(body).toMatchObject({ subscriptionId: id, status: "Cancelled" });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "Cancelled", cancelReason: "too-many-lenses", cancelNote: "Plenty left" });
    expect(row.cancelledAt).toBeInstanceOf(Date);
    expect(await json(await list(who(ann)), 200)).toEqual([]);

    // Cancelling again is a conflict.
    await expectError(await cancel(id, { reason: "better-price" }, who(ann)), 409, SUBSCRIPTION_MESSAGES.cancelled);
  });

  it("takes the spec's 'cancellation reason' as cancellationReason, and 'other' with its note", async () => {
    const ann = await shopper();
    const first = await subscribe(ann);
    const second = await subscribe(ann);
    await json(await cancel(first, { cancellationReason: "better-price" }, { token: ann.token }), 200);
    expect(await rowOf(first)).toMatchObject({ status: "Cancelled", cancelReason: "better-price", cancelNote: null });
    await json(await cancel(second, { reason: "other", note: "Moving abroad" }, who(ann)), 200);
    expect(await rowOf(second)).toMatchObject({ cancelReason: "other", cancelNote: "Moving abroad" });
  });

  it("refuses a missing or unknown reason, 'other' without a note, a long note and a body that is not JSON", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    await expectError(await cancel(id, {}, who(ann)), 400, `reason: ${SUBSCRIPTION_MESSAGES.chooseReason}`);
    await expectError(
      await cancel(id, { reason: "bored" }, who(ann)),
      400,
      `reason: ${SUBSCRIPTION_MESSAGES.chooseReason}`,
    );
    await expectError(
      await cancel(id, { cancellationReason: "bored" }, who(ann)),
      400,
      `cancellationReason: ${SUBSCRIPTION_MESSAGES.chooseReason}`,
    );
    await expectError(
      await cancel(id, { reason: "other" }, who(ann)),
      400,
      `note: ${SUBSCRIPTION_MESSAGES.otherReason}`,
    );
    await expectError(
      await cancel(id, { reason: "other", note: "x".repeat(201) }, who(ann)),
      400,
      `note: ${SUBSCRIPTION_MESSAGES.reasonTooLong}`,
    );
    await expectError(await cancel(id, undefined, { ...who(ann), rawBody: "reason=other" }), 400);
    await expectError(await cancel(id, undefined, { ...who(ann), rawBody: "{nope" }), 400, /not valid JSON/);
    await expectError(await cancel(id, undefined, who(ann)), 400);
    await expectError(await cancel(id, undefined, { ...who(ann), rawBody: "[]" }), 400);
    expect(await rowOf(id)).toMatchObject({ status: "Active", cancelReason: null });
  });

  it("is a 404 for another customer's subscription (left as it was), a 401 signed out", async () => {
    const ann = await shopper();
    const bob = await shopper("Bob");
    const bobs = await subscribe(bob);
    await expectError(await cancel(bobs, { reason: "better-price" }, who(ann)), 404, NOT_FOUND);
    for (const junk of JUNK_IDS) await expectError(await cancel(junk, { reason: "better-price" }, who(ann)), 404);
    await expectError(await cancel(bobs, { reason: "better-price" }), 401);
    expect((await rowOf(bobs)).status).toBe("Active");
  });
});

// --- PUT /api/autoReorder/:id/nextReorderDate --------------------------------------------------------------------

describe("PUT /api/autoReorder/:id/nextReorderDate: snooze", () => {
  it("snoozes from the current reorder date by the days, from the web or the e-mail", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const before = (await rowOf(id)).nextReorderDate;
    const body = await json<{ subscription: SubscriptionJson }>(
      await nextDate(id, { daysToModifyNextReorderDate: 14, feature: "snooze web" }, who(ann)),
      200,
    );
    expect(body).toMatchObject({
      success: true,
      outcome: "snoozed",
      nextReorderDate: addDays(before, 14),
      message: expect.stringMatching(/^Your next order is now scheduled for /),
    });
    expect(body.subscription).toMatchObject({ subscriptionId: id, nextReorderDate: addDays(before, 14) });
    expect((await rowOf(id)).nextReorderDate).toBe(addDays(before, 14));

    // Days as a digit string, by bearer, from the e-mail.
    await json(
      await nextDate(id, { daysToModifyNextReorderDate: "30", feature: "snooze email" }, { token: ann.token }),
      200,
    );
    expect((await rowOf(id)).nextReorderDate).toBe(addDays(before, 44));
  });

  it("clears the last failure of the old date", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    await database.db
      .update(subscriptions)
      .set({ lastFailureReason: "declined", lastFailureAt: new Date() })
      .where(eq(subscriptions.id, id));
    expect(await json(await details(id, who(ann)), 200)).toMatchObject({
      lastFailure: { reason: "declined", message: expect.stringMatching(/declined/) },
    });
    const body = await json<{ subscription: SubscriptionJson }>(
      await nextDate(id, { daysToModifyNextReorderDate: 7, feature: "snooze web" }, who(ann)),
      200,
    );
    expect(body.subscription.lastFailure).toBeNull();
  });

  it("answers success false (409) when the date moved between reading and snoozing, and 'already snoozed' as success", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const current = (await rowOf(id)).nextReorderDate;
    const snooze = vi.mocked(snoozeSubscription);

    snooze.mockResolvedValueOnce({ ok: true, value: { kind: "alreadyShipped", date: addDays(current, 40) } });
    const shipped = await json(
      await nextDate(id, { daysToModifyNextReorderDate: 30, feature: "snooze email" }, who(ann)),
      409,
    );
    expect(shipped).toEqual({
      success: false,
      outcome: "alreadyShipped",
      nextReorderDate: addDays(current, 40),
      error: expect.stringMatching(/already shipped/),
    });
    // The route snoozed from the date it read: the subscription's current reorder date.
    expect(snooze).toHaveBeenLastCalledWith(database.db, ann.id, id, { linkDate: current, days: 30 });

    snooze.mockResolvedValueOnce({ ok: true, value: { kind: "invalidDate", date: addDays(current, 3) } });
    expect(
      await json(await nextDate(id, { daysToModifyNextReorderDate: 30, feature: "snooze web" }, who(ann)), 409),
    ).toMatchObject({ success: false, outcome: "invalidDate", nextReorderDate: addDays(current, 3) });

    snooze.mockResolvedValueOnce({ ok: true, value: { kind: "alreadySnoozed", date: addDays(current, 30) } });
    expect(
      await json(await nextDate(id, { daysToModifyNextReorderDate: 30, feature: "snooze web" }, who(ann)), 200),
    ).toMatchObject({
      success: true,
      outcome: "alreadySnoozed",
      nextReorderDate: addDays(current, 30),
      message: expect.stringMatching(/already snoozed/),
    });
    // None of these changed the row (the mock stood in for the change).
    expect((await rowOf(id)).nextReorderDate).toBe(current);
  });

  it("refuses days outside 1 to 180, an unknown feature, and a body mixing both forms", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const before = (await rowOf(id)).nextReorderDate;
    const daysMessage = `daysToModifyNextReorderDate: ${SUBSCRIPTION_MESSAGES.snoozeDays}`;
    for (const days of [0, 181, -1, 1.5, "abc", "", true, null]) {
      await expectError(
        await nextDate(id, { daysToModifyNextReorderDate: days, feature: "snooze web" }, who(ann)),
        400,
        daysMessage,
      );
    }
    for (const feature of [undefined, "snooze", "SNOOZE WEB", 1]) {
      await expectError(await nextDate(id, { daysToModifyNextReorderDate: 14, feature }, who(ann)), 400, /feature/);
    }
    await expectError(
      await nextDate(id, { daysToModifyNextReorderDate: 14, feature: "snooze web", month: 1 }, who(ann)),
      400,
      /Send daysToModifyNextReorderDate and feature to snooze, or feature, month, day and year/,
    );
    await expectError(await nextDate(id, { feature: "snooze web" }, who(ann)), 400, /Send daysToModifyNextReorderDate/);
    await expectError(await nextDate(id, undefined, { ...who(ann), rawBody: "days=14" }), 400);
    expect((await rowOf(id)).nextReorderDate).toBe(before);
  });
});

describe("PUT /api/autoReorder/:id/nextReorderDate: a chosen date", () => {
  it("sets a date from today to 12 months ahead, from numbers or digit strings", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const today = businessToday();
    const target = addDays(today, 20);
    const parts = reorderDateParts(target);
    const body = await json<{ subscription: SubscriptionJson }>(
      await nextDate(id, { feature: "snooze web", ...parts }, who(ann)),
      200,
    );
    expect(body).toMatchObject({ success: true, nextReorderDate: target });
    expect(body.subscription).toMatchObject({ nextReorderDate: target, prescription: { reorderDate: parts } });
    expect((await rowOf(id)).nextReorderDate).toBe(target);

    const todayParts = reorderDateParts(today);
    await json(
      await nextDate(
        id,
        {
          feature: "snooze web",
          year: String(todayParts.year),
          month: String(todayParts.month),
          day: String(todayParts.day),
        },
        { token: ann.token },
      ),
      200,
    );
    expect((await rowOf(id)).nextReorderDate).toBe(today);

    await json(
      await nextDate(id, { feature: "snooze email", ...reorderDateParts(addDays(today, 365)) }, who(ann)),
      200,
    );
    expect((await rowOf(id)).nextReorderDate).toBe(addDays(today, 365));
  });

  it("refuses a past date, one more than 12 months ahead, a day the month lacks, and missing parts", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const before = (await rowOf(id)).nextReorderDate;
    const today = businessToday();
    const send = (parts: Record<string, unknown>) => nextDate(id, { feature: "snooze web", ...parts }, who(ann));
    await expectError(
      await send(reorderDateParts(addDays(today, -1))),
      400,
      `day: ${SUBSCRIPTION_MESSAGES.dateInPast}`,
    );
    await expectError(
      await send(reorderDateParts(addDays(today, 366))),
      400,
      `year: ${SUBSCRIPTION_MESSAGES.dateTooFar}`,
    );
    const nextYear = Number(today.slice(0, 4)) + 1;
    await expectError(
      await send({ year: nextYear, month: 2, day: 30 }),
      400,
      `day: ${SUBSCRIPTION_MESSAGES.chooseDate}`,
    );
    await expectError(
      await send({ year: nextYear, month: 13, day: 1 }),
      400,
      `day: ${SUBSCRIPTION_MESSAGES.chooseDate}`,
    );
    await expectError(await send({ month: 2, day: 3 }), 400, `year: ${SUBSCRIPTION_MESSAGES.chooseDate}`);
    await expectError(
      await send({ year: nextYear, month: "Feb", day: 3 }),
      400,
      `month: ${SUBSCRIPTION_MESSAGES.chooseDate}`,
    );
    await expectError(
      await nextDate(id, { feature: "later", year: nextYear, month: 1, day: 3 }, who(ann)),
      400,
      /feature/,
    );
    expect((await rowOf(id)).nextReorderDate).toBe(before);
  });
});

describe("PUT /api/autoReorder/:id/nextReorderDate: whose and which", () => {
  it("is a 404 for another's or a junk id, a 409 when cancelled, a 401 signed out, a 405 for other methods", async () => {
    const ann = await shopper();
    const bob = await shopper("Bob");
    const bobs = await subscribe(bob);
    const anns = await subscribe(ann);
    const snooze = { daysToModifyNextReorderDate: 14, feature: "snooze web" };
    const before = (await rowOf(bobs)).nextReorderDate;
    await expectError(await nextDate(bobs, snooze, who(ann)), 404, NOT_FOUND);
    await expectError(
      await nextDate(bobs, { feature: "snooze web", ...reorderDateParts(addDays(businessToday(), 5)) }, who(ann)),
      404,
      NOT_FOUND,
    );
    expect((await rowOf(bobs)).nextReorderDate).toBe(before);
    for (const junk of JUNK_IDS) await expectError(await nextDate(junk, snooze, who(ann)), 404, NOT_FOUND);
    await expectError(await nextDate(anns, snooze), 401);
    await cancelInDb(anns);
    await expectError(await nextDate(anns, snooze, who(ann)), 409, SUBSCRIPTION_MESSAGES.cancelled);
    await expect405(
      await call(nextDateApi.loader, `/api/autoReorder/${anns}/nextReorderDate`, { params: { id: String(anns) } }),
      "PUT",
    );
    await expect405(await nextDate(anns, snooze, { ...who(ann), method: "POST" }), "PUT");
  });
});

// --- PUT /api/autoReorder/:id/subscriptionQuantity ---------------------------------------------------------------

describe("PUT /api/autoReorder/:id/subscriptionQuantity", () => {
  it("sets each eye's quantity from its options, numbers or digit strings; 0 pauses one eye", async () => {
    const ann = await shopper();
    const id = await subscribe(ann, { quantity: 1 });
    const detail = await json<SubscriptionJson>(await details(id, who(ann)), 200);
    const options = detail.rightItem!.quantityOptions.filter((option) => option > 0);
    const [small, large] = [options[0]!, options.at(-1)!];
    const body = await json<SubscriptionJson>(
      await quantity(id, { newRightQuantity: large, newLeftQuantity: String(small) }, who(ann)),
      200,
    );
    expect(body).toMatchObject({ rightQuantity: large, leftQuantity: small });
    expect(await itemsOf(id)).toEqual([
      { whichEye: "left", quantity: small },
      { whichEye: "right", quantity: large },
    ]);

    await json(await quantity(id, { newRightQuantity: 0, newLeftQuantity: small }, { token: ann.token }), 200);
    expect(await itemsOf(id)).toEqual([
      { whichEye: "left", quantity: small },
      { whichEye: "right", quantity: 0 },
    ]);
    // Still listed: one eye still has boxes.
    expect((await json<SubscriptionJson[]>(await list(who(ann)), 200)).map((s) => s.subscriptionId)).toEqual([id]);
  });

  it("refuses a quantity that is not an option, none at all, and missing or malformed quantities", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const detail = await json<SubscriptionJson>(await details(id, who(ann)), 200);
    const options = detail.rightItem!.quantityOptions;
    const notAnOption = [3, 5, 7, 9, 11, 13].find((n) => !options.includes(n))!;
    const chooseRight = `newRightQuantity: ${SUBSCRIPTION_MESSAGES.chooseQuantity}`;
    const chooseLeft = `newLeftQuantity: ${SUBSCRIPTION_MESSAGES.chooseQuantity}`;
    await expectError(
      await quantity(id, { newRightQuantity: notAnOption, newLeftQuantity: 2 }, who(ann)),
      400,
      chooseRight,
    );
    await expectError(
      await quantity(id, { newRightQuantity: 0, newLeftQuantity: "0" }, who(ann)),
      400,
      SUBSCRIPTION_MESSAGES.atLeastOneBox,
    );
    await expectError(await quantity(id, { newRightQuantity: 2 }, who(ann)), 400, chooseLeft);
    await expectError(await quantity(id, {}, who(ann)), 400, `${chooseRight} ${chooseLeft}`);
    for (const bad of [-1, 1.5, "two", "", true, 1000]) {
      await expectError(await quantity(id, { newRightQuantity: bad, newLeftQuantity: 2 }, who(ann)), 400, chooseRight);
    }
    await expectError(await quantity(id, undefined, { ...who(ann), rawBody: "not json" }), 400);
    expect(await itemsOf(id)).toEqual([
      { whichEye: "left", quantity: 2 },
      { whichEye: "right", quantity: 2 },
    ]);
  });

  it("lets a one-eye subscription leave the other eye out or send 0, and refuses boxes for it", async () => {
    const ann = await shopper();
    const id = await subscribe(ann, { eyes: ["right"], quantity: 1 });
    await json(await quantity(id, { newRightQuantity: 2 }, who(ann)), 200);
    await json(await quantity(id, { newRightQuantity: 1, newLeftQuantity: 0 }, who(ann)), 200);
    await json(await quantity(id, { newRightQuantity: 2, newLeftQuantity: null }, who(ann)), 200);
    expect(await itemsOf(id)).toEqual([{ whichEye: "right", quantity: 2 }]);
    await expectError(
      await quantity(id, { newRightQuantity: 2, newLeftQuantity: 2 }, who(ann)),
      400,
      /^newLeftQuantity: This subscription has no left eye lenses/,
    );
    await expectError(await quantity(id, { newRightQuantity: 0 }, who(ann)), 400, SUBSCRIPTION_MESSAGES.atLeastOneBox);
  });

  it("sets a solution subscription's quantity with newQuantity", async () => {
    const ann = await shopper();
    const id = await subscribe(ann, { product: SOLUTION, quantity: 1 });
    const detail = await json<SubscriptionJson>(await details(id, who(ann)), 200);
    const option = detail.item!.quantityOptions.filter((n) => n > 0).at(-1)!;
    expect(await json(await quantity(id, { newQuantity: option }, who(ann)), 200)).toMatchObject({
      item: { quantity: option },
    });
    expect(await itemsOf(id)).toEqual([{ whichEye: "none", quantity: option }]);
    await expectError(await quantity(id, { newQuantity: 0 }, who(ann)), 400, SUBSCRIPTION_MESSAGES.atLeastOneBox);
    await expectError(await quantity(id, {}, who(ann)), 400, `newQuantity: ${SUBSCRIPTION_MESSAGES.chooseQuantity}`);
  });

  it("is a 404 for another's or a junk id, a 409 when cancelled, a 401 signed out, a 405 for other methods", async () => {
    const ann = await shopper();
    const bob = await shopper("Bob");
    const bobs = await subscribe(bob);
    const anns = await subscribe(ann);
    const body = { newRightQuantity: 1, newLeftQuantity: 1 };
    await expectError(await quantity(bobs, body, who(ann)), 404, NOT_FOUND);
    expect(await itemsOf(bobs)).toEqual([
      { whichEye: "left", quantity: 2 },
      { whichEye: "right", quantity: 2 },
    ]);
    for (const junk of JUNK_IDS) await expectError(await quantity(junk, body, who(ann)), 404, NOT_FOUND);
    await expectError(await quantity(anns, body), 401);
    await expectError(await quantity(anns, body, { cookie: ann.cookie, authorization: "Bearer nope" }), 401);
    await cancelInDb(anns);
    await expectError(await quantity(anns, body, who(ann)), 409, SUBSCRIPTION_MESSAGES.cancelled);
    await expect405(await quantity(anns, body, { ...who(ann), method: "DELETE" }), "PUT");
    await expect405(
      await call(quantityApi.loader, `/api/autoReorder/${anns}/subscriptionQuantity`, { params: { id: "1" } }),
      "PUT",
    );
  });
});

// --- PUT /api/autoReorder/frequency ---------------------------------------------------------------------------

describe("PUT /api/autoReorder/frequency", () => {
  it("sets one of the labelled frequencies, numbers or digit strings", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    expect(await json(await frequency({ subscriptionId: id, newFrequencyInDays: 60 }, who(ann)), 200)).toMatchObject({
      subscriptionId: id,
      frequencyInDays: 60,
      frequencyLabel: "Every 2 months",
    });
    expect((await rowOf(id)).frequencyDays).toBe(60);
    await json(await frequency({ subscriptionId: String(id), newFrequencyInDays: "360" }, { token: ann.token }), 200);
    expect(await json(await details(id, who(ann)), 200)).toMatchObject({
      frequencyInDays: 360,
      frequencyLabel: "Every 12 months",
    });
  });

  it("refuses a frequency that is not offered, and a missing or malformed subscriptionId", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const message = `newFrequencyInDays: ${SUBSCRIPTION_MESSAGES.chooseFrequency}`;
    for (const days of [45, 365, 0, -30, 30.5, "monthly", "", null, undefined]) {
      await expectError(await frequency({ subscriptionId: id, newFrequencyInDays: days }, who(ann)), 400, message);
    }
    for (const subscriptionId of [undefined, null, "abc", 0, -1, 1.5, "", {}]) {
      await expectError(
        await frequency({ subscriptionId, newFrequencyInDays: 60 }, who(ann)),
        400,
        "subscriptionId: Send the subscription's id.",
      );
    }
    await expectError(await frequency(undefined, { ...who(ann), rawBody: "subscriptionId=1" }), 400);
    expect((await rowOf(id)).frequencyDays).toBe(30);
  });

  it("is a 404 for another's or an unknown id, a 409 when cancelled, a 401 signed out, a 405 for other methods", async () => {
    const ann = await shopper();
    const bob = await shopper("Bob");
    const bobs = await subscribe(bob);
    const anns = await subscribe(ann);
    await expectError(await frequency({ subscriptionId: bobs, newFrequencyInDays: 90 }, who(ann)), 404, NOT_FOUND);
    expect((await rowOf(bobs)).frequencyDays).toBe(30);
    await expectError(
      await frequency({ subscriptionId: 999_999_999, newFrequencyInDays: 90 }, who(ann)),
      404,
      NOT_FOUND,
    );
    await expectError(await frequency({ subscriptionId: anns, newFrequencyInDays: 90 }), 401);
    await cancelInDb(anns);
    await expectError(
      await frequency({ subscriptionId: anns, newFrequencyInDays: 90 }, who(ann)),
      409,
      SUBSCRIPTION_MESSAGES.cancelled,
    );
    await expect405(await call(frequencyApi.loader, "/api/autoReorder/frequency"), "PUT");
    await expect405(await frequency({}, { ...who(ann), method: "POST" }), "PUT");
  });
});

// --- PUT /api/autoReorder/:id/address -------------------------------------------------------------------------

describe("PUT /api/autoReorder/:id/address", () => {
  const newAddress = {
    firstName: "Ann",
    lastName: "Lee",
    address1: "500 W. Idaho St",
    address2: "Apt 4",
    city: "Boise",
    state: "ID",
    postalCode: "83702",
    country: "US",
    phone: "(208) 555-0199",
  };

  it("stores an address the verifier matches (ignoring case and punctuation) as Verified, as it was sent", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const body = await json<{ subscription: SubscriptionJson; verification: unknown }>(
      await address(id, { address: newAddress }, who(ann)),
      200,
    );
    expect(body.verification).toEqual({ status: "Verified", suggestion: null });
    const stored = {
      firstName: "Ann",
      lastName: "Lee",
      address1: "500 W. Idaho St",
      address2: "Apt 4",
      city: "Boise",
      state: "ID",
      postalCode: "83702",
      country: "US",
      phone: "2085550199",
      verificationStatus: "Verified",
    };
    expect(body.subscription.shippingAddress).toEqual(stored);
    const { addressId, ...row } = (await rowOf(id)).shippingAddress!;
    expect(row).toEqual(stored);
    // Kept in the address book too, once however often it is sent.
    await address(id, { address: newAddress }, who(ann));
    const book = await database.db.select().from(addresses).where(eq(addresses.customerId, ann.id));
    expect(book.map((entry) => entry.id)).toEqual([addressId]);
    expect(book[0]).toMatchObject({ address1: "500 W. Idaho St", verificationStatus: "Verified" });
  });

  it("stores an address the verifier would change as NeedsVerification and hands back the suggestion", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    // 83702 is Boise's ZIP, not Nampa's: the verifier suggests the ZIP's city (and the street in USPS form).
    const body = await json<{ subscription: SubscriptionJson; verification: unknown }>(
      await address(
        id,
        { address: { ...newAddress, address1: "500 W Idaho Street", city: "Nampa", address2: null, phone: null } },
        { token: ann.token },
      ),
      200,
    );
    expect(body.verification).toEqual({
      status: "NeedsVerification",
      suggestion: { address1: "500 W IDAHO ST", address2: "", city: "BOISE", state: "ID", postalCode: "83702" },
    });
    expect((await rowOf(id)).shippingAddress).toMatchObject({
      address1: "500 W Idaho Street",
      address2: "",
      city: "Nampa",
      phone: null,
      verificationStatus: "NeedsVerification",
    });

    // Sending the suggestion back takes it: now it matches.
    const suggestion = (body.verification as { suggestion: Record<string, string> }).suggestion;
    const taken = await json<{ verification: unknown }>(
      await address(id, { address: { ...newAddress, ...suggestion } }, who(ann)),
      200,
    );
    expect(taken.verification).toEqual({ status: "Verified", suggestion: null });
    expect((await rowOf(id)).shippingAddress).toMatchObject({ city: "BOISE", verificationStatus: "Verified" });
  });

  it("stores an unknown ZIP, an international address, or one the verifier failed on as NeedsVerification", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const unknownZip = await json<{ verification: unknown }>(
      await address(id, { address: { ...newAddress, postalCode: "00000" } }, who(ann)),
      200,
    );
    expect(unknownZip.verification).toEqual({ status: "NeedsVerification", suggestion: null });

    const toronto = { ...newAddress, city: "Toronto", state: "ON", postalCode: "m5v 2t6", country: "CA" };
    expect(await json(await address(id, { address: toronto }, who(ann)), 200)).toMatchObject({
      verification: { status: "NeedsVerification", suggestion: null },
    });
    expect((await rowOf(id)).shippingAddress).toMatchObject({
      state: "ON",
      postalCode: "M5V 2T6",
      country: "CA",
      verificationStatus: "NeedsVerification",
    });

    const broken: AddressVerifier = {
      verify: () => Promise.reject(new Error("verifier down")),
    };
    expect(
      await json(
        await address(id, { address: newAddress }, { ...who(ann), services: { ...services, addressVerifier: broken } }),
        200,
      ),
    ).toMatchObject({ verification: { status: "NeedsVerification", suggestion: null } });
    expect((await rowOf(id)).shippingAddress).toMatchObject({
      address1: "500 W. Idaho St",
      verificationStatus: "NeedsVerification",
    });
  });

  it("refuses an address the address book would refuse, with every message", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const before = (await rowOf(id)).shippingAddress;
    await expectError(await address(id, {}, who(ann)), 400, /^Send the address/);
    await expectError(await address(id, { address: "12 Main St" }, who(ann)), 400, /^Send the address/);
    await expectError(
      await address(id, { address: { ...newAddress, city: "B0ise", postalCode: "1234" } }, who(ann)),
      400,
      `address.city: ${ADDRESS_MESSAGES.cityInvalid} address.postalCode: ${ADDRESS_MESSAGES.zipInvalid}`,
    );
    await expectError(
      await address(id, { address: { ...newAddress, address1: undefined } }, who(ann)),
      400,
      `address.address1: ${ADDRESS_MESSAGES.address1Required}`,
    );
    await expectError(
      await address(id, { address: { ...newAddress, state: "ZZ" } }, who(ann)),
      400,
      `address.state: ${ADDRESS_MESSAGES.stateRequired}`,
    );
    await expectError(
      await address(id, { address: { ...newAddress, city: "APO", state: "AE", phone: null } }, who(ann)),
      400,
      `address.phone: ${ADDRESS_MESSAGES.militaryPhoneRequired}`,
    );
    await expectError(
      await address(id, { address: { ...newAddress, country: "CA", state: "ON", phone: null } }, who(ann)),
      400,
      /address\.phone: Addresses outside the US need a phone number\./,
    );
    await expectError(
      await address(id, { address: { ...newAddress, address1: "x".repeat(31) } }, who(ann)),
      400,
      `address.address1: ${ADDRESS_MESSAGES.addressLineTooLong}`,
    );
    await expectError(await address(id, undefined, { ...who(ann), rawBody: "address1=1" }), 400);
    expect((await rowOf(id)).shippingAddress).toEqual(before);
  });

  it("is a 404 for another's or a junk id, a 409 when cancelled, a 401 signed out, a 405 for other methods", async () => {
    const ann = await shopper();
    const bob = await shopper("Bob");
    const bobs = await subscribe(bob);
    const anns = await subscribe(ann);
    await expectError(await address(bobs, { address: newAddress }, who(ann)), 404, NOT_FOUND);
    expect((await rowOf(bobs)).shippingAddress).toMatchObject({ address1: "12 Main St" });
    for (const junk of JUNK_IDS) await expectError(await address(junk, { address: newAddress }, who(ann)), 404);
    await expectError(await address(anns, { address: newAddress }), 401);
    await cancelInDb(anns);
    await expectError(await address(anns, { address: newAddress }, who(ann)), 409, SUBSCRIPTION_MESSAGES.cancelled);
    await expect405(await address(anns, { address: newAddress }, { ...who(ann), method: "POST" }), "PUT");
    await expect405(
      await call(addressApi.loader, `/api/autoReorder/${anns}/address`, { params: { id: String(anns) } }),
      "PUT",
    );
  });
});

// --- PUT /api/autoReorder/:id/payment -------------------------------------------------------------------------

describe("PUT /api/autoReorder/:id/payment", () => {
  it("puts one of the customer's saved cards on the subscription by its token", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const master = await savedCard(ann, "5555 5555 5555 4444");
    const body = await json<SubscriptionJson>(await payment(id, { paymentToken: master.paymentToken }, who(ann)), 200);
    expect(body.payment).toEqual({ brand: "MasterCard", lastFour: "4444", expired: false });
    expect((await rowOf(id)).paymentMethodId).toBe(master.id);
    expect(JSON.stringify(body)).not.toContain(master.paymentToken);
  });

  it("clears a card failure", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    await database.db
      .update(subscriptions)
      .set({ lastFailureReason: "declined", lastFailureAt: new Date() })
      .where(eq(subscriptions.id, id));
    const amex = await savedCard(ann, "3782 822463 10005");
    const body = await json<SubscriptionJson>(
      await payment(id, { paymentToken: amex.paymentToken }, { token: ann.token }),
      200,
    );
    expect(body).toMatchObject({ payment: { brand: "AmericanExpress", lastFour: "0005" }, lastFailure: null });
  });

  it("refuses another customer's card, an unknown token, an expired card and a missing token", async () => {
    const ann = await shopper();
    const bob = await shopper("Bob");
    const id = await subscribe(ann);
    const before = (await rowOf(id)).paymentMethodId;
    const bobsCard = await savedCard(bob, "6011 1111 1111 1117");
    const [expired] = await database.db
      .insert(paymentMethods)
      .values({
        customerId: ann.id,
        paymentToken: `tok_test_${randomUUID().replace(/-/g, "")}`,
        brand: "Visa",
        lastFour: "1111",
        expirationMonth: 1,
        expirationYear: 2020,
        nameOnCard: "Ann Lee",
        billingPostalCode: "83702",
      })
      .returning();
    await expectError(
      await payment(id, { paymentToken: bobsCard.paymentToken }, who(ann)),
      400,
      /^paymentToken: Choose a card/,
    );
    await expectError(
      await payment(id, { paymentToken: "tok_test_unknown" }, who(ann)),
      400,
      /^paymentToken: Choose a card/,
    );
    await expectError(await payment(id, { paymentToken: expired!.paymentToken }, who(ann)), 400, /expired/);
    for (const paymentToken of [undefined, null, "", "  ", 42, "x".repeat(201)]) {
      await expectError(await payment(id, { paymentToken }, who(ann)), 400, /paymentToken/);
    }
    await expectError(await payment(id, undefined, { ...who(ann), rawBody: "tok" }), 400);
    expect((await rowOf(id)).paymentMethodId).toBe(before);
  });

  it("is a 404 for another's or a junk id, a 409 when cancelled, a 401 signed out, a 405 for other methods", async () => {
    const ann = await shopper();
    const bob = await shopper("Bob");
    const bobs = await subscribe(bob);
    const anns = await subscribe(ann);
    const [annsCard] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, ann.id));
    const body = { paymentToken: annsCard!.paymentToken };
    const bobsBefore = (await rowOf(bobs)).paymentMethodId;
    await expectError(await payment(bobs, body, who(ann)), 404, NOT_FOUND);
    expect((await rowOf(bobs)).paymentMethodId).toBe(bobsBefore);
    for (const junk of JUNK_IDS) await expectError(await payment(junk, body, who(ann)), 404, NOT_FOUND);
    await expectError(await payment(anns, body), 401);
    await cancelInDb(anns);
    await expectError(await payment(anns, body, who(ann)), 409, SUBSCRIPTION_MESSAGES.cancelled);
    await expect405(await payment(anns, body, { ...who(ann), method: "PATCH" }), "PUT");
    await expect405(
      await call(paymentApi.loader, `/api/autoReorder/${anns}/payment`, { params: { id: String(anns) } }),
      "PUT",
    );
  });
});

// --- PUT /api/autoReorder/:id/orderSubscriptionNow --------------------------------------------------------------

describe("PUT /api/autoReorder/:id/orderSubscriptionNow", () => {
  it("places the order now and answers { orderNumber, nextReorderDate }, one order for a double submit", async () => {
    const ann = await shopper();
    const id = await subscribe(ann);
    const first = await orderNow(id, { token: ann.token });
    expect(first.status).toBe(200);
    const body = (await first.json()) as { orderNumber: string; nextReorderDate: string };
    expect(body.orderNumber).toMatch(/^LL\d{8}$/);
    expect(body.nextReorderDate > businessToday()).toBe(true);
    const again = await orderNow(id, { token: ann.token });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { orderNumber: string }).orderNumber).toBe(body.orderNumber);
    const placed = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.subscriptionId, id));
    expect(placed).toHaveLength(1);
  });

  it("is a 404 for another's or a junk id, a 409 when cancelled, a 401 signed out, a 405 for other methods", async () => {
    const ann = await shopper();
    const bob = await shopper("Bob");
    const bobs = await subscribe(bob);
    const anns = await subscribe(ann);
    await expectError(await orderNow(bobs, who(ann)), 404, NOT_FOUND);
    for (const junk of JUNK_IDS) await expectError(await orderNow(junk, { token: ann.token }), 404, NOT_FOUND);
    await expectError(await orderNow(anns), 401);
    await expectError(await orderNow(anns, { cookie: ann.cookie, authorization: "Bearer nope" }), 401);
    await cancelInDb(anns);
    await expectError(await orderNow(anns, who(ann)), 409, SUBSCRIPTION_MESSAGES.cancelled);
    await expect405(await orderNow(anns, { ...who(ann), method: "POST" }), "PUT");
    await expect405(
      await call(orderNowApi.loader, `/api/autoReorder/${anns}/orderSubscriptionNow`, { params: { id: String(anns) } }),
      "PUT",
    );
    const placed = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.subscriptionId, anns));
    expect(placed).toEqual([]);
    expect(
      await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.subscriptionId, bobs), eq(orders.customerId, bob.id))),
    ).toEqual([]);
  });
});
