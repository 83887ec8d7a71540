import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** What the platform keeps: facts about the database, rate-limit attempts, the e-mail outbox. */

/** Small key/value facts about the database itself (e.g. which demo-seed version it holds). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Attempts counted for rate limits, in the database so every server sees them. */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: serial("id").primaryKey(),
    bucket: text("bucket").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("rate_limit_events_bucket_idx").on(table.bucket, table.occurredAt)],
);

/** Every e-mail the store sends, kept in an outbox (the embedded e-mail adapter; a mailbox page shows it). */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    /** Delivery attempts so far, and when the next may run (SMTP delivery works off the request path). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** When the last secret in the body (PIN, reset or sign-in link) stops working; the body is scrubbed then. */
    secretExpiresAt: timestamp("secret_expires_at", { withTimezone: true }),
    scrubbedAt: timestamp("scrubbed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("email_outbox_to_idx").on(table.toAddress, table.createdAt),
    index("email_outbox_due_idx").on(table.nextAttemptAt),
    index("email_outbox_secret_idx").on(table.secretExpiresAt),
  ],
);
