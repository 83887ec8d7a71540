import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as root from "~/root";
import * as contentPage from "~/routes/content-page";
import * as dynamicExperience from "~/routes/dynamic-experience";
import * as internal from "~/routes/non-production";
import * as qaResource from "~/routes/resources.qa";
import * as welcome from "~/routes/welcome";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import type { AppServices } from "~/services/platform/context.server";
import { isDataWithInit } from "../setup/order-fixtures";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// The internal pages outside production (spec 1 §2.1), the QA button's session flag (§2.12), and the content pages
// issue 17 completes (mobile-app, dynamic-experience, welcome/ambassador), through the root middleware.

let database: DatabaseHandle;
let services: AppServices;
let production: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  production = createTestServices(database, {
    APP_ENV: "production",
    SESSION_SECRET: "production-secret-0123456789abcdef0123456789abcdef",
  });
});
afterAll(async () => {
  await database.close();
});

type Handler = (args: never) => unknown;
interface Outcome {
  value: unknown;
  cookie: string | null;
}

/** Runs a loader or action; gives back what it returned or threw, and the session cookie the middleware set. */
async function run(
  handler: Handler,
  path: string,
  options: { cookie?: string | null; form?: Record<string, string>; params?: object; on?: AppServices } = {},
): Promise<Outcome> {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.form) headers.set("Content-Type", "application/x-www-form-urlencoded");
  const request = new Request(`http://store.test${path}`, {
    method: options.form ? "POST" : "GET",
    headers,
    body: options.form ? new URLSearchParams(options.form) : undefined,
  });
  let value: unknown;
  const response = await runThroughMiddleware(options.on ?? services, request, async (context) => {
    try {
      value = await handler({ request, params: options.params ?? {}, context } as never);
    } catch (thrown) {
      value = thrown;
    }
    return value instanceof Response ? value : new Response(null);
  });
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("session="));
  return { value, cookie: session ? session.split(";")[0]! : (options.cookie ?? null) };
}

const statusOf = (value: unknown) =>
  value instanceof Response ? value.status : isDataWithInit(value) ? value.init.status : 200;

describe("in production", () => {
  it("settings goes home, the other tools and the QA close are not found, and the QA flag is ignored", async () => {
    const settings = await run(internal.loader, "/settings", { on: production });
    expect(statusOf(settings.value)).toBe(302);
    expect((settings.value as Response).headers.get("Location")).toBe("/");
    for (const path of ["/sandbox", "/customer-data-platform", "/style-guide", "/test-data/cards"]) {
      const outcome = await run(internal.loader, path, { on: production, params: { name: "cards" } });
      expect(statusOf(outcome.value), path).toBe(404);
    }
    const close = await run(qaResource.action, "/resources/qa", { on: production, form: { returnTo: "/" } });
    expect(statusOf(close.value)).toBe(404);
    const page = await run(root.loader, "/?qa=true", { on: production });
    expect((page.value as { qa: unknown }).qa).toBeNull();
  });
});

describe("test data", () => {
  it("lists the test cards, the seed's coupon codes, demo doctors and this database's newest customers", async () => {
    const cards = await run(internal.loader, "/test-data/cards", { params: { name: "cards" } });
    const cardRows = (cards.value as { table: { rows: string[][] } }).table.rows;
    expect(cardRows[0]).toEqual(["4242 4242 4242 4242", "Saves and charges (Visa)"]);
    expect(cardRows.some(([number]) => number === "4000 0000 0000 0002")).toBe(true);

    const codes = await run(internal.loader, "/test-data/promo-codes", { params: { name: "promo-codes" } });
    expect((codes.value as { table: { rows: string[][] } }).table.rows.map(([code]) => code)).toContain("SAVE10");

    const customer = await createCustomer(database.db, {
      email: "tester.one@example.com",
      firstName: "Tess",
      lastName: "Ter",
    });
    const people = await run(internal.loader, "/test-data/customers", { params: { name: "customers" } });
    const rows = (people.value as { table: { rows: string[][] } }).table.rows;
    expect(rows[0]).toEqual([
      String(customer.id),
      "tester.one@example.com",
      "Tess",
      "Guest (PIN sign-in)",
      "0",
      "$0.00",
    ]);

    const unknown = await run(internal.loader, "/test-data/passwords", { params: { name: "passwords" } });
    expect(statusOf(unknown.value)).toBe(404);
  });
});

