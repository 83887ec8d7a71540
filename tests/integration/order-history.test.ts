import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackingUrl } from "~/models/order-status";
import { deliveryEstimate, formatDeliveryDate } from "~/models/shipping";
import * as detailsApi from "~/routes/api.orders.$id.details";
import * as historyApi from "~/routes/api.orders.history";
import * as devOrders from "~/routes/dev.orders";
import * as accountLayout from "~/routes/account";
import DetailsPage, * as detailsPage from "~/routes/order-history.$orderNumber";
import ThankYouPage, * as thankYouPage from "~/routes/thank-you";
import * as historyPage from "~/routes/order-history";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { emailOutbox, orderGroups, orderLines, orders, products, skus } from "~/services/db/schema";
import { orderHistory } from "~/services/orders/order-history.server";
import { advanceOrder } from "~/services/orders/order-operations.server";
import { createTestDatabase } from "../setup/test-database";
import {
  createRequestContext,
  createTestServices,
  runThroughMiddleware,
  settle,
  underLayouts,
} from "../setup/test-context";

let database: DatabaseHandle;
let development: AppServices;
let production: AppServices;
let lens: { productId: number; productName: string; upc: string };
let solution: { productId: number; productName: string; upc: string };

beforeAll(async () => {
  database = await createTestDatabase();
  development = createTestServices(database);
  production = createTestServices(database, { APP_ENV: "production" });
  lens = await seededProduct(1);
  solution = await seededProduct(2);
});
afterAll(async () => {
  await database.close();
});

async function seededProduct(productType: 1 | 2) {
  const [row] = await database.db
    .select({ productId: products.id, productName: products.displayName, upc: skus.upc })
    .from(products)
    .innerJoin(skus, eq(skus.productId, products.id))
    .where(eq(products.productType, productType))
    .orderBy(asc(products.id), asc(skus.upc))
    .limit(1);
  return row!;
}

// --- Customers and orders, written straight to the tables ---------------------------------------------------------

let emailCounter = 0;

/** A customer with a session: a cookie for pages, the same token as a bearer for the API. */
async function shopper(name: string) {
  const customer = await createCustomer(database.db, {
    email: `${name}.${++emailCounter}@example.com`,
    password: "correct horse battery",
    firstName: name,
    lastName: "Lee",
  });
  const token = await createAuthSession(database.db, customer.id, "password", false);
  const { session } = await development.sessions.getSession(null);
  session.set("authSessionId", token);
  const cookie = (await development.sessions.commitSession(session)).split(";")[0]!;
  return { id: customer.id, email: customer.email, cookie, token };
}

interface GroupInput {
  type: "Lens" | "Solution";
  prescriptionStatus?: string | null;
  patient?: { firstName: string; lastName: string; patientId?: number };
  /** Each line's share of the order's discounts. */
  lineDiscountCents?: number;
}

async function insertOrder(
  customerId: number,
  orderNumber: string,
  createdAt: string,
  fields: Partial<typeof orders.$inferInsert> = {},
  groups: GroupInput[] = [{ type: "Lens", prescriptionStatus: "PendingVerification" }],
) {
  const [order] = await database.db
    .insert(orders)
    .values({
      orderNumber,
      customerId,
      cartId: randomUUID(),
      idempotencyKey: randomUUID(),
      shippingLevel: 0,
      shippingAddress: {
        firstName: "Ann",
        lastName: "Lee",
        address1: "100 Main St",
        address2: "",
        city: "BOISE",
        state: "ID",
        postalCode: "83702",
        country: "US",
        phone: "2085550100",
        verificationStatus: "Verified",
      },
      paymentToken: `tok_${randomUUID()}`,
      paymentBrand: "Visa",
      paymentLastFour: "4242",
      chargeId: `ch_${randomUUID()}`,
      subtotalCents: 12000,
      discountCents: 1000,
      shippingCents: 495,
      shippingDiscountCents: 0,
      taxCents: 660,
      rebateCents: 0,
      totalCents: 12155,
      createdAt: new Date(createdAt),
      ...fields,
    })
    .returning();
  for (const [position, group] of groups.entries()) {
    const [groupRow] = await database.db
      .insert(orderGroups)
      .values({
        orderId: order!.id,
        position,
        type: group.type,
        patient: group.patient ?? (group.type === "Lens" ? { firstName: "Ann", lastName: "Lee", patientId: 7 } : null),
        doctor:
          group.type === "Lens"
            ? { id: 1, firstName: "Maya", lastName: "Ortiz", phone: "2085550111", clinicName: "Boise Eye Care" }
            : null,
        rxEntryType: group.type === "Lens" ? "Manual" : null,
        prescriptionStatus: group.type === "Lens" ? (group.prescriptionStatus ?? "PendingVerification") : null,
      })
      .returning();
    const product = group.type === "Lens" ? lens : solution;
    const eyes = group.type === "Lens" ? ["right", "left"] : ["none"];
    await database.db.insert(orderLines).values(
      eyes.map((whichEye) => ({
        orderGroupId: groupRow!.id,
        whichEye,
        productId: product.productId,
        productName: product.productName,
        upc: product.upc,
        quantity: 2,
        unitPriceCents: 3000,
        discountCents: group.lineDiscountCents ?? 0,
        selectedParameters: (group.type === "Lens" ? { power: "-2.00", baseCurve: "8.6" } : {}) as Record<
          string,
          string
        >,
      })),
    );
  }
  return order!;
}

