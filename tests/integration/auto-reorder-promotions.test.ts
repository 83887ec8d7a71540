import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PriceBook } from "~/models/catalog";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import * as autoReorderPromotionsRoute from "~/routes/api.autoReorder.promotions";
import { pricedCart } from "~/services/cart/cart-pricing.server";
import { addGroup, createCart, type NewLineItem } from "~/services/cart/cart.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { carts, coupons, productPrices, promotions, skus } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { autoReorderPromotions } from "~/services/cart/promotions.server";
import { subscriptionPrice } from "~/services/subscriptions/subscription-pricing.server";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { clearProcessCaches } from "~/services/db/process-cache.server";

// Auto-reorder promotions (spec 3 §7): the seeded "Save 5% on every auto-reorder order", listed by
// GET /api/autoReorder/promotions, earned by a cart's auto-reorder groups (not its one-time groups), and included
// in a subscription's price.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const AUTO_REORDER_DESCRIPTION = "Save 5% on every auto-reorder order";
const oasys = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-6-pack")!;
const biofinity = seedProducts.find((product) => product.vanityUrl === "biofinity-6-pack")!;
const total1 = seedProducts.find((product) => product.productId === 1201)!;
const solution = seedProducts.find((product) => product.vanityUrl === "clear-care-plus-3-pack")!;
const hidden = seedProducts.find((product) => product.isHidden)!;
const anonymous = { customerId: null, priceBook: "none" as PriceBook };
const fivePercentOf = (cents: number) => Math.round((cents * 5) / 100);

async function getPromotions(query = "", method = "GET") {
  const request = new Request(`http://store.test/api/autoReorder/promotions${query}`, { method });
  const handler = method === "GET" ? autoReorderPromotionsRoute.loader : autoReorderPromotionsRoute.action;
  return runThroughMiddleware(services, request, async (context) => {
    return (await handler({ request, params: {}, context } as never)) as Response;
  });
}

interface PromotionsJson {
  promotions: Array<{ promotionId: number; description: string; rewards: unknown[]; expiresAt: string | null }>;
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.clone().text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return (await response.json()) as T;
}

async function idOf(key: string) {
  const [row] = await database.db.select({ id: promotions.id }).from(promotions).where(eq(promotions.key, key));
  return row!.id;
}

async function priceOf(productId: number, priceBook: PriceBook = "none") {
  const [row] = await database.db
    .select({ cents: productPrices.unitPriceCents })
    .from(productPrices)
    .where(and(eq(productPrices.productId, productId), eq(productPrices.priceBook, priceBook)));
  return row!.cents;
}

async function upcOf(productId: number, index = 0) {
  const rows = await database.db
    .select({ upc: skus.upc })
    .from(skus)
    .where(and(eq(skus.productId, productId), eq(skus.isActive, true)))
    .orderBy(skus.upc)
    .limit(index + 1);
  return rows[index]!.upc;
}

/** A lens group of a product (right and left eye) in a cart, on auto-reorder when given a frequency. */
async function addLensGroup(cartId: string, productId: number, boxes: number, autoReorderFrequencyDays: number | null) {
  const lens = async (whichEye: "right" | "left", index: number): Promise<NewLineItem> => ({
    whichEye,
    productId,
    upc: await upcOf(productId, index),
    quantity: boxes,
    parameters: {},
  });
  return addGroup(database.db, cartId, {
    type: "Lens",
    items: [await lens("right", 0), await lens("left", 1)],
    autoReorderFrequencyDays,
  });
}

