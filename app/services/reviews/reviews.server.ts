import { and, desc, eq, exists, max, notInArray, sql } from "drizzle-orm";
import { DELETED_CODE, TEST_CODE } from "~/models/order-status";
import {
  averageRating,
  PRODUCT_PAGE_REVIEWS,
  REVIEW_STATUS,
  REVIEWS_PAGE_SIZE,
  type PublishedReview,
  type RatingSummary,
  type ReviewInput,
  type ReviewStatus,
} from "~/models/reviews";
import type { Database, Executor } from "../db/client.server";
import { orderGroups, orderLines, orders, products, reviews } from "../db/schema";
import { productPath } from "../catalog/catalog.server";

/**
 * Reviews (decision 36): written only for products in the customer's placed orders (verified purchase), one per
 * customer and product; shown only while published. Every read of a customer's own reviews filters by their id.
 */

/** Placed orders: paid, neither deleted nor a test order. */
export const placedOrder = (customerId: number) =>
  and(
    eq(orders.customerId, customerId),
    eq(orders.paymentState, "paid"),
    notInArray(orders.statusCode, [DELETED_CODE, TEST_CODE]),
  );

export interface PurchasedProduct {
  productId: number;
  displayName: string;
  path: string;
  imageUrl: string;
  lastOrderedAt: string;
  review: {
    rating: number;
    title: string;
    body: string;
    displayName: string;
    status: ReviewStatus;
    createdAt: string;
  } | null;
}

/** The products in the customer's placed orders, most recently ordered first, each with the customer's review. */
export async function purchasedProducts(db: Executor, customerId: number): Promise<PurchasedProduct[]> {
  const lastOrderedAt = max(orders.createdAt);
  const rows = await db
    .select({
      productId: products.id,
      displayName: products.displayName,
      productType: products.productType,
      vanityUrl: products.vanityUrl,
      imageUrl: products.imageUrl,
      lastOrderedAt,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      displayName_: reviews.displayName,
      status: reviews.status,
      createdAt: reviews.createdAt,
    })
    .from(orders)
    .innerJoin(orderGroups, eq(orderGroups.orderId, orders.id))
    .innerJoin(orderLines, eq(orderLines.orderGroupId, orderGroups.id))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(reviews, and(eq(reviews.productId, products.id), eq(reviews.customerId, customerId)))
    .where(placedOrder(customerId))
    .groupBy(products.id, reviews.id)
    .orderBy(desc(lastOrderedAt), products.id);
  return rows.map((row) => ({
    productId: row.productId,
    displayName: row.displayName,
    path: productPath(row),
    imageUrl: row.imageUrl,
    lastOrderedAt: new Date(row.lastOrderedAt!).toISOString(),
    review:
      row.rating !== null
        ? {
            rating: row.rating,
            title: row.title!,
            body: row.body!,
            displayName: row.displayName_!,
            status: row.status as ReviewStatus,
            createdAt: row.createdAt!.toISOString(),
          }
        : null,
  }));
}

