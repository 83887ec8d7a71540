import { coalescedRuns } from "../../platform/coalesced-runs.server";
import { and, asc, desc, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { audienceOf, clickstreamRecord } from "~/models/analytics-events";
import type { Database } from "~/services/db/client.server";
import { analyticsEvents } from "~/services/db/schema";
import type { Logger } from "~/services/platform/logger.server";
import type { AnalyticsRecorder, ForwardSummary } from "./analytics-recorder";
import type { ClickstreamClient } from "./clickstream-client.server";

/**
 * The embedded analytics adapter (decision 59): events appended to `analytics_events`. With a clickstream client the
 * new rows are due for forwarding at once, and a run forwards them off the request path: it claims a batch of due rows
 * with one UPDATE over a `FOR UPDATE SKIP LOCKED` select (counting the attempt and leasing the rows, so another
 * process leaves them alone), posts them to the proxy as one batch of records, then marks them forwarded, or due again
 * after a backoff, until MAX_FORWARD_ATTEMPTS. The proxy may see a record twice (a crash after its answer); the
 * record's EventId lets a consumer drop the copy.
 */

export const MAX_FORWARD_ATTEMPTS = 10;
/** Longer than a post can take (3 s). */
export const FORWARD_LEASE_MS = 60_000;
/** Records in one post, and posts in one run. */
export const FORWARD_BATCH = 100;
const MAX_FORWARD_BATCHES = 20;

/** The wait after the n-th failed attempt: 1, 2, 4, … minutes, at most 6 hours. */
export function forwardRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

export interface EventTableOptions {
  logger: Logger;
  /** The store's domain: the records' SourceDomain. */
  sourceDomain: string;
  clickstream?: ClickstreamClient;
}

export function createEventTable(db: Database, options: EventTableOptions): AnalyticsRecorder {
  const { logger, sourceDomain, clickstream } = options;
  const runs = coalescedRuns(
    () => forward(),
    (error) => logger.error({ err: error }, "analytics forwarding run failed"),
  );

  const forward = async (now?: Date): Promise<ForwardSummary> =>
    clickstream ? forwardDueEvents(db, clickstream, logger, now) : { forwarded: 0, retrying: 0, failed: 0 };

  const recorder: AnalyticsRecorder = {
    forwarding: clickstream !== undefined,

    async record(events, recordOptions = {}) {
      if (events.length === 0) return 0;
      const now = new Date();
      const rows = await (recordOptions.db ?? db)
        .insert(analyticsEvents)
        .values(
          events.map((event) => ({
            eventId: event.eventId,
            eventType: event.eventType,
            eventTime: event.eventTime,
            sourceDomain,
            customerId: event.customerId,
            visitorId: event.visitorId,
            sessionId: event.sessionId,
            audience: audienceOf(event.customerId),
            detail: event.detail,
            tags: event.tags,
            data: event.data,
            recordedAt: now,
            nextForwardAt: clickstream ? now : null,
          })),
        )
        .onConflictDoNothing({ target: analyticsEvents.eventId })
        .returning({ id: analyticsEvents.id });
      // Written outside a caller's transaction: committed already, so it can go now.
      if (!recordOptions.db && rows.length > 0) recorder.forwardSoon();
      return rows.length;
    },

    forward,

    forwardSoon() {
      if (clickstream) runs.kick();
    },

    idle: () => runs.idle(),
  };
  return recorder;
}

type EventRow = typeof analyticsEvents.$inferSelect;

async function claimDue(db: Database, now: Date): Promise<EventRow[]> {
  const due = db
    .select({ id: analyticsEvents.id })
    .from(analyticsEvents)
    .where(and(isNull(analyticsEvents.forwardedAt), lte(analyticsEvents.nextForwardAt, now)))
    .orderBy(asc(analyticsEvents.nextForwardAt), asc(analyticsEvents.id))
    .limit(FORWARD_BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(analyticsEvents)
    .set({
      forwardAttempts: sql`${analyticsEvents.forwardAttempts} + 1`,
      nextForwardAt: new Date(now.getTime() + FORWARD_LEASE_MS),
    })
    .where(inArray(analyticsEvents.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** Forwards what is due (several batches at most); `now` dates the claims and the outcomes. */
export async function forwardDueEvents(
  db: Database,
  clickstream: ClickstreamClient,
  logger: Logger,
  now: Date = new Date(),
): Promise<ForwardSummary> {
  const summary: ForwardSummary = { forwarded: 0, retrying: 0, failed: 0 };
  for (let batch = 0; batch < MAX_FORWARD_BATCHES; batch++) {
    const claimed = await claimDue(db, now);
    if (claimed.length === 0) break;
    const outcome = await clickstream.send(claimed.map((row) => clickstreamRecord(row, row.sourceDomain)));
    const ids = claimed.map((row) => row.id);
    if (outcome.ok) {
      await db
        .update(analyticsEvents)
        .set({ forwardedAt: now, nextForwardAt: null, forwardError: null })
        .where(inArray(analyticsEvents.id, ids));
      summary.forwarded += claimed.length;
    } else {
      logger.warn(
        { outcome: outcome.outcome, message: outcome.message, events: ids.length },
        "clickstream post failed",
      );
      const error = `${outcome.outcome}: ${outcome.message}`.slice(0, 1000);
      // Rows past their last attempt stop; the others are due again after their backoff.
      const last = claimed.filter((row) => row.forwardAttempts >= MAX_FORWARD_ATTEMPTS).map((row) => row.id);
      const retry = claimed.filter((row) => row.forwardAttempts < MAX_FORWARD_ATTEMPTS);
      if (last.length > 0) {
        await db
          .update(analyticsEvents)
          .set({ forwardError: error, nextForwardAt: null })
          .where(inArray(analyticsEvents.id, last));
      }
      for (const attempts of new Set(retry.map((row) => row.forwardAttempts))) {
        await db
          .update(analyticsEvents)
          .set({ forwardError: error, nextForwardAt: new Date(now.getTime() + forwardRetryDelayMs(attempts)) })
          .where(
            inArray(
              analyticsEvents.id,
              retry.filter((row) => row.forwardAttempts === attempts).map((row) => row.id),
            ),
          );
      }
      summary.failed += last.length;
      summary.retrying += retry.length;
      // The proxy is not taking records now: the rest wait for the next run.
      break;
    }
    if (claimed.length < FORWARD_BATCH) break;
  }
  if (summary.forwarded + summary.retrying + summary.failed > 0) logger.info(summary, "clickstream forwarding");
  return summary;
}

/**
 * How long the embedded table keeps an event (decision 59): 400 days, so a year can be compared with the one before
 * it in an export. Events still waiting to be forwarded stay until forwarded or given up on.
 */
export const EVENT_RETENTION_DAYS = 400;
/** Rows removed per statement: short locks; a backlog goes in a few runs of the minute job. */
export const PRUNE_BATCH = 5_000;
const PRUNE_BATCHES_PER_RUN = 4;

/** Removes events recorded more than EVENT_RETENTION_DAYS ago (oldest first, in batches); returns how many. */
export async function pruneStoredEvents(db: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  let removed = 0;
  for (let batch = 0; batch < PRUNE_BATCHES_PER_RUN; batch++) {
    // Ids rise with the time of writing: the primary key's order finds the old rows first and stops at the batch.
    const old = db
      .select({ id: analyticsEvents.id })
      .from(analyticsEvents)
      .where(
        and(
          lt(analyticsEvents.recordedAt, cutoff),
          or(isNotNull(analyticsEvents.forwardedAt), isNull(analyticsEvents.nextForwardAt)),
        ),
      )
      .orderBy(asc(analyticsEvents.id))
      .limit(PRUNE_BATCH);
    const rows = await db
      .delete(analyticsEvents)
      .where(inArray(analyticsEvents.id, old))
      .returning({ id: analyticsEvents.id });
    removed += rows.length;
    if (rows.length < PRUNE_BATCH) break;
  }
  return removed;
}

/** The stored events, oldest first, in pages (for the export): rows after `afterId`, at most `limit`. */
export async function storedEventsPage(db: Database, options: { afterId: number; limit: number; type?: string }) {
  return db
    .select()
    .from(analyticsEvents)
    .where(
      and(
        gt(analyticsEvents.id, options.afterId),
        options.type ? sql`${analyticsEvents.eventType} = ${options.type}` : undefined,
      ),
    )
    .orderBy(asc(analyticsEvents.id))
    .limit(options.limit);
}

/** The newest stored events, of one type or all (the development page, /dev/analytics). */
export async function latestEvents(db: Database, options: { limit: number; type?: string }): Promise<EventRow[]> {
  return db
    .select()
    .from(analyticsEvents)
    .where(options.type ? sql`${analyticsEvents.eventType} = ${options.type}` : undefined)
    .orderBy(desc(analyticsEvents.id))
    .limit(Math.max(1, Math.min(Math.trunc(options.limit) || 1, 500)));
}
