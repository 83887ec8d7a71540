import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_BOOKS } from "~/models/catalog";
import { PRESCRIPTION_MESSAGES } from "~/models/prescriptions";
import { addDays, businessToday, SUBSCRIPTION_MESSAGES } from "~/models/subscription";
import { SUBSCRIPTION_PRESCRIPTION_MESSAGES } from "~/models/subscription-prescription";
import * as discontinuedApi from "~/routes/api.catalog.$id.discontinued";
import * as pricingApi from "~/routes/api.catalog.$id.pricing";
import * as isExamApi from "~/routes/api.autoReorder.prescription.$id.isExamPrescription";
import * as prescriptionApi from "~/routes/api.autoReorder.prescription";
import * as summaryApi from "~/routes/api.autoReorder.summary";
import * as detailsApi from "~/routes/api.autoReorder.$id";
import * as graphqlApi from "~/routes/graphql";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { orders, prescriptions, productPrices, subscriptionItems, subscriptions } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import type { AppServices } from "~/services/platform/context.server";
import { subscriptionPrice } from "~/services/subscriptions/subscription-pricing.server";
import { expectConforms } from "../setup/openapi-conformance";
import { readyToOrder, SOLUTION, TORIC } from "../setup/order-fixtures";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// Issue 17's catalog and subscription calls through the root middleware, each answer checked against the OpenAPI
// document: GET api/catalog/{id}/pricing, GET (api/)catalog/{id}/discontinued, POST api/autoReorder/summary,
// GET api/autoReorder/prescription/{id}/isExamPrescription, PUT api/autoReorder/prescription, the saved cards'
// tokens in the subscription details, and POST /graphql's refusal.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  services.logger.level = "silent";
});
afterAll(async () => {
  await database.close();
});

type Handler = (args: never) => unknown;