// --- Calling the routes -------------------------------------------------------------------------------------------

type Handler = (args: never) => unknown;
interface CallOptions {
  cookie?: string;
  token?: string;
  params?: Record<string, string>;
  services?: AppServices;
  form?: Record<string, string>;
}

/** Calls a page loader or action as the router does, giving back what it returned or threw. */
async function page(handler: Handler, path: string, options: CallOptions = {}) {
  const headers = new Headers(options.cookie ? { Cookie: options.cookie } : {});
  const init: RequestInit = { headers };
  if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    Object.assign(init, { method: "POST", body: new URLSearchParams(options.form).toString() });
  }
  const request = new Request(`http://store.test${path}`, init);
  const context = await createRequestContext(options.services ?? development, request);
  return settle(async () => handler({ request, params: options.params ?? {}, context } as never));
}

/** Calls an API loader through the root middleware, as the server does. */
async function api(handler: Handler, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  const request = new Request(`http://store.test${path}`, { headers });
  const response = await runThroughMiddleware(development, request, async (context) => {
    return (await handler({ request, params: options.params ?? {}, context } as never)) as Response;
  });
  expect(response).toBeInstanceOf(Response);
  return response;
}

async function json<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
  const body = await response.clone().text();
  expect(response.status, body).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.json()) as T;
}

const history = (pageSize: string, pageNumber: string, options: CallOptions = {}) =>
  api(historyApi.loader, `/api/orders/history/${pageSize}/${pageNumber}`, {
    ...options,
    params: { pageSize, page: pageNumber },
  });
const details = (id: string, options: CallOptions = {}) =>
  api(detailsApi.loader, `/api/orders/${id}/details`, { ...options, params: { id } });

const status = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: ResponseInit | null }).init?.status ?? 200);
const location = (result: unknown) => (result as Response).headers.get("Location");

/**
 * The lines of text a text browser prints for some HTML, roughly: block elements and line breaks start and end lines, tags and
 * React's text separators vanish, the few entities React writes are decoded. CSS plays no part.
 */
function readAsText(html: string): string[] {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<br\s*\/?>|<\/?(p|div|li|h[1-6]|dt|dd|tr|address|section|ul|ol|dl|table)(\s[^>]*)?>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0);
}

// --- Fixtures --------------------------------------------------------------------------------------------------------

type Shopper = Awaited<ReturnType<typeof shopper>>;
let ann: Shopper;
let bob: Shopper;
let bobsOrderNumber: string;
let shippedId: number;

beforeAll(async () => {
  ann = await shopper("ann");
  bob = await shopper("bob");
  await insertOrder(ann.id, "LL-1001", "2026-01-10T17:00:00Z", { statusCode: "H" });
  const shipped = await insertOrder(ann.id, "LL-1002", "2026-01-05T17:00:00Z", {
    statusCode: "G",
    shippingLevel: 1,
    estimatedDeliveryDate: "2026-01-09",
    trackingNumber: "9400111111111111111111",
    trackingDeliveryDate: "2026-01-08",
    shippedAt: new Date("2026-01-06T17:00:00Z"),
  });
  shippedId = shipped.id;
  await insertOrder(ann.id, "LL-1003", "2026-01-12T17:00:00Z", { statusCode: "-" });
  await insertOrder(ann.id, "LL-1004", "2026-01-08T17:00:00Z", { statusCode: "|" });
  await insertOrder(ann.id, "LL-1005", "2026-01-01T17:00:00Z", { statusCode: "" }, [{ type: "Solution" }]);
  bobsOrderNumber = (await insertOrder(bob.id, "LL-2001", "2026-01-11T17:00:00Z")).orderNumber;
});

// --- Order history page ------------------------------------------------------------------------------------------

