import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmOrder } from "~/services/checkout/order-confirmation.server";
import { orderPlacedEvent, orderPlacedEventId } from "~/services/checkout/order-analytics.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { analyticsEvents, orders } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import type { OrderAnalyticsProduct } from "~/models/order-analytics";
import { readyToOrder, TORIC } from "../setup/order-fixtures";
import { createTestServices } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// Issue 28: a confirmed order records one OrderPlaced analytics event with the spec's per-product fields (spec 3 §3),
// in the confirming transaction, however often the confirmation is replayed.

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

const orderPlacedEvents = (eventId: string) =>
  database.db
    .select()
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.eventType, "OrderPlaced"), eq(analyticsEvents.eventId, eventId)));

describe("the OrderPlaced event", () => {
  it("is recorded with the order: the customer, the order's totals, and each product's fields", async () => {
    const ready = await readyToOrder(services, { slot: 31, quantity: 2, frequencyDays: 90 });
    const placed = await placeOrder(services, ready.input);
    if (!placed.ok) throw new Error(placed.message);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    const events = await orderPlacedEvents(await orderPlacedEventId(placed.orderNumber));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      customerId: ready.customer.id,
      audience: "customer",
      detail: placed.orderNumber,
      sourceDomain: "store.test",
      tags: [
        { name: "orderNumber", value: placed.orderNumber },
        { name: "orderType", value: "web" },
      ],
    });
    expect(event!.eventTime.getTime()).toBe(order!.createdAt.getTime());
    const data = event!.data as { products: OrderAnalyticsProduct[] } & Record<string, unknown>;
    expect(data).toMatchObject({
      orderNumber: placed.orderNumber,
      subtotal: order!.subtotalCents,
      discount: order!.discountCents,
      shipping: order!.shippingCents,
      shippingDiscount: order!.shippingDiscountCents,
      tax: order!.taxCents,
      total: order!.totalCents,
    });
    expect(data.products.map((product) => product.upc).sort()).toEqual([ready.left, ready.right].sort());
    for (const product of data.products) {
      expect(Object.keys(product).sort()).toEqual(
        [
          "id",
          "item_count",
          "upc",
          "name",
          "unit_price",
          "product_subtotal",
          "classification",
          "subscription",
          "discounts",
          "rebate_amount",
          "rebate_id",
          "insurance_amount",
          "shipping_discount",
          "shipping_revenue",
          "total_price",
        ].sort(),
      );
      expect(product).toMatchObject({ id: TORIC.productId, item_count: 2, classification: "Lens", subscription: true });
      expect(product.product_subtotal).toBe(product.unit_price * 2);
      expect(product.total_price).toBe(product.product_subtotal - product.discounts - product.insurance_amount);
    }
    // The products' amounts add up to the order's.
    const sum = (key: keyof OrderAnalyticsProduct) =>
      data.products.reduce((total, product) => total + (product[key] as number), 0);
    expect(sum("product_subtotal")).toBe(order!.subtotalCents);
    expect(sum("shipping_discount") + sum("shipping_revenue")).toBe(order!.shippingCents);
  });

  it("is recorded once when the confirmation is replayed or the order placed again under its key", async () => {
    const ready = await readyToOrder(services, { slot: 32 });
    const placed = await placeOrder(services, ready.input);
    if (!placed.ok) throw new Error(placed.message);
    const again = await placeOrder(services, ready.input);
    expect(again).toMatchObject({ ok: true, orderNumber: placed.orderNumber });
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    expect(await confirmOrder(services, order!.id, "ch_replayed")).toBe(false);
    // Recording the same order's event again (a recovery racing the request) keeps the one stored.
    const replay = await orderPlacedEvent(database.db, order!, {
      groups: [
        {
          cartGroupId: "x",
          type: "Lens",
          autoReorderFrequencyDays: null,
          rxEntryType: null,
          submitAndSkipImageId: null,
          patient: null,
          doctor: null,
          extras: null,
          items: [],
        },
      ],
    });
    expect(await services.analytics.record([replay])).toBe(0);
    const events = await orderPlacedEvents(await orderPlacedEventId(placed.orderNumber));
    expect(events).toHaveLength(1);
    expect((events[0]!.data as { products: unknown[] }).products).toHaveLength(2);
  });
});
