import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { EventTag } from "~/models/analytics-events";

/** What analytics keeps (decision 59): the events (the analytics adapter's embedded store) and the browser logs' digests. */

/**
 * Analytics events, one row each: the clickstream record's fields (spec 3 §3) plus the visitor id, the detail and
 * the structured data of the store's own events. The embedded analytics adapter appends here (in the caller's
 * transaction when it passes one: an order and its OrderPlaced event commit together); `event_id` is unique, so the
 * same event recorded twice is kept once. With a clickstream REST proxy configured, rows are also forwarded to it off
 * the request path (`next_forward_at` due, `forwarded_at` once the proxy took them).
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: serial("id").primaryKey(),
    eventId: text("event_id").notNull().unique(),
    eventType: text("event_type").notNull(),
    eventTime: timestamp("event_time", { withTimezone: true }).notNull(),
    sourceDomain: text("source_domain").notNull(),
    customerId: integer("customer_id"),
    visitorId: text("visitor_id"),
    sessionId: text("session_id"),
    audience: text("audience").notNull(),
    detail: text("detail"),
    tags: jsonb("tags").$type<EventTag[]>().notNull().default([]),
    data: jsonb("data").$type<Record<string, unknown>>(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    /** Forwarding to the clickstream proxy: attempts so far, when the next may run (null: not to be forwarded). */
    forwardAttempts: integer("forward_attempts").notNull().default(0),
    nextForwardAt: timestamp("next_forward_at", { withTimezone: true }),
    forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
    forwardError: text("forward_error"),
  },
  (table) => [
    index("analytics_events_type_time_idx").on(table.eventType, table.eventTime),
    index("analytics_events_forward_idx")
      .on(table.nextForwardAt)
      .where(sql`${table.forwardedAt} is null and ${table.nextForwardAt} is not null`),
  ],
);

/**
 * Browser logs already written to the server log (spec 1 §7: identical logs are sent only once), by a digest of the
 * level, message and stack frame: every process sees them, so a message is logged once across the store and its
 * repeats are counted here.
 */
export const clientLogDigests = pgTable(
  "client_log_digests",
  {
    digest: text("digest").primaryKey(),
    level: text("level").notNull(),
    message: text("message").notNull(),
    count: integer("count").notNull().default(1),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    /** When it was last written to the log (again a day later while it keeps coming). */
    loggedAt: timestamp("logged_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("client_log_digests_last_seen_idx").on(table.lastSeenAt)],
);