describe("order history page", () => {
  it("lists the customer's orders newest first, without the deleted one or anyone else's", async () => {
    for (const path of ["/account/order-history", "/order-history"]) {
      const result = (await page(historyPage.loader, path, { cookie: ann.cookie })) as Awaited<
        ReturnType<typeof historyPage.loader>
      >;
      expect(result.path).toBe(path);
      expect(result.totalCount).toBe(4);
      expect(result.orders.map((order) => [order.orderNumber, order.statusLabel])).toEqual([
        ["LL-1001", "On hold"],
        ["LL-1004", "Test order"],
        ["LL-1002", "Shipped"],
        ["LL-1005", "Processing"],
      ]);
      const shipped = result.orders[2]!;
      expect(shipped.trackingNumber).toBe("9400111111111111111111");
      expect(shipped.trackingUrl).toContain("9400111111111111111111");
      expect(shipped.statusMessage).toBe("On its way. Expected to arrive Thu, Jan 8.");
      expect(shipped.total).toBe("$121.55");
      expect(shipped.orderDate).toBe("Jan 5, 2026");
      expect(shipped.items).toBe(`4 × ${lens.productName}`);
      // Held (H): what it needs, not 'verifying' (issue 25).
      expect(result.orders[0]!.statusMessage).toBe(
        "Your order needs your current, valid prescription. Please upload it now or take a quick online vision exam so we can process your order.",
      );
    }
  });

  it("shows an empty state, and sends a signed-out shopper to sign in", async () => {
    const carol = await shopper("carol");
    const empty = (await page(historyPage.loader, "/account/order-history", { cookie: carol.cookie })) as {
      totalCount: number;
      orders: unknown[];
    };
    expect(empty.totalCount).toBe(0);
    expect(empty.orders).toEqual([]);
    const signedOut = await page(historyPage.loader, "/account/order-history");
    expect(status(signedOut)).toBe(303);
    expect(location(signedOut)).toContain("signin=sign-in");
    expect(location(signedOut)).toContain("redirectTo=%2Faccount%2Forder-history");
  });

  it("pages by ?page=, ten to a page, and reads a bad page as the first", async () => {
    const frank = await shopper("frank");
    for (let index = 0; index < 11; index++) {
      await insertOrder(frank.id, `LL-F${index}`, `2026-02-${String(index + 1).padStart(2, "0")}T17:00:00Z`);
    }
    type Page = { page: number; pageCount: number; orders: Array<{ orderNumber: string }> };
    const first = (await page(historyPage.loader, "/account/order-history", { cookie: frank.cookie })) as Page;
    expect([first.page, first.pageCount, first.orders.length]).toEqual([1, 2, 10]);
    expect(first.orders[0]!.orderNumber).toBe("LL-F10");
    const second = (await page(historyPage.loader, "/account/order-history?page=2", { cookie: frank.cookie })) as Page;
    expect(second.orders.map((order) => order.orderNumber)).toEqual(["LL-F0"]);
    for (const bad of ["abc", "0", "-1", "1.5"]) {
      const result = (await page(historyPage.loader, `/account/order-history?page=${bad}`, {
        cookie: frank.cookie,
      })) as Page;
      expect(result.page, bad).toBe(1);
    }
    const past = (await page(historyPage.loader, "/account/order-history?page=9", { cookie: frank.cookie })) as Page;
    expect(past.orders).toEqual([]);
  });
});

// --- Order details page ----------------------------------------------------------------------------------------------

