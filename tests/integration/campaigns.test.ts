import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filterNavigationLinks } from "~/models/navigation";
import { campaignCacheKey } from "~/server/visitor-profile.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { visitorContext, type AppServices, type Visitor } from "~/services/platform/context.server";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { withRunningExperiments } from "../setup/test-content";

let database: DatabaseHandle;
let paused: AppServices;
let running: AppServices;

beforeAll(async () => {
  database = await createTestDatabase();
  paused = createTestServices(database);
  running = createTestServices(database, { CONTENT_DIR: withRunningExperiments(["price-books", "home-split"]) });
});
afterAll(async () => {
  await database.close();
});

const url = (path: string) => `http://store.test${path}`;
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

async function visit(services: AppServices, path: string, headers: Record<string, string> = {}) {
  let seen: Visitor | null = null;
  const response = await runThroughMiddleware(services, new Request(url(path), { headers }), async (context) => {
    seen = context.get(visitorContext);
    return new Response("page");
  });
  return { response, visitor: seen as Visitor | null };
}

describe("the visitor's campaigns", () => {
  it("assigns each visitor id the same variation every time, keeps the id, and prices by the variation's book", async () => {
    const books = new Set<string>();
    for (let n = 0; n < 30; n++) {
      const first = await visit(running, "/lenses", { "User-Agent": PHONE });
      const cookie = first.response.headers.getSetCookie().find((value) => value.startsWith("visitor="))!;
      expect(cookie).toBeDefined();
      const variant = first.visitor!.campaignVariations["price-books"];
      const again = await visit(running, "/lenses", { "User-Agent": PHONE, Cookie: cookie.split(";")[0]! });
      expect(again.visitor!.campaignVariations["price-books"]).toBe(variant);
      expect(again.visitor!.campaignKey).toBe(first.visitor!.campaignKey);
      expect(again.visitor!.priceBook).toBe({ default: "none", A: "high", B: "low" }[variant as "A"]);
      books.add(again.visitor!.priceBook);
    }
    // Equal weights: 30 visitors see all three books.
    expect([...books].sort()).toEqual(["high", "low", "none"]);
  });

  it("lets shared caches keep a page that follows the variations only apart by cookie; a crawler's page is plain", async () => {
    const shared = async (services: AppServices, headers: Record<string, string>) =>
      runThroughMiddleware(services, new Request(url("/lenses"), { headers }), async () => {
        return new Response("page", { headers: { "Cache-Control": "public, max-age=0, s-maxage=300" } });
      });
    const returning = await shared(running, { Cookie: "visitor=returningVisitor000000" });
    expect(returning.headers.get("Cache-Control")).toContain("public");
    expect(returning.headers.get("Vary")).toBe("Cookie");
    const bot = await shared(running, { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" });
    expect(bot.headers.get("Cache-Control")).toContain("public");
    expect(bot.headers.get("Vary")).toBeNull();
    // Every campaign paused: nothing follows a variation.
    expect((await shared(paused, { Cookie: "visitor=returningVisitor000000" })).headers.get("Vary")).toBeNull();
  });

  it("gives crawlers no campaign and no cookie, and assigns nothing while every campaign is paused", async () => {
    const bot = await visit(running, "/lenses", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" });
    expect(bot.visitor!.campaignVariations).toEqual({});
    expect(bot.response.headers.get("Set-Cookie")).toBeNull();
    const plain = await visit(paused, "/lenses");
    expect(plain.visitor!.campaignVariations).toEqual({});
    expect(plain.visitor!.priceBook).toBe("none");
    expect(plain.response.headers.get("Set-Cookie")).toBeNull();
  });

  it("sends variation B of the home split to the all-in-one page keeping only ac (an override outside production)", async () => {
    const { response } = await visit(paused, "/?experiment=home-split:B&ac=PS.lenslane-search&utm_source=x");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/order-contacts/all-in-one-vision-care?ac=PS.lenslane-search");
    const control = await visit(paused, "/?experiment=home-split:default");
    expect(control.response.status).toBe(200);
    // Only the home page is split, and never in production.
    expect((await visit(paused, "/lenses?experiment=home-split:B")).response.status).toBe(200);
    const production = createTestServices(database, { APP_ENV: "production", SESSION_SECRET: "x".repeat(40) });
    expect((await visit(production, "/?experiment=home-split:B")).response.status).toBe(200);
  });

  it("runs the home split only for the search affiliate code or a previous shipped order", async () => {
    const outsiders = await visit(running, "/?ac=31.display");
    expect(outsiders.response.status).toBe(200);
    let redirected = 0;
    for (let n = 0; n < 30; n++) {
      const { response, visitor } = await visit(running, "/?ac=PS.lenslane-search");
      if (response.status === 302) {
        // The redirect keeps the visitor id and the visit's code, so the visitor stays in the variation that sent it.
        redirected++;
        const cookie = response.headers
          .getSetCookie()
          .map((value) => value.split(";")[0]!)
          .join("; ");
        expect(cookie).toMatch(/traffic=.*visitor=/);
        const after = await visit(running, "/lenses", { Cookie: cookie });
        expect(["B", "C"]).toContain(after.visitor!.campaignVariations["home-split"]);
      } else {
        expect(["default", "A"]).toContain(visitor!.campaignVariations["home-split"]);
      }
    }
    expect(redirected).toBeGreaterThan(0);
  });

  it("shows a campaign's menu link only to its variation", () => {
    const links = [
      { link_text: "Everyone", link_url: "/lenses" },
      {
        link_text: "Vision care",
        link_url: "/order-contacts/all-in-one-vision-care",
        campaign_id: "home-split",
        campaign_variations: [{ path_id: "B" }],
      },
    ].map((link) => ({ signed_in_signed_out: "both" as const, subscription_status: "" as const, ...link }));
    const menu = (variations: Record<string, string>) =>
      filterNavigationLinks(links, { signedIn: false, hasSubscriptions: false, campaignPaths: variations }, []).map(
        (link) => link.text,
      );
    expect(menu({ "home-split": "B" })).toEqual(["Everyone", "Vision care"]);
    expect(menu({ "home-split": "default" })).toEqual(["Everyone"]);
  });

  it("gives the page cache the key the middleware gives the page, and none for a request that changes the visit", async () => {
    const first = await visit(running, "/lenses");
    const cookie = first.response.headers
      .getSetCookie()
      .find((value) => value.startsWith("visitor="))!
      .split(";")[0]!;
    const page = await visit(running, "/lenses", { Cookie: cookie });
    const key = (path: string, cookieHeader: string | null, referer: string | null = null) =>
      campaignCacheKey(running, { url: new URL(url(path)), cookieHeader, userAgent: null, referer });
    expect(await key("/lenses", cookie)).toBe(page.visitor!.campaignKey);
    expect(page.visitor!.campaignKey).not.toBe("");
    expect(await key("/lenses", null)).toBe("new");
    expect(await key("/lenses", cookie, "http://store.test/cart")).toBe(page.visitor!.campaignKey);
    for (const changing of [
      "/lenses?ac=7.mail",
      "/lenses?mid=8.1",
      "/lenses?rb=x",
      "/lenses?experiment=price-books:A",
    ]) {
      expect(await key(changing, cookie), changing).toBeNull();
    }
    expect(await key("/lenses", cookie, "https://www.google.com/")).toBeNull();
  });
});
