import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ownerCustomerId } from "./accounts";
import { doctors } from "./doctors";
import { orders } from "./orders";
import { timestamps } from "./shared";

/**
 * Issue 17 (decision 38): the customer-preference calls' own data, and prescription requests. The account's own
 * e-mail and phone keep their flags on `customers` (preferences, interests) as account settings shows them; these
 * tables hold what the app clients send about the customer's other addresses and numbers.
 */

/** E-mail preferences per address a customer registered (spec: POST api/customers/email). */
export const customerEmailPreferences = pgTable(
  "customer_email_preferences",
  {
    id: serial("id").primaryKey(),
    customerId: ownerCustomerId(),
    email: text("email").notNull(),
    emailNormalized: text("email_normalized").notNull(),
    /** EmailPromotional, EmailReorderReminder, RxCapture → opted in. */
    preferences: jsonb("preferences").$type<Record<string, boolean>>().notNull().default({}),
    /** The e-mail platform's contact id for this address (spec: cordialMcId). */
    cordialMcId: text("cordial_mc_id"),
    ...timestamps,
  },
  (table) => [uniqueIndex("customer_email_preferences_unique").on(table.customerId, table.emailNormalized)],
);

/** Text-message interests per phone number a customer registered (spec: POST api/customers/phoneInterests). */
export const customerPhoneInterests = pgTable(
  "customer_phone_interests",
  {
    id: serial("id").primaryKey(),
    customerId: ownerCustomerId(),
    /** Digits only. */
    phone: text("phone").notNull(),
    /** TextOrderUpdates, TextReorderReminders, TextPrescriptionUpdates, TextSpecialOffers → opted in. */
    interests: jsonb("interests").$type<Record<string, boolean>>().notNull().default({}),
    /** Where the shopper gave the number (the app's screen name). */
    source: text("source").notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex("customer_phone_interests_unique").on(table.customerId, table.phone)],
);

/**
 * A shopper's request that the store get a prescription from their doctor for an order (/prescription-request).
 * The doctor is one of the directory's (`doctorId`) or typed by the shopper (name and phone); `reference` is the
 * random public id the confirmation page is addressed by.
 */
export const prescriptionRequests = pgTable(
  "prescription_requests",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    customerId: ownerCustomerId(),
    patientFirstName: text("patient_first_name").notNull(),
    patientLastName: text("patient_last_name").notNull(),
    doctorId: integer("doctor_id").references(() => doctors.id, { onDelete: "set null" }),
    doctorName: text("doctor_name").notNull(),
    /** Digits only. */
    doctorPhone: text("doctor_phone").notNull(),
    clinicName: text("clinic_name").notNull().default(""),
    /** requested → contacted → received, or closed (customer care's steps). */
    state: text("state").notNull().default("requested"),
    /** Where the confirmation e-mail went. */
    email: text("email").notNull(),
    ...timestamps,
    contactedAt: timestamp("contacted_at", { withTimezone: true }),
  },
  (table) => [
    index("prescription_requests_order_idx").on(table.orderId),
    index("prescription_requests_customer_idx").on(table.customerId),
    check("prescription_requests_state_check", sql`${table.state} in ('requested', 'contacted', 'received', 'closed')`),
  ],
);