describe("order details page", () => {
  const open = (orderNumber: string, cookie?: string) =>
    // Under the account layout, whose middleware is the page's sign-in guard (app/routes.ts).
    page(underLayouts([accountLayout], detailsPage.loader), `/account/order-history/${orderNumber}`, {
      cookie,
      params: { orderNumber },
    });

  it("shows the groups, address, totals and payment of the customer's order", async () => {
    const order = (await open("LL-1002", ann.cookie)) as Awaited<ReturnType<typeof detailsPage.loader>>;
    expect(order.statusLabel).toBe("Shipped");
    expect(order.expectedDelivery).toBe("Thu, Jan 8");
    expect(order.payment).toBe("Visa ending in 4242");
    expect(order.address).toEqual(["Ann Lee", "100 Main St", "BOISE, ID 83702", "(208) 555-0100"]);
    expect(order.groups).toHaveLength(1);
    const [group] = order.groups;
    expect(group!.patient).toBe("Ann Lee");
    expect(group!.doctor).toBe("Dr. Maya Ortiz, Boise Eye Care");
    expect(group!.prescription).toBe("Being verified with your doctor");
    expect(group!.lines.map((line) => [line.eye, line.parameters, line.total])).toEqual([
      ["Right eye", "Power/sphere -2.00, BC 8.6", "$60.00"],
      ["Left eye", "Power/sphere -2.00, BC 8.6", "$60.00"],
    ]);
    expect(order.totals).toEqual([
      { label: "Subtotal", amount: "$120.00" },
      { label: "Discounts", amount: "−$10.00" },
      { label: "Shipping (Expedited shipping)", amount: "$4.95" },
      { label: "Tax", amount: "$6.60" },
    ]);
    expect(order.total).toBe("$121.55");
  });

  it("shows shipping as charged, after any shipping discount", async () => {
    const ivy = await shopper("ivy");
    await insertOrder(ivy.id, "LL-I1", "2026-01-05T17:00:00Z", {
      shippingCents: 0,
      shippingDiscountCents: 495,
      discountCents: 0,
      totalCents: 12660,
    });
    const order = (await open("LL-I1", ivy.cookie)) as Awaited<ReturnType<typeof detailsPage.loader>>;
    expect(order.totals).toEqual([
      { label: "Subtotal", amount: "$120.00" },
      { label: "Shipping (Standard shipping)", amount: "FREE" },
      { label: "Tax", amount: "$6.60" },
    ]);
    expect(order.total).toBe("$126.60");
  });

  it("shows a line's discount on a line of its own, between the boxes at their price and the line's total", async () => {
    const dee = await shopper("dee");
    await insertOrder(dee.id, "LL-X1", "2026-01-05T17:00:00Z", {}, [
      { type: "Lens", lineDiscountCents: 1290 },
      { type: "Solution" },
    ]);
    const order = (await open("LL-X1", dee.cookie)) as Awaited<ReturnType<typeof detailsPage.loader>>;
    const money = order.groups.map((group) => group.lines.map((line) => [line.amount, line.discount, line.total]));
    expect(money).toEqual([
      [
        ["2 × $30.00 = $60.00", "−$12.90", "$47.10"],
        ["2 × $30.00 = $60.00", "−$12.90", "$47.10"],
      ],
      [["2 × $30.00 = $60.00", null, "$60.00"]],
    ]);

    // As a text browser reads the page (no CSS): each amount on a line of its own, in order.
    const Stub = createRoutesStub([
      { id: "details", path: "/account/order-history/:orderNumber", Component: DetailsPage as never },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/account/order-history/LL-X1"],
        hydrationData: { loaderData: { details: order } },
      }),
    );
    const lines = readAsText(html);
    const right = lines.indexOf(`Right eye: ${lens.productName}`);
    expect(right).toBeGreaterThan(-1);
    expect(lines.slice(right, right + 5)).toEqual([
      `Right eye: ${lens.productName}`,
      "Power/sphere -2.00, BC 8.6",
      "2 × $30.00 = $60.00",
      "Discount −$12.90",
      "Item total $47.10",
    ]);
    // A line without a discount shows the boxes at their price only.
    const care = lines.indexOf(solution.productName);
    expect(lines.slice(care, care + 2)).toEqual([solution.productName, "2 × $30.00 = $60.00"]);
    expect(lines[care + 2]).not.toMatch(/^(Discount|Item total)/);
    // The address, line by line.
    const shipping = lines.indexOf("Shipping");
    expect(lines.slice(shipping + 1, shipping + 5)).toEqual([
      "Ann Lee",
      "100 Main St",
      "BOISE, ID 83702",
      "(208) 555-0100",
    ]);
  });

  it("shows the same on the thank-you page", async () => {
    const eli = await shopper("eli");
    await insertOrder(eli.id, "LL-X2", "2026-01-05T17:00:00Z", {}, [{ type: "Lens", lineDiscountCents: 1290 }]);
    const placed = (await page(thankYouPage.loader, "/thank-you?oid=LL-X2", { cookie: eli.cookie })) as Awaited<
      ReturnType<typeof thankYouPage.loader>
    >;
    const Stub = createRoutesStub([{ id: "thank-you", path: "/thank-you", Component: ThankYouPage as never }]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/thank-you?oid=LL-X2"],
        hydrationData: { loaderData: { "thank-you": placed } },
      }),
    );
    const lines = readAsText(html);
    const right = lines.indexOf(`Right eye: ${lens.productName}`);
    expect(right).toBeGreaterThan(-1);
    expect(lines.slice(right, right + 5)).toEqual([
      `Right eye: ${lens.productName}`,
      "Power/sphere -2.00 · BC 8.6",
      "2 × $30.00 = $60.00",
      "Discount −$12.90",
      "Item total $47.10",
    ]);
    const shipTo = lines.indexOf("Shipping to");
    expect(lines.slice(shipTo + 1, shipTo + 5)).toEqual([
      "Ann Lee",
      "100 Main St",
      "BOISE, ID 83702",
      "(208) 555-0100",
    ]);
  });

  it("is a 404 for another customer's order, a deleted one, an unknown one and a malformed number", async () => {
    expect(status(await open(bobsOrderNumber, bob.cookie))).toBe(200);
    expect(status(await open(bobsOrderNumber, ann.cookie))).toBe(404);
    expect(status(await open("LL-1003", ann.cookie))).toBe(404);
    expect(status(await open("LL-9999", ann.cookie))).toBe(404);
    expect(status(await open("a b", ann.cookie))).toBe(404);
  });

  it("sends a signed-out shopper to sign in", async () => {
    const result = await open("LL-1002");
    expect(status(result)).toBe(303);
    expect(location(result)).toContain("signin=sign-in");
  });
});

