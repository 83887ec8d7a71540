import { and, asc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { awaitsPrescription } from "~/models/file-type";
import { orderDetailsPath, orderNextSteps } from "~/models/order-status";
import { orderPrescriptionStatus } from "~/models/prescriptions";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import { UPLOAD_LINK_DAYS } from "~/models/upload-limits";
import { orderConfirmationEmail } from "../adapters/email/order-templates";
import type { PaymentGateway } from "../adapters/payments/payment-gateway";
import type { Transaction } from "../db/client.server";
import type { AppServices } from "../platform/context.server";
import {
  carts,
  coupons,
  customers,
  lineItemGroups,
  orderGroups,
  orderLines,
  orders,
  paymentMethods,
  skus,
} from "../db/schema";
import { orderDetails } from "../orders/order-history.server";
import { orderPlacedEvent } from "./order-analytics.server";
import { recordGroupPrescription } from "../prescriptions/prescription-records.server";
import { uploadLinkUrl } from "../prescriptions/upload-links.server";
import { queueVerifications } from "../prescriptions/verification.server";
import { createSubscriptionsForOrder } from "../subscriptions/subscriptions.server";
import { paymentKey, type OrderPlan } from "~/models/order-plan";

/**
 * The second half of placing an order (decision 29). The reservation committed the stock, the store credit, a
 * single-use coupon and the order row (pending, with its plan); the card was then charged outside any transaction.
 * Confirming writes the rest of the order from the plan and marks it paid; releasing gives back what the reservation
 * took and removes the order. Both run in one transaction on the order's row, guarded on it still being pending, so
 * of a request and a recovery job racing for the same order exactly one acts.
 */

/** What placing an order uses (place-order.server.ts and the reorders); here, below it, so neither imports the other. */
export type OrderServices = Pick<AppServices, "db" | "tax" | "email" | "logger" | "config" | "analytics"> & {
  payments: PaymentGateway;
};

type PendingOrder = typeof orders.$inferSelect & { pendingPlan: OrderPlan };

/** Locks the order and returns it while it is still pending (with its plan); null once confirmed or released. */
async function lockPending(tx: Transaction, orderId: number): Promise<PendingOrder | null> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentState, "pending")))
    .for("update");
  if (!order?.pendingPlan) return null;
  return order as PendingOrder;
}

/**
 * Writes the order's groups, lines, prescription records (and their verifications with the doctor) and
 * subscriptions, removes the ordered groups from the cart, writes the confirmation e-mail and marks the order paid
 * with `chargeId`. False when it was no longer pending.
 */
