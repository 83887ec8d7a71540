import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { NOTIFICATION_RECORD_DAYS, type NotificationEvent, NOTIFICATION_EVENTS } from "~/models/notifications";
import type { Database, Executor } from "../db/client.server";
import { notificationRecords } from "../db/schema";

/**
 * The notification centre's memory (spec 1 §4.3): per customer when signed in, else per browser (its visitor id).
 * Event records are kept 1 week (spec 1 §9): older rows are ignored by every read and deleted by the hourly job.
 */

export type NotificationOwner = { customerId: number } | { visitorId: string };

const DAY_MS = 24 * 60 * 60 * 1000;

export function recordsCutoff(now: Date): Date {
  return new Date(now.getTime() - NOTIFICATION_RECORD_DAYS * DAY_MS);
}

function ownerIs(owner: NotificationOwner) {
  return "customerId" in owner
    ? eq(notificationRecords.customerId, owner.customerId)
    : eq(notificationRecords.visitorId, owner.visitorId);
}

function ownerColumns(owner: NotificationOwner) {
  return "customerId" in owner
    ? { customerId: owner.customerId, visitorId: null }
    : { customerId: null, visitorId: owner.visitorId };
}

/** The owner's events for these keys in the last week, by key. */
export async function notificationEvents(
  db: Executor,
  owner: NotificationOwner,
  keys: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, Set<NotificationEvent>>> {
  const byKey = new Map<string, Set<NotificationEvent>>();
  if (keys.length === 0) return byKey;
  const rows = await db
    .select({ key: notificationRecords.key, event: notificationRecords.event })
    .from(notificationRecords)
    .where(
      and(
        ownerIs(owner),
        inArray(notificationRecords.key, [...keys]),
        gt(notificationRecords.createdAt, recordsCutoff(now)),
      ),
    );
  for (const row of rows) {
    if (!(NOTIFICATION_EVENTS as readonly string[]).includes(row.event)) continue;
    const events = byKey.get(row.key) ?? new Set<NotificationEvent>();
    events.add(row.event as NotificationEvent);
    byKey.set(row.key, events);
  }
  return byKey;
}

/**
 * Records an event. Again within the week it stays as it was; an expired row (not yet removed by the job) is
 * replaced, so the week counts from the new event.
 */
export async function recordNotificationEvent(
  db: Database,
  owner: NotificationOwner,
  key: string,
  event: NotificationEvent,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(notificationRecords)
      .where(
        and(
          ownerIs(owner),
          eq(notificationRecords.key, key),
          eq(notificationRecords.event, event),
          lt(notificationRecords.createdAt, recordsCutoff(now)),
        ),
      );
    await tx
      .insert(notificationRecords)
      .values({ ...ownerColumns(owner), key, event, createdAt: now })
      .onConflictDoNothing();
  });
}

/** Forgets an event (maximising forgets the minimised state). */
export async function forgetNotificationEvent(
  db: Executor,
  owner: NotificationOwner,
  key: string,
  event: NotificationEvent,
): Promise<void> {
  await db
    .delete(notificationRecords)
    .where(and(ownerIs(owner), eq(notificationRecords.key, key), eq(notificationRecords.event, event)));
}

/** The hourly job: deletes the records older than a week. Safe to repeat and to run on N processes at once. */
export async function expireNotificationRecords(db: Executor, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(notificationRecords)
    .where(lt(notificationRecords.createdAt, recordsCutoff(now)))
    .returning({ id: notificationRecords.id });
  return deleted.length;
}
