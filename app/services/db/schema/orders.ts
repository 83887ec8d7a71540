import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { type AddressSnapshot, customers } from "./accounts";
import { products } from "./catalog";
import { prescriptions } from "./prescriptions";
import { timestamps } from "./shared";
import type { OrderPlan } from "~/services/checkout/order-plan";

/** Placed orders, their groups (one per patient) and lines. */

/**
 * Placed orders. `idempotencyKey` comes from the checkout form, so a resubmitted or retried "Place order" finds
 * the order it already made instead of making another. `statusCode` is the spec's one character (blank, D, S, H,
 * T, P, V processing; G shipped; '|' test; '-' deleted).
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    orderNumber: text("order_number").notNull().unique(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    cartId: text("cart_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    statusCode: text("status_code").notNull().default(""),
    shippingLevel: smallint("shipping_level").notNull(),
    shippingAddress: jsonb("shipping_address").$type<AddressSnapshot>().notNull(),
    paymentToken: text("payment_token").notNull(),
    paymentBrand: text("payment_brand").notNull(),
    paymentLastFour: text("payment_last_four").notNull(),
    /** The vault's charge id for this order's payment ("pending" until the charge is confirmed; "none": nothing to charge). */
    chargeId: text("charge_id").notNull(),
    /**
     * 'pending' from the reservation (stock and the order under the idempotency key) until the charge is confirmed;
     * then 'paid'. A pending order is nobody's order yet: lists and pages show only paid ones (decision 29).
     */
    paymentState: text("payment_state").notNull().default("paid"),
    /** What confirming a pending order writes (groups, lines, prescriptions, subscriptions, e-mail); null once paid. */
    pendingPlan: jsonb("pending_plan").$type<OrderPlan>(),
    /** When the reservation committed (the database's clock): recovery looks at reservations older than a while. */
    pendingSince: timestamp("pending_since", { withTimezone: true }),
    couponCode: text("coupon_code"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    shippingDiscountCents: integer("shipping_discount_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    rebateCents: integer("rebate_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** Store credit the order used: the card was charged the total minus this. */
    creditCents: integer("credit_cents").notNull().default(0),
    /** Set on orders the reorder runner placed: which subscription, for which reorder date. */
    subscriptionId: integer("subscription_id"),
    estimatedDeliveryDate: text("estimated_delivery_date"),
    trackingNumber: text("tracking_number"),
    trackingDeliveryDate: text("tracking_delivery_date"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("orders_customer_idx").on(table.customerId, table.createdAt),
    index("orders_pending_idx")
      .on(table.pendingSince)
      .where(sql`${table.paymentState} = 'pending'`),
    check("orders_payment_state_check", sql`${table.paymentState} in ('pending', 'paid')`),
    check("orders_status_code_check", sql`length(${table.statusCode}) <= 1`),
    check(
      "orders_totals_check",
      sql`${table.totalCents} >= 0 and ${table.subtotalCents} >= 0 and ${table.creditCents} between 0 and ${table.totalCents}`,
    ),
  ],
);

/** One group per patient in an order, with its doctor and prescription status at the time of the order. */
export const orderGroups = pgTable(
  "order_groups",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type").notNull(),
    patient: jsonb("patient").$type<{ firstName: string; lastName: string; patientId?: number } | null>(),
    doctor: jsonb("doctor").$type<{
      id: number;
      firstName: string;
      lastName: string;
      phone: string;
      clinicName: string;
    } | null>(),
    rxEntryType: text("rx_entry_type"),
    /** The online exam this group's prescription comes from (a group ordered from exam-complete): it needs no doctor. */
    examVoucherToken: text("exam_voucher_token"),
    /** PendingExam, PendingVerification, PendingSubmission, Verified, FailedExam. */
    prescriptionStatus: text("prescription_status"),
    /** The prescription recorded for this group (null for solution). */
    prescriptionId: integer("prescription_id").references((): AnyPgColumn => prescriptions.id, {
      onDelete: "set null",
    }),
    autoReorderFrequencyDays: integer("auto_reorder_frequency_days"),
  },
  (table) => [
    index("order_groups_order_idx").on(table.orderId),
    index("order_groups_exam_voucher_idx")
      .on(table.examVoucherToken)
      .where(sql`${table.examVoucherToken} is not null`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderGroupId: integer("order_group_id")
      .notNull()
      .references(() => orderGroups.id, { onDelete: "cascade" }),
    whichEye: text("which_eye").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    productName: text("product_name").notNull(),
    upc: text("upc").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    selectedParameters: jsonb("selected_parameters").$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    index("order_lines_group_idx").on(table.orderGroupId),
    check("order_lines_quantity_check", sql`${table.quantity} > 0`),
  ],
);
