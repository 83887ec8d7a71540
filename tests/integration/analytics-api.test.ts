import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_LOG_LIMITS, CLIENT_LOG_RATE_LIMIT } from "~/models/client-log";
import { REAL_TIME_IDENTITY_ACTIVITY } from "~/models/analytics-events";
import * as identityApi from "~/routes/api.customerDataPlatform.realTimeIdentityData";
import * as eventsApi from "~/routes/api.customerDataPlatform.events";
import * as logApi from "~/routes/api.log.$level";
import * as performanceApi from "~/routes/api.analytics.performance";
import * as devAnalytics from "~/routes/dev.analytics";
import type { DatabaseHandle } from "~/services/db/client.server";
import { analyticsEvents, clientLogDigests } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { newVisitorId } from "~/services/platform/session.server";
import { setFeatureSwitch } from "~/services/scenarios/feature-switches.server";
import { apiCaller, browserCookie, customerWithToken, expectError } from "../setup/api-client";
import { createRequestContext, createTestServices, settle } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// Issue 28 (decision 59): POST api/log/{level} (spec 1 §7: identical logs once, limited per browser, bounded),
// POST api/customerDataPlatform/events, GET api/customerDataPlatform/realTimeIdentityData and the performance event,
// through the root middleware; every answer checked against the OpenAPI document.

