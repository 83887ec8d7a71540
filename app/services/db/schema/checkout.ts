import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PaymentMethodKind } from "~/models/payment-methods";
import { ownerCustomerId } from "./accounts";
import { timestamps } from "./shared";

/** Saved cards (vault tokens only). */

/**
 * Saved payment methods (spec: paymentMethods with paymentToken, isPreferred, insertDate). For a card (and an Apple Pay
 * card, which the vault turned into a card token) only the vault's token, the brand, the last four digits and the
 * expiry are kept — never the number or the CVV. A pay-in-4 checkout token or billing agreement (kind Afterpay or
 * AfterpayBillingAgreement) is only its provider's token: it has no card columns (decision 56).
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: serial("id").primaryKey(),
    customerId: ownerCustomerId(),
    paymentToken: text("payment_token").notNull().unique(),
    /** `PaymentMethodKind` (models/payment-methods.ts): Card, ApplePay, Afterpay, AfterpayBillingAgreement. */
    kind: text("kind").$type<PaymentMethodKind>().notNull().default("Card"),
    /** Visa, MasterCard, AmericanExpress, Discover, Amazon, GoogleCheckout, PayPal, Unknown; the kind otherwise. */
    brand: text("brand").notNull(),
    // The card columns: set for Card and ApplePay, null for the provider tokens (the check below).
    lastFour: text("last_four"),
    expirationMonth: smallint("expiration_month"),
    expirationYear: smallint("expiration_year"),
    nameOnCard: text("name_on_card"),
    billingPostalCode: text("billing_postal_code"),
    isPreferred: boolean("is_preferred").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("payment_methods_customer_idx").on(table.customerId),
    check("payment_methods_last_four_check", sql`${table.lastFour} ~ '^[0-9]{4}$'`),
    check("payment_methods_month_check", sql`${table.expirationMonth} between 1 and 12`),
    check(
      "payment_methods_kind_check",
      sql`${table.kind} in ('Card', 'ApplePay', 'Afterpay', 'AfterpayBillingAgreement')`,
    ),
    check(
      "payment_methods_card_columns_check",
      sql`${table.kind} in ('Afterpay', 'AfterpayBillingAgreement') or (${table.lastFour} is not null and ${table.expirationMonth} is not null and ${table.expirationYear} is not null and ${table.nameOnCard} is not null and ${table.billingPostalCode} is not null)`,
    ),
  ],
);

/**
 * The embedded test-mode vault's ledger (adapters/payments/test-vault.server.ts): one row per idempotency key, as a
 * provider keeps them, so a retried charge answers the same and a recovery can ask whether a charge was made.
 */
export const testVaultCharges = pgTable("test_vault_charges", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  token: text("token").notNull(),
  amountCents: integer("amount_cents").notNull(),
  /** 'succeeded' (chargeId set) or 'declined'. */
  outcome: text("outcome").notNull(),
  chargeId: text("charge_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The embedded vault's payment nonces (adapters/payments/test-vault.server.ts): a one-time reference to a payment the
 * vault accepted from a wallet (an Apple Pay token), exchanged once for a saved payment method through POST
 * api/paymentMethods/nonce (decision 56). The row keeps what a provider keeps for a nonce: the card's brand, last
 * four and expiry — never a number.
 */
export const testVaultNonces = pgTable("test_vault_nonces", {
  nonce: text("nonce").primaryKey(),
  /** The wallet that produced it: ApplePay. */
  source: text("source").notNull(),
  brand: text("brand").notNull(),
  lastFour: text("last_four").notNull(),
  expirationMonth: smallint("expiration_month").notNull(),
  expirationYear: smallint("expiration_year").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** Set when the nonce was exchanged; a nonce is good once. */
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * The embedded vault's own key pair for card encryption (GET api/sitePreferences/ccgEncryptionKey publishes the public
 * half): made once, on first use, and kept here so every server process encrypts and decrypts with the same pair.
 */
export const testVaultKeys = pgTable("test_vault_keys", {
  name: text("name").primaryKey(),
  publicKeyPem: text("public_key_pem").notNull(),
  privateKeyPem: text("private_key_pem").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The test-mode vault's refunds: one row per refund idempotency key, so a retried refund answers the same and refunds
 * once. 'succeeded' (refundId set) or 'failed' (the card's issuer refused it: the vault's refund-fails test card).
 */
export const testVaultRefunds = pgTable("test_vault_refunds", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  chargeId: text("charge_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  outcome: text("outcome").notNull(),
  refundId: text("refund_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The embedded simulated payment providers' checkouts (adapters/paypal and adapters/pay-in-4, decision 53), one row
 * per checkout as a provider keeps them: created, then approved, cancelled or declined by the shopper on the
 * simulated page, then captured once (`captureRequestId`: a repeated capture answers the same capture).
 */
export const simulatedPaymentCheckouts = pgTable(
  "simulated_payment_checkouts",
  {
    token: text("token").primaryKey(),
    /** 'paypal' or 'pay-in-4'. */
    provider: text("provider").notNull(),
    /** 'checkout' (a payment) or 'agreement' (a pay-in-4 billing agreement). */
    kind: text("kind").notNull().default("checkout"),
    /** The create call's idempotency key: the same key gives the same checkout. */
    requestId: text("request_id"),
    amountCents: integer("amount_cents").notNull(),
    merchantReference: text("merchant_reference").notNull(),
    returnUrl: text("return_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    /** 'created', 'approved', 'declining' (approved, but the capture is declined), 'cancelled', 'captured', 'declined'. */
    status: text("status").notNull().default("created"),
    captureId: text("capture_id"),
    captureRequestId: text("capture_request_id"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("simulated_payment_checkouts_request_idx").on(table.provider, table.requestId),
    check(
      "simulated_payment_checkouts_status_check",
      sql`${table.status} in ('created', 'approved', 'declining', 'cancelled', 'captured', 'declined')`,
    ),
  ],
);

/**
 * The simulated pay-in-4 provider's payments against billing agreements (decision 57), one row per request id as the
 * provider keeps them: a payment repeated with the same request id answers this row, so a replayed order pays once.
 * 'approved' (paymentId set) or 'declined'.
 */
export const simulatedAgreementPayments = pgTable("simulated_agreement_payments", {
  requestId: text("request_id").primaryKey(),
  agreementToken: text("agreement_token").notNull(),
  amountCents: integer("amount_cents").notNull(),
  merchantReference: text("merchant_reference").notNull(),
  outcome: text("outcome").notNull(),
  paymentId: text("payment_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
