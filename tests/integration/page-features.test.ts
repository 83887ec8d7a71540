import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as root from "~/root";
import * as internal from "~/routes/non-production";
import type { DatabaseHandle } from "~/services/db/client.server";
import { updateJourney } from "~/services/funnel/funnel.server";
import type { AppServices } from "~/services/platform/context.server";
import { paymentSwitches } from "~/services/scenarios/feature-switches.server";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// Page features come from the content system (content/features.json, spec 3 §9): unreadable content turns them off
// (spec 3 §8), a session can override them outside production only.

let database: DatabaseHandle;
let emptyContentDir: string;
let withoutContent: AppServices;
let shipped: AppServices;
let production: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  emptyContentDir = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-no-content-"));
  withoutContent = createTestServices(database, { CONTENT_DIR: emptyContentDir });
  shipped = createTestServices(database);
  production = createTestServices(database, {
    APP_ENV: "production",
    SESSION_SECRET: "production-secret-0123456789abcdef0123456789abcdef",
    PAYMENT_SIMULATOR: "true",
  });
});
afterAll(async () => {
  fs.rmSync(emptyContentDir, { recursive: true, force: true });
  await database.close();
});

async function run(
  services: AppServices,
  handler: (args: never) => unknown,
  url: string,
  options: { cookie?: string | null; form?: Record<string, string> } = {},
) {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.form) headers.set("Content-Type", "application/x-www-form-urlencoded");
  const request = new Request(`http://store.test${url}`, {
    method: options.form ? "POST" : "GET",
    headers,
    body: options.form ? new URLSearchParams(options.form) : undefined,
  });
  let value: unknown;
  const response = await runThroughMiddleware(services, request, async (context) => {
    try {
      value = await handler({ request, params: {}, context } as never);
    } catch (thrown) {
      value = thrown;
    }
    return value instanceof Response ? value : new Response(null);
  });
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("session="));
  return { value, cookie: session ? session.split(";")[0]! : (options.cookie ?? null) };
}

describe("page features from the content system", () => {
  it("are on as the shipped content says", async () => {
    const shell = await run(shipped, root.loader, "/lenses");
    expect((shell.value as { paymentSwitches: unknown }).paymentSwitches).toEqual({
      paypal: true,
      afterpay: true,
      applePay: true,
    });
  });

  it("are all off when the content cannot be read, and a session can still switch one on", async () => {
    const shell = await run(withoutContent, root.loader, "/lenses");
    expect((shell.value as { paymentSwitches: unknown }).paymentSwitches).toEqual({
      paypal: false,
      afterpay: false,
      applePay: false,
    });
    const settings = await run(withoutContent, internal.loader, "/settings", { cookie: shell.cookie });
    const switches = (settings.value as { switches: Array<{ key: string; on: boolean }> }).switches;
    expect(switches.filter((item) => item.on)).toEqual([]);

    const switched = await run(withoutContent, internal.action, "/settings", {
      cookie: settings.cookie,
      form: { key: "paypal", value: "on" },
    });
    const after = await run(withoutContent, root.loader, "/lenses", { cookie: switched.cookie });
    expect((after.value as { paymentSwitches: unknown }).paymentSwitches).toEqual({
      paypal: true,
      afterpay: false,
      applePay: false,
    });
  });

  it("ignore a session's override in production", async () => {
    for (const [services, expected] of [
      [shipped, false],
      [production, true],
    ] as const) {
      const { session } = await services.sessions.getSession(null);
      updateJourney(session, { applePay: false });
      expect((await paymentSwitches(services, session)).applePay).toBe(expected);
    }
  });
});
