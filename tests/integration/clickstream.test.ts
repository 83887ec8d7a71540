import { eq, inArray } from "drizzle-orm";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickstreamRecord, type AnalyticsEvent } from "~/models/analytics-events";
import { createClickstreamClient } from "~/services/adapters/analytics/clickstream-client.server";
import { createEventTable, MAX_FORWARD_ATTEMPTS } from "~/services/adapters/analytics/event-table.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { analyticsEvents } from "~/services/db/schema";
import { createLogger } from "~/services/platform/logger.server";
import { createClickstreamMock } from "../mocks/clickstream-proxy";
import { createTestDatabase } from "../setup/test-database";

// The clickstream REST proxy client (spec 3 §7, §9: schema id plus records, 3 s) against msw, and the events table
// forwarding to it off the request path (decision 59).

const OPTIONS = {
  url: "https://rest-proxy.clickstream.test",
  topic: "lenslane-clickstream",
  valueSchemaId: 42,
  apiKey: "KEY",
  apiSecret: "SECRET",
};
const proxy = createClickstreamMock(OPTIONS);
const server = setupServer(...proxy.handlers);
const logger = createLogger({ level: "silent" });
let database: DatabaseHandle;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  database = await createTestDatabase();
});
afterAll(async () => {
  server.close();
  await database.close();
});

const event = (overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
  eventId: crypto.randomUUID(),
  eventType: "ContentShown",
  eventTime: new Date("2026-11-28T18:30:00Z"),
  customerId: 12,
  sessionId: "tab-session-1",
  visitorId: "v".repeat(22),
  detail: null,
  tags: [{ name: "contentId", value: "c-9" }],
  data: null,
  ...overrides,
});

describe("the clickstream client", () => {
  const client = createClickstreamClient({ ...OPTIONS, timeoutMs: 300 });

  it("posts the records with the value schema id to the topic, with basic auth", async () => {
    const records = [
      clickstreamRecord(event(), "store.test"),
      clickstreamRecord(event({ customerId: null }), "store.test"),
    ];
    const before = proxy.records.length;
    expect(await client.send(records)).toEqual({ ok: true, offsets: 2 });
    expect(proxy.records.slice(before)).toEqual(records);
  });

  it("names each failed send as the spec's outcomes: the proxy's answer, a time-out, an error", async () => {
    proxy.failNext(500);
    expect(await client.send([clickstreamRecord(event(), "d")])).toMatchObject({
      ok: false,
      outcome: "proxy-response",
      message: "HTTP 500: The proxy is having trouble.",
    });
    proxy.stallNext();
    expect(await client.send([clickstreamRecord(event(), "d")])).toMatchObject({ ok: false, outcome: "time-out" });
    const wrongSchema = createClickstreamClient({ ...OPTIONS, valueSchemaId: 7 });
    expect(await wrongSchema.send([clickstreamRecord(event(), "d")])).toMatchObject({
      ok: false,
      outcome: "proxy-response",
      message: "HTTP 422: Schema not found.",
    });
    const noCredentials = createClickstreamClient({ url: OPTIONS.url, topic: OPTIONS.topic, valueSchemaId: 42 });
    expect(await noCredentials.send([clickstreamRecord(event(), "d")])).toMatchObject({ outcome: "proxy-response" });
    const unreachable = createClickstreamClient({
      ...OPTIONS,
      fetch: () => Promise.reject(new TypeError("fetch failed")),
    });
    expect(await unreachable.send([clickstreamRecord(event(), "d")])).toEqual({
      ok: false,
      outcome: "proxy-error",
      message: "fetch failed",
    });
  });

  it("waits 3 seconds by default (spec 3 §9)", async () => {
    const { CLICKSTREAM_TIMEOUT_MS } = await import("~/services/adapters/analytics/clickstream-client.server");
    expect(CLICKSTREAM_TIMEOUT_MS).toBe(3000);
  });
});

describe("forwarding the events table", () => {
  it("stores first, forwards after, and keeps a re-recorded event once", async () => {
    const recorder = createEventTable(database.db, {
      logger,
      sourceDomain: "store.test",
      clickstream: createClickstreamClient(OPTIONS),
    });
    const first = event();
    expect(await recorder.record([first, event()])).toBe(2);
    expect(await recorder.record([first])).toBe(0);
    await recorder.idle();
    const forwarded = proxy.records.filter((record) => record.EventId === first.eventId);
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]).toMatchObject({ SourceDomain: "store.test", CustomerId: 12, Audience: "customer" });
    const [row] = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, first.eventId));
    expect(row).toMatchObject({ forwardAttempts: 1, nextForwardAt: null, forwardError: null });
    expect(row!.forwardedAt).toBeInstanceOf(Date);
  });

  it("retries with backoff when the proxy fails, and gives up after the last attempt", async () => {
    const recorder = createEventTable(database.db, {
      logger,
      sourceDomain: "store.test",
      clickstream: createClickstreamClient(OPTIONS),
    });
    // Recorded inside a "transaction" (a handle passed): nothing is kicked; the job's run forwards it.
    const later = event();
    await recorder.record([later], { db: database.db });
    proxy.failNext(503);
    const now = new Date(Date.now() + 1000);
    expect(await recorder.forward(now)).toMatchObject({ forwarded: 0, retrying: 1 });
    const [waiting] = await database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.eventId, later.eventId));
    expect(waiting!.forwardError).toMatch(/^proxy-response: HTTP 503/);
    expect(waiting!.nextForwardAt!.getTime()).toBe(now.getTime() + 60_000);
    // Not due yet: nothing is sent.
    expect(await recorder.forward(new Date(now.getTime() + 30_000))).toMatchObject({ forwarded: 0, retrying: 0 });
    expect(await recorder.forward(new Date(now.getTime() + 61_000))).toMatchObject({ forwarded: 1 });

    const doomed = event();
    await recorder.record([doomed], { db: database.db });
    await database.db
      .update(analyticsEvents)
      .set({ forwardAttempts: MAX_FORWARD_ATTEMPTS - 1 })
      .where(inArray(analyticsEvents.eventId, [doomed.eventId]));
    proxy.failNext(500);
    expect(await recorder.forward(new Date(Date.now() + 2000))).toMatchObject({ failed: 1 });
    const [given] = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, doomed.eventId));
    expect(given).toMatchObject({ nextForwardAt: null, forwardedAt: null, forwardAttempts: MAX_FORWARD_ATTEMPTS });
  });

  it("without a proxy, stores only", async () => {
    const recorder = createEventTable(database.db, { logger, sourceDomain: "store.test" });
    const only = event();
    const posts = proxy.posts.length;
    expect(await recorder.record([only])).toBe(1);
    expect(await recorder.forward()).toEqual({ forwarded: 0, retrying: 0, failed: 0 });
    expect(proxy.posts.length).toBe(posts);
    const [row] = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, only.eventId));
    expect(row).toMatchObject({ nextForwardAt: null, forwardedAt: null });
  });
});
