import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { rateLimitEvents } from "./db/schema";

/** Longer than the longest window. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

export interface RateLimitRule {
  /** e.g. "sign-in:email:ann@example.com", "sign-in:ip:203.0.113.7". */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts an attempt and says whether it is within its limits. Kept in the database so the limit holds across
 * several servers. Every rule is counted, so a client cannot reset one limit by tripping another.
 */
export async function consumeRateLimit(db: Database, rules: RateLimitRule[], now = new Date()): Promise<boolean> {
  let allowed = true;
  for (const rule of rules) {
    const since = new Date(now.getTime() - rule.windowSeconds * 1000);
    const [row] = await db
      .select({ n: count() })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.bucket, rule.bucket), gt(rateLimitEvents.occurredAt, since)));
    if (Number(row?.n ?? 0) >= rule.limit) allowed = false;
  }
  if (allowed) await db.insert(rateLimitEvents).values(rules.map((rule) => ({ bucket: rule.bucket, occurredAt: now })));
  // Attempts older than any window count for nothing: forgetting them here keeps the table small.
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.occurredAt, new Date(now.getTime() - RETENTION_MS)));
  return allowed;
}

/**
 * The rules for an auth action: tight per e-mail (what stops guessing one account's password or PIN), looser per
 * client address (many shoppers can share one address behind a carrier or office NAT).
 */
export function authRateLimits(
  action: "sign-in" | "pin" | "reset" | "create-account",
  email: string,
  clientIp: string,
) {
  const perEmail = { "sign-in": 10, pin: 10, reset: 5, "create-account": 5 }[action];
  const perIp = { "sign-in": 200, pin: 200, reset: 100, "create-account": 100 }[action];
  return [
    { bucket: `${action}:email:${email}`, limit: perEmail, windowSeconds: 15 * 60 },
    { bucket: `${action}:ip:${clientIp}`, limit: perIp, windowSeconds: 15 * 60 },
  ];
}
