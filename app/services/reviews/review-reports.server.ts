import { createHash } from "node:crypto";
import { and, count, eq, exists, isNotNull, sql } from "drizzle-orm";
import { REPORT_RATE_LIMITS, REPORTS_TO_HIDE, REVIEW_STATUS } from "~/models/reviews";
import type { Database, Executor } from "../db/client.server";
import { customers, orders, reviewReports, reviews } from "../db/schema";
import { consumeRateLimit, type RateLimitRule } from "../platform/rate-limit.server";
import { placedOrder } from "./reviews.server";

/**
 * Reports against reviews (decision 36, amended by issue 25). A reporter is a proven customer (see
 * `isProvenReporter`), else the client's address (hashed: the table keeps no addresses): a guest account anyone can
 * open with a made-up e-mail is weighed by its address, like a shopper who is not signed in, so one client is one
 * reporter whatever its cookies and e-mails. A second report from the same reporter counts once. Reports from
 * REPORTS_TO_HIDE distinct reporters hide the review until a moderator looks at it.
 */

export interface Reporter {
  /** The signed-in customer, if any. */
  customerId: number | null;
  clientIp: string;
}

/** Who a report counts as: a proven customer, or the client's address. */
export type ReporterIdentity = { kind: "customer"; customerId: number } | { kind: "address"; clientIp: string };

const ipHash = (clientIp: string) =>
  createHash("sha256").update(`review-report:${clientIp}`).digest("hex").slice(0, 32);

/**
 * Whether the customer counts as a reporter of their own: they proved their e-mail (signed in by PIN or by an
 * e-mailed link, now or before: `emailProvenAt`, which every live session of theirs then shares) or they have a
 * placed (paid) order. Typing an e-mail into the guest form proves neither.
 */
export async function isProvenReporter(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({
      proven: sql<boolean>`(${isNotNull(customers.emailProvenAt)} or ${exists(
        db
          .select({ one: sql`1` })
          .from(orders)
          .where(placedOrder(customerId)),
      )})`,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.proven === true;
}

export async function reporterIdentity(db: Executor, reporter: Reporter): Promise<ReporterIdentity> {
  if (reporter.customerId !== null && (await isProvenReporter(db, reporter.customerId)))
    return { kind: "customer", customerId: reporter.customerId };
  return { kind: "address", clientIp: reporter.clientIp };
}

export function reporterKey(identity: ReporterIdentity): string {
  return identity.kind === "customer" ? `customer:${identity.customerId}` : `ip:${ipHash(identity.clientIp)}`;
}

/**
 * Per reporter and per client address, with the store's database rate limiter (it holds across servers): a proven
 * customer has a limit of their own and shares the address's larger one; an address is one reporter.
 */
export function reportRateLimits(identity: ReporterIdentity, clientIp: string): RateLimitRule[] {
  const { perReporter, perIp, windowSeconds } = REPORT_RATE_LIMITS;
  const address = `review-report:ip:${ipHash(clientIp)}`;
  if (identity.kind === "address") return [{ bucket: address, limit: perReporter, windowSeconds }];
  return [
    { bucket: `review-report:customer:${identity.customerId}`, limit: perReporter, windowSeconds },
    { bucket: address, limit: perIp, windowSeconds },
  ];
}

export type ReportOutcome =
  { ok: true; hidden: boolean; counted: boolean } | { ok: false; reason: "not-found" | "own-review" | "rate-limited" };

/**
 * Records a report. The review's row is locked while its reporters are counted, so parallel reports from the third
 * and fourth reporters hide it exactly once. A hidden review can still be reported (it is simply not shown).
 */
export async function reportReview(
  db: Database,
  reporter: Reporter,
  input: { reviewId: number; reason?: string },
  now = new Date(),
): Promise<ReportOutcome> {
  const identity = await reporterIdentity(db, reporter);
  if (!(await consumeRateLimit(db, reportRateLimits(identity, reporter.clientIp), now)))
    return { ok: false, reason: "rate-limited" };
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: reviews.id, customerId: reviews.customerId, status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, input.reviewId))
      .for("update");
    if (!review) return { ok: false, reason: "not-found" };
    // Any signed-in author, proven or not, is refused their own review.
    if (reporter.customerId !== null && review.customerId === reporter.customerId)
      return { ok: false, reason: "own-review" };
    const inserted = await tx
      .insert(reviewReports)
      .values({ reviewId: review.id, reporterKey: reporterKey(identity), reason: input.reason ?? null, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: reviewReports.id });
    const [row] = await tx
      .select({ reporters: count() })
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, review.id));
    let hidden = review.status !== REVIEW_STATUS.published;
    if (!hidden && Number(row?.reporters ?? 0) >= REPORTS_TO_HIDE) {
      await tx
        .update(reviews)
        .set({ status: REVIEW_STATUS.pendingModeration, updatedAt: sql`now()` })
        .where(and(eq(reviews.id, review.id), eq(reviews.status, REVIEW_STATUS.published)));
      hidden = true;
    }
    return { ok: true, hidden, counted: inserted.length > 0 };
  });
}