// --- Orders API --------------------------------------------------------------------------------------------------

interface HistoryJson {
  orders: Array<Record<string, unknown>>;
  page: number;
  pageSize: number;
  totalCount: number;
}

describe("GET api/orders/history/:pageSize/:page", () => {
  it("answers the spec's order-history entries, by cookie or bearer token", async () => {
    for (const auth of [{ cookie: ann.cookie }, { token: ann.token }]) {
      const body = await json<HistoryJson>(await history("10", "0", auth), 200);
      expect(body.orders.map((order) => order.orderNumber)).toEqual(["LL-1001", "LL-1004", "LL-1002", "LL-1005"]);
      expect([body.page, body.pageSize, body.totalCount]).toEqual([0, 10, 4]);
    }
    const body = await json<HistoryJson>(await history("10", "0", { token: ann.token }), 200);
    expect(body.orders[2]).toMatchObject({
      orderNumber: "LL-1002",
      orderTakenDate: "2026-01-05T17:00:00.000Z",
      orderDate: "2026-01-05",
      orderStatusCode: "G",
      orderStatus: "Shipped",
      orderStatusMessage: "On its way. Expected to arrive Thu, Jan 8.",
      estimatedDeliveryDate: "2026-01-09",
      expectedDeliveryDate: "2026-01-08",
      deliveredDate: null,
      trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111111111111111111",
      tracking: { deliveryDate: "2026-01-08", trackingStatus: "InTransit" },
      shipping: { shippingLevel: 1 },
      isNonLensOrder: false,
      isOld: true,
      totalAmount: 12155,
      items: [
        {
          productId: lens.productId,
          itemType: "lens",
          whichEye: "Right",
          quantity: 2,
          prescription: { prescriptionId: null },
        },
        {
          productId: lens.productId,
          itemType: "lens",
          whichEye: "Left",
          quantity: 2,
          prescription: { prescriptionId: null },
        },
      ],
      prescriptions: [{ patientId: 7, detail: { leftEye: { upc: lens.upc }, rightEye: { upc: lens.upc } } }],
    });
    expect(body.orders[0]).toMatchObject({ orderStatusCode: "H", tracking: null, trackingUrl: null, isOld: false });
    expect(body.orders[1]).toMatchObject({ orderStatusCode: "|", orderStatus: "Test" });
    expect(body.orders[3]).toMatchObject({
      isNonLensOrder: true,
      prescriptions: [],
      items: [{ productId: solution.productId, itemType: "solution", whichEye: "none", prescription: null }],
    });
  });

  it("pages from 0; a page past the end is empty", async () => {
    const second = await json<HistoryJson>(await history("2", "1", { cookie: ann.cookie }), 200);
    expect(second.orders.map((order) => order.orderNumber)).toEqual(["LL-1002", "LL-1005"]);
    const past = await json<HistoryJson>(await history("2", "7", { cookie: ann.cookie }), 200);
    expect(past.orders).toEqual([]);
    expect(past.totalCount).toBe(4);
  });

  it("answers 400 for a page size outside 1–50 or a page that is not a whole number from 0", async () => {
    for (const [pageSize, pageNumber] of [
      ["0", "0"],
      ["51", "0"],
      ["abc", "0"],
      ["-1", "0"],
      ["100", "0"],
      ["10", "-1"],
      ["10", "abc"],
      ["10", "1.5"],
      ["10", "9999999"],
    ] as const) {
      const body = await json<{ error: string }>(await history(pageSize, pageNumber, { cookie: ann.cookie }), 400);
      expect(Object.keys(body), `${pageSize}/${pageNumber}`).toEqual(["error"]);
    }
    await json(await history("1", "0", { cookie: ann.cookie }), 200);
    await json(await history("50", "0", { cookie: ann.cookie }), 200);
  });

  it("answers 401 signed out or with a rejected bearer token, even beside a good cookie", async () => {
    expect(await json(await history("10", "0"), 401)).toEqual({ error: "Sign in to see your orders." });
    await json(await history("10", "0", { token: "x".repeat(43) }), 401);
    await json(await history("10", "0", { token: "x".repeat(43), cookie: ann.cookie }), 401);
  });

  it("answers 404 { error } when the customer has no orders (deleted ones don't count)", async () => {
    const carol = await shopper("carol");
    await json(await history("10", "0", { cookie: carol.cookie }), 404);
    const dan = await shopper("dan");
    await insertOrder(dan.id, "LL-D1", "2026-01-03T17:00:00Z", { statusCode: "-" });
    const body = await json<{ error: string }>(await history("10", "0", { token: dan.token }), 404);
    expect(body.error.length).toBeGreaterThan(0);
  });
});

