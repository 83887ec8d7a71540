import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
// Type-only and relative: drizzle-kit loads the schema without the app's `~` alias.
import type { ExamPurchase } from "../../../models/exam-payments";
import type { PrescriberRecord, PrescriptionEyeRecord } from "../../../models/prescriptions";
import { ownerCustomerId, patients } from "./accounts";
import { orders } from "./orders";
import { prescriptions } from "./prescriptions";
import { timestamps } from "./shared";

/**
 * The online vision exam (issue 16). `exam_vouchers` is the store's side: one row per exam the store asked the exam
 * provider to create, for one of a customer's patients. The exam itself (its status, answers, the doctor's answer)
 * lives with the provider; `simulated_exams` is the embedded provider's own table, which a real provider keeps on
 * its side. `recapture_notices` remembers, per customer and held order, what the shopper did with the attention
 * banner (spec 2 "Recapture watch map").
 */

const EXAM_STATUS_SQL = sql.raw(
  "('Created', 'Started', 'Taken', 'Issued', 'Declined', 'Expired', 'Retake', 'Abandoned', 'Canceled')",
);

export const examVouchers = pgTable(
  "exam_vouchers",
  {
    /** The provider's examVoucherToken. */
    token: text("token").primaryKey(),
    customerId: ownerCustomerId(),
    patientId: integer("patient_id").references(() => patients.id, { onDelete: "set null" }),
    patientFirstName: text("patient_first_name").notNull(),
    patientLastName: text("patient_last_name").notNull(),
    /** The lenses the patient wears now, which the exam renews and exam-complete puts in the cart. */
    rightUpc: text("right_upc"),
    leftUpc: text("left_upc"),
    rbCode: text("rb_code"),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents").notNull(),
    /** Taken for a held order (recapture): that order. */
    isRecapture: boolean("is_recapture").notNull().default(false),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The last status the store read from the provider, and when the provider says it changed. */
    status: text("status").notNull().default("Created"),
    statusDate: timestamp("status_date", { withTimezone: true }).notNull().defaultNow(),
    potentialEvidence: boolean("potential_evidence").notNull().default(false),
    examDate: timestamp("exam_date", { withTimezone: true }),
    /** The provider's office whose doctor examines (GET api/examInfo/providerAddress/{id}), as the provider names it. */
    providerId: text("provider_id"),
    /** The doctor-issued prescription written into the wallet once the exam was Issued. */
    prescriptionId: integer("prescription_id").references(() => prescriptions.id, { onDelete: "set null" }),
    /** When the store last read the exam from the provider (details are cached 3 minutes). */
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("exam_vouchers_customer_idx").on(table.customerId, table.createdAt),
    index("exam_vouchers_open_idx")
      .on(table.syncedAt)
      .where(sql`${table.status} in ('Created', 'Started', 'Taken', 'Retake')`),
    check("exam_vouchers_status_check", sql`${table.status} in ${EXAM_STATUS_SQL}`),
  ],
);

/** What the simulated provider's doctor issues. */
export interface SimulatedIssuedPrescription {
  rightEye: PrescriptionEyeRecord | null;
  leftEye: PrescriptionEyeRecord | null;
  /** ISO day. */
  expirationDate: string;
  prescriber: PrescriberRecord;
}

/** The embedded exam provider's exams (services/adapters/exam-provider): what a real provider stores on its side. */
export const simulatedExams = pgTable(
  "simulated_exams",
  {
    token: text("token").primaryKey(),
    /** The store's reference for the customer (a real provider gets an opaque id). */
    customerRef: text("customer_ref").notNull(),
    patient: jsonb("patient")
      .$type<{ firstName: string; lastName: string; email: string; phone: string | null }>()
      .notNull(),
    rightUpc: text("right_upc"),
    leftUpc: text("left_upc"),
    rbCode: text("rb_code"),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents").notNull(),
    status: text("status").notNull().default("Created"),
    statusDate: timestamp("status_date", { withTimezone: true }).notNull().defaultNow(),
    potentialEvidence: boolean("potential_evidence").notNull().default(false),
    examDate: timestamp("exam_date", { withTimezone: true }),
    /** The questionnaire's answers and the acuity self-check's results, as the exam pages recorded them. */
    answers: jsonb("answers").$type<Record<string, unknown> | null>(),
    acuity: jsonb("acuity").$type<Record<string, unknown> | null>(),
    issuedPrescription: jsonb("issued_prescription").$type<SimulatedIssuedPrescription | null>(),
    ...timestamps,
  },
  (table) => [check("simulated_exams_status_check", sql`${table.status} in ${EXAM_STATUS_SQL}`)],
);

/** The recapture banner's memory per customer and held order (spec: dismissed, completeDate, examVoucherToken). */
export const recaptureNotices = pgTable(
  "recapture_notices",
  {
    customerId: ownerCustomerId(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    /** When the order got what it needed (an exam taken with potential evidence, or an uploaded image). */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The toast 'We're working on your order.' was shown. */
    toastShownAt: timestamp("toast_shown_at", { withTimezone: true }),
    examVoucherToken: text("exam_voucher_token"),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.customerId, table.orderId] })],
);

/**
 * The online exam's fee (issue 27, decision 55): one row per payment, keyed by the pay form's idempotency key. Written
 * as pending before the card is charged, so a request that stops between charging and recording is settled by the
 * recovery job (it asks the payment provider, as decision 29's orders do); a decline deletes the row again.
 */
export const examPayments = pgTable(
  "exam_payments",
  {
    id: serial("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    customerId: ownerCustomerId(),
    /** What the exam is for (patient, lenses, held order): the exam is created from it once the charge succeeded. */
    purchase: jsonb("purchase").$type<ExamPurchase>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The campaign variation whose price this is (`exam-price:A`, decision 64); null: the provider's price. */
    priceCampaign: text("price_campaign"),
    paymentToken: text("payment_token").notNull(),
    paymentBrand: text("payment_brand").notNull(),
    paymentLastFour: text("payment_last_four").notNull(),
    /** models/exam-payments.ts EXAM_PAYMENT_STATES. */
    state: text("state").notNull().default("pending"),
    /** When the state last changed (the database's clock): recovery looks at payments stuck for a while. */
    stateSince: timestamp("state_since", { withTimezone: true }).notNull().defaultNow(),
    chargeId: text("charge_id"),
    refundId: text("refund_id"),
    voucherToken: text("voucher_token")
      .unique()
      .references(() => examVouchers.token, { onDelete: "set null" }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("exam_payments_customer_idx").on(table.customerId),
    index("exam_payments_unsettled_idx")
      .on(table.stateSince)
      .where(sql`${table.state} in ('pending', 'charged', 'starting', 'refund_due')`),
    check(
      "exam_payments_state_check",
      sql`${table.state} in ('pending', 'charged', 'starting', 'paid', 'refund_due', 'refunded', 'refund_failed')`,
    ),
    check("exam_payments_amount_check", sql`${table.amountCents} > 0`),
  ],
);
