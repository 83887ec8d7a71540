import { eq, inArray } from "drizzle-orm";
import type { AnalyticsEvent } from "~/models/analytics-events";
import { productKind } from "~/models/catalog";
import { orderAnalyticsProducts, type OrderAnalyticsLine } from "~/models/order-analytics";
import type { OrderPlan } from "~/models/order-plan";
import { rebateFormOffers } from "~/models/rebate-form";
import { eventIdForKey } from "../adapters/analytics/analytics-recorder";
import { activePromotions } from "../cart/promotions.server";
import type { Executor } from "../db/client.server";
import { brands, products, type orders } from "../db/schema";

/**
 * The order analytics event (spec 3 §3: the per-product order fields), recorded when an order is confirmed: written
 * with the order in its confirming transaction (the analytics table is an outbox, like the confirmation e-mail's),
 * under an id made from the order number, so a replayed confirmation, or a recovery racing the request, records one
 * event. Forwarding to a clickstream proxy happens after the commit, off the request path.
 */

type ConfirmedOrder = Pick<
  typeof orders.$inferSelect,
  | "orderNumber"
  | "customerId"
  | "createdAt"
  | "insuranceBenefit"
  | "subtotalCents"
  | "discountCents"
  | "shippingCents"
  | "shippingDiscountCents"
  | "taxCents"
  | "rebateCents"
  | "totalCents"
  | "couponCode"
  | "subscriptionId"
>;

export const ORDER_PLACED_EVENT = "OrderPlaced";

/** The event id of an order's OrderPlaced event. */
export const orderPlacedEventId = (orderNumber: string) => eventIdForKey(`${ORDER_PLACED_EVENT}:${orderNumber}`);

/** The OrderPlaced event of an order being confirmed from its plan (the lines it writes). */
export async function orderPlacedEvent(
  db: Executor,
  order: ConfirmedOrder,
  plan: Pick<OrderPlan, "groups">,
): Promise<AnalyticsEvent> {
  const lines: OrderAnalyticsLine[] = plan.groups.flatMap((group) =>
    group.items.map((item) => ({
      productId: item.productId,
      upc: item.upc,
      productName: item.productName,
      classification: group.type,
      subscription: group.autoReorderFrequencyDays !== null,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      discountCents: item.discountCents,
    })),
  );
  const productIds = [...new Set(lines.map((line) => line.productId))];
  // The mail-in rebates the order earns, as the rebate form works them out (the promotions running when it was taken).
  const [catalog, running] = await Promise.all([
    productIds.length > 0
      ? db
          .select({ id: products.id, productType: products.productType, brandSlug: brands.slug })
          .from(products)
          .innerJoin(brands, eq(brands.id, products.brandId))
          .where(inArray(products.id, productIds))
      : Promise.resolve([]),
    order.rebateCents > 0 ? activePromotions(db, order.createdAt) : Promise.resolve([]),
  ]);
  const byId = new Map(catalog.map((row) => [row.id, row]));
  const offers =
    running.length > 0
      ? rebateFormOffers(
          running,
          lines.map((line) => ({
            productId: line.productId,
            productName: line.productName,
            quantity: line.quantity,
            brandSlug: byId.get(line.productId)?.brandSlug ?? "",
            productType: productKind(byId.get(line.productId)?.productType),
            orderType: line.subscription ? "autoReorder" : "oneTime",
          })),
        )
      : [];
  const productsOfOrder = orderAnalyticsProducts(
    lines,
    {
      insuranceCents: order.insuranceBenefit?.amountCents ?? 0,
      shippingCents: order.shippingCents,
      shippingDiscountCents: order.shippingDiscountCents,
    },
    offers,
  );
  return {
    eventId: await orderPlacedEventId(order.orderNumber),
    eventType: ORDER_PLACED_EVENT,
    eventTime: order.createdAt,
    customerId: order.customerId,
    sessionId: null,
    visitorId: null,
    detail: order.orderNumber,
    tags: [
      { name: "orderNumber", value: order.orderNumber },
      { name: "orderType", value: order.subscriptionId === null ? "web" : "autoReorder" },
    ],
    data: {
      orderNumber: order.orderNumber,
      currency: "USD",
      // Integer cents, as the products' amounts.
      subtotal: order.subtotalCents,
      discount: order.discountCents,
      shipping: order.shippingCents,
      shippingDiscount: order.shippingDiscountCents,
      tax: order.taxCents,
      rebate: order.rebateCents,
      insurance: order.insuranceBenefit?.amountCents ?? 0,
      total: order.totalCents,
      couponCode: order.couponCode,
      products: productsOfOrder,
    },
  };
}
