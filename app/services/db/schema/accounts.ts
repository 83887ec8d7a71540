import { sql } from "drizzle-orm";
import type { PostalAddress } from "~/models/address";
import type { VerificationStatus } from "~/models/address-verification";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "./shared";

/** Customers, their sessions, one-time codes and auto-login links, address books and patients. */

/**
 * Customers (spec: customerId, emailAddress, firstName, lastName, phoneNumber, preferences, interests,
 * attributes). A quasi (guest) account has an e-mail and no password. `emailNormalized` (trimmed, lower case) is
 * unique, so e-mail addresses are unique whatever their case.
 */
export const customers = pgTable("customers", {
  id: serial("id").primaryKey(),
  email: text("email").notNull(),
  emailNormalized: text("email_normalized").notNull().unique(),
  /** scrypt: "scrypt$N$r$p$salt$hash" (base64); null for a quasi (guest) account. */
  passwordHash: text("password_hash"),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  /** Digits only (spec: stored with non-digits removed). */
  phone: text("phone"),
  /** An opaque id other systems may hold (spec: customerToken); never a credential. */
  customerToken: text("customer_token").notNull().unique(),
  /** EmailPromotional, EmailReorderReminder, RxCapture → opted in. */
  preferences: jsonb("preferences").$type<Record<string, boolean>>().notNull().default({}),
  /** TextOrderUpdates, TextReorderReminders, TextPrescriptionUpdates, TextSpecialOffers → opted in. */
  interests: jsonb("interests").$type<Record<string, boolean>>().notNull().default({}),
  /** Consent attributes, e.g. { typeId: 1, value: "LegalNov2023" }. */
  attributes: jsonb("attributes").$type<Array<{ typeId: number; value: string }>>().notNull().default([]),
  /** Store credit (spec: customerCredits), taken off what an order charges. */
  creditCents: integer("credit_cents").notNull().default(0),
  /**
   * When someone first proved they read this e-mail (a PIN, a reset link, an e-mailed sign-in link). Until then
   * the account's sessions are unproven: whoever typed the address may not own it (decision 19).
   */
  emailProvenAt: timestamp("email_proven_at", { withTimezone: true }),
  ...timestamps,
});

/**
 * A signed-in session. The cookie holds a random token; only its SHA-256 is stored, so a database leak does not
 * leak sessions, and deleting the row signs that browser out (sign-out, "sign out everywhere").
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerId: ownerCustomerId(),
    /** How the shopper signed in: password, pin, auto-login, create-account, promote. */
    method: text("method").notNull(),
    rememberMe: boolean("remember_me").notNull().default(false),
    /** Whether this session's holder proved they read the account's e-mail; see `customers.emailProvenAt`. */
    proven: boolean("proven").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("auth_sessions_customer_idx").on(table.customerId)],
);

/** The customer a row belongs to: required, and the row goes when the customer's account is deleted. */
export function ownerCustomerId() {
  return integer("customer_id")
    .notNull()
    .references(() => customers.id, { onDelete: "cascade" });
}

/** E-mailed one-time codes: sign-in PINs and password/guest reset links. Only hashes are stored. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: serial("id").primaryKey(),
    customerId: ownerCustomerId(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("one_time_codes_customer_purpose_idx").on(table.customerId, table.purpose),
    check("one_time_codes_purpose_check", sql`${table.purpose} in ('pin', 'password-reset', 'guest-reset')`),
  ],
);

/** Auto-login links (spec 4.4): the link carries a signed token naming this row; revoking sets revokedAt. */
export const autoLoginTokens = pgTable("auto_login_tokens", {
  id: text("id").primaryKey(),
  customerId: ownerCustomerId(),
  purpose: text("purpose").notNull().default("email-link"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The customer's address book (spec: Address). */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    customerId: ownerCustomerId(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    address1: text("address1").notNull(),
    address2: text("address2").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull().default("US"),
    phone: text("phone"),
    isPrimary: boolean("is_primary").notNull().default(false),
    verificationStatus: text("verification_status").notNull().default("NeedsVerification"),
    ...timestamps,
  },
  (table) => [
    index("addresses_customer_idx").on(table.customerId),
    check(
      "addresses_verification_check",
      sql`${table.verificationStatus} in ('Verified', 'CustomerVerified', 'NeedsVerification')`,
    ),
  ],
);

/** A shipping address as a cart or an order holds it (a copy: later edits to the address book do not change it). */
export interface AddressSnapshot extends PostalAddress {
  verificationStatus: VerificationStatus;
  /** The address-book row it came from, if any. */
  addressId?: number;
}

/** A signed-in customer's patients (spec: patientId, firstName, lastName), offered again at the patient step. */
export const patients = pgTable(
  "patients",
  {
    id: serial("id").primaryKey(),
    customerId: ownerCustomerId(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    ...timestamps,
  },
  (table) => [
    // Spec: patients match by case-insensitive, trimmed full name — one row per name and customer.
    uniqueIndex("patients_customer_name_idx").on(
      table.customerId,
      sql`lower(trim(${table.firstName}))`,
      sql`lower(trim(${table.lastName}))`,
    ),
  ],
);
