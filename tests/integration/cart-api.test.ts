import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUPON_MESSAGES } from "~/models/cart-forms";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import * as cartRoute from "~/routes/api.cart";
import * as couponRoute from "~/routes/api.cart.coupon";
import * as shippingRoute from "~/routes/api.cart.shippingMethod";
import * as uniqueRoute from "~/routes/api.coupon.unique";
import * as allPromotionsRoute from "~/routes/api.promotions.all";
import * as discountsRoute from "~/routes/api.promotions.productDiscountsWithProductSpecific";
import * as rebatesRoute from "~/routes/api.promotions.rebates.$productId";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import { addGroup, cartView, createCart, type NewLineItem } from "~/services/cart/cart.server";
import { requestInfoContext, type AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { carts, coupons, productPrices, promotions, skus } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

// --- Calling the routes ----------------------------------------------------------------------------------------

type Handler = (args: never) => unknown;
interface CallOptions {
  method?: string;
  /** Sent as JSON unless it is a string (then as it is, with the given or a JSON content type). */
  body?: unknown;
  cookie?: string;
  token?: string;
  ip?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

/** Calls a loader or action through the root middleware, as the server does, and gives back its Response. */
async function call(handler: Handler, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const request = new Request(`http://store.test${path}`, { method, headers, body });
  const response = await runThroughMiddleware(services, request, async (context) => {
    if (options.ip) context.set(requestInfoContext, { requestId: "test", nonce: "", clientIp: options.ip });
    return (await handler({ request, params: options.params ?? {}, context } as never)) as Response;
  });
  expect(response, path).toBeInstanceOf(Response);
  return response;
}

/** Asserts the status and a JSON answer, and gives back the body. */
async function json<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
  const text = await response.clone().text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return (await response.json()) as T;
}

/** Asserts a private `{ error }` answer with the status (and message). */
async function expectError(response: Response, status: number, message?: string | RegExp) {
  const body = await json<{ error: string }>(response, status);
  expect(Object.keys(body)).toEqual(["error"]);
  if (typeof message === "string") expect(body.error).toBe(message);
  else if (message) expect(body.error).toMatch(message);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return body;
}

const getCart = (options: CallOptions = {}) => call(cartRoute.loader, "/api/cart", options);
const postCart = (body: unknown, options: CallOptions = {}) =>
  call(cartRoute.action, "/api/cart", { ...options, body });
const postCoupon = (couponCode: unknown, options: CallOptions = {}) =>
  call(couponRoute.action, "/api/cart/coupon", { ...options, body: { couponCode } });
const deleteCoupon = (options: CallOptions = {}) =>
  call(couponRoute.action, "/api/cart/coupon", { ...options, method: "DELETE" });
const putShipping = (body: unknown, options: CallOptions = {}) =>
  call(shippingRoute.action, "/api/cart/shippingMethod", { ...options, method: "PUT", body });
const issueUnique = (couponName: string, options: CallOptions = {}) =>
  call(uniqueRoute.loader, `/api/coupon/unique?couponName=${encodeURIComponent(couponName)}`, options);
const postDiscounts = (body: unknown) =>
  call(discountsRoute.action, "/api/promotions/productDiscountsWithProductSpecific", { body });
const getRebates = (productId: string) =>
  call(rebatesRoute.loader, `/api/promotions/rebates/${productId}`, { params: { productId } });

// --- Carts with real seeded products ---------------------------------------------------------------------------

interface CartJson {
  cartId: string | null;
  version: number;
  lineItemGroups: Array<{
    id: string;
    type: string;
    autoReorder: { reorderFrequencyInDays: number } | null;
    lineItems: Array<{
      itemId: string;
      whichEye: string;
      product: { productId: number; productType: number; price: number; displayName: string };
      upc: string;
      quantity: number;
      classification: string;
      discountAmount: number;
    }>;
  }>;
  promotions: Array<{ id: number; description: string; amount: number; rewards: Array<{ rewardType: string }> }>;
  coupon: { couponCode: string; status: string; amount: number } | null;
  rebates: Array<{ description: string; amount: number }>;
  shippingMethods: Array<{ shippingLevel: number; amount: number; selected: boolean }>;
  selectedShippingMethod: { shippingLevel: number; amount: number };
  shippingAddress: null;
  customerCredits: number;
  customerGroups: string[];
  orderSummary: Record<string, number>;
  notice?: { kind: string; message: string } | null;
}

const oasys = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-6-pack")!;
const total1 = seedProducts.find((product) => product.productId === 1201)!;
const solution = seedProducts.find((product) => product.vanityUrl === "clear-care-plus-3-pack")!;

async function upcOf(productId: number, index = 0) {
  const rows = await database.db
    .select({ upc: skus.upc })
    .from(skus)
    .where(and(eq(skus.productId, productId), eq(skus.isActive, true)))
    .orderBy(skus.upc)
    .limit(index + 1);
  return rows[index]!.upc;
}

async function priceOf(productId: number) {
  const [row] = await database.db
    .select({ cents: productPrices.unitPriceCents })
    .from(productPrices)
    .where(and(eq(productPrices.productId, productId), eq(productPrices.priceBook, "none")));
  return row!.cents;
}

/** A cart with one lens group (right and left eye of a product) and optionally a solution group. */
async function lensCart(
  options: {
    productId?: number;
    right?: number;
    left?: number;
    solution?: boolean;
    customerId?: number;
    autoReorderDays?: number;
  } = {},
) {
  const productId = options.productId ?? oasys.productId;
  const cartId = await createCart(database.db, options.customerId ?? null);
  const lens = (whichEye: "right" | "left", quantity: number, upc: string): NewLineItem => ({
    whichEye,
    productId,
    upc,
    quantity,
    parameters: {},
  });
  const lensGroupId = await addGroup(database.db, cartId, {
    type: "Lens",
    items: [
      lens("right", options.right ?? 2, await upcOf(productId, 0)),
      lens("left", options.left ?? 2, await upcOf(productId, 1)),
    ],
    autoReorderFrequencyDays: options.autoReorderDays ?? null,
  });
  if (options.solution) {
    await addGroup(database.db, cartId, {
      type: "Solution",
      items: [
        {
          whichEye: "none",
          productId: solution.productId,
          upc: await upcOf(solution.productId),
          quantity: 1,
          parameters: {},
        },
      ],
      autoReorderFrequencyDays: null,
    });
  }
  const view = await cartView(database.db, cartId, "none");
  const items = view.groups.flatMap((group) => group.items);
  return {
    cartId,
    lensGroupId,
    rightId: items.find((item) => item.whichEye === "right")!.id,
    leftId: items.find((item) => item.whichEye === "left")!.id,
    solutionId: items.find((item) => item.whichEye === "none")?.id,
  };
}

/** The session cookie of a browser whose cart is this one. */
async function cookieFor(cartId: string) {
  const { session } = await services.sessions.getSession(null);
  session.set("cartId", cartId);
  return (await services.sessions.commitSession(session)).split(";")[0]!;
}

async function cartRow(cartId: string) {
  const [row] = await database.db.select().from(carts).where(eq(carts.id, cartId));
  return row;
}

async function quantitiesIn(cartId: string) {
  const view = await cartView(database.db, cartId, "none");
  return view.groups.flatMap((group) => group.items.map((item) => `${item.whichEye}:${item.quantity}`));
}

async function cartCount() {
  const [row] = await database.db.select({ n: count() }).from(carts);
  return Number(row!.n);
}

// --- GET /api/cart ---------------------------------------------------------------------------------------------

describe("GET /api/cart", () => {
  it("answers the empty cart shape, with zero totals, without creating a cart", async () => {
    const before = await cartCount();
    const response = await getCart();
    const cart = await json<CartJson>(response, 200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(cart).toMatchObject({
      cartId: null,
      version: 0,
      lineItemGroups: [],
      promotions: [],
      coupon: null,
      shippingAddress: null,
      selectedShippingMethod: { shippingLevel: 0, amount: 0 },
      customerCredits: 0,
    });
    expect(cart.shippingMethods.map((method) => method.shippingLevel)).toEqual([0, 1, 2, 3, 4]);
    expect(Object.values(cart.orderSummary).every((value) => value === 0)).toBe(true);
    expect(Object.keys(cart.orderSummary)).toEqual(
      expect.arrayContaining([
        "subTotal",
        "taxAmount",
        "totalAmount",
        "discountAmount",
        "rebateTotal",
        "insuranceBenefitsTotal",
        "totalAfterCredits",
        "shipping",
        "totalBeforeDiscounts",
        "totalAfterRebates",
      ]),
    );
    expect(await cartCount()).toBe(before);
  });

  it("answers the session's cart: groups, eyes, products, auto-reorder, rebates and totals in cents", async () => {
    const price = await priceOf(oasys.productId);
    // An auto-reorder group: it earns the seeded 5% auto-reorder promotion, split evenly over its two lines.
    const discount = Math.round((4 * price * 5) / 100);
    const { cartId, lensGroupId, rightId } = await lensCart({ autoReorderDays: 90 });
    const cart = await json<CartJson>(await getCart({ cookie: await cookieFor(cartId) }), 200);
    expect(cart.cartId).toBe(cartId);
    expect(cart.version).toBe((await cartRow(cartId))!.version);
    expect(cart.lineItemGroups).toHaveLength(1);
    const [group] = cart.lineItemGroups;
    expect(group).toMatchObject({ id: lensGroupId, type: "Lens", autoReorder: { reorderFrequencyInDays: 90 } });
    expect(group!.lineItems.map((item) => item.whichEye)).toEqual(["Right", "Left"]);
    expect(group!.lineItems[0]).toMatchObject({
      itemId: rightId,
      product: { productId: oasys.productId, productType: 1, price },
      upc: await upcOf(oasys.productId, 0),
      quantity: 2,
      classification: "lens",
      discountAmount: Math.ceil(discount / 2),
    });
    expect(group!.lineItems[1]!.discountAmount).toBe(Math.floor(discount / 2));
    // 4 boxes of Acuvue: the $50 mail-in rebate; over $99: free standard shipping; no address yet: no tax.
    expect(cart.rebates).toEqual([expect.objectContaining({ description: "Acuvue mail-in rebate", amount: 5000 })]);
    expect(cart.promotions).toEqual([
      expect.objectContaining({
        description: "Save 5% on every auto-reorder order",
        amount: discount,
        rewards: [expect.objectContaining({ rewardType: "PercentOff", amount: discount })],
      }),
    ]);
    expect(cart.selectedShippingMethod).toEqual({ shippingLevel: 0, amount: 0 });
    expect(cart.shippingMethods[1]).toMatchObject({ shippingLevel: 1, amount: 995, selected: false });
    expect(cart.orderSummary).toMatchObject({
      subTotal: 4 * price,
      discountAmount: discount,
      shipping: 0,
      taxAmount: 0,
      rebateTotal: 5000,
      totalAmount: 4 * price - discount,
      totalAfterCredits: 4 * price - discount,
      totalBeforeDiscounts: 4 * price,
      totalAfterRebates: 4 * price - discount - 5000,
      insuranceBenefitsTotal: 0,
    });
  });

  it("shows instant rebates as listed promotions and as each line's discount", async () => {
    const price = await priceOf(total1.productId);
    const { cartId } = await lensCart({ productId: total1.productId, right: 2, left: 2 });
    const cart = await json<CartJson>(await getCart({ cookie: await cookieFor(cartId) }), 200);
    expect(cart.lineItemGroups[0]!.lineItems.map((item) => item.discountAmount)).toEqual([1000, 1000]);
    expect(cart.promotions).toEqual([
      expect.objectContaining({
        description: "Dailies Total1: save $20 instantly on 4 or more boxes",
        amount: 2000,
        rewards: [expect.objectContaining({ rewardType: "InstantRebate", amount: 2000 })],
      }),
    ]);
    expect(cart.orderSummary).toMatchObject({
      subTotal: 4 * price,
      discountAmount: 2000,
      rebateTotal: 4000,
      totalAmount: 4 * price - 2000,
      totalAfterRebates: 4 * price - 2000 - 4000,
    });
  });

  it("refuses other methods on the cart's sub-resources", async () => {
    const response = await call(couponRoute.loader, "/api/cart/coupon");
    await expectError(response, 405);
    expect(response.headers.get("Allow")).toBe("POST, DELETE");
    const put = await call(cartRoute.action, "/api/cart", { method: "PUT", body: { version: 0 } });
    await expectError(put, 405);
  });
});

// --- POST /api/cart --------------------------------------------------------------------------------------------

describe("POST /api/cart", () => {
  it("refuses a stale version with 409 and the current version, changing nothing", async () => {
    const { cartId, rightId, leftId } = await lensCart();
    const { version } = (await cartRow(cartId))!;
    const response = await postCart(
      {
        version: version - 1,
        lineItemGroups: [
          {
            id: "x",
            lineItems: [
              { itemId: rightId, quantity: 1 },
              { itemId: leftId, quantity: 1 },
            ],
          },
        ],
        selectedShippingMethod: { shippingLevel: 2 },
      },
      { cookie: await cookieFor(cartId) },
    );
    const body = await json<{ error: string; version: number }>(response, 409);
    expect(body.version).toBe(version);
    expect(body.error).toMatch(/changed/);
    expect(await quantitiesIn(cartId)).toEqual(["right:2", "left:2"]);
    expect(await cartRow(cartId)).toMatchObject({ version, shippingLevel: 0 });
  });

  it("changes quantities, removes items left out, sets shipping and applies a coupon in one go", async () => {
    const price = await priceOf(oasys.productId);
    const { cartId, lensGroupId, rightId } = await lensCart({ solution: true });
    const before = await json<CartJson>(await getCart({ cookie: await cookieFor(cartId) }), 200);
    expect(before.lineItemGroups).toHaveLength(2);
    // The client sends back what it read, changed: the right eye to 4 boxes, the left eye and solution dropped.
    const modified = {
      ...before,
      lineItemGroups: [{ ...before.lineItemGroups[0]!, lineItems: [{ itemId: rightId, quantity: 4 }] }],
      selectedShippingMethod: { shippingLevel: 1, amount: 0 },
      coupon: { couponCode: " save10 " },
    };
    const cart = await json<CartJson>(await postCart(modified, { cookie: await cookieFor(cartId) }), 200);
    expect(cart.version).toBe(before.version + 1);
    expect(cart.notice).toEqual({ kind: "success", message: "Coupon SAVE10 applied: $10.00 off." });
    expect(cart.lineItemGroups.map((group) => group.id)).toEqual([lensGroupId]);
    expect(cart.lineItemGroups[0]!.lineItems.map((item) => [item.whichEye, item.quantity])).toEqual([["Right", 4]]);
    expect(cart.coupon).toMatchObject({ couponCode: "SAVE10", status: "applied", amount: 1000 });
    expect(cart.selectedShippingMethod).toEqual({ shippingLevel: 1, amount: 995 });
    expect(cart.orderSummary).toMatchObject({ subTotal: 4 * price, discountAmount: 1000, shipping: 995 });
    expect(await quantitiesIn(cartId)).toEqual(["right:4"]);
  });

  it("rolls the quantity change back when the coupon is refused (422)", async () => {
    const { cartId, rightId, leftId } = await lensCart();
    const { version } = (await cartRow(cartId))!;
    const response = await postCart(
      {
        version,
        lineItemGroups: [
          {
            id: "g",
            lineItems: [
              { itemId: rightId, quantity: 1 },
              { itemId: leftId, quantity: 1 },
            ],
          },
        ],
        coupon: { couponCode: "SAVE10" },
      },
      { cookie: await cookieFor(cartId) },
    );
    await expectError(response, 422, COUPON_MESSAGES.notQualified);
    expect(await quantitiesIn(cartId)).toEqual(["right:2", "left:2"]);
    expect(await cartRow(cartId)).toMatchObject({ version, couponId: null });
  });

  it("answers 400 for an unknown item, a quantity not offered, or a repeated item, changing nothing", async () => {
    const { cartId, rightId } = await lensCart();
    const cookie = await cookieFor(cartId);
    const { version } = (await cartRow(cartId))!;
    const unknown = await postCart(
      {
        version,
        lineItemGroups: [{ id: "g", lineItems: [{ itemId: "00000000-0000-4000-8000-000000000000", quantity: 1 }] }],
      },
      { cookie },
    );
    await expectError(unknown, 400, /is not in this cart/);
    const notOffered = await postCart(
      { version, lineItemGroups: [{ id: "g", lineItems: [{ itemId: rightId, quantity: 3 }] }] },
      { cookie },
    );
    await expectError(notOffered, 400, /not offered/);
    const twice = await postCart(
      {
        version,
        lineItemGroups: [
          {
            id: "g",
            lineItems: [
              { itemId: rightId, quantity: 1 },
              { itemId: rightId, quantity: 2 },
            ],
          },
        ],
      },
      { cookie },
    );
    await expectError(twice, 400, /more than once/);
    expect(await quantitiesIn(cartId)).toEqual(["right:2", "left:2"]);
    expect((await cartRow(cartId))!.version).toBe(version);
  });

  it("answers 400 for bad JSON, another content type or a missing version, and 404 without a cart", async () => {
    const { cartId } = await lensCart();
    const cookie = await cookieFor(cartId);
    await expectError(await postCart("{not json", { cookie }), 400, "The request body is not valid JSON.");
    await expectError(
      await postCart("version=0", { cookie, headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
      400,
      /application\/json/,
    );
    await expectError(await postCart({ lineItemGroups: [] }, { cookie }), 400, /version/);
    await expectError(await postCart({ version: 0, selectedShippingMethod: { shippingLevel: 7 } }, { cookie }), 400);
    await expectError(await postCart({ version: 0 }), 404, "No cart");
  });
});

// --- Coupons ---------------------------------------------------------------------------------------------------

describe("POST and DELETE /api/cart/coupon", () => {
  it("refuses blank, unknown and expired codes, and codes the cart does not qualify for, with the spec's messages", async () => {
    const small = await lensCart({ right: 1, left: 1 }); // under $100
    const cookie = await cookieFor(small.cartId);
    await expectError(await postCoupon("   ", { cookie }), 422, COUPON_MESSAGES.invalid);
    await expectError(await postCoupon("NOSUCHCODE", { cookie }), 422, COUPON_MESSAGES.invalid);
    await expectError(await postCoupon("summer20", { cookie }), 422, COUPON_MESSAGES.invalid);
    await expectError(await postCoupon("SAVE10", { cookie }), 422, COUPON_MESSAGES.notQualified);
    await expectError(await postCoupon(42, { cookie }), 400);
    expect((await cartRow(small.cartId))!.couponId).toBeNull();
  });

  it("applies a coupon, refuses a smaller one after it, and removes it", async () => {
    const { cartId } = await lensCart();
    const cookie = await cookieFor(cartId);
    const applied = await json<{ message: string; kind: string; cart: CartJson }>(
      await postCoupon("save10", { cookie }),
      200,
    );
    expect(applied.kind).toBe("success");
    expect(applied.message).toBe("Coupon SAVE10 applied: $10.00 off.");
    expect(applied.cart.coupon).toMatchObject({ couponCode: "SAVE10", status: "applied", amount: 1000 });
    expect(applied.cart.orderSummary.discountAmount).toBe(1000);

    await expectError(await postCoupon("SAVE5", { cookie }), 422, COUPON_MESSAGES.betterApplied);
    const [saved] = await database.db.select().from(coupons).where(eq(coupons.code, "SAVE10"));
    expect((await cartRow(cartId))!.couponId).toBe(saved!.id);

    const removed = await json<{ kind: string; cart: CartJson }>(await deleteCoupon({ cookie }), 200);
    expect(removed.cart.coupon).toBeNull();
    expect(removed.cart.orderSummary.discountAmount).toBe(0);
    expect((await cartRow(cartId))!.couponId).toBeNull();
    await expectError(await deleteCoupon(), 404, "No cart");
  });

  it("saves a coupon to a new cart for a browser without one (add-items notice, cookie set)", async () => {
    const before = await cartCount();
    await expectError(await postCoupon("NOSUCHCODE"), 422, COUPON_MESSAGES.invalid);
    expect(await cartCount()).toBe(before);

    const response = await postCoupon("SAVE5");
    const body = await json<{ kind: string; message: string; cart: CartJson }>(response, 200);
    expect(body).toMatchObject({ kind: "info", message: "Coupon SAVE5 is saved to your cart. Add items to use it." });
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(cookie).toMatch(/^session=/);
    const cart = await json<CartJson>(await getCart({ cookie }), 200);
    expect(cart.cartId).toBe(body.cart.cartId);
    expect(await cartCount()).toBe(before + 1);
  });
});

// --- Shipping --------------------------------------------------------------------------------------------------

describe("PUT /api/cart/shippingMethod", () => {
  it("sets levels 0 to 4 and refuses any other", async () => {
    const { cartId } = await lensCart();
    const cookie = await cookieFor(cartId);
    await expectError(await putShipping({ shippingLevel: 5 }, { cookie }), 400, /0, 1, 2, 3 or 4/);
    await expectError(await putShipping({ shippingLevel: "2" }, { cookie }), 400);
    expect((await cartRow(cartId))!.shippingLevel).toBe(0);
    const cart = await json<CartJson>(await putShipping({ shippingLevel: 2 }, { cookie }), 200);
    expect(cart.selectedShippingMethod).toEqual({ shippingLevel: 2, amount: 1995 });
    expect((await cartRow(cartId))!.shippingLevel).toBe(2);
    await expectError(await putShipping({ shippingLevel: 1 }), 404, "No cart");
    await expectError(
      await call(shippingRoute.action, "/api/cart/shippingMethod", { body: { shippingLevel: 1 } }),
      405,
    );
  });
});

// --- Unique coupons --------------------------------------------------------------------------------------------

describe("GET /api/coupon/unique", () => {
  it("issues a single-use code that works in one cart only", async () => {
    const response = await issueUnique(" thanks15 ");
    const issued = await json<{ couponCode: string; couponName: string; expiration: string | null }>(response, 200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(issued.couponName).toBe("THANKS15");
    expect(issued.couponCode).toMatch(/^THANKS15-[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(issued.expiration).toBe("2028-01-01T06:59:59.000Z");

    const a = await lensCart({ right: 1, left: 1 }); // $75.98: over the $75 minimum
    const applied = await json<{ kind: string; cart: CartJson }>(
      await postCoupon(issued.couponCode, { cookie: await cookieFor(a.cartId) }),
      200,
    );
    expect(applied.cart.coupon).toMatchObject({ couponCode: issued.couponCode, amount: 1500 });

    const b = await lensCart({ right: 1, left: 1 });
    await expectError(
      await postCoupon(issued.couponCode, { cookie: await cookieFor(b.cartId) }),
      422,
      COUPON_MESSAGES.invalid,
    );
    expect((await cartRow(b.cartId))!.couponId).toBeNull();
  });

  it("answers 404 for a name no running promotion issues, and 400 for a malformed name", async () => {
    await expectError(await issueUnique("NOSUCHNAME"), 404);
    await expectError(await issueUnique("!!"), 400);
    await expectError(await issueUnique(""), 400);
    await expectError(await call(uniqueRoute.action, "/api/coupon/unique", { body: {} }), 405);
  });

  it("limits requests per client address: 30 an hour, then 429 with Retry-After", async () => {
    const ip = "203.0.113.77";
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await issueUnique("NOSUCHNAME", { ip })).status).toBe(404);
    }
    const limited = await issueUnique("THANKS15", { ip });
    await expectError(limited, 429, "Too many requests. Please try again later.");
    expect(limited.headers.get("Retry-After")).toBe("3600");
    // Another address is not affected.
    expect((await issueUnique("THANKS15", { ip: "203.0.113.78" })).status).toBe(200);
  });
});

// --- Promotions ------------------------------------------------------------------------------------------------

describe("promotions", () => {
  it("gives a product's rebates by quantity breakpoint, 404 for an unknown product", async () => {
    const response = await getRebates(String(oasys.productId));
    const offers = await json<Array<{ amountSaved: number; quantityBreakpoint: number; type: string }>>(response, 200);
    expect(
      offers.map(({ amountSaved, quantityBreakpoint, type }) => ({ amountSaved, quantityBreakpoint, type })),
    ).toEqual([
      { amountSaved: 5000, quantityBreakpoint: 4, type: "Rebate" },
      { amountSaved: 10000, quantityBreakpoint: 8, type: "Rebate" },
    ]);
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    await expectError(await getRebates("999999"), 404);
    await expectError(await getRebates("abc"), 400);
  });

  it("lists the running promotions anyone can earn, never one that needs a coupon", async () => {
    const response = await call(allPromotionsRoute.loader, "/api/promotions/all");
    const listed = await json<Array<{ id: number; description: string; rewards: Array<{ rewardType: string }> }>>(
      response,
      200,
    );
    const couponOnly = await database.db
      .select({ id: promotions.id })
      .from(promotions)
      .where(eq(promotions.requiresCoupon, true));
    expect(couponOnly.length).toBeGreaterThan(0);
    const ids = new Set(listed.map((promotion) => promotion.id));
    expect(couponOnly.filter((promotion) => ids.has(promotion.id))).toEqual([]);
    const text = JSON.stringify(listed);
    for (const code of ["SAVE10", "SAVE5", "WELCOME15", "THANKS15"]) expect(text).not.toContain(code);
    expect(listed).toContainEqual(
      expect.objectContaining({
        description: "Free standard shipping on orders of $99 or more",
        rewards: [{ rewardType: "Shipping", amount: null, shippingLevels: [0] }],
        expiration: null,
        isPrivateLabelTrial: false,
      }),
    );
    expect(listed.some((promotion) => promotion.description === "Acuvue mail-in rebate")).toBe(true);
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });

  it("gives the discounts the items would get: 4 boxes of Dailies Total1 save $20", async () => {
    const one = await json(
      await postDiscounts({ productDiscountItems: [{ productId: 1201, quantity: 4, eye: "Right" }] }),
      200,
    );
    expect(one).toEqual([{ productId: 1201, quantity: 4, amount: 2000, eye: "Right", itemId: "item-0" }]);

    const split = await json(
      await postDiscounts({
        productDiscountItems: [
          { productId: 1201, quantity: 2, eye: "right", color: null },
          { productId: 1201, quantity: 2, eye: "LEFT" },
        ],
      }),
      200,
    );
    expect(split).toEqual([
      { productId: 1201, quantity: 2, amount: 1000, eye: "Right", itemId: "item-0" },
      { productId: 1201, quantity: 2, amount: 1000, eye: "Left", itemId: "item-1" },
    ]);

    expect(await json(await postDiscounts({ productDiscountItems: [{ productId: 1201, quantity: 3 }] }), 200)).toEqual(
      [],
    );
    const [shipping] = await database.db
      .select({ id: promotions.id })
      .from(promotions)
      .where(eq(promotions.key, "free-standard-shipping"));
    const restricted = await postDiscounts({
      productDiscountItems: [{ productId: 1201, quantity: 4 }],
      promotions: [shipping!.id],
    });
    expect(await json(restricted, 200)).toEqual([]);
  });

  it("answers 404 for an unknown product and 400 for a bad payload", async () => {
    await expectError(await postDiscounts({ productDiscountItems: [{ productId: 999999, quantity: 1 }] }), 404);
    await expectError(await postDiscounts({}), 400);
    await expectError(await postDiscounts({ productDiscountItems: [{ productId: 1201, quantity: 0 }] }), 400);
    await expectError(
      await postDiscounts({ productDiscountItems: [{ productId: 1201, quantity: 1, eye: "middle" }] }),
      400,
    );
    await expectError(await postDiscounts("[1,2"), 400);
  });
});

// --- API clients with a bearer token ---------------------------------------------------------------------------

describe("a bearer-token client", () => {
  it("gets its customer's most recently updated cart, whatever cookie it sends", async () => {
    const customer = await createCustomer(database.db, {
      email: "api-client@example.com",
      password: "correct-horse-9",
    });
    const token = await createAuthSession(database.db, customer.id, "password", false);
    const older = await lensCart({ customerId: customer.id });
    const newer = await lensCart({ customerId: customer.id, right: 1, left: 1 });
    await database.db
      .update(carts)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(carts.id, older.cartId));
    const someoneElse = await lensCart();

    const cart = await json<CartJson>(await getCart({ token, cookie: await cookieFor(someoneElse.cartId) }), 200);
    expect(cart.cartId).toBe(newer.cartId);
    // Signed in with no order yet: new, and a lead.
    expect(cart.customerGroups).toEqual(["NewCustomer", "Lead"]);

    const changed = await json<CartJson>(await putShipping({ shippingLevel: 1 }, { token }), 200);
    expect(changed.cartId).toBe(newer.cartId);
    expect((await cartRow(someoneElse.cartId))!.shippingLevel).toBe(0);
  });

  it("gets an empty cart without one, a new cart of its own for a coupon, and 401 for a bad token", async () => {
    const customer = await createCustomer(database.db, { email: "api-new@example.com", password: "correct-horse-9" });
    const token = await createAuthSession(database.db, customer.id, "password", false);
    expect((await json<CartJson>(await getCart({ token }), 200)).cartId).toBeNull();

    const response = await postCoupon("SAVE5", { token });
    const body = await json<{ kind: string; cart: CartJson }>(response, 200);
    expect(body.kind).toBe("info");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect((await cartRow(body.cart.cartId!))!.customerId).toBe(customer.id);
    expect((await json<CartJson>(await getCart({ token }), 200)).cartId).toBe(body.cart.cartId);

    await expectError(await getCart({ token: "x".repeat(43) }), 401);
    await expectError(await getCart({ headers: { Authorization: "Basic abc" } }), 401);
  });
});
