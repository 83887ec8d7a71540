import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customers } from "./accounts";

/**
 * What a visitor did with a notification of the centre (spec 1 §4.3): a show-once notification displayed, a
 * notification dismissed or minimised. Per customer when signed in, else per browser (its visitor id). The spec keeps
 * these event records 1 week: reads ignore older rows and a job deletes them (notification-records.server.ts).
 */
export const notificationRecords = pgTable(
  "notification_records",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id"),
    key: text("key").notNull(),
    /** 'displayed' | 'dismissed' | 'minimized' (models/notifications.ts NOTIFICATION_EVENTS). */
    event: text("event").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Exactly one owner: the customer, or (signed out) the browser. Then each unique index below holds one owner's
    // rows (Postgres counts NULLs as distinct), one row per key and event.
    check("notification_records_one_owner", sql`(${table.customerId} is null) <> (${table.visitorId} is null)`),
    uniqueIndex("notification_records_customer_key").on(table.customerId, table.key, table.event),
    uniqueIndex("notification_records_visitor_key").on(table.visitorId, table.key, table.event),
    index("notification_records_created_at").on(table.createdAt),
  ],
);