describe("GET api/orders/:id/details", () => {
  it("answers the customer's order with its groups, address, payment and totals", async () => {
    const body = await json<Record<string, unknown>>(await details("LL-1002", { token: ann.token }), 200);
    expect(body).toMatchObject({
      orderNumber: "LL-1002",
      orderStatusCode: "G",
      shipping: { shippingLevel: 1, label: "Expedited shipping" },
      payment: { brand: "Visa", lastFour: "4242" },
      shippingAddress: { address1: "100 Main St", postalCode: "83702" },
      orderSummary: { subTotal: 12000, discountAmount: 1000, shipping: 495, taxAmount: 660, totalAmount: 12155 },
      lineItemGroups: [
        {
          type: "Lens",
          prescriptionStatus: "PendingVerification",
          patient: { firstName: "Ann", lastName: "Lee" },
          doctor: { lastName: "Ortiz" },
          lineItems: [
            { whichEye: "Right", productId: lens.productId, upc: lens.upc, quantity: 2, price: 3000 },
            { whichEye: "Left", productId: lens.productId, upc: lens.upc, quantity: 2, price: 3000 },
          ],
        },
      ],
    });
    expect(JSON.stringify(body)).not.toContain("tok_");
    // The id finds it too, still only for its customer.
    await json(await details(String(shippedId), { cookie: ann.cookie }), 200);
    await json(await details(String(shippedId), { cookie: bob.cookie }), 404);
  });

  it("is a 404 for another customer's order, a deleted or unknown one; 400 for a malformed number", async () => {
    await json(await details(bobsOrderNumber, { cookie: bob.cookie }), 200);
    expect(await json(await details(bobsOrderNumber, { cookie: ann.cookie }), 404)).toEqual({
      error: `There is no order ${bobsOrderNumber}.`,
    });
    await json(await details("LL-1003", { cookie: ann.cookie }), 404);
    await json(await details("LL-0000", { cookie: ann.cookie }), 404);
    await json(await details("99999999999", { cookie: ann.cookie }), 404);
    await json(await details("no such!", { cookie: ann.cookie }), 400);
  });

  it("answers 401 signed out", async () => {
    await json(await details("LL-1002"), 401);
  });
});

// --- Moving orders along ------------------------------------------------------------------------------------------

describe("advanceOrder", () => {
  const monday = DateTime.fromISO("2026-03-02T10:00", { zone: "America/Boise" });
  const row = async (orderNumber: string) =>
    (await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
  const prescriptions = async (orderId: number) =>
    (await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, orderId))).map(
      (group) => group.prescriptionStatus,
    );

  it("verifies, ships and delivers in that order, and refuses steps out of turn", async () => {
    const eve = await shopper("eve");
    const order = await insertOrder(eve.id, "LL-E1", "2026-03-01T17:00:00Z", { statusCode: "S", shippingLevel: 1 }, [
      { type: "Lens", prescriptionStatus: "PendingVerification" },
      { type: "Lens", prescriptionStatus: "PendingSubmission" },
      { type: "Solution" },
    ]);
    expect(await advanceOrder(development, "LL-E1", "ship", monday)).toEqual({
      ok: false,
      message: "Verify the prescription of order LL-E1 first.",
    });
    expect((await advanceOrder(development, "LL-E1", "deliver", monday)).ok).toBe(false);

    expect(await advanceOrder(development, "LL-E1", "verify", monday)).toEqual({
      ok: true,
      message: "Verified 2 prescriptions on order LL-E1.",
    });
    expect(await prescriptions(order.id)).toEqual(["Verified", "Verified", null]);
    expect((await advanceOrder(development, "LL-E1", "verify", monday)).ok).toBe(false);

    const shipped = await advanceOrder(development, "LL-E1", "ship", monday);
    expect(shipped.ok).toBe(true);
    let current = await row("LL-E1");
    expect(current.statusCode).toBe("G");
    expect(current.trackingNumber).toMatch(/^9400[0-9]{18}$/);
    expect(shipped.message).toContain(current.trackingNumber!);
    expect(current.shippedAt?.toISOString()).toBe(monday.toUTC().toISO());
    // Expedited: 3 business days from a Monday morning.
    expect(current.trackingDeliveryDate).toBe(deliveryEstimate(1, monday).toISODate());
    expect(current.trackingDeliveryDate).toBe("2026-03-05");
    expect((await advanceOrder(development, "LL-E1", "ship", monday)).ok).toBe(false);
    expect((await advanceOrder(development, "LL-E1", "verify", monday)).ok).toBe(false);

    const thursday = monday.plus({ days: 3 });
    expect(await advanceOrder(development, "LL-E1", "deliver", thursday)).toEqual({
      ok: true,
      message: "Order LL-E1 is delivered.",
    });
    current = await row("LL-E1");
    expect(current.deliveredAt?.toISOString()).toBe(thursday.toUTC().toISO());
    expect(current.trackingDeliveryDate).toBe("2026-03-05");
    expect((await advanceOrder(development, "LL-E1", "deliver", thursday)).ok).toBe(false);

    // History follows: delivered on the 5th, old once the 10th is over.
    const read = async (now: DateTime) =>
      (await orderHistory(database.db, eve.id, { pageSize: 10, page: 0 }, now)).orders[0]!;
    const delivered = await read(thursday);
    expect([delivered.statusLabel, delivered.statusMessage, delivered.deliveredDate]).toEqual([
      "Delivered",
      "Delivered Thu, Mar 5.",
      "2026-03-05",
    ]);
    expect(delivered.tracking).toEqual({ deliveryDate: "2026-03-05", trackingStatus: "Delivered" });
    expect((await read(DateTime.fromISO("2026-03-10T23:00", { zone: "America/Boise" }))).isOld).toBe(false);
    expect((await read(DateTime.fromISO("2026-03-11T00:30", { zone: "America/Boise" }))).isOld).toBe(true);
  });

  it("ships an order with no prescription at once, and refuses unknown, test and deleted orders", async () => {
    const gus = await shopper("gus");
    await insertOrder(gus.id, "LL-G1", "2026-03-01T17:00:00Z", {}, [{ type: "Solution" }]);
    expect((await advanceOrder(development, "LL-G1", "verify", monday)).ok).toBe(false);
    expect((await advanceOrder(development, "LL-G1", "ship", monday)).ok).toBe(true);
    expect(await advanceOrder(development, "LL-NONE", "ship", monday)).toEqual({
      ok: false,
      message: "There is no order LL-NONE.",
    });
    await insertOrder(gus.id, "LL-G2", "2026-03-01T17:00:00Z", { statusCode: "|" });
    await insertOrder(gus.id, "LL-G3", "2026-03-01T17:00:00Z", { statusCode: "-" });
    for (const orderNumber of ["LL-G2", "LL-G3"]) {
      for (const step of ["verify", "ship", "deliver"] as const) {
        expect((await advanceOrder(development, orderNumber, step, monday)).ok, `${orderNumber} ${step}`).toBe(false);
      }
      expect((await row(orderNumber)).shippedAt).toBeNull();
    }
  });
});