export async function confirmOrder(
  services: Pick<OrderServices, "db" | "email" | "config" | "analytics">,
  orderId: number,
  chargeId: string,
): Promise<boolean> {
  const confirmed = await services.db.transaction(async (tx) => {
    const order = await lockPending(tx, orderId);
    if (!order) return false;
    const plan = order.pendingPlan;
    const placedAt = order.createdAt;

    for (const [position, group] of plan.groups.entries()) {
      const recorded = await recordGroupPrescription(tx, {
        orderId: order.id,
        customerId: order.customerId,
        placedAt,
        group: {
          type: group.type,
          rxEntryType: group.rxEntryType,
          submitAndSkipImageId: group.submitAndSkipImageId,
          examVoucherToken: group.examVoucherToken ?? null,
          patient: group.patient,
          doctor: group.doctor,
          autoReorder: group.autoReorderFrequencyDays !== null,
          lines: group.items,
        },
        extras: group.extras ?? undefined,
      });
      const [orderGroup] = await tx
        .insert(orderGroups)
        .values({
          orderId: order.id,
          position,
          type: group.type,
          patient: group.patient,
          doctor: group.doctor,
          rxEntryType: group.rxEntryType,
          examVoucherToken: group.examVoucherToken ?? null,
          prescriptionStatus:
            recorded?.status ??
            orderPrescriptionStatus({
              type: group.type,
              rxEntryType: group.rxEntryType,
              submitAndSkipImageId: group.submitAndSkipImageId,
              examVoucherToken: group.examVoucherToken ?? null,
            }),
          prescriptionId: recorded?.prescriptionId ?? null,
          autoReorderFrequencyDays: group.autoReorderFrequencyDays,
        })
        .returning({ id: orderGroups.id });
      await tx.insert(orderLines).values(
        group.items.map((item) => ({
          orderGroupId: orderGroup!.id,
          whichEye: item.whichEye,
          productId: item.productId,
          productName: item.productName,
          upc: item.upc,
          quantity: item.quantity,
          unitPriceCents: item.unitPriceCents,
          discountCents: item.discountCents,
          selectedParameters: item.parameters,
        })),
      );
    }

    // Groups whose prescription is verified with the doctor start their verification with the order (decision 30).
    await queueVerifications(tx, order.id);

    if (plan.createsSubscriptions) {
      await createSubscriptionsForOrder(
        tx,
        {
          id: order.id,
          customerId: order.customerId,
          placedAt,
          shippingAddress: order.shippingAddress,
          shippingLevel: order.shippingLevel,
          paymentMethodId: plan.paymentMethodId,
        },
        plan.groups.map((group) => ({
          type: group.type,
          autoReorderFrequencyDays: group.autoReorderFrequencyDays,
          patient: group.patient,
          doctorId: group.doctor?.id ?? null,
          prescriptionExpiresOn: group.extras?.prescriptionExpiresOn ?? null,
          items: group.items,
        })),
      );
    }

    // The cart lives on without the groups this order took (a group added meanwhile stays), and without the coupon
    // the order used; its version moves, as after any change under the cart's lock.
    const cartGroupIds = plan.groups.map((group) => group.cartGroupId);
    if (cartGroupIds.length > 0) await tx.delete(lineItemGroups).where(inArray(lineItemGroups.id, cartGroupIds));
    await tx
      .update(carts)
      .set({
        version: sql`${carts.version} + 1`,
        updatedAt: new Date(),
        ...(plan.cartCouponId !== null
          ? { couponId: sql`case when ${carts.couponId} = ${plan.cartCouponId} then null else ${carts.couponId} end` }
          : {}),
      })
      .where(eq(carts.id, order.cartId));

    // A saved checkout token pays once (decision 57): captured for this order, it leaves the wallet with it.
    if (plan.savedPayIn4?.kind === "Afterpay" && chargeId !== "none") {
      await tx
        .delete(paymentMethods)
        .where(
          and(eq(paymentMethods.id, plan.savedPayIn4.paymentMethodId), eq(paymentMethods.customerId, order.customerId)),
        );
    }

    await tx
      .update(orders)
      .set({ chargeId, paymentState: "paid", pendingPlan: null, pendingSince: null })
      .where(eq(orders.id, order.id));
    await writeConfirmation(services, tx, order, plan);
    // The order analytics event commits with the order (issue 28): one per order, whoever confirms it.
    await services.analytics.record([await orderPlacedEvent(tx, order, plan)], { db: tx });
    return true;
  });
  // Committed: the confirmation goes out in the background (with SMTP), or by the outbox job's next run; so does the
  // order's analytics event, to a clickstream proxy when there is one.
  if (confirmed) {
    services.email.deliverSoon();
    services.analytics.forwardSoon();
  }
  return confirmed;
}

/**
 * Gives back what the reservation took (stock, store credit, a single-use coupon) and removes the pending order, so
 * the cart can be ordered again. False when it was no longer pending.
 */
export async function releaseOrder(services: Pick<OrderServices, "db">, orderId: number): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const order = await lockPending(tx, orderId);
    if (!order) return false;
    const now = new Date();
    const quantities = new Map<string, number>();
    for (const item of order.pendingPlan.groups.flatMap((group) => group.items)) {
      if (item.upc === SUBMIT_AND_SKIP_UPC) continue;
      quantities.set(item.upc, (quantities.get(item.upc) ?? 0) + item.quantity);
    }
    // In the order the reservation took them, so two transactions on the same SKUs never wait on each other.
    for (const upc of [...quantities.keys()].sort()) {
      await tx
        .update(skus)
        .set({ stockQuantity: sql`${skus.stockQuantity} + ${quantities.get(upc)!}`, updatedAt: now })
        .where(eq(skus.upc, upc));
    }
    if (order.creditCents > 0) {
      await tx
        .update(customers)
        .set({ creditCents: sql`${customers.creditCents} + ${order.creditCents}`, updatedAt: now })
        .where(eq(customers.id, order.customerId));
    }
    await tx
      .update(coupons)
      .set({ redeemedCartId: null, redeemedAt: null, updatedAt: now })
      .where(eq(coupons.redeemedCartId, `order:${order.orderNumber}`));
    await tx.delete(orders).where(eq(orders.id, order.id));
    return true;
  });
}