/** Whether the product is in one of the customer's placed orders. */
export async function hasPurchased(db: Executor, customerId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orders)
    .where(
      and(
        placedOrder(customerId),
        exists(
          db
            .select({ one: sql`1` })
            .from(orderGroups)
            .innerJoin(orderLines, eq(orderLines.orderGroupId, orderGroups.id))
            .where(and(eq(orderGroups.orderId, orders.id), eq(orderLines.productId, productId))),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

export type SaveReviewResult =
  | { ok: true; productName: string; productPath: string; status: ReviewStatus; created: boolean }
  | { ok: false; reason: "not-purchased" };

/**
 * Writes the customer's review of a product they bought, or replaces the one they wrote: the same row gets the new
 * rating and text, dated now. A review hidden by reports stays hidden when edited (editing is no way around
 * moderation). Nothing is written for a product the customer did not buy.
 */
export async function saveReview(db: Database, customerId: number, input: ReviewInput): Promise<SaveReviewResult> {
  return db.transaction(async (tx) => {
    if (!(await hasPurchased(tx, customerId, input.productId))) return { ok: false, reason: "not-purchased" };
    const [product] = await tx
      .select({ displayName: products.displayName, productType: products.productType, vanityUrl: products.vanityUrl })
      .from(products)
      .where(eq(products.id, input.productId));
    const now = new Date();
    const fields = {
      rating: input.rating,
      title: input.title,
      body: input.body,
      displayName: input.displayName,
      createdAt: now,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(reviews)
      .values({ customerId, productId: input.productId, ...fields })
      .onConflictDoUpdate({ target: [reviews.customerId, reviews.productId], set: fields })
      // xmax is 0 for a row this statement inserted, and set for one it updated.
      .returning({ status: reviews.status, created: sql<boolean>`(xmax = 0)` });
    return {
      ok: true,
      productName: product!.displayName,
      productPath: productPath(product!),
      status: row!.status as ReviewStatus,
      created: row!.created,
    };
  });
}

export interface ProductReviews {
  summary: RatingSummary | null;
  latest: PublishedReview[];
}

const publishedColumns = {
  id: reviews.id,
  productId: reviews.productId,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  displayName: reviews.displayName,
  createdAt: reviews.createdAt,
};

const toPublished = (row: Omit<PublishedReview, "createdAt"> & { createdAt: Date }): PublishedReview => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
});

/**
 * A product page's reviews in one query: the latest published reviews, each row carrying the count and rating sum
 * of all the product's published reviews (window aggregates are computed before the limit).
 */
export async function productReviews(
  db: Executor,
  productId: number,
  limit: number = PRODUCT_PAGE_REVIEWS,
): Promise<ProductReviews> {
  const rows = await db
    .select({
      ...publishedColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      ratingSum: sql<number>`sum(${reviews.rating}) over ()`.mapWith(Number),
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, REVIEW_STATUS.published)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  const first = rows[0];
  if (!first) return { summary: null, latest: [] };
  return {
    summary: { average: averageRating(first.ratingSum, first.total)!, count: first.total },
    latest: rows.map(toPublished),
  };
}

export interface ReviewListEntry extends PublishedReview {
  productName: string;
  productPath: string;
}

/** A page of published reviews, newest first, of every product or one; with how many there are in all. */
export async function reviewPage(
  db: Executor,
  { page, productId }: { page: number; productId?: number },
): Promise<{ reviews: ReviewListEntry[]; total: number }> {
  const rows = await db
    .select({
      ...publishedColumns,
      productName: products.displayName,
      productType: products.productType,
      vanityUrl: products.vanityUrl,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(
      and(
        eq(reviews.status, REVIEW_STATUS.published),
        productId === undefined ? undefined : eq(reviews.productId, productId),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE);
  // Past the last page the window sees no rows: count them alone, so the page can say how many there are.
  const total = rows[0]?.total ?? (page > 1 ? await publishedCount(db, productId) : 0);
  return {
    total,
    reviews: rows.map(({ total: _total, productType, vanityUrl, ...row }) => ({
      ...toPublished(row),
      productName: row.productName,
      productPath: productPath({ productType, vanityUrl }),
    })),
  };
}

async function publishedCount(db: Executor, productId: number | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(reviews)
    .where(
      and(
        eq(reviews.status, REVIEW_STATUS.published),
        productId === undefined ? undefined : eq(reviews.productId, productId),
      ),
    );
  return row?.n ?? 0;
}

export interface ProductRating extends RatingSummary {
  productId: number;
  productName: string;
  productPath: string;
}

/** Every product with published reviews, by name: its average and count (the /reviews filter and summary). */
export async function productRatings(db: Executor): Promise<ProductRating[]> {
  const rows = await db
    .select({
      productId: products.id,
      productName: products.displayName,
      productType: products.productType,
      vanityUrl: products.vanityUrl,
      count: sql<number>`count(*)`.mapWith(Number),
      ratingSum: sql<number>`sum(${reviews.rating})`.mapWith(Number),
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.status, REVIEW_STATUS.published))
    .groupBy(products.id)
    .orderBy(products.displayName);
  return rows.map((row) => ({
    productId: row.productId,
    productName: row.productName,
    productPath: productPath(row),
    count: row.count,
    average: averageRating(row.ratingSum, row.count)!,
  }));
}