describe("GET /api/autoReorder/promotions", () => {
  // Extra promotions around the seeded one: what the list must leave out, and one for a brand only.
  const extraKeys = ["test-ar-biofinity", "test-ar-coupon", "test-ar-expired", "test-one-time", "test-any-order"];
  const start = new Date("2025-01-01T07:00:00Z");
  const percentOff = [{ type: "PercentOff", percent: 3 }];
  beforeAll(async () => {
    await database.db.insert(promotions).values([
      {
        key: "test-ar-biofinity",
        description: "Biofinity on auto-reorder: 3% more",
        rewards: percentOff,
        conditions: { orderTypes: ["autoReorder"], brandSlugs: ["biofinity"] },
        startsAt: start,
        expiresAt: null,
      },
      {
        key: "test-ar-coupon",
        description: "Coupon-only auto-reorder offer",
        rewards: percentOff,
        conditions: { orderTypes: ["autoReorder"] },
        requiresCoupon: true,
        exclusive: true,
        startsAt: start,
        expiresAt: null,
      },
      {
        key: "test-ar-expired",
        description: "An expired auto-reorder offer",
        rewards: percentOff,
        conditions: { orderTypes: ["autoReorder"] },
        startsAt: start,
        expiresAt: new Date("2025-02-01T07:00:00Z"),
      },
      {
        key: "test-one-time",
        description: "One-time orders only",
        rewards: percentOff,
        conditions: { orderTypes: ["oneTime"] },
        startsAt: start,
        expiresAt: null,
      },
      {
        key: "test-any-order",
        description: "Any order (no order-type condition)",
        rewards: percentOff,
        conditions: { productIds: [oasys.productId] },
        startsAt: start,
        expiresAt: null,
      },
    ]);
    // Written straight to the table, as an admin tool would: the process's copy of the promotions is cleared, as
    // the app's own writers do (decision 27).
    clearProcessCaches();
  });
  afterAll(async () => {
    await database.db.delete(promotions).where(inArray(promotions.key, extraKeys));
    clearProcessCaches();
  });

  it("lists the running promotions auto-reorder orders earn, with their rewards, publicly cacheable", async () => {
    const response = await getPromotions();
    const body = await json<PromotionsJson>(response, 200);
    expect(body).toEqual({
      promotions: [
        {
          promotionId: await idOf("auto-reorder-save5"),
          description: AUTO_REORDER_DESCRIPTION,
          rewards: [{ rewardType: "PercentOff", percent: 5 }],
          expiresAt: "2028-01-01T06:59:59.000Z",
        },
        {
          promotionId: await idOf("test-ar-biofinity"),
          description: "Biofinity on auto-reorder: 3% more",
          rewards: [{ rewardType: "PercentOff", percent: 3 }],
          expiresAt: null,
        },
      ],
    });
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });

  it("with ?productId=, only those the product can earn", async () => {
    const descriptions = async (productId: number) =>
      (await json<PromotionsJson>(await getPromotions(`?productId=${productId}`), 200)).promotions.map(
        (promotion) => promotion.description,
      );
    expect(await descriptions(oasys.productId)).toEqual([AUTO_REORDER_DESCRIPTION]);
    expect(await descriptions(biofinity.productId)).toEqual([
      AUTO_REORDER_DESCRIPTION,
      "Biofinity on auto-reorder: 3% more",
    ]);
    expect(await descriptions(solution.productId)).toEqual([AUTO_REORDER_DESCRIPTION]);
    // The service answers the same, and null for a product the route turns into a 404.
    expect((await autoReorderPromotions(database.db, new Date(), biofinity.productId))?.length).toBe(2);
    expect(await autoReorderPromotions(database.db, new Date(), hidden.productId)).toBeNull();
  });

  it("400 for a malformed product id, 404 for an unknown or hidden product", async () => {
    for (const bad of ["abc", "1234567", "", "-1", "12.5"]) {
      const response = await getPromotions(`?productId=${bad}`);
      expect(await json(response, 400), bad).toEqual({ error: "The product id must be 1 to 6 digits." });
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
    for (const unknown of ["999999", String(hidden.productId)]) {
      const response = await getPromotions(`?productId=${unknown}`);
      expect(await json(response, 404), unknown).toEqual({ error: `No product with id ${unknown}.` });
    }
  });

  it("405 for any other method", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await getPromotions("", method);
      expect(await json(response, 405), method).toEqual({ error: "Only GET is allowed here." });
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
    }
  });
});

