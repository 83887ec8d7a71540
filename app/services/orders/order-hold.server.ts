import { and, eq, inArray, notInArray } from "drizzle-orm";
import { HELD_STATUS_CODES, type HoldReason } from "~/models/held-order";
import { orderDetailsPath } from "~/models/order-status";
import { ORDER_HOLD_CODE } from "~/models/verification";
import { orderOnHoldEmail } from "../adapters/email/order-templates";
import type { Executor } from "../db/client.server";
import { customers, orders } from "../db/schema";
import type { AppServices } from "../platform/context.server";
import { groupsOf } from "./order-history.server";

/**
 * Putting orders on hold (issue 25): the doctor's office answered that the prescription is invalid or expired
 * (verification-outcomes.server.ts), or the online exam's doctor declined it (exam-sync.server.ts). In the caller's
 * transaction, each order not held already takes status H and gets the on-hold e-mail in the outbox (decision 20:
 * the hold and its e-mail commit together, and an order already held is not told twice). The caller kicks the
 * delivery after its commit (`email.deliverSoon()`).
 */

export type HoldServices = Pick<AppServices, "email" | "config">;

export interface OrderHold {
  orderId: number;
  reason: HoldReason;
}

/** Holds the orders; the ids of those that went on hold now (an order already held stays as it is). */
export async function holdOrders(
  services: HoldServices,
  tx: Executor,
  holds: readonly OrderHold[],
  now: Date,
): Promise<number[]> {
  if (holds.length === 0) return [];
  const held = await tx
    .update(orders)
    .set({ statusCode: ORDER_HOLD_CODE, updatedAt: now })
    .where(
      and(
        inArray(
          orders.id,
          holds.map((hold) => hold.orderId),
        ),
        notInArray(orders.statusCode, [...HELD_STATUS_CODES]),
      ),
    )
    .returning({ id: orders.id, orderNumber: orders.orderNumber, customerId: orders.customerId });
  if (held.length === 0) return [];
  const groups = await groupsOf(
    tx,
    held.map((order) => order.id),
  );
  for (const order of held) {
    const [customer] = await tx
      .select({ email: customers.email, firstName: customers.firstName })
      .from(customers)
      .where(eq(customers.id, order.customerId));
    if (!customer) throw new Error(`order ${order.orderNumber} has no customer`);
    await services.email.send(
      await orderOnHoldEmail({
        to: customer.email,
        firstName: customer.firstName,
        order: { orderNumber: order.orderNumber, groups: groups.get(order.id) ?? [] },
        reason: holds.find((hold) => hold.orderId === order.id)!.reason,
        orderLink: `${services.config.siteUrl}${orderDetailsPath(order.orderNumber)}`,
      }),
      { db: tx },
    );
  }
  return held.map((order) => order.id);
}
