import { DateTime } from "luxon";
import { BUSINESS_TIME_ZONE } from "~/models/business-time";
import { lastOrderFacts, type LastOrderFacts } from "~/models/last-order";
import { isOrderOnHold } from "~/models/held-order";
import { formatOrderDate, orderDetailsPath, showsExpectedDelivery } from "~/models/order-status";
import { formatDeliveryDate } from "~/models/shipping";
import type { Executor } from "../db/client.server";
import type { Logger } from "../platform/logger.server";
import { orderHistory, type OrderSummaryView } from "./order-history.server";

/**
 * The last-order view (spec 2 §3, §4 order status and age): the customer's newest order as history shows it, with
 * isOld and the product, product ids, lens product ids, prescription ids and isExamNeeded. A failure is logged
 * ('error retrieving last order') and gives no view, so the dashboard still opens.
 */

export interface LastOrderView extends LastOrderFacts {
  orderNumber: string;
  orderedOn: string;
  statusLabel: string;
  statusMessage: string;
  /** Held (models/held-order.ts): the message says what it needs, and there is no delivery date. */
  isOnHold: boolean;
  /** 'Tue, Nov 24'; null when the order has none to show (held, delivered, cancelled). */
  expectedDelivery: string | null;
  deliveredDate: string | null;
  isOld: boolean;
  trackingNumber: string | null;
  trackingUrl: string | null;
  href: string;
}

export function lastOrderViewOf(order: OrderSummaryView): LastOrderView {
  return {
    ...lastOrderFacts(order.groups),
    orderNumber: order.orderNumber,
    orderedOn: formatOrderDate(order.orderTakenDate),
    statusLabel: order.statusLabel,
    statusMessage: order.statusMessage,
    isOnHold: isOrderOnHold(order.statusCode),
    expectedDelivery: showsExpectedDelivery({ statusCode: order.statusCode, deliveredAt: order.deliveredDate })
      ? formatDeliveryDate(DateTime.fromISO(order.expectedDeliveryDate, { zone: BUSINESS_TIME_ZONE }))
      : null,
    deliveredDate: order.deliveredDate,
    isOld: order.isOld,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    href: orderDetailsPath(order.orderNumber),
  };
}

export async function lastOrderView(
  db: Executor,
  customerId: number,
  logger: Pick<Logger, "error">,
  now: DateTime = DateTime.now(),
): Promise<LastOrderView | null> {
  try {
    const { orders } = await orderHistory(db, customerId, { pageSize: 1, page: 0 }, now);
    return orders[0] ? lastOrderViewOf(orders[0]) : null;
  } catch (error) {
    logger.error({ err: error, customerId }, "error retrieving last order");
    return null;
  }
}
