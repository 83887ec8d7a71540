import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiOperations, findOperation } from "~/services/api/openapi/document.server";
import type { ApiOperation } from "~/services/api/openapi/registry.server";
import { SEED_MEMBERS } from "~/services/adapters/insurance/simulated-members";
import { createAuthSession } from "~/services/accounts/auth/accounts.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { doctors, orders, prescriptions, subscriptions } from "~/services/db/schema";
import { startAppHandler, type AppHandler } from "../setup/app-handler";
import { expectConforms } from "../setup/openapi-conformance";
import { readyToOrder, TORIC } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";

/**
 * The JSON API through the whole app (tests/setup/app-handler.ts): every documented GET, and the POSTs that only
 * read, called with fixtures — signed in as a customer with an order, a subscription and a saved prescription — and
 * each answer checked against the OpenAPI document (decision 40). Then the API's edge: unknown /api paths, wrong
 * methods, OPTIONS and HEAD, answered by the boundary middleware from the document.
 */

const STORE = "http://store.test";
let database: DatabaseHandle;
let app: AppHandler;
const called = new Set<ApiOperation>();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startAppHandler(database);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function send(method: string, path: string, options: { cookie?: string; body?: unknown } = {}) {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  return app.handle(
    new Request(`${STORE}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
  );
}

/** Calls, checks the answer against the document, and remembers which operation it was. */
async function conforming(method: string, path: string, options: { cookie?: string; body?: unknown } = {}) {
  const response = await send(method, path, options);
  const body = await expectConforms(method, path, response);
  called.add(findOperation(method, new URL(path, STORE).pathname)!);
  return { status: response.status, body: body as Record<string, unknown> };
}

describe("every documented GET, and the reading POSTs, answer as the document says", () => {
  it("with a signed-in customer's fixtures", async () => {
    const ready = await readyToOrder(app.services, { slot: 1, frequencyDays: 30 });
    const placed = await placeOrder(app.services, ready.input);
    if (!placed.ok) throw new Error(placed.message);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    const [subscription] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.sourceOrderId, order!.id));
    const [prescription] = await database.db
      .insert(prescriptions)
      .values({
        customerId: ready.customer.id,
        patientFirstName: "Ann",
        patientLastName: "Lee",
        source: "exam",
        status: "Verified",
        expirationDate: "2099-01-01",
        rightEye: { productId: TORIC.productId, upc: ready.right, quantity: 1, parameters: { power: "-1.00" } },
      })
      .returning();
    const [doctor] = await database.db.select().from(doctors).limit(1);
    const token = await createAuthSession(database.db, ready.customer.id, "guest", false);
    const { session } = await app.services.sessions.getSession(null);
    session.set("authSessionId", token);
    const cookie = (await app.services.sessions.commitSession(session)).split(";")[0]!;
    const ann = { cookie };

    const product = TORIC.productId;
    const sku = (await conforming("GET", `/api/catalog/upc/${ready.right}`)).body as { parameters: object };
    const query = new URLSearchParams(sku.parameters as Record<string, string>).toString();

    const gets: Array<[string, { cookie?: string }?]> = [
      ["/api/authentication/password", ann],
      ["/api/authentication/email/password?email=ann%40example.com"],
      ["/api/authentication/email?email=ann%40example.com"],
      ["/api/authentication/phone?phone=2085550100"],
      ["/api/catalog?priceBook=high"],
      [`/api/catalog/${product}`],
      [`/api/catalog/${product}/parameters`],
      [`/api/catalog/${product}/pricing`],
      [`/api/catalog/${product}/discontinued`],
      [`/catalog/${product}/discontinued`],
      [`/api/catalog/${product}/match?${query}`],
      [`/api/catalog/upc/${ready.right}/discontinued`],
      ["/api/promotions/all"],
      [`/api/promotions/rebates/${product}`],
      ["/api/coupon/unique?couponName=NO-SUCH-NAME"],
      ["/api/cart", ann],
      ["/api/orders/history/10/0", ann],
      [`/api/orders/${placed.orderNumber}/details`, ann],
      ["/api/orders/RecentExams", ann],
      ["/api/autoReorder", ann],
      [`/api/autoReorder/${subscription!.id}`, ann],
      [`/api/autoReorder/promotions?productId=${product}`],
      [`/api/autoReorder/prescription/${prescription!.id}/isExamPrescription`, ann],
      ["/api/eyeCareProviders/recent", ann],
      [`/api/eyeCareProviders/clinic/${doctor!.clinicId}`],
      ["/eyeCareProviders/patient?pn=Ann%20Lee", ann],
      ["/api/eyeCareProviders/patient?pn=Nobody%20Here", ann],
      [`/api/images/order/${placed.orderNumber}`, ann],
      // Two boxes earn no mail-in rebate: the documented 404 (the PDF itself: rebate-form.test.ts).
      [`/api/rebates/order/${placed.orderNumber}`, ann],
      ["/api/images/0123456789abcdef0123456789abcdef", ann],
      ["/api/rxWallet/summary", ann],
      [`/api/rxWallet/${prescription!.id}`, ann],
      [`/rxWallet/${prescription!.id}`, ann],
      ["/api/examInfo", ann],
      ["/api/examInfo/price"],
      ["/api/examInfo/providerAddress/no-such-provider"],
      ["/api/examInfo/abcdefghijklmnop/details", ann],
      ["/api/examEligibility", ann],
      [`/api/insurance/memberBenefitSearchResult/${"x".repeat(43)}`],
      [`/api/insurance/insuranceBenefitName/${SEED_MEMBERS[0]!.benefits[0]!.benefitId}`],
      ["/api/wallet", ann],
      ["/api/sitePreferences/ccgEncryptionKey"],
      ["/sitePreferences/ccgEncryptionKey"],
      ["/api/sitePreferences/brainTree"],
      [`/api/examInsurance/searchResult/${"x".repeat(43)}`],
      ["/api/openapi.json"],
      // Off unless its toggle is on (issue 28): the documented 404 (the 200: analytics-api.test.ts).
      ["/api/customerDataPlatform/realTimeIdentityData"],
    ];
    for (const [path, options] of gets) {
      const { status } = await conforming("GET", path, options);
      expect(status, path).toBeLessThan(500);
    }
    // The calls of decisions 38 and 39 answer the customer's own data.
    const customerGets: Array<[string, { cookie?: string }?]> = [
      ["/api/patients", ann],
      ["/api/orders/", ann],
      [`/api/orders/orderCountByProduct?products=${product},1`, ann],
      [`/api/orders/${placed.orderNumber}/thankyou`, ann],
      [`/orders/${placed.orderNumber}/thankyou`, ann],
      [`/api/order/status/${placed.orderNumber}`, ann],
      ["/api/addresses", ann],
      [`/api/customers/phones?emailAddress=${encodeURIComponent(ready.customer.email)}`, ann],
      ["/api/session/client-ip"],
    ];
    for (const [path, options] of customerGets) {
      expect((await conforming("GET", path, options)).status, path).toBe(200);
    }
    // The signed-out answers of the customer calls are documented too.
    for (const path of [
      "/api/autoReorder",
      "/api/rxWallet/summary",
      "/api/orders/history/10/0",
      "/api/patients",
      "/api/addresses",
      "/api/customers/phones?emailAddress=ann%40example.com",
    ]) {
      expect((await conforming("GET", path)).status, path).toBe(401);
    }

    const posts: Array<[string, unknown]> = [
      ["/api/autoReorder/summary", { subscriptionId: subscription!.id }],
      ["/api/autoReorder/summary", { items: [{ productId: product, whichEye: "right", quantity: 2 }] }],
      [
        "/api/promotions/productDiscountsWithProductSpecific",
        { productDiscountItems: [{ productId: product, quantity: 4 }] },
      ],
      ["/api/eyeCareProviders/search", { name: "Hale", postalCode: "83702" }],
      ["/api/rxWallet/lineItemGroupsWithPriceBook", { entries: [{ prescriptionId: prescription!.id }] }],
      ["/api/authentication/login", { username: "ann@example.com", password: "not her password" }],
      ["/api/cart", { version: 0 }],
      [
        "/api/insurance/memberBenefitSearch",
        {
          firstName: "Ann",
          lastName: "Lee",
          postalCodes: ["83702"],
          dateOfBirth: "1980-01-01",
          searchReason: "background",
        },
      ],
      [
        "/api/examInsurance/search",
        { firstName: "Ann", lastName: "Lee", dateOfBirth: "1980-01-01", postalCode: "83702" },
      ],
      [
        "/api/addresses/verify",
        {
          address: {
            firstName: "Ann",
            lastName: "Lee",
            address1: "12 Main St",
            city: "Boise",
            state: "ID",
            postalCode: "83702",
          },
        },
      ],
    ];
    for (const [path, body] of posts) {
      const { status } = await conforming("POST", path, { ...ann, body });
      expect(status, path).toBeLessThan(500);
    }

    const missed = apiOperations.filter((op) => op.method === "GET" && !called.has(op)).map((op) => `GET ${op.path}`);
    expect(missed).toEqual([]);
  }, 120_000);
});

describe("the API's edge", () => {
  it("answers an unknown /api path with JSON 404, whatever the method; other paths keep the page", async () => {
    for (const [method, path] of [
      ["GET", "/api/no-such-call"],
      ["POST", "/api/catalog/1/no/such/thing"],
      ["GET", "/api"],
    ] as const) {
      const response = await send(method, path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type"), path).toMatch(/^application\/json/);
      expect(((await response.json()) as { error: string }).error).toMatch(/no API call/i);
    }
    const page = await send("GET", "/no-such-page");
    expect(page.status).toBe(404);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
  });

  it("answers a method the document does not list with 405 JSON and Allow", async () => {
    for (const [method, path, allow] of [
      ["DELETE", "/api/catalog", "GET, HEAD"],
      ["PATCH", "/api/cart", "GET, POST, HEAD"],
      ["PUT", "/catalog/1001/discontinued", "GET, HEAD"],
      ["GET", "/api/autoReorder/prescription", "PUT"],
      ["GET", "/graphql", "POST"],
    ] as const) {
      const response = await send(method, path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow"), `${method} ${path}`).toBe(allow);
      await expectConforms(method, path, response);
    }
  });

  it("answers OPTIONS with 204 and Allow, and HEAD as GET", async () => {
    const options = await send("OPTIONS", "/api/cart/coupon");
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe("POST, DELETE, OPTIONS");
    const head = await send("HEAD", "/api/catalog/1001/pricing");
    expect(head.status).toBe(200);
    expect((await send("HEAD", "/api/cart/coupon")).status).toBe(405);
  });

  it("answers POST /graphql with JSON saying where the API is described", async () => {
    const response = await send("POST", "/graphql", { body: { query: "{ products { id } }" } });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toMatch(/\/api\/openapi\.json/);
  });
});