export interface RecoverySummary {
  /** Pending orders older than the grace period that were looked at. */
  found: number;
  /** The payment provider had charged them: confirmed. */
  confirmed: number;
  /** No charge was made: released. */
  released: number;
}

/** How long a reservation may wait for its own request to charge and confirm before recovery steps in. */
export const RECOVERY_GRACE_SECONDS = 120;

/**
 * The recovery job (queue `payments`): an order still pending after the grace period lost its request (a crash or a
 * timeout between reservation, charge and confirmation). The payment provider says whether the order's idempotency
 * key was charged: if so the order is confirmed with that charge, else it is released. Either way there is one order
 * and at most one charge; a later "Place order" with the same key finds the confirmed order or reserves again.
 */
export async function recoverPendingOrders(
  services: Pick<OrderServices, "db" | "email" | "config" | "payments" | "logger" | "analytics">,
  options: { graceSeconds?: number; limit?: number } = {},
): Promise<RecoverySummary> {
  const graceSeconds = options.graceSeconds ?? RECOVERY_GRACE_SECONDS;
  const stale = await services.db
    .select({ id: orders.id, idempotencyKey: orders.idempotencyKey, orderNumber: orders.orderNumber })
    .from(orders)
    .where(
      and(
        eq(orders.paymentState, "pending"),
        // Card orders: a provider's order (no last four) is settled with its provider (provider-payments.server.ts).
        ne(orders.paymentLastFour, ""),
        lt(orders.pendingSince, sql`now() - make_interval(secs => ${graceSeconds})`),
      ),
    )
    .orderBy(asc(orders.pendingSince))
    .limit(options.limit ?? 100);
  const summary: RecoverySummary = { found: stale.length, confirmed: 0, released: 0 };
  for (const order of stale) {
    const [row] = await services.db.select({ plan: orders.pendingPlan }).from(orders).where(eq(orders.id, order.id));
    const plan = row?.plan;
    if (!plan) continue;
    const charge = plan.chargeCents > 0 ? await services.payments.findCharge(paymentKey(order)) : null;
    if (plan.chargeCents === 0 || charge) {
      if (await confirmOrder(services, order.id, charge?.chargeId ?? "none")) summary.confirmed++;
      services.logger.warn({ orderNumber: order.orderNumber }, "pending order recovered: charged, confirmed");
    } else {
      if (await releaseOrder(services, order.id)) summary.released++;
      services.logger.warn({ orderNumber: order.orderNumber }, "pending order recovered: never charged, released");
    }
  }
  return summary;
}

/** The confirmation e-mail, into the outbox in the confirming transaction: a paid order always has its e-mail. */
async function writeConfirmation(
  services: Pick<OrderServices, "email" | "config">,
  tx: Transaction,
  order: PendingOrder,
  plan: OrderPlan,
) {
  const details = await orderDetails(tx, order.customerId, order.orderNumber);
  if (!details) throw new Error(`order ${order.orderNumber} not readable in its own transaction`);
  const now = new Date();
  const message = await orderConfirmationEmail({
    to: plan.customer.email,
    firstName: plan.customer.firstName,
    order: details,
    orderLink: `${services.config.siteUrl}${orderDetailsPath(order.orderNumber)}`,
    nextSteps: orderNextSteps(details.groups.map((group) => group.prescriptionStatus)),
    // Signed, so a guest can send the prescription from the e-mail on any browser (upload-links.server.ts).
    uploadLink: uploadLinkUrl(services.config.siteUrl, services.config.sessionSecrets, order.orderNumber, now),
  });
  const statuses = details.groups.map((group) => group.prescriptionStatus);
  const secretExpiresAt = awaitsPrescription(statuses)
    ? { secretExpiresAt: new Date(now.getTime() + UPLOAD_LINK_DAYS * 86_400_000) }
    : {};
  await services.email.send({ ...message, ...secretExpiresAt }, { db: tx });
}
