import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ownerCustomerId } from "./accounts";
import { products } from "./catalog";
import { timestamps } from "./shared";

/** Ratings and reviews of products customers bought, and the reports against them (decision 36). */

/**
 * One review per customer per product: writing again replaces it (same row, new text, dated anew). `status` is
 * 'published' or 'pending-moderation' (hidden once REPORTS_TO_HIDE distinct reporters reported it).
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    customerId: ownerCustomerId(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    displayName: text("display_name").notNull(),
    status: text("status").notNull().default("published"),
    /** Demo reviews written by the seed carry a key, so seeding again updates them instead of adding more. */
    seedKey: text("seed_key").unique(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("reviews_customer_product_idx").on(table.customerId, table.productId),
    index("reviews_product_published_idx")
      .on(table.productId, table.createdAt)
      .where(sql`${table.status} = 'published'`),
    index("reviews_published_idx")
      .on(table.createdAt)
      .where(sql`${table.status} = 'published'`),
    check("reviews_rating_check", sql`${table.rating} between 1 and 5`),
    check("reviews_status_check", sql`${table.status} in ('published', 'pending-moderation')`),
  ],
);

/**
 * A report against a review. `reporterKey` is who reported ("customer:{id}" a proven customer, else "ip:{hash}" of the
 * client's address): unique per review, so reporting twice counts once.
 */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: serial("id").primaryKey(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterKey: text("reporter_key").notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("review_reports_reporter_idx").on(table.reviewId, table.reporterKey)],
);
