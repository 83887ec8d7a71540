import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { type AddressSnapshot, ownerCustomerId } from "./accounts";
import { products } from "./catalog";
import { paymentMethods } from "./checkout";
import { doctors } from "./doctors";
import { orders } from "./orders";
import { timestamps } from "./shared";

/** Auto-reorder subscriptions and their items. */

/**
 * Auto-reorder subscriptions (spec 3 §3): one per auto-reorder group of a placed order. The runner places each
 * due subscription's order through checkout's order placement and moves `nextReorderDate` on by the frequency.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    customerId: ownerCustomerId(),
    /** Lens or Solution, as the group it came from. */
    type: text("type").notNull(),
    /** Active or Cancelled. */
    status: text("status").notNull().default("Active"),
    frequencyDays: integer("frequency_days").notNull(),
    /** The next reorder date, an ISO date in the business time zone (Boise). */
    nextReorderDate: text("next_reorder_date").notNull(),
    patient: jsonb("patient").$type<{ firstName: string; lastName: string; patientId?: number } | null>(),
    doctorId: integer("doctor_id").references(() => doctors.id, { onDelete: "set null" }),
    shippingAddress: jsonb("shipping_address").$type<AddressSnapshot | null>(),
    shippingLevel: smallint("shipping_level").notNull().default(0),
    paymentMethodId: integer("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    /** When the prescription the lenses are ordered on expires (ISO date); null for solution. */
    prescriptionExpiresOn: text("prescription_expires_on"),
    sourceOrderId: integer("source_order_id").references(() => orders.id, { onDelete: "set null" }),
    lastOrderId: integer("last_order_id").references(() => orders.id, { onDelete: "set null" }),
    /** A runner working on this subscription holds it until then (another runner skips it meanwhile). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** Why the last attempt for `nextReorderDate` did not place an order (null after a success). */
    lastFailureReason: text("last_failure_reason"),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    /** The reorder date the customer was last told of a failure for (one e-mail per date and reason). */
    failureNotice: text("failure_notice"),
    /** The reorder date the last reminder e-mail was sent for. */
    reminderSentFor: text("reminder_sent_for"),
    cancelReason: text("cancel_reason"),
    cancelNote: text("cancel_note"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("subscriptions_customer_idx").on(table.customerId),
    index("subscriptions_due_idx").on(table.status, table.nextReorderDate),
    check("subscriptions_status_check", sql`${table.status} in ('Active', 'Cancelled')`),
    check("subscriptions_type_check", sql`${table.type} in ('Lens', 'Solution')`),
    check("subscriptions_frequency_check", sql`${table.frequencyDays} between 1 and 730`),
    check("subscriptions_date_check", sql`${table.nextReorderDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

/** A subscription's items: right and left lenses, or one solution ('none'), with what each reorder ships. */
export const subscriptionItems = pgTable(
  "subscription_items",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    whichEye: text("which_eye").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    upc: text("upc").notNull(),
    quantity: integer("quantity").notNull(),
    selectedParameters: jsonb("selected_parameters").$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    uniqueIndex("subscription_items_eye_idx").on(table.subscriptionId, table.whichEye),
    check("subscription_items_quantity_check", sql`${table.quantity} between 0 and 99`),
    check("subscription_items_eye_check", sql`${table.whichEye} in ('right', 'left', 'none')`),
  ],
);