let database: DatabaseHandle;
let services: AppServices;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  call = apiCaller(services);
});
afterAll(async () => {
  await database.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const visitorCookie = (id = newVisitorId()) => ({ id, cookie: `visitor=${id}` });
const eventsOfVisitor = (visitorId: string) =>
  database.db.select().from(analyticsEvents).where(eq(analyticsEvents.visitorId, visitorId));
const log = (level: string, body: unknown, cookie?: string, ip = "198.51.100.1") =>
  call(logApi.action, `/api/log/${level}`, { body, cookie, params: { level }, headers: { "x-test-client-ip": ip } });

describe("POST api/log/{level}", () => {
  it("writes an identical message to the log once, counting the repeats in the database", async () => {
    const error = vi.spyOn(services.logger, "error");
    const { cookie } = visitorCookie();
    const message = `Unhandled Error: x is undefined ${crypto.randomUUID()}`;
    const body = {
      message,
      errorStackFrame: { errorUrl: "http://store.test/assets/app.js", lineNumber: 3, columnNumber: 9 },
    };
    for (let i = 0; i < 3; i++) expect((await log("error", body, cookie)).status).toBe(204);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatchObject({ browser: { message, lineNumber: 3, columnNumber: 9 } });
    const [digest] = await database.db
      .select()
      .from(clientLogDigests)
      .where(sql`${clientLogDigests.message} = ${message}`);
    expect(digest).toMatchObject({ level: "error", count: 3 });
    // The same message at another level, or another place, is another log.
    const warn = vi.spyOn(services.logger, "warn");
    expect((await log("warn", body, cookie)).status).toBe(204);
    expect(
      (await log("error", { ...body, errorStackFrame: { ...body.errorStackFrame, lineNumber: 4 } }, cookie)).status,
    ).toBe(204);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it("logs a message still coming a day later once more, with its count", async () => {
    const info = vi.spyOn(services.logger, "info");
    const message = `still failing ${crypto.randomUUID()}`;
    expect((await log("info", { message })).status).toBe(204);
    await database.db
      .update(clientLogDigests)
      .set({
        loggedAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
        firstSeenAt: new Date(Date.now() - 26 * 60 * 60 * 1000),
      })
      .where(eq(clientLogDigests.message, message));
    expect((await log("info", { message })).status).toBe(204);
    expect((await log("info", { message })).status).toBe(204);
    const logged = info.mock.calls.filter(
      ([fields]) => (fields as { browser?: { message: string } }).browser?.message === message,
    );
    expect(logged.map(([fields]) => (fields as { seen?: number }).seen)).toEqual([undefined, 2]);
  });

  it("redacts e-mail addresses and secret query values", async () => {
    const warn = vi.spyOn(services.logger, "warn");
    const id = crypto.randomUUID();
    await log("warn", {
      message: `failed for ann@example.com ${id}`,
      errorStackFrame: { errorUrl: "http://store.test/reset-password?code=SECRET123" },
    });
    expect(JSON.stringify(warn.mock.calls[0]![0])).not.toMatch(/ann@example\.com|SECRET123/);
  });

  it("answers any other level 404, bad input 400 and an oversized body 413", async () => {
    await expectError(await log("debug", { message: "hello" }), 404);
    await expectError(await log("error", { message: "" }), 400);
    await expectError(await log("error", { message: "x", errorStackFrame: { lineNumber: "three" } }), 400);
    await expectError(await log("error", "not json at all"), 400);
    const big = {
      message: "x".repeat(CLIENT_LOG_LIMITS.maxMessageLength),
      errorStackFrame: { errorUrl: "y".repeat(7000) },
    };
    await expectError(await log("error", big), 413);
    const get = await call(logApi.loader, "/api/log/error", { method: "GET", params: { level: "error" } });
    expect(get.status).toBe(405);
  });

  it("limits each browser by its visitor id, falling back to its address, and answers 429 past the limit", async () => {
    const { cookie } = visitorCookie();
    const ip = "198.51.100.77";
    for (let i = 0; i < CLIENT_LOG_RATE_LIMIT.limit; i++) {
      expect((await log("info", { message: `limit test ${i % 3}` }, cookie, ip)).status).toBe(204);
    }
    const limited = await log("info", { message: "one more" }, cookie, ip);
    await expectError(limited, 429);
    expect(limited.headers.get("Retry-After")).toBe(String(CLIENT_LOG_RATE_LIMIT.windowSeconds));
    // Another browser at the same address has its own allowance.
    expect((await log("info", { message: "a neighbour" }, visitorCookie().cookie, ip)).status).toBe(204);
    // Without a visitor id the address is the browser: a first call gets the cookie that identifies it from then on.
    const first = await log("info", { message: "no cookie yet" }, undefined, "198.51.100.78");
    expect(first.status).toBe(204);
    expect(first.headers.get("Set-Cookie")).toMatch(/^visitor=[A-Za-z0-9_-]{22};/);
  });
});

describe("POST api/customerDataPlatform/events", () => {
  const shown = (contentId: string) => ({
    eventName: "ContentShown",
    eventDetail: "home-hero",
    metadata: [
      { name: "experience", value: "home" },
      { name: "contentId", value: contentId },
      { name: "date", value: "2026-11-28" },
    ],
  });

  it("stores the events with the visitor, the customer and the session, and keeps the visitor id", async () => {
    const { customer, token } = await customerWithToken(database);
    const { id, cookie } = visitorCookie();
    const response = await call(eventsApi.action, "/api/customerDataPlatform/events", {
      body: [shown("c-1"), { eventName: "ContentInteraction", metadata: [{ name: "contentId", value: 7 }] }],
      cookie,
      token,
      headers: { "X-Session-Id": "tab-session-0001" },
    });
    expect(response.status).toBe(202);
    const stored = await eventsOfVisitor(id);
    expect(stored.map((row) => row.eventType).sort()).toEqual(["ContentInteraction", "ContentShown"]);
    for (const row of stored) {
      expect(row).toMatchObject({ customerId: customer.id, sessionId: "tab-session-0001", audience: "customer" });
      expect(row.eventId).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.sourceDomain).toBe("store.test");
    }
    expect(stored.find((row) => row.eventType === "ContentShown")).toMatchObject({
      detail: "home-hero",
      tags: [
        { name: "experience", value: "home" },
        { name: "contentId", value: "c-1" },
        { name: "date", value: "2026-11-28" },
      ],
    });
    expect(stored.find((row) => row.eventType === "ContentInteraction")!.tags).toEqual([
      { name: "contentId", value: "7" },
    ]);
  });

  it("stores a signed-out browser's events as a visitor's, with a session id made from nothing secret", async () => {
    const cookie = await browserCookie(services);
    const response = await call(eventsApi.action, "/api/customerDataPlatform/events", { body: [shown("c-2")], cookie });
    expect(response.status).toBe(202);
    const visitor = response.headers.get("Set-Cookie")?.match(/visitor=([A-Za-z0-9_-]{22})/)?.[1];
    expect(visitor).toBeDefined();
    const [row] = await eventsOfVisitor(visitor!);
    expect(row).toMatchObject({ customerId: null, sessionId: null, audience: "visitor" });
  });

  it("refuses an unknown event name (and the store's own events) with 422, storing nothing", async () => {
    const { id, cookie } = visitorCookie();
    for (const name of ["NoSuchEvent", "OrderPlaced"]) {
      const response = await call(eventsApi.action, "/api/customerDataPlatform/events", {
        body: [shown("c-3"), { eventName: name }],
        cookie,
      });
      await expectError(response, 422, new RegExp(`Unknown event "${name}"`));
    }
    expect(await eventsOfVisitor(id)).toEqual([]);
  });

  it("answers bad input 400: not a list, an empty one, too many events, too much metadata", async () => {
    const path = "/api/customerDataPlatform/events";
    await expectError(await call(eventsApi.action, path, { body: { eventName: "ContentShown" } }), 400);
    await expectError(await call(eventsApi.action, path, { body: [] }), 400);
    await expectError(await call(eventsApi.action, path, { body: Array.from({ length: 26 }, () => shown("c")) }), 400);
    const metadata = Array.from({ length: 21 }, (_, i) => ({ name: `n${i}`, value: "v" }));
    await expectError(await call(eventsApi.action, path, { body: [{ eventName: "ContentShown", metadata }] }), 400);
    await expectError(
      await call(eventsApi.action, path, { body: [{ eventName: "ContentShown", metadata: [{ name: "x" }] }] }),
      400,
    );
  });
});

describe("GET api/customerDataPlatform/realTimeIdentityData", () => {
  const path = "/api/customerDataPlatform/realTimeIdentityData";

  it("answers 404 while its toggle is off", async () => {
    await expectError(await call(identityApi.loader, path), 404);
  });

  it("answers identityData and ipAddress when the session's switch is on, recording the account activity", async () => {
    const { customer } = await customerWithToken(database);
    const { session } = await services.sessions.getSession(null);
    setFeatureSwitch(session, "realTimeIdentityData", true);
    const { startSignedInSession } = await import("~/services/sign-in/sign-in.server");
    await startSignedInSession(services, session, { id: customer.id }, "password", false);
    const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
    const { id, cookie: visitor } = visitorCookie();
    const response = await call(identityApi.loader, path, {
      cookie: `${cookie}; ${visitor}`,
      headers: { "x-test-client-ip": "203.0.113.9" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      identityData: {
        visitorId: id,
        customerId: customer.id,
        sessionId: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        signedIn: true,
        audience: "customer",
      },
      ipAddress: "203.0.113.9",
    });
    const [event] = await eventsOfVisitor(id);
    expect(event).toMatchObject({
      eventType: "AccountActivity",
      detail: REAL_TIME_IDENTITY_ACTIVITY,
      customerId: customer.id,
    });
  });

  it("answers everyone when REAL_TIME_IDENTITY_DATA is on", async () => {
    const on = createTestServices(database, { REAL_TIME_IDENTITY_DATA: "true" });
    const response = await apiCaller(on)(identityApi.loader, path);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ identityData: { signedIn: false, audience: "visitor" } });
  });
});

describe("POST api/analytics/performance", () => {
  const path = "/api/analytics/performance";

  it("stores the page's vitals as the performance event, INP standing for first input delay", async () => {
    const { id, cookie } = visitorCookie();
    const response = await call(performanceApi.action, path, {
      cookie,
      headers: { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148" },
      body: {
        layoutShift: 0.0132,
        firstContentfulPaint: 812,
        firstInputDelay: 96,
        largestContentfulPaint: 1530,
        isMobile: false,
        platform: "iPhone",
        route: "/lens/acuvue-oasys?code=SECRET",
      },
    });
    expect(response.status).toBe(202);
    const [event] = await eventsOfVisitor(id);
    expect(event).toMatchObject({ eventType: "PagePerformance", detail: "/lens/acuvue-oasys?code=[redacted]" });
    expect(event!.data).toMatchObject({
      layoutShift: 0.0132,
      firstContentfulPaint: 812,
      firstInputDelay: 96,
      firstInputDelayMetric: "INP",
      largestContentfulPaint: 1530,
      // The user agent says it is a phone.
      isMobile: true,
      platform: "iPhone",
      userAgent: expect.stringContaining("iPhone"),
    });
  });

  it("answers 400 without a measurement or with nonsense, 413 past 4 KB", async () => {
    await expectError(
      await call(performanceApi.action, path, { body: { isMobile: false, platform: "x", route: "/" } }),
      400,
    );
    await expectError(
      await call(performanceApi.action, path, {
        body: { layoutShift: -1, isMobile: false, platform: "x", route: "/" },
      }),
      400,
    );
    await expectError(
      await call(performanceApi.action, path, {
        body: { layoutShift: 0, isMobile: false, platform: "x", route: `/${"a".repeat(5000)}` },
      }),
      413,
    );
  });
});

describe("/dev/analytics", () => {
  const open = async (target: AppServices, path: string) => {
    const request = new Request(`http://store.test${path}`);
    const context = await createRequestContext(target, request);
    return settle(async () => devAnalytics.loader({ request, params: {}, context } as never));
  };

  it("lists the stored events newest first, by type, outside production only", async () => {
    const { cookie } = visitorCookie();
    await call(eventsApi.action, "/api/customerDataPlatform/events", {
      body: [{ eventName: "ContentInteraction", eventDetail: "dev page check" }],
      cookie,
    });
    const all = (await open(services, "/dev/analytics")) as Awaited<ReturnType<typeof devAnalytics.loader>>;
    expect(all.forwarding).toBe(false);
    expect(all.events[0]).toMatchObject({
      eventType: "ContentInteraction",
      detail: "dev page check",
      status: "stored",
    });
    const orders = (await open(services, "/dev/analytics?type=PagePerformance")) as Awaited<
      ReturnType<typeof devAnalytics.loader>
    >;
    expect(orders.type).toBe("PagePerformance");
    expect(orders.events.length).toBeGreaterThan(0);
    expect(orders.events.every((event) => event.eventType === "PagePerformance")).toBe(true);
    const production = createTestServices(database, { APP_ENV: "production" });
    const refused = await open(production, "/dev/analytics");
    expect(refused instanceof Response ? refused.status : (refused as { init?: ResponseInit }).init?.status).toBe(404);
  });
});
