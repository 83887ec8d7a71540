import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { AnalyticsEvent } from "~/models/analytics-events";
import { createEventTable } from "~/services/adapters/analytics/event-table.server";
import { exportEvents, EXPORT_PAGE_SIZE } from "~/services/adapters/analytics/event-export.server";
import { openDatabase, type DatabaseHandle } from "~/services/db/client.server";
import { createLogger } from "~/services/platform/logger.server";
import { createTestDatabase } from "../setup/test-database";

// `npm run events:export` (decision 59): the stored analytics events as newline-delimited JSON, to a file or standard
// output, from PGlite under DATA_DIR or from DATABASE_URL, as the other scripts open the database.

const run = promisify(execFile);
const logger = createLogger({ level: "silent" });
const event = (n: number, overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
  eventId: crypto.randomUUID(),
  eventType: n % 2 === 0 ? "ContentShown" : "OrderPlaced",
  eventTime: new Date(Date.UTC(2026, 10, 28, 12, 0, n)),
  customerId: n,
  sessionId: null,
  visitorId: `visitor-${n}`,
  detail: `detail ${n}`,
  tags: [{ name: "n", value: String(n) }],
  data: n % 2 === 0 ? null : { orderNumber: `LL${n}` },
  ...overrides,
});

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-export-"));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("exportEvents", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("writes every event as one JSON line, oldest first, across pages, and filters by type", async () => {
    const events = Array.from({ length: EXPORT_PAGE_SIZE + 5 }, (_, n) => event(n));
    await createEventTable(database.db, { logger, sourceDomain: "store.test" }).record(events);
    const lines: string[] = [];
    expect(await exportEvents(database.db, (line) => void lines.push(line))).toBe(events.length);
    expect(lines.every((line) => line.endsWith("\n") && !line.slice(0, -1).includes("\n"))).toBe(true);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map((line) => line.eventId)).toEqual(events.map((e) => e.eventId));
    expect(parsed[1]).toEqual({
      eventId: events[1]!.eventId,
      eventType: "OrderPlaced",
      eventTime: "2026-11-28T12:00:01.000Z",
      sourceDomain: "store.test",
      customerId: 1,
      visitorId: "visitor-1",
      sessionId: null,
      audience: "customer",
      detail: "detail 1",
      tags: [{ name: "n", value: "1" }],
      data: { orderNumber: "LL1" },
      recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      forwardedAt: null,
    });
    const orders: string[] = [];
    expect(await exportEvents(database.db, (line) => void orders.push(line), { type: "OrderPlaced" })).toBe(
      Math.floor(events.length / 2),
    );
  });
});

describe("npm run events:export", () => {
  const script = ["node_modules/.bin/tsx", "scripts/events-export.ts"];
  const env = (extra: Record<string, string>) => ({
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? tmp,
    APP_ENV: "development",
    LOG_LEVEL: "silent",
    ...extra,
  });

  it("exports the configured database's events to a file or to standard output", async () => {
    const templateUrl = inject("postgresTemplateUrl");
    let extra: Record<string, string>;
    let close: () => Promise<void>;
    const events = [event(1), event(2), event(3)];
    if (templateUrl) {
      // Postgres: a copy of the migrated template, reached through DATABASE_URL as the server would.
      const database = await createTestDatabase();
      await createEventTable(database.db, { logger, sourceDomain: "store.test" }).record(events);
      extra = { DATABASE_URL: database.url!, DATA_DIR: tmp };
      close = () => database.close();
    } else {
      // PGlite: the snapshot's data under DATA_DIR/pglite, as the server keeps it.
      const snapshot = fs.readFileSync(inject("pgliteSnapshotPath"));
      const database = await openDatabase({
        driver: "pglite",
        dataDir: path.join(tmp, "pglite"),
        loadDataDir: new Blob([snapshot]),
      });
      await createEventTable(database.db, { logger, sourceDomain: "store.test" }).record(events);
      await database.close();
      extra = { DATA_DIR: tmp };
      close = async () => {};
    }
    try {
      const file = path.join(tmp, "events.ndjson");
      const written = await run(script[0]!, [script[1]!, file], { env: env(extra), timeout: 90_000 });
      expect(written.stderr).toContain(`3 events exported to ${file}.`);
      const lines = fs.readFileSync(file, "utf8").trimEnd().split("\n");
      expect(lines.map((line) => (JSON.parse(line) as { eventId: string }).eventId)).toEqual(
        events.map((e) => e.eventId),
      );

      const printed = await run(script[0]!, [script[1]!, "--type=OrderPlaced"], { env: env(extra), timeout: 90_000 });
      const orders = printed.stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as { eventType: string; data: unknown });
      expect(orders.map((line) => [line.eventType, line.data])).toEqual([
        ["OrderPlaced", { orderNumber: "LL1" }],
        ["OrderPlaced", { orderNumber: "LL3" }],
      ]);
    } finally {
      await close();
    }
  }, 180_000);
});