describe("the 'order shipped' e-mail", () => {
  const monday = DateTime.fromISO("2026-03-02T10:00", { zone: "America/Boise" });
  const orderRow = async (orderNumber: string) =>
    (await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
  const shippedMails = (to: string) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, "order-shipped")));
  /** The development services with an e-mail sender that counts its delivery kicks. */
  function counting(email: Partial<AppServices["email"]> = {}) {
    const kicks = { count: 0 };
    const services = {
      ...development,
      email: { ...development.email, deliverSoon: () => void kicks.count++, ...email },
    };
    return { services, kicks };
  }

  it("goes out once per shipment, with the tracking number and link, the items, the address and the order's link", async () => {
    const kim = await shopper("kim");
    await insertOrder(kim.id, "LL-K1", "2026-03-01T17:00:00Z", {}, [
      { type: "Lens", prescriptionStatus: "Verified" },
      { type: "Solution" },
    ]);
    const { services, kicks } = counting();
    expect((await advanceOrder(services, "LL-K1", "ship", monday)).ok).toBe(true);
    const shipped = await orderRow("LL-K1");
    const mails = await shippedMails(kim.email);
    expect(mails).toHaveLength(1);
    // Asked for delivery once, after the commit.
    expect(kicks.count).toBe(1);
    const [mail] = mails;
    expect(mail!.subject).toBe("Your Lenslane order LL-K1 has shipped");
    const tracking = trackingUrl(shipped.trackingNumber)!;
    for (const body of [mail!.textBody, mail!.htmlBody]) {
      expect(body).toContain(shipped.trackingNumber!);
      expect(body).toContain("Contact lenses for Ann Lee");
      expect(body).toContain(`2 × ${lens.productName} (Right eye)`);
      expect(body).toContain(`2 × ${lens.productName} (Left eye)`);
      expect(body).toContain(`2 × ${solution.productName}`);
      expect(body).toContain("100 Main St");
      expect(body).toContain("http://store.test/account/order-history/LL-K1");
      expect(body).toContain(`Expected to arrive ${formatDeliveryDate(deliveryEstimate(0, monday))}.`);
    }
    expect(mail!.textBody).toContain(`Track your package: ${tracking}`);
    expect(mail!.htmlBody).toContain(`href="${tracking}"`);

    // Shipping again (a second click, the script) is refused and sends nothing; verifying and delivering send none.
    expect((await advanceOrder(services, "LL-K1", "ship", monday)).ok).toBe(false);
    expect((await advanceOrder(services, "LL-K1", "deliver", monday.plus({ days: 3 }))).ok).toBe(true);
    expect(await shippedMails(kim.email)).toHaveLength(1);
    expect(kicks.count).toBe(1);
    await insertOrder(kim.id, "LL-K2", "2026-03-01T17:00:00Z");
    expect((await advanceOrder(services, "LL-K2", "verify", monday)).ok).toBe(true);
    expect(kicks.count).toBe(1);
    expect(await shippedMails(kim.email)).toHaveLength(1);
  });

  it("is one e-mail when the same order is shipped twice at once", async () => {
    const lou = await shopper("lou");
    await insertOrder(lou.id, "LL-L1", "2026-03-01T17:00:00Z", {}, [{ type: "Solution" }]);
    const results = await Promise.all([
      advanceOrder(development, "LL-L1", "ship", monday),
      advanceOrder(development, "LL-L1", "ship", monday),
    ]);
    expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
    const mails = await shippedMails(lou.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain((await orderRow("LL-L1")).trackingNumber!);
  });

  it("commits with the shipment: when the e-mail cannot be written, the order has not shipped", async () => {
    const max = await shopper("max");
    await insertOrder(max.id, "LL-M1", "2026-03-01T17:00:00Z", {}, [{ type: "Solution" }]);
    const { services, kicks } = counting({
      send: () => Promise.reject(new Error("the outbox is unavailable")),
    });
    await expect(advanceOrder(services, "LL-M1", "ship", monday)).rejects.toThrow("the outbox is unavailable");
    expect(await orderRow("LL-M1")).toMatchObject({ statusCode: "", trackingNumber: null, shippedAt: null });
    expect(kicks.count).toBe(0);
    // Once the outbox is back, the shipment goes through with its e-mail.
    expect((await advanceOrder(development, "LL-M1", "ship", monday)).ok).toBe(true);
    expect(await shippedMails(max.email)).toHaveLength(1);
  });
});

