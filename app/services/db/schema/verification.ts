import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
// Type-only and relative: drizzle-kit loads the schema without the app's `~` alias.
import type { VerificationDoctor, VerificationEye } from "~/models/verification";
import { orderGroups } from "./order-groups";
import { orders } from "./orders";
import { prescriptions } from "./prescriptions";
import { timestamps } from "./shared";

/**
 * Prescription verification with the doctor (issue 16, decision 30). `prescription_verifications` is the store's
 * side: one row per order group that needs verifying, made in the transaction that confirms the order, moved along
 * by the `verification` job with guarded updates (claim by state). `simulated_prescriber_requests` is the embedded
 * prescriber verifier's own table: what a real provider keeps on its side.
 */

/** queued → sent → one outcome; skipped: the order or group no longer needed it (shipped, cancelled, verified). */
export const VERIFICATION_STATES = [
  "queued",
  "sent",
  "confirmed",
  "corrected",
  "invalid",
  "expired",
  "passive",
  "skipped",
] as const;

export const prescriptionVerifications = pgTable(
  "prescription_verifications",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderGroupId: integer("order_group_id")
      .notNull()
      .unique()
      .references(() => orderGroups.id, { onDelete: "cascade" }),
    prescriptionId: integer("prescription_id").references(() => prescriptions.id, { onDelete: "set null" }),
    state: text("state").notNull().default("queued"),
    /** Sent with the request, so a resend after a crash is the same request with the same reference. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The provider's reference, recorded with the state 'sent'. */
    reference: text("reference"),
    /** A process sending the request holds it until then (another pass leaves it alone meanwhile). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** sentAt + 8 business hours: without an answer by then the prescription is verified passively. */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    /** When the prescriber answered (none for passive). */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** When the store acted on the outcome. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("prescription_verifications_order_idx").on(table.orderId),
    index("prescription_verifications_open_idx")
      .on(table.state, table.deadlineAt)
      .where(sql`${table.state} in ('queued', 'sent')`),
    check(
      "prescription_verifications_state_check",
      sql`${table.state} in ${sql.raw(`(${VERIFICATION_STATES.map((state) => `'${state}'`).join(", ")})`)}`,
    ),
    check(
      "prescription_verifications_sent_check",
      sql`${table.state} in ('queued', 'skipped') or (${table.reference} is not null and ${table.deadlineAt} is not null)`,
    ),
  ],
);

/** The embedded prescriber verifier's requests and the answers given on /dev/verifications. */
export const simulatedPrescriberRequests = pgTable(
  "simulated_prescriber_requests",
  {
    reference: text("reference").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    storeReference: text("store_reference").notNull(),
    doctor: jsonb("doctor").$type<VerificationDoctor>().notNull(),
    patient: jsonb("patient").$type<{ firstName: string; lastName: string }>().notNull(),
    rightEye: jsonb("right_eye").$type<VerificationEye | null>(),
    leftEye: jsonb("left_eye").$type<VerificationEye | null>(),
    expirationDate: text("expiration_date"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    /** confirm, correct, invalid, expired; null until the doctor answers (once). */
    answer: text("answer"),
    correctedRightEye: jsonb("corrected_right_eye").$type<Record<string, string> | null>(),
    correctedLeftEye: jsonb("corrected_left_eye").$type<Record<string, string> | null>(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (table) => [
    index("simulated_prescriber_requests_received_idx").on(table.receivedAt),
    check(
      "simulated_prescriber_requests_answer_check",
      sql`${table.answer} is null or ${table.answer} in ('confirm', 'correct', 'invalid', 'expired')`,
    ),
  ],
);
