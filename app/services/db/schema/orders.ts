import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { type AddressSnapshot, customers } from "./accounts";
import { timestamps } from "./shared";
import type { OrderPlan } from "~/models/order-plan";
import type { OrderInsuranceBenefit } from "~/models/insurance";

/** Placed orders (their groups and lines: order-groups.ts). */

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
    /**
     * The payment method enumeration (models/payment-options.ts): the card's brand number, PayPal 7, Afterpay 15.
     * For PayPal and Afterpay, `paymentToken` is the provider's checkout token and `paymentLastFour` is empty.
     */
    paymentMethod: smallint("payment_method"),
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
    /** The insurance benefit the order used (decision 54); its amount is part of the total's reduction. */
    insuranceBenefit: jsonb("insurance_benefit").$type<OrderInsuranceBenefit>(),
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
    // A provider's return finds its order by the checkout token (decision 53).
    index("orders_payment_token_idx").on(table.paymentToken),
    index("orders_pending_idx")
      .on(table.pendingSince)
      .where(sql`${table.paymentState} = 'pending'`),
    // Placing an order counts what earlier orders took from the same insurance benefit (decision 54).
    index("orders_insurance_benefit_idx")
      .on(sql`(${table.insuranceBenefit}->>'benefitId')`, table.createdAt)
      .where(sql`${table.insuranceBenefit} is not null`),
    check("orders_payment_state_check", sql`${table.paymentState} in ('pending', 'paid')`),
    check("orders_status_code_check", sql`length(${table.statusCode}) <= 1`),
    check(
      "orders_totals_check",
      sql`${table.totalCents} >= 0 and ${table.subtotalCents} >= 0 and ${table.creditCents} between 0 and ${table.totalCents}`,
    ),
  ],
);
