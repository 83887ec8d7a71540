import { parse as parseCookieHeader } from "cookie";
import { CARD_LOCK_COOKIE, CARD_LOCK_MAX_FAILURES, CARD_LOCK_MINUTES } from "~/models/card";
import type { AppConfig } from "../platform/config.server";
import type { Database } from "../db/client.server";
import { rateLimitEvents } from "../db/schema";
import {
  attemptsInWindow,
  releaseRateLimit,
  reserveRateLimit,
  type RateLimitRule,
} from "../platform/rate-limit.server";

/**
 * The card lock (spec 3 §4, §9): after 10 failed card saves, or while the lock cookie is present, saving a card is
 * refused for 30 minutes. Attempts are counted per customer in `rate_limit_events` (the database, so the lock
 * holds across servers and survives a cleared cookie); the cookie is set when the lock engages.
 *
 * So that a burst of parallel saves cannot pass the count together (decision 18), an attempt is reserved before the
 * vault sees the card, atomically with the count: a reservation is an event in the bucket, released again when the
 * card is saved and kept as the failure otherwise. At most 10 attempts that fail reach the vault in 30 minutes; an
 * attempt still in flight counts as a failure until it succeeds.
 */

const bucket = (customerId: number) => `card-save:customer:${customerId}`;
const rule = (customerId: number): RateLimitRule => ({
  bucket: bucket(customerId),
  limit: CARD_LOCK_MAX_FAILURES,
  windowSeconds: CARD_LOCK_MINUTES * 60,
});

async function recentAttempts(db: Database, customerId: number, now: Date): Promise<number> {
  return attemptsInWindow(db, rule(customerId), now);
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

/**
 * Whether saving a card is refused now: the cookie is present, or 10 attempts that failed (or are still in flight)
 * fell within the last 30 minutes.
 */
export async function isCardSavingLocked(
  db: Database,
  customerId: number,
  cookieHeader: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  if (hasCardLockCookie(cookieHeader)) return true;
  return (await recentAttempts(db, customerId, now)) >= CARD_LOCK_MAX_FAILURES;
}

/** A card-save attempt counted against the lock while it is in flight. */
export interface CardSaveAttempt {
  eventIds: number[];
}

/**
 * Reserves one card-save attempt before the vault is called, or null when the lock is engaged (10 attempts that
 * failed or are still in flight within the last 30 minutes). Count and reservation are one atomic step.
 */
export async function reserveCardSaveAttempt(
  db: Database,
  customerId: number,
  now: Date = new Date(),
): Promise<CardSaveAttempt | null> {
  const eventIds = await reserveRateLimit(db, [rule(customerId)], now);
  return eventIds ? { eventIds } : null;
}

/** The card was saved (or the attempt never reached a decision): the attempt stops counting. */
export async function releaseCardSaveAttempt(db: Database, attempt: CardSaveAttempt): Promise<void> {
  await releaseRateLimit(db, attempt.eventIds);
}

/**
 * Counts a failed save that was not reserved (kept for tests and tools that set up a customer's history);
 * `locked` says this failure engaged the lock. Card saves themselves go through `reserveCardSaveAttempt`.
 */
export async function recordFailedCardSave(
  db: Database,
  customerId: number,
  now: Date = new Date(),
): Promise<{ locked: boolean }> {
  await db.insert(rateLimitEvents).values({ bucket: bucket(customerId), occurredAt: now });
  return { locked: (await recentAttempts(db, customerId, now)) >= CARD_LOCK_MAX_FAILURES };
}
