import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { CLIENT_LOG_RELOG_MS, type ClientLog, type ClientLogLevel } from "~/models/client-log";
import type { Database } from "../db/client.server";
import { clientLogDigests } from "../db/schema";

/**
 * Browser logs written once (spec 1 §7: "identical logs sent only once"): a digest of each message is kept in the
 * database, so every server process knows what was logged. The first time a message comes it is logged; its repeats
 * are counted; one still coming a day after it was logged is logged once more, with its count.
 */

/** Digests of messages not seen for this long are removed (a later one is logged as new). */
export const CLIENT_LOG_DIGEST_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** The digest of a log: its level, message and stack frame (the same error at another place is another log). */
export function clientLogDigest(level: ClientLogLevel, log: ClientLog): string {
  const frame = log.errorStackFrame;
  return createHash("sha256")
    .update(
      JSON.stringify([
        level,
        log.message,
        frame?.errorUrl ?? null,
        frame?.lineNumber ?? null,
        frame?.columnNumber ?? null,
      ]),
    )
    .digest("base64url");
}

export interface ClientLogSighting {
  /** Whether this request should write the message to the log (first time, or the daily reminder). */
  log: boolean;
  /** How many times it has come, this one included. */
  count: number;
}

/**
 * Counts a sighting of the message, atomically across processes (one upsert): of two identical messages arriving at
 * once, exactly one is told to log.
 */
export async function recordClientLog(
  db: Database,
  level: ClientLogLevel,
  log: ClientLog,
  now: Date = new Date(),
): Promise<ClientLogSighting> {
  const relogBefore = new Date(now.getTime() - CLIENT_LOG_RELOG_MS);
  const [row] = await db
    .insert(clientLogDigests)
    .values({
      digest: clientLogDigest(level, log),
      level,
      message: log.message.slice(0, 500),
      count: 1,
      firstSeenAt: now,
      lastSeenAt: now,
      loggedAt: now,
    })
    .onConflictDoUpdate({
      target: clientLogDigests.digest,
      set: {
        count: sql`${clientLogDigests.count} + 1`,
        lastSeenAt: now,
        loggedAt: sql`case when ${clientLogDigests.loggedAt} < ${relogBefore.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${clientLogDigests.loggedAt} end`,
      },
    })
    .returning({
      count: clientLogDigests.count,
      loggedAt: clientLogDigests.loggedAt,
      firstSeenAt: clientLogDigests.firstSeenAt,
    });
  // Only the insert leaves the count at 1; a reminder moved `logged_at` to this sighting's time on an older digest.
  const relogged = row!.loggedAt.getTime() === now.getTime() && row!.firstSeenAt.getTime() < now.getTime();
  return { log: row!.count === 1 || relogged, count: row!.count };
}

/** Removes digests not seen for the retention period; returns how many. */
export async function pruneClientLogDigests(db: Database, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(clientLogDigests)
    .where(lt(clientLogDigests.lastSeenAt, new Date(now.getTime() - CLIENT_LOG_DIGEST_RETENTION_MS)))
    .returning({ digest: clientLogDigests.digest });
  return removed.length;
}
