import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsEvent } from "~/models/analytics-events";
import {
  createEventTable,
  EVENT_RETENTION_DAYS,
  pruneStoredEvents,
} from "~/services/adapters/analytics/event-table.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { analyticsEvents } from "~/services/db/schema";
import { createLogger } from "~/services/platform/logger.server";
import { createTestDatabase } from "../setup/test-database";

// The embedded analytics table keeps events EVENT_RETENTION_DAYS (decision 59); the analytics job prunes older ones,
// except those still waiting to be forwarded to the clickstream proxy.

const logger = createLogger({ level: "silent" });
const DAY = 86_400_000;
const now = new Date(Date.UTC(2026, 10, 28, 12));
const event = (n: number): AnalyticsEvent => ({
  eventId: crypto.randomUUID(),
  eventType: "ContentShown",
  eventTime: now,
  customerId: null,
  sessionId: null,
  visitorId: `visitor-${n}`,
  detail: `detail ${n}`,
  tags: [],
  data: null,
});

describe("pruneStoredEvents", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("removes events past the retention, keeps newer ones and those still to be forwarded", async () => {
    const { db } = database;
    const events = Array.from({ length: 5 }, (_, n) => event(n));
    await createEventTable(db, { logger, sourceDomain: "store.test" }).record(events);
    const ids = (await db.select({ id: analyticsEvents.id, eventId: analyticsEvents.eventId }).from(analyticsEvents))
      .sort((a, b) => a.id - b.id)
      .map((row) => row.id);
    const [oldForwarded, oldLocal, oldPending, justInside, fresh] = ids as [number, number, number, number, number];
    const past = new Date(now.getTime() - (EVENT_RETENTION_DAYS + 1) * DAY);
    await db
      .update(analyticsEvents)
      .set({ recordedAt: past })
      .where(inArray(analyticsEvents.id, [oldForwarded, oldLocal, oldPending]));
    await db
      .update(analyticsEvents)
      .set({ forwardedAt: past })
      .where(inArray(analyticsEvents.id, [oldForwarded]));
    await db
      .update(analyticsEvents)
      .set({ nextForwardAt: now })
      .where(inArray(analyticsEvents.id, [oldPending]));
    await db
      .update(analyticsEvents)
      .set({ recordedAt: new Date(now.getTime() - (EVENT_RETENTION_DAYS - 1) * DAY) })
      .where(inArray(analyticsEvents.id, [justInside]));

    expect(await pruneStoredEvents(db, now)).toBe(2);
    const left = (await db.select({ id: analyticsEvents.id }).from(analyticsEvents)).map((row) => row.id).sort();
    expect(left).toEqual([oldPending, justInside, fresh].sort());
    // Nothing more to do on the next run.
    expect(await pruneStoredEvents(db, now)).toBe(0);
  });
});
