import { createHash } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { REPORT_RATE_LIMITS, REPORTS_TO_HIDE, REVIEW_STATUS } from "~/models/reviews";
import type { Database } from "../db/client.server";
import { reviewReports, reviews } from "../db/schema";
import { consumeRateLimit, type RateLimitRule } from "../platform/rate-limit.server";

/**
 * Reports against reviews (decision 36). A reporter is the signed-in customer, else the client's address (hashed:
 * the table keeps no addresses); a second report from the same reporter counts once. Reports from REPORTS_TO_HIDE
 * distinct reporters hide the review until a moderator looks at it.
 */

export interface Reporter {
  customerId: number | null;
  clientIp: string;
}

const ipHash = (clientIp: string) =>
  createHash("sha256").update(`review-report:${clientIp}`).digest("hex").slice(0, 32);

export function reporterKey(reporter: Reporter): string {
  return reporter.customerId !== null ? `customer:${reporter.customerId}` : `ip:${ipHash(reporter.clientIp)}`;
}

/** Per reporter and per client address, with the store's database rate limiter (it holds across servers). */
export function reportRateLimits(reporter: Reporter): RateLimitRule[] {
  const { perReporter, perIp, windowSeconds } = REPORT_RATE_LIMITS;
  const rules: RateLimitRule[] = [
    { bucket: `review-report:ip:${ipHash(reporter.clientIp)}`, limit: perIp, windowSeconds },
  ];
  if (reporter.customerId !== null)
    rules.unshift({ bucket: `review-report:customer:${reporter.customerId}`, limit: perReporter, windowSeconds });
  else rules[0] = { ...rules[0]!, limit: perReporter };
  return rules;
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
  if (!(await consumeRateLimit(db, reportRateLimits(reporter), now))) return { ok: false, reason: "rate-limited" };
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: reviews.id, customerId: reviews.customerId, status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, input.reviewId))
      .for("update");
    if (!review) return { ok: false, reason: "not-found" };
    if (reporter.customerId !== null && review.customerId === reporter.customerId)
      return { ok: false, reason: "own-review" };
    const inserted = await tx
      .insert(reviewReports)
      .values({ reviewId: review.id, reporterKey: reporterKey(reporter), reason: input.reason ?? null, createdAt: now })
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