describe("subscriptionPrice", () => {
  it("one reorder of the items with the 5% auto-reorder promotion, merchandise only", async () => {
    const price = await priceOf(oasys.productId);
    const items = [
      { productId: oasys.productId, whichEye: "right" as const, quantity: 2 },
      { productId: oasys.productId, whichEye: "left" as const, quantity: 2 },
    ];
    const result = await subscriptionPrice(database.db, items, anonymous, new Date());
    const discount = fivePercentOf(4 * price);
    // 4 boxes of Acuvue also earn the mail-in rebate, which is paid back later and is not a discount.
    expect(result).toEqual({
      subtotalCents: 4 * price,
      discountCents: discount,
      totalCents: 4 * price - discount,
      promotions: [{ description: AUTO_REORDER_DESCRIPTION, amountCents: discount }],
    });
  });

  it("leaves out items with quantity 0 (nothing at all when every quantity is 0)", async () => {
    const price = await priceOf(oasys.productId);
    const result = await subscriptionPrice(
      database.db,
      [
        { productId: oasys.productId, whichEye: "right", quantity: 3 },
        { productId: oasys.productId, whichEye: "left", quantity: 0 },
      ],
      anonymous,
      new Date(),
    );
    expect(result.subtotalCents).toBe(3 * price);
    expect(result.discountCents).toBe(fivePercentOf(3 * price));
    expect(
      await subscriptionPrice(
        database.db,
        [{ productId: oasys.productId, whichEye: "right", quantity: 0 }],
        anonymous,
        new Date(),
      ),
    ).toEqual({ subtotalCents: 0, discountCents: 0, totalCents: 0, promotions: [] });
  });

  it("prices in the shopper's price book", async () => {
    const items = [{ productId: solution.productId, whichEye: "none" as const, quantity: 2 }];
    for (const priceBook of ["none", "high", "low"] as const) {
      const price = await priceOf(solution.productId, priceBook);
      const result = await subscriptionPrice(database.db, items, { customerId: null, priceBook }, new Date());
      expect(result, priceBook).toMatchObject({
        subtotalCents: 2 * price,
        discountCents: fivePercentOf(2 * price),
        totalCents: 2 * price - fivePercentOf(2 * price),
      });
    }
    expect(await priceOf(solution.productId, "high")).not.toBe(await priceOf(solution.productId, "low"));
  });

  it("stacks with the other automatic promotions as the cart does (instant rebate first, then 5% of the rest)", async () => {
    const price = await priceOf(total1.productId);
    const items = [
      { productId: total1.productId, whichEye: "right" as const, quantity: 2 },
      { productId: total1.productId, whichEye: "left" as const, quantity: 2 },
    ];
    const result = await subscriptionPrice(database.db, items, anonymous, new Date());
    const percent = fivePercentOf(4 * price - 2000);
    expect(result.promotions).toEqual([
      { description: "Dailies Total1: save $20 instantly on 4 or more boxes", amountCents: 2000 },
      { description: AUTO_REORDER_DESCRIPTION, amountCents: percent },
    ]);
    expect(result.discountCents).toBe(2000 + percent);

    // The same as the cart charges for the same items in an auto-reorder group.
    const cartId = await createCart(database.db);
    await addLensGroup(cartId, total1.productId, 2, 90);
    const cart = await pricedCart(services, cartId, anonymous);
    expect(cart.orderSummary.subTotal).toBe(result.subtotalCents);
    expect(cart.orderSummary.discountAmount).toBe(result.discountCents);
  });
});

describe("the cart: auto-reorder groups earn the promotion, one-time groups do not", () => {
  it("discounts only the auto-reorder group's lines", async () => {
    const oasysPrice = await priceOf(oasys.productId);
    const cartId = await createCart(database.db);
    const autoGroup = await addLensGroup(cartId, oasys.productId, 2, 30);
    const oneTimeGroup = await addLensGroup(cartId, biofinity.productId, 1, null);
    const cart = await pricedCart(services, cartId, anonymous);
    const discount = fivePercentOf(4 * oasysPrice);
    const group = (id: string) => cart.groups.find((candidate) => candidate.id === id)!;
    expect(group(autoGroup).items.map((item) => item.discountCents)).toEqual([
      Math.ceil(discount / 2),
      Math.floor(discount / 2),
    ]);
    expect(group(oneTimeGroup).items.map((item) => item.discountCents)).toEqual([0, 0]);
    expect(cart.promotions).toEqual([
      expect.objectContaining({ description: AUTO_REORDER_DESCRIPTION, amountCents: discount }),
    ]);
    expect(cart.orderSummary.discountAmount).toBe(discount);
  });

  it("a one-time cart gets no auto-reorder discount", async () => {
    const cartId = await createCart(database.db);
    await addLensGroup(cartId, oasys.productId, 2, null);
    const cart = await pricedCart(services, cartId, anonymous);
    expect(cart.promotions).toEqual([]);
    expect(cart.orderSummary.discountAmount).toBe(0);
  });

  it("stacks with the cart's coupon (5% first, then the coupon's $5)", async () => {
    const price = await priceOf(oasys.productId);
    const cartId = await createCart(database.db);
    await addLensGroup(cartId, oasys.productId, 2, 90);
    const [save5] = await database.db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, "SAVE5"));
    await database.db.update(carts).set({ couponId: save5!.id }).where(eq(carts.id, cartId));
    const cart = await pricedCart(services, cartId, anonymous);
    expect(cart.coupon).toMatchObject({ code: "SAVE5", status: "applied", amountCents: 500 });
    expect(cart.promotions.map((promotion) => promotion.description)).toEqual([AUTO_REORDER_DESCRIPTION]);
    expect(cart.orderSummary.discountAmount).toBe(fivePercentOf(4 * price) + 500);
  });
});