describe("dev orders page", () => {
  it("lists recent orders of every customer with the steps that apply", async () => {
    const result = (await page(devOrders.loader, "/dev/orders")) as Awaited<ReturnType<typeof devOrders.loader>>;
    const byNumber = new Map(result.orders.map((order) => [order.orderNumber, order]));
    expect(byNumber.get(bobsOrderNumber)).toMatchObject({ customerEmail: bob.email, statusLabel: "Processing" });
    expect(byNumber.get(bobsOrderNumber)!.can).toEqual({ verify: true, ship: false, deliver: false });
    expect(byNumber.get("LL-1002")!.can).toEqual({ verify: false, ship: false, deliver: true });
    expect(byNumber.get("LL-1003")!.statusLabel).toBe("Cancelled");
  });

  it("runs a step from a plain form post and comes back with a toast", async () => {
    const hal = await shopper("hal");
    await insertOrder(hal.id, "LL-H1", "2026-03-01T17:00:00Z");
    const request = new Request("http://store.test/dev/orders", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ orderNumber: "LL-H1", intent: "verify" }).toString(),
    });
    const response = await runThroughMiddleware(development, request, async (context) =>
      devOrders.action({ request, params: {}, context } as never),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/dev/orders");
    const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
    expect(await development.sessions.readToast(cookies.join("; "))).toMatchObject({
      kind: "success",
      message: "Verified 1 prescription on order LL-H1.",
    });
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, "LL-H1"));
    expect(await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, order!.id))).toMatchObject([
      { prescriptionStatus: "Verified" },
    ]);

    const shipped = await page(devOrders.action, "/dev/orders", { form: { orderNumber: "LL-H1", intent: "ship" } });
    expect(status(shipped)).toBe(303);
    const [after] = await database.db.select().from(orders).where(eq(orders.orderNumber, "LL-H1"));
    expect(after!.statusCode).toBe("G");
    const mails = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, hal.email), eq(emailOutbox.kind, "order-shipped")));
    expect(mails.map((mail) => mail.textBody.includes(after!.trackingNumber!))).toEqual([true]);
  });

  it("answers 400 to a bad form", async () => {
    const forms: Array<Record<string, string>> = [{ orderNumber: "LL-H1", intent: "cancel" }, { intent: "ship" }, {}];
    for (const form of forms) {
      expect(status(await page(devOrders.action, "/dev/orders", { form }))).toBe(400);
    }
  });

  it("is a 404 in production, for the page and the form", async () => {
    expect(status(await page(devOrders.loader, "/dev/orders", { services: production }))).toBe(404);
    const result = await page(devOrders.action, "/dev/orders", {
      services: production,
      form: { orderNumber: bobsOrderNumber, intent: "verify" },
    });
    expect(status(result)).toBe(404);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, bobsOrderNumber));
    expect(await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, order!.id))).toMatchObject([
      { prescriptionStatus: "PendingVerification" },
    ]);
  });
});