async function call(
  handler: Handler,
  path: string,
  options: { method?: string; body?: unknown; params?: Record<string, string>; cookie?: string } = {},
) {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  const method = options.method ?? "GET";
  const request = new Request(`http://store.test${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const response = await runThroughMiddleware(services, request, async (context) => {
    try {
      return (await handler({ request, params: options.params ?? {}, context } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
  // Every answer matches the document (decision 40), errors included.
  const body = await expectConforms(method, path, response);
  return { status: response.status, body: body as Record<string, unknown> & { error?: string }, response };
}

let counter = 0;
/** A customer with an auto-reorder subscription from a placed order (toric lens, both eyes), signed in by cookie. */
async function subscriber() {
  const ready = await readyToOrder(services, { slot: ++counter, frequencyDays: 30 });
  const placed = await placeOrder(services, ready.input);
  if (!placed.ok) throw new Error(placed.message);
  const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
  const [subscription] = await database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.sourceOrderId, order!.id));
  return { ...ready, subscriptionId: subscription!.id, cookie: await cookieFor(ready.customer.id) };
}

async function cookieFor(customerId: number) {
  const token = await createAuthSession(database.db, customerId, "guest", false);
  const { session } = await services.sessions.getSession(null);
  session.set("authSessionId", token);
  return (await services.sessions.commitSession(session)).split(";")[0]!;
}

const eye = (productId: number, upc: string, power: string) => ({ productId, upc, quantity: 2, parameters: { power } });

async function insertPrescription(customerId: number, fields: Partial<typeof prescriptions.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(prescriptions)
    .values({
      customerId,
      patientFirstName: "Ann",
      patientLastName: "Lee",
      source: "typed",
      status: "Verified",
      expirationDate: addDays(businessToday(), 300),
      ...fields,
    })
    .returning();
  return row!.id;
}

const DISCONTINUED = seedProducts.find((product) => product.discontinuedInCatalog && !product.isHidden)!;
const HIDDEN = seedProducts.find((product) => product.isHidden)!;
const NO_AUTO_REORDER = seedProducts.find(
  (product) => product.allowsAutoReorder === false && !product.discontinuedInCatalog && !product.isHidden,
)!;

describe("GET api/catalog/{id}/pricing", () => {
  const pricing = (id: string) => call(pricingApi.loader, `/api/catalog/${id}/pricing`, { params: { id } });

  it("answers the price in every book and what each offered quantity costs there", async () => {
    const { status, body } = await pricing(String(TORIC.productId));
    expect(status).toBe(200);
    const stored = await database.db.select().from(productPrices).where(eq(productPrices.productId, TORIC.productId));
    const prices = body.prices as Array<{
      priceBook: string;
      unitPrice: number;
      quantities: Array<{ quantity: number; total: number }>;
    }>;
    expect(prices.map((price) => price.priceBook)).toEqual(
      PRICE_BOOKS.filter((book) => stored.some((row) => row.priceBook === book)),
    );
    const quantities = (body.quantityOptions as Array<{ quantity: number; label: string }>).map(
      (option) => option.quantity,
    );
    expect(quantities).toEqual([1, 2, 4]);
    for (const price of prices) {
      expect(price.unitPrice).toBe(stored.find((row) => row.priceBook === price.priceBook)!.unitPriceCents);
      expect(price.quantities).toEqual(quantities.map((quantity) => ({ quantity, total: quantity * price.unitPrice })));
    }
  });

  it("is a 400 for a malformed id and a 404 for an unknown or hidden product", async () => {
    expect((await pricing("12x")).status).toBe(400);
    expect((await pricing("999999")).status).toBe(404);
    expect((await pricing(String(HIDDEN.productId))).status).toBe(404);
  });
});

describe("GET catalog/{id}/discontinued", () => {
  const discontinued = (id: string, prefix = "") =>
    call(discontinuedApi.loader, `${prefix}/catalog/${id}/discontinued`, { params: { id } });

  it("answers both spellings: false for a product on sale, true for a discontinued or hidden one", async () => {
    expect((await discontinued(String(TORIC.productId))).body).toEqual({
      productId: TORIC.productId,
      discontinued: false,
    });
    expect((await discontinued(String(TORIC.productId), "/api")).body).toEqual({
      productId: TORIC.productId,
      discontinued: false,
    });
    expect((await discontinued(String(DISCONTINUED.productId))).body.discontinued).toBe(true);
    expect((await discontinued(String(HIDDEN.productId))).body.discontinued).toBe(true);
  });

  it("is a 400 for a malformed id and a 404 for no product", async () => {
    expect((await discontinued("abc")).status).toBe(400);
    expect((await discontinued("999999")).status).toBe(404);
  });
});

describe("POST api/autoReorder/summary", () => {
  const summary = (body: unknown, cookie?: string) =>
    call(summaryApi.action, "/api/autoReorder/summary", { method: "POST", body, cookie });

  it("prices one reorder of the customer's subscription with shipping 0", async () => {
    const ann = await subscriber();
    const { status, body } = await summary({ subscriptionId: ann.subscriptionId }, ann.cookie);
    expect(status).toBe(200);
    const expected = await subscriptionPrice(
      database.db,
      [
        { productId: TORIC.productId, whichEye: "right", quantity: 1 },
        { productId: TORIC.productId, whichEye: "left", quantity: 1 },
      ],
      { customerId: ann.customer.id, priceBook: "none" },
    );
    expect(body).toMatchObject({
      subscriptionId: ann.subscriptionId,
      priceBook: "none",
      subTotal: expected.subtotalCents,
      discountAmount: expected.discountCents,
      shipping: 0,
      totalAmount: expected.totalCents,
    });
    expect(body.subTotal).toBeGreaterThan(0);
  });

  it("prices a new subscription's items for anyone", async () => {
    const { status, body } = await summary({
      items: [{ productId: SOLUTION.productId, whichEye: "none", quantity: 2 }],
    });
    expect(status).toBe(200);
    expect(body.shipping).toBe(0);
    expect(body.subscriptionId).toBeNull();
    expect(body.totalAmount).toBe((body.subTotal as number) - (body.discountAmount as number));
  });

  it("is a 401 signed out and a 404 for another customer's subscription", async () => {
    const ann = await subscriber();
    const bo = await subscriber();
    expect((await summary({ subscriptionId: ann.subscriptionId })).status).toBe(401);
    const theirs = await summary({ subscriptionId: ann.subscriptionId }, bo.cookie);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe(SUBSCRIPTION_MESSAGES.notFound);
  });

  it("is a 400 for bad input, a 404 for an unknown product and a 422 for one not sold on auto-reorder", async () => {
    for (const body of [
      {},
      { subscriptionId: 1, items: [] },
      { items: [{ productId: 1, whichEye: "both", quantity: 1 }] },
    ]) {
      expect((await summary(body)).status).toBe(400);
    }
    expect((await summary({ items: [{ productId: 999_999, whichEye: "right", quantity: 1 }] })).status).toBe(404);
    const refused = await summary({
      items: [{ productId: NO_AUTO_REORDER.productId, whichEye: "right", quantity: 1 }],
    });
    expect(refused.status).toBe(422);
  });
});

describe("GET api/autoReorder/prescription/{id}/isExamPrescription", () => {
  const isExam = (id: string, cookie?: string) =>
    call(isExamApi.loader, `/api/autoReorder/prescription/${id}/isExamPrescription`, { params: { id }, cookie });

  it("says whether the customer's prescription came from the online exam", async () => {
    const ann = await subscriber();
    const exam = await insertPrescription(ann.customer.id, { source: "exam" });
    const typed = await insertPrescription(ann.customer.id, { source: "uploaded" });
    expect((await isExam(String(exam), ann.cookie)).body).toEqual({ prescriptionId: exam, isExamPrescription: true });
    expect((await isExam(String(typed), ann.cookie)).body).toEqual({
      prescriptionId: typed,
      isExamPrescription: false,
    });
  });

  it("is a 401 signed out, and a 404 for another customer's prescription or a junk id", async () => {
    const ann = await subscriber();
    const bo = await subscriber();
    const annsRx = await insertPrescription(ann.customer.id, { source: "exam" });
    expect((await isExam(String(annsRx))).status).toBe(401);
    const theirs = await isExam(String(annsRx), bo.cookie);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe(PRESCRIPTION_MESSAGES.notFound);
    expect((await isExam("x1", bo.cookie)).status).toBe(404);
  });
});

describe("PUT api/autoReorder/prescription", () => {
  const change = (body: unknown, cookie?: string) =>
    call(prescriptionApi.action, "/api/autoReorder/prescription", { method: "PUT", body, cookie });

  it("moves the subscription onto the prescription's lenses, expiry and doctor", async () => {
    const ann = await subscriber();
    const expires = addDays(businessToday(), 400);
    const rx = await insertPrescription(ann.customer.id, {
      rightEye: eye(TORIC.productId, ann.left, "-2.00"),
      leftEye: eye(TORIC.productId, ann.right, "-2.25"),
      expirationDate: expires,
    });
    const { status, body } = await change({ subscriptionId: ann.subscriptionId, prescriptionId: rx }, ann.cookie);
    expect(status).toBe(200);
    expect(body.prescriptionId).toBe(rx);
    expect(body.subscription).toMatchObject({
      subscriptionId: ann.subscriptionId,
      rightItem: { upc: ann.left, parameters: { power: "-2.00" } },
      leftItem: { upc: ann.right, parameters: { power: "-2.25" } },
      prescription: { expiresOn: expires, isExpired: false },
    });
    const items = await database.db
      .select()
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscriptionId, ann.subscriptionId));
    expect(items.find((item) => item.whichEye === "right")).toMatchObject({ upc: ann.left, quantity: 1 });
  });

  it("refuses (422) an expired prescription, other lenses, another patient, and changes nothing", async () => {
    const ann = await subscriber();
    const before = await database.db
      .select()
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscriptionId, ann.subscriptionId));
    const expired = await insertPrescription(ann.customer.id, {
      rightEye: eye(TORIC.productId, ann.right, "-1.00"),
      leftEye: eye(TORIC.productId, ann.left, "-1.25"),
      expirationDate: addDays(businessToday(), -1),
    });
    const otherLens = await insertPrescription(ann.customer.id, {
      rightEye: eye(SOLUTION.productId, ann.right, "-1.00"),
      leftEye: eye(TORIC.productId, ann.left, "-1.25"),
    });
    const otherPatient = await insertPrescription(ann.customer.id, {
      patientFirstName: "Bo",
      rightEye: eye(TORIC.productId, ann.right, "-1.00"),
      leftEye: eye(TORIC.productId, ann.left, "-1.25"),
    });
    const messages = [];
    for (const prescriptionId of [expired, otherLens, otherPatient]) {
      const { status, body } = await change({ subscriptionId: ann.subscriptionId, prescriptionId }, ann.cookie);
      expect(status).toBe(422);
      messages.push(body.error);
    }
    expect(messages).toEqual([
      PRESCRIPTION_MESSAGES.expired,
      SUBSCRIPTION_PRESCRIPTION_MESSAGES.otherLenses,
      SUBSCRIPTION_PRESCRIPTION_MESSAGES.otherPatient,
    ]);
    const after = await database.db
      .select()
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscriptionId, ann.subscriptionId));
    expect(after).toEqual(before);
  });

  it("is a 401 signed out, a 404 for another's subscription or prescription, a 400 for bad input", async () => {
    const ann = await subscriber();
    const bo = await subscriber();
    const annsRx = await insertPrescription(ann.customer.id, {
      rightEye: eye(TORIC.productId, ann.right, "-1.00"),
      leftEye: eye(TORIC.productId, ann.left, "-1.25"),
    });
    const bosRx = await insertPrescription(bo.customer.id, {
      rightEye: eye(TORIC.productId, bo.right, "-1.00"),
      leftEye: eye(TORIC.productId, bo.left, "-1.25"),
    });
    expect((await change({ subscriptionId: ann.subscriptionId, prescriptionId: annsRx })).status).toBe(401);
    const theirSubscription = await change({ subscriptionId: ann.subscriptionId, prescriptionId: bosRx }, bo.cookie);
    expect(theirSubscription.status).toBe(404);
    expect(theirSubscription.body.error).toBe(SUBSCRIPTION_MESSAGES.notFound);
    const theirPrescription = await change({ subscriptionId: bo.subscriptionId, prescriptionId: annsRx }, bo.cookie);
    expect(theirPrescription.status).toBe(404);
    expect(theirPrescription.body.error).toBe(PRESCRIPTION_MESSAGES.notFound);
    for (const body of [
      {},
      { subscriptionId: "x", prescriptionId: annsRx },
      { subscriptionId: 1, prescriptionId: -3 },
    ]) {
      expect((await change(body, ann.cookie)).status).toBe(400);
    }
  });
});

describe("the subscription details", () => {
  it("carry the customer's saved cards' tokens (for PUT …/payment), never a card number", async () => {
    const ann = await subscriber();
    const newCustomer = await createCustomer(database.db, {
      email: `nobody.${counter}@example.com`,
      firstName: "N",
      lastName: "O",
    });
    const { body } = await call(detailsApi.loader, `/api/autoReorder/${ann.subscriptionId}`, {
      params: { id: String(ann.subscriptionId) },
      cookie: ann.cookie,
    });
    const cards = body.paymentMethods as Array<Record<string, unknown>>;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ brand: "Visa", lastFour: "4242", paymentToken: expect.stringMatching(/^tok_/) });
    expect(Object.keys(cards[0]!).sort()).toEqual([
      "brand",
      "expirationMonth",
      "expirationYear",
      "insertDate",
      "isExpired",
      "isPreferred",
      "lastFour",
      "paymentToken",
    ]);
    expect(JSON.stringify(body)).not.toContain("4242424242424242");
    // Another customer sees a 404, not the cards.
    const other = await call(detailsApi.loader, `/api/autoReorder/${ann.subscriptionId}`, {
      params: { id: String(ann.subscriptionId) },
      cookie: await cookieFor(newCustomer.id),
    });
    expect(other.status).toBe(404);
  });
});

describe("POST /graphql", () => {
  it("answers a JSON 404 that says where the API is described (decision 41)", async () => {
    for (const response of [graphqlApi.action(), graphqlApi.loader()]) {
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: string }).error).toMatch(/\/api\/openapi\.json/);
    }
  });
});
