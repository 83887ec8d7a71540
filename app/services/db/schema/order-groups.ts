import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { orders } from "./orders";
import { prescriptions } from "./prescriptions";

/**
 * An order's groups (one per patient) and lines. Apart from orders.ts because a group points at its prescription,
 * which points back at its order: orders.ts then imports neither.
 */

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
