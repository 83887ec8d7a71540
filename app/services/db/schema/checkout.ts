import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "./accounts";
import { timestamps } from "./shared";

/** Saved cards (vault tokens only). */

/**
 * Saved cards (spec: paymentMethods with paymentToken, isPreferred, insertDate). Only the vault's token, the brand,
 * the last four digits and the expiry are kept — never the number or the CVV.
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    paymentToken: text("payment_token").notNull().unique(),
    /** Visa, MasterCard, AmericanExpress, Discover, Amazon, GoogleCheckout, PayPal, Unknown. */
    brand: text("brand").notNull(),
    lastFour: text("last_four").notNull(),
    expirationMonth: smallint("expiration_month").notNull(),
    expirationYear: smallint("expiration_year").notNull(),
    nameOnCard: text("name_on_card").notNull(),
    billingPostalCode: text("billing_postal_code").notNull(),
    isPreferred: boolean("is_preferred").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("payment_methods_customer_idx").on(table.customerId),
    check("payment_methods_last_four_check", sql`${table.lastFour} ~ '^[0-9]{4}$'`),
    check("payment_methods_month_check", sql`${table.expirationMonth} between 1 and 12`),
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