describe("settings, the QA flag and the QA button's close", () => {
  it("?qa turns the button on for the session; settings shows and toggles it; the close clears it", async () => {
    const off = await run(root.loader, "/cart");
    expect((off.value as { qa: unknown }).qa).toBeNull();

    const on = await run(root.loader, "/cart?qa", { cookie: off.cookie });
    const panel = (on.value as { qa: { version: string; session: string; switches: unknown[] } }).qa;
    expect(panel).toMatchObject({ version: "9.9.9-test", session: "anonymous" });
    expect(panel.switches).toContainEqual({ key: "qa", label: "QA helper button", on: true });
    // Remembered for the session, without the parameter.
    const later = await run(root.loader, "/lenses", { cookie: on.cookie });
    expect((later.value as { qa: unknown }).qa).not.toBeNull();

    const settings = await run(internal.loader, "/settings", { cookie: later.cookie });
    const switches = (settings.value as { switches: Array<{ key: string; on: boolean }> }).switches;
    expect(switches.find((item) => item.key === "qa")?.on).toBe(true);
    const toggled = await run(internal.action, "/settings", {
      cookie: later.cookie,
      form: { key: "allowUnsupportedBrowser", value: "on" },
    });
    expect((toggled.value as Response).headers.get("Location")).toBe("/settings");
    const after = await run(internal.loader, "/settings", { cookie: toggled.cookie });
    expect(
      (after.value as { switches: Array<{ key: string; on: boolean }> }).switches.map((item) => [item.key, item.on]),
    ).toEqual([
      ["allowUnsupportedBrowser", true],
      ["qa", true],
      // On as the shipped content's page features say (content/features.json).
      ["paypal", true],
      ["afterpay", true],
      ["applePay", true],
      ["paypalPayLater", true],
      ["preorder", true],
      // Live chat and its new provider (decision 63), on in the shipped content.
      ["liveChat", true],
      ["liveChatNewProvider", true],
      // The cart page's banner (decision 66), on in the shipped content's cart page features.
      ["cartBanner", true],
      // Off unless switched on (issue 28: GET api/customerDataPlatform/realTimeIdentityData).
      ["realTimeIdentityData", false],
    ]);
    // Switching PayPal off takes it out of the footer's 'We accept' strip for this session.
    const paypalOff = await run(internal.action, "/settings", {
      cookie: toggled.cookie,
      form: { key: "paypal", value: "off" },
    });
    const shell = await run(root.loader, "/lenses", { cookie: paypalOff.cookie });
    expect((shell.value as { paymentSwitches: unknown }).paymentSwitches).toEqual({
      paypal: false,
      afterpay: true,
      applePay: true,
    });
    const bad = await run(internal.action, "/settings", {
      cookie: toggled.cookie,
      form: { key: "admin", value: "on" },
    });
    expect(statusOf(bad.value)).toBe(400);

    const closed = await run(qaResource.action, "/resources/qa", {
      cookie: toggled.cookie,
      form: { returnTo: "/cart?qa=true&mid=7" },
    });
    expect((closed.value as Response).status).toBe(303);
    expect((closed.value as Response).headers.get("Location")).toBe("/cart?mid=7");
    const gone = await run(root.loader, "/cart", { cookie: closed.cookie });
    expect((gone.value as { qa: unknown }).qa).toBeNull();
    const offSwitch = await run(root.loader, "/cart?qa=true", { cookie: closed.cookie });
    const switchedOff = await run(root.loader, "/cart?qa=false", { cookie: offSwitch.cookie });
    expect((switchedOff.value as { qa: unknown }).qa).toBeNull();
  });
});

describe("sandbox and customer data platform", () => {
  it("show what the store would send for this visitor", async () => {
    const customer = await createCustomer(database.db, { email: "cdp@example.com", firstName: "Cy", lastName: "Dee" });
    const token = await createAuthSession(database.db, customer.id, "password", false);
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", token);
    const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
    const sandbox = await run(internal.loader, "/sandbox", { cookie });
    const snapshot = (
      sandbox.value as { snapshot: { headers: Record<string, string>; visitor: { customer: unknown } } }
    ).snapshot;
    expect(snapshot.headers["x-signed-in"]).toBe("true");
    expect(snapshot.headers["x-previous-order"]).toBe("false");
    expect(snapshot.headers.authorization).not.toContain(token);
    expect(snapshot.visitor.customer).toEqual({ id: customer.id, email: "cdp@example.com" });

    const cdp = await run(internal.loader, "/customer-data-platform?ac=SPRING");
    const payload = (cdp.value as { snapshot: { pageConfiguration: { parameters: Record<string, unknown> } } }).snapshot
      .pageConfiguration;
    expect(payload.parameters).toMatchObject({
      hasPreviousOrder: false,
      customerGroups: ["NewCustomer"],
      ac: "SPRING",
    });
  });
});

describe("content pages", () => {
  it("mobile-app and welcome/ambassador are real pages", async () => {
    const app = await run(contentPage.loader, "/mobile-app");
    expect(isDataWithInit(app.value) && (app.value.data as { page: { heading: string } }).page.heading).toBe(
      "Lenslane in your pocket",
    );
    const ambassador = await run(welcome.loader, "/welcome/ambassador", { params: { page: "ambassador" } });
    expect(
      isDataWithInit(ambassador.value) && (ambassador.value.data as { page: { heading: string } }).page.heading,
    ).toBe("Become a Lenslane ambassador");
  });

  it("dynamic-experience opens with a panel chosen for the visitor", async () => {
    const guest = await run(dynamicExperience.loader, "/dynamic-experience");
    const view = guest.value as { page: { heading: string; html: string }; panel: { heading: string } };
    expect(view.page.heading).toBe("Contact lenses, made easier every time");
    expect(view.page.html).toContain('href="/prescription-request"');
    expect(view.panel.heading).toBe("New to Lenslane?");

    const customer = await createCustomer(database.db, { email: "dx@example.com", firstName: "Dana", lastName: "Ex" });
    const token = await createAuthSession(database.db, customer.id, "password", false);
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", token);
    const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
    const signedIn = await run(dynamicExperience.loader, "/dynamic-experience", { cookie });
    expect((signedIn.value as { panel: { heading: string } }).panel.heading).toBe("Welcome back, Dana!");
  });
});
