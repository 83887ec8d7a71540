import { randomInt } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { DateTime } from "luxon";
import {
  businessIsoDate,
  orderDetailsPath,
  orderStatus,
  orderStatusLabel,
  SHIPPED_CODE,
  trackingUrl,
  type AdvanceAction,
} from "~/models/order-status";
import { deliveryEstimate, isShippingLevel } from "~/models/shipping";
import { orderShippedEmail } from "../adapters/email/order-templates";
import type { Executor, Transaction } from "../db/client.server";
import { customers, orderGroups, orders, prescriptions } from "../db/schema";
import type { AppServices } from "../platform/context.server";
import { groupsOf, orderDetails } from "./order-history.server";

/**
 * Development operations (a non-production page and scripts/advance-order.ts): move an order along — verify its
 * prescriptions, ship it with a tracking number, deliver it — so history and statuses can be exercised.
 */

export type AdvanceResult = { ok: true; message: string } | { ok: false; message: string };

/** What moving an order along needs: the database, and the e-mail sender and site address for the shipped e-mail. */
export type OperationsServices = Pick<AppServices, "db" | "email" | "config">;

/**
 * Moves an order along as the warehouse would (development only): "verify" marks its prescriptions Verified (the
 * order's groups and the prescription records they were ordered with, which the wallet shows);
 * "ship" needs them verified, then sets status G, a tracking number, shippedAt and the carrier's delivery date
 * for the shipping level, and writes the 'order shipped' e-mail in the same transaction (the outbox: the status
 * and the e-mail commit together); "deliver" records the delivery. Under the order's row lock, and shipping only
 * moves a processing order, so two clicks can't both ship it and a shipment sends one e-mail.
 */
export async function advanceOrder(
  services: OperationsServices,
  orderNumber: string,
  action: AdvanceAction,
  now: DateTime = DateTime.now(),
): Promise<AdvanceResult> {
  const result = await services.db.transaction(async (tx): Promise<AdvanceResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for("update");
    if (!order) return { ok: false, message: `There is no order ${orderNumber}.` };
    const status = orderStatus(order.statusCode);
    const stamp = { updatedAt: now.toJSDate() };

    if (action === "deliver") {
      if (status !== "Shipped") return { ok: false, message: `Order ${orderNumber} has not shipped.` };
      if (order.deliveredAt) return { ok: false, message: `Order ${orderNumber} is already delivered.` };
      await tx
        .update(orders)
        .set({ ...stamp, deliveredAt: now.toJSDate(), trackingDeliveryDate: businessIsoDate(now) })
        .where(eq(orders.id, order.id));
      return { ok: true, message: `Order ${orderNumber} is delivered.` };
    }

    if (status !== "Processing") {
      return {
        ok: false,
        message: `Order ${orderNumber} is ${orderStatusLabel(order).toLowerCase()}, not processing.`,
      };
    }
    const withPrescription = and(eq(orderGroups.orderId, order.id), isNotNull(orderGroups.prescriptionStatus));
    const pending = and(withPrescription, ne(orderGroups.prescriptionStatus, "Verified"));

    if (action === "verify") {
      const verified = await tx
        .update(orderGroups)
        .set({ prescriptionStatus: "Verified" })
        .where(pending)
        .returning({ id: orderGroups.id, prescriptionId: orderGroups.prescriptionId });
      if (verified.length === 0) return { ok: false, message: `Order ${orderNumber} has no prescription to verify.` };
      const records = verified.flatMap((group) => (group.prescriptionId === null ? [] : [group.prescriptionId]));
      if (records.length > 0) {
        await tx
          .update(prescriptions)
          .set({ status: "Verified", ...stamp })
          .where(inArray(prescriptions.id, records));
      }
      await tx.update(orders).set(stamp).where(eq(orders.id, order.id));
      const count = verified.length === 1 ? "1 prescription" : `${verified.length} prescriptions`;
      return { ok: true, message: `Verified ${count} on order ${orderNumber}.` };
    }

    const [unverified] = await tx.select({ id: orderGroups.id }).from(orderGroups).where(pending).limit(1);
    if (unverified) return { ok: false, message: `Verify the prescription of order ${orderNumber} first.` };
    const level = isShippingLevel(order.shippingLevel) ? order.shippingLevel : 0;
    const trackingNumber = newTrackingNumber();
    await tx
      .update(orders)
      .set({
        ...stamp,
        statusCode: SHIPPED_CODE,
        trackingNumber,
        shippedAt: now.toJSDate(),
        trackingDeliveryDate: deliveryEstimate(level, now).toISODate(),
      })
      .where(eq(orders.id, order.id));
    await writeShippedEmail(services, tx, order, trackingNumber, now);
    return { ok: true, message: `Order ${orderNumber} shipped with tracking number ${trackingNumber}.` };
  });
  // Committed: the shipped e-mail goes out in the background (with SMTP), or by the jobs' next delivery run.
  if (result.ok && action === "ship") services.email.deliverSoon();
  return result;
}

/** The 'order shipped' e-mail, into the outbox in the shipment's transaction; it reads the order as shipped. */
async function writeShippedEmail(
  services: OperationsServices,
  tx: Transaction,
  order: { customerId: number; orderNumber: string },
  trackingNumber: string,
  now: DateTime,
) {
  const [customer] = await tx
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, order.customerId));
  const shipped = await orderDetails(tx, order.customerId, order.orderNumber, now);
  if (!customer || !shipped) throw new Error(`order ${order.orderNumber} not readable in its own transaction`);
  await services.email.send(
    await orderShippedEmail({
      to: customer.email,
      firstName: customer.firstName,
      order: shipped,
      trackingNumber,
      trackingLink: trackingUrl(trackingNumber)!,
      orderLink: `${services.config.siteUrl}${orderDetailsPath(order.orderNumber)}`,
    }),
    { db: tx },
  );
}

/** A USPS-shaped number (22 digits, 9400 first): invented, for development. */
function newTrackingNumber(): string {
  let digits = "9400";
  while (digits.length < 22) digits += String(randomInt(10));
  return digits;
}

export interface OperationsRow {
  orderNumber: string;
  customerEmail: string;
  orderTakenDate: string;
  statusCode: string;
  statusLabel: string;
  prescriptionStatuses: string[];
  trackingNumber: string | null;
  /** True while the order waits for its charge to be confirmed (decision 29). */
  paymentPending: boolean;
}

/** The latest orders of every customer, deleted and payment-pending ones too, for the development operations page. */
export async function recentOrders(db: Executor, limit: number): Promise<OperationsRow[]> {
  const rows = await db
    .select({ order: orders, email: customers.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  const groups = await groupsOf(
    db,
    rows.map(({ order }) => order.id),
  );
  return rows.map(({ order, email }) => ({
    orderNumber: order.orderNumber,
    customerEmail: email,
    orderTakenDate: order.createdAt.toISOString(),
    statusCode: order.statusCode,
    statusLabel: orderStatusLabel(order),
    prescriptionStatuses: (groups.get(order.id) ?? []).flatMap((group) =>
      group.prescriptionStatus ? [group.prescriptionStatus] : [],
    ),
    trackingNumber: order.trackingNumber,
    paymentPending: order.paymentState === "pending",
  }));
}
