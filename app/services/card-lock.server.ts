import { parse as parseCookieHeader } from "cookie";
import { and, count, eq, gt } from "drizzle-orm";
import { CARD_LOCK_COOKIE, CARD_LOCK_MAX_FAILURES, CARD_LOCK_MINUTES } from "~/models/card";
import type { AppConfig } from "./config.server";
import type { Database } from "./db/client.server";
import { rateLimitEvents } from "./db/schema";

/**
 * The card lock (spec 3 §4, §9): after 10 failed card saves, or while the lock cookie is present, saving a card is
 * refused for 30 minutes. Failures are counted per customer in `rate_limit_events` (the database, so the lock
 * holds across servers and survives a cleared cookie); the cookie is set when the lock engages.
 */

const WINDOW_MS = CARD_LOCK_MINUTES * 60 * 1000;
const bucket = (customerId: number) => `card-save:customer:${customerId}`;

async function recentFailures(db: Database, customerId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, bucket(customerId)),
        gt(rateLimitEvents.occurredAt, new Date(now.getTime() - WINDOW_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}

export function hasCardLockCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  try {
    return parseCookieHeader(cookieHeader)[CARD_LOCK_COOKIE] === "1";
  } catch {
    return false;
  }
}

/** `cardLock=1` for 30 minutes, HttpOnly (Secure in production). */
export function cardLockCookie(config: Pick<AppConfig, "isProduction">): string {
  return [
    `${CARD_LOCK_COOKIE}=1`,
    `Max-Age=${CARD_LOCK_MINUTES * 60}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(config.isProduction ? ["Secure"] : []),
  ].join("; ");
}

/** Whether saving a card is refused now: the cookie is present, or 10 failures fell within the last 30 minutes. */
export async function isCardSavingLocked(
  db: Database,
  customerId: number,
  cookieHeader: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  if (hasCardLockCookie(cookieHeader)) return true;
  return (await recentFailures(db, customerId, now)) >= CARD_LOCK_MAX_FAILURES;
}

/** Counts a failed save; `locked` says this failure engaged the lock (the caller then sets the cookie). */
export async function recordFailedCardSave(
  db: Database,
  customerId: number,
  now: Date = new Date(),
): Promise<{ locked: boolean }> {
  await db.insert(rateLimitEvents).values({ bucket: bucket(customerId), occurredAt: now });
  return { locked: (await recentFailures(db, customerId, now)) >= CARD_LOCK_MAX_FAILURES };
}
