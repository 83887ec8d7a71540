import { createHash } from "node:crypto";
import { and, asc, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { AUTH_RATE_LIMITS, type AuthRateLimitAction } from "~/models/auth-limits";
import type { Database, Executor, Transaction } from "../db/client.server";
import { rateLimitEvents } from "../db/schema";

/**
 * Rate limits kept in the database (`rate_limit_events`), so a limit holds across several servers, and atomic, so it
 * holds under parallel requests (decision 18): each check runs in a transaction that first takes a transaction-level
 * advisory lock per bucket, then counts the bucket's window and inserts the attempt. A second request for the same
 * bucket waits at the lock and then counts what the first one committed.
 */

/** Longer than the longest window (the card lock's 30 minutes, the sign-in limits' 15). */
export const RETENTION_MS = 24 * 60 * 60 * 1000;
/** Rows older than the retention removed by one prune: a short statement, whatever the table's size. */
export const PRUNE_BATCH = 500;
/** How often one process prunes while it is keeping up (sooner while a prune still finds a full batch). */
const PRUNE_INTERVAL_MS = 60 * 1000;

export interface RateLimitRule {
  /** e.g. "sign-in:email:ann@example.com", "sign-in:ip:203.0.113.7". */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/**
 * The advisory lock key of a bucket: 64 bits of its SHA-256. Computed here rather than with `hashtextextended`, so
 * the keys can be sorted before locking: two calls that lock several buckets take them in the same order and cannot
 * deadlock, whatever their hashes.
 */
function lockKey(bucket: string): bigint {
  return createHash("sha256").update(`rate-limit:${bucket}`).digest().readBigInt64BE(0);
}

/** Locks the buckets until the transaction ends, in key order. */
async function lockBuckets(tx: Transaction, buckets: readonly string[]): Promise<void> {
  const keys = [...new Set(buckets.map(lockKey))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // One statement per key: the order of locks taken within a single statement is not guaranteed.
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`);
}

/** Attempts counted in the rule's window (served by the index on (bucket, occurred_at)). */
export async function attemptsInWindow(db: Executor, rule: Omit<RateLimitRule, "limit">, now: Date): Promise<number> {
  const since = new Date(now.getTime() - rule.windowSeconds * 1000);
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, rule.bucket), gt(rateLimitEvents.occurredAt, since)));
  return Number(row?.n ?? 0);
}

/**
 * Counts an attempt against every rule at once, or none: when every rule is within its limit, one event per rule is
 * inserted and their ids come back; otherwise nothing is inserted and the answer is null. Only attempts let through
 * are counted, so exactly `limit` attempts pass in any window, however many arrive together.
 */
export async function reserveRateLimit(
  db: Database,
  rules: readonly RateLimitRule[],
  now = new Date(),
): Promise<number[] | null> {
  if (rules.length === 0) return [];
  const ids = await db.transaction(async (tx) => {
    // The lock comes first, in its own statement: under READ COMMITTED each later statement sees what the
    // previous holder committed.
    await lockBuckets(
      tx,
      rules.map((rule) => rule.bucket),
    );
    for (const rule of rules) {
      if ((await attemptsInWindow(tx, rule, now)) >= rule.limit) return null;
    }
    const rows = await tx
      .insert(rateLimitEvents)
      .values(rules.map((rule) => ({ bucket: rule.bucket, occurredAt: now })))
      .returning({ id: rateLimitEvents.id });
    return rows.map((row) => row.id);
  });
  await pruneWhenDue(db);
  return ids;
}

/** Takes back attempts counted by `reserveRateLimit` (an attempt that turned out not to count, e.g. a saved card). */
export async function releaseRateLimit(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, [...ids]));
}

/**
 * Counts an attempt and says whether it is within its limits. Every rule is counted, so a client cannot reset one
 * limit by tripping another; a refused attempt is not counted.
 */
export async function consumeRateLimit(db: Database, rules: RateLimitRule[], now = new Date()): Promise<boolean> {
  return (await reserveRateLimit(db, rules, now)) !== null;
}

/**
 * Deletes at most `batch` events older than the retention. It looks only at the `batch` lowest ids (the primary
 * key's index, oldest first, since ids grow with time), so its cost is bounded even when nothing is old; the few
 * rows whose clock ran behind wait for a later prune. Returns how many were deleted.
 */
export async function pruneRateLimitEvents(db: Database, now = new Date(), batch = PRUNE_BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const oldest = db
    .select({ id: rateLimitEvents.id })
    .from(rateLimitEvents)
    .orderBy(asc(rateLimitEvents.id))
    .limit(batch);
  const deleted = await db
    .delete(rateLimitEvents)
    .where(and(inArray(rateLimitEvents.id, oldest), lt(rateLimitEvents.occurredAt, cutoff)))
    .returning({ id: rateLimitEvents.id });
  return deleted.length;
}

/** When this process prunes next (ms since the epoch). */
let nextPruneAt = 0;

/**
 * Prunes once a minute per process, and on every call while prunes still find full batches, so the table keeps up
 * with any rate of attempts without a whole-table delete on the request path. By the wall clock, not a caller's
 * `now`: a test's clock in the future must not delete what is still young.
 */
async function pruneWhenDue(db: Database): Promise<void> {
  const wallClock = Date.now();
  if (wallClock < nextPruneAt) return;
  nextPruneAt = wallClock + PRUNE_INTERVAL_MS;
  const deleted = await pruneRateLimitEvents(db, new Date(wallClock));
  if (deleted >= PRUNE_BATCH) nextPruneAt = 0;
}

/** The rules for an auth action, per e-mail and per client address (the numbers: AUTH_RATE_LIMITS). */
export function authRateLimits(action: AuthRateLimitAction, email: string, clientIp: string): RateLimitRule[] {
  const { perEmail, perIp, windowSeconds } = AUTH_RATE_LIMITS;
  return [
    { bucket: `${action}:email:${email}`, limit: perEmail[action], windowSeconds },
    { bucket: `${action}:ip:${clientIp}`, limit: perIp[action], windowSeconds },
  ];
}
