import { describe, expect, it } from "vitest";
import {
  BROWSER_EVENT_NAMES,
  cdpEventListSchema,
  clickstreamRecord,
  isSessionId,
  refusedEventNames,
  tagsOf,
} from "./analytics-events";
import { errorReportingSampleRate, isClientLogLevel } from "./client-log";

describe("customer-data-platform events", () => {
  it("names personalization's events as the slots send them, and refuses any other name once", () => {
    expect(BROWSER_EVENT_NAMES).toEqual(["ContentShown", "ContentInteraction"]);
    expect(
      refusedEventNames([
        { eventName: "ContentShown" },
        { eventName: "Nope" },
        { eventName: "OrderPlaced" },
        { eventName: "Nope" },
      ]),
    ).toEqual(["Nope", "OrderPlaced"]);
  });

  it("bounds a list: 1 to 25 events, 20 metadata pairs each", () => {
    const event = { eventName: "ContentShown", metadata: [{ name: "contentId", value: "a" }] };
    expect(cdpEventListSchema.safeParse([event]).success).toBe(true);
    expect(cdpEventListSchema.safeParse([]).success).toBe(false);
    expect(cdpEventListSchema.safeParse(Array.from({ length: 26 }, () => event)).success).toBe(false);
    const metadata = Array.from({ length: 21 }, (_, i) => ({ name: `n${i}`, value: i }));
    expect(cdpEventListSchema.safeParse([{ eventName: "ContentShown", metadata }]).success).toBe(false);
  });

  it("keeps metadata values as text tags", () => {
    expect(
      tagsOf([
        { name: "a", value: 1 },
        { name: "b", value: true },
      ]),
    ).toEqual([
      { name: "a", value: "1" },
      { name: "b", value: "true" },
    ]);
  });
});

describe("clickstreamRecord (spec 3 §3)", () => {
  it("carries the spec's fields, with the visitor, detail and data as tags", () => {
    const record = clickstreamRecord(
      {
        eventId: "0c6f0e4e-1c1a-4d6e-8a55-7a1f2f3b4c5d",
        eventType: "ContentShown",
        eventTime: new Date("2026-11-28T18:00:00Z"),
        customerId: null,
        sessionId: "tab-1234",
        visitorId: "v".repeat(22),
        detail: "home-hero",
        tags: [{ name: "contentId", value: "c-1" }],
        data: { n: 1 },
      },
      "lenslane.example",
    );
    expect(Object.keys(record).sort()).toEqual(
      ["Audience", "CustomerId", "EventId", "EventTime", "EventType", "SessionId", "SourceDomain", "Tags"].sort(),
    );
    expect(record).toMatchObject({
      EventTime: "2026-11-28T18:00:00.000Z",
      Audience: "visitor",
      SourceDomain: "lenslane.example",
    });
    expect(record.Tags).toEqual([
      { name: "contentId", value: "c-1" },
      { name: "visitorId", value: "v".repeat(22) },
      { name: "eventDetail", value: "home-hero" },
      { name: "data", value: '{"n":1}' },
    ]);
    expect(
      clickstreamRecord(
        {
          ...record,
          eventId: "x",
          eventType: "OrderPlaced",
          eventTime: new Date(),
          customerId: 5,
          sessionId: null,
          visitorId: null,
          detail: null,
          tags: [],
          data: null,
        },
        "d",
      ).Audience,
    ).toBe("customer");
  });

  it("takes a session id of 8 to 64 URL-safe characters only", () => {
    expect(isSessionId("tab-session-0001")).toBe(true);
    expect(isSessionId("short")).toBe(false);
    expect(isSessionId("has space in it")).toBe(false);
    expect(isSessionId(null)).toBe(false);
  });
});

describe("browser logs (spec 1 §7, §9)", () => {
  it("knows the levels info, warn, error and samples 50% in production, all elsewhere", () => {
    expect(["info", "warn", "error", "debug"].map(isClientLogLevel)).toEqual([true, true, true, false]);
    expect(errorReportingSampleRate("production")).toBe(0.5);
    expect(errorReportingSampleRate("staging")).toBe(1);
    expect(errorReportingSampleRate("development")).toBe(1);
    // A page that does not say where it runs is sampled as production.
    expect(errorReportingSampleRate(null)).toBe(0.5);
  });
});
