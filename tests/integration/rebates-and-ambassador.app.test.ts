import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import { REBATE_RULES } from "~/models/rebates";
import { SITE } from "~/models/site";
import { brandRebatesPage } from "~/services/cart/rebates.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { brands, products } from "~/services/db/schema";
import { seedPromotions } from "~/services/db/seed/promotion-data.server";
import { startAppHandler, type AppHandler } from "../setup/app-handler";
import { createTestDatabase } from "../setup/test-database";

/**
 * Destinations that were 404s (issue 13): a brand's rebates page (/rebates/{brand}, where the legacy /rebate/{brand}
 * and /manufacturer-rebates/{brand} redirect) and the footer's ambassador page (/welcome/ambassador). Whole requests
 * through the app (tests/setup/app-handler.ts): status, caching and the page a shopper gets.
 */

const STORE = "http://store.test";
let database: DatabaseHandle;
let app: AppHandler;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startAppHandler(database);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (path: string) => app.handle(new Request(`${STORE}${path}`));

/** The page's text with tags removed and entities React writes decoded, for looking for phrases. */
async function textOf(response: Response): Promise<string> {
  return (await response.text())
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

/** The brand's lenses that have a public page, in catalog order. */
async function publicLenses(brandSlug: string) {
  return database.db
    .select({ name: products.displayName, vanityUrl: products.vanityUrl })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      and(
        eq(brands.slug, brandSlug),
        eq(products.productType, 1),
        eq(products.isHidden, false),
        eq(products.discontinuedInCatalog, false),
      ),
    )
    .orderBy(asc(products.ordinal), asc(products.id));
}

describe("a brand's rebates page", () => {
  it("lists the brand's rebate with its amounts, conditions and the lenses it applies to; public to caches", async () => {
    const response = await get("/rebates/acuvue");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    const html = await response.clone().text();
    const text = await textOf(response);
    expect(html).toContain("<h1>Acuvue rebates</h1>");
    expect(html).toContain('<link rel="canonical" href="http://store.test/rebates/acuvue"/>');
    expect(text).toContain("Acuvue mail-in rebate");
    expect(text).toContain("Paid by Johnson & Johnson Vision after your order, as a prepaid card.");
    // The seeded breakpoints: 4 boxes $50, 8 boxes $100.
    expect(text).toContain("Buy 4 boxes, get $50 back");
    expect(text).toContain("Buy 8 boxes, get $100 back");
    expect(text).toContain("Promo expires Dec 31, 2027");
    const lenses = await publicLenses("acuvue");
    expect(lenses.length).toBeGreaterThan(2);
    for (const lens of lenses) expect(html).toContain(`href="/lens/${lens.vanityUrl}"`);
    for (const rule of REBATE_RULES) expect(text).toContain(rule);
    expect(html).toContain('href="/terms/terms-and-conditions#rebates"');
    // The other brands with a rebate, to move between them.
    expect(html).toContain('href="/rebates/biofinity"');
    expect(html).not.toContain('href="/rebates/acuvue"');
  });

  it("shows an instant rebate only on the lenses it is for", async () => {
    const page = (await brandRebatesPage(database.db, "dailies", new Date()))!;
    const instant = seedPromotions.find((promotion) => promotion.key === "instant-dailies-total1")!;
    expect(page.offers.map((offer) => [offer.type, offer.title])).toEqual([
      ["Rebate", "Dailies mail-in rebate"],
      ["InstantRebate", instant.description],
    ]);
    const instantProducts = page.offers[1]!.products;
    expect(instantProducts.length).toBe(instant.conditions.productIds!.length);
    expect(page.offers[0]!.products.length).toBeGreaterThan(instantProducts.length);
  });

  it("says so for a brand with no rebate running, and is a 404 for an unknown or malformed brand", async () => {
    const none = await get("/rebates/lenslane");
    expect(none.status).toBe(200);
    expect(await textOf(none)).toContain("There is no rebate on Lenslane lenses right now.");
    for (const path of ["/rebates/no-such-brand", "/rebates/Acuvue", "/rebates/a%20b", `/rebates/${"a".repeat(61)}`]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("is where the legacy /rebate/{brand} and /manufacturer-rebates/{brand} land, with a 200", async () => {
    for (const [from, to] of [
      ["/rebate/acuvue", "/rebates/acuvue"],
      ["/Rebate/Biofinity/", "/rebates/biofinity"],
      ["/manufacturer-rebates/dailies?ac=spring", "/rebates/dailies?ac=spring"],
    ] as const) {
      const redirect = await get(from);
      expect(redirect.status, from).toBe(301);
      expect(redirect.headers.get("Location"), from).toBe(to);
      const landed = await get(to);
      expect(landed.status, to).toBe(200);
      expect(await landed.text(), to).toContain("rebates</h1>");
    }
  });

  it("is linked from the rebates content page for every brand it names, each with a rebate running", async () => {
    const response = await get("/rebates");
    expect(response.status).toBe(200);
    const slugs = [...(await response.text()).matchAll(/href="\/rebates\/([a-z0-9-]+)"/g)].map((match) => match[1]!);
    const rebateBrands = seedPromotions
      .filter((promotion) => promotion.key.startsWith("rebate-"))
      .flatMap((promotion) => promotion.conditions.brandSlugs ?? []);
    expect([...slugs].sort()).toEqual([...rebateBrands].sort());
    for (const slug of slugs) {
      expect((await brandRebatesPage(database.db, slug, new Date()))?.offers.length, slug).toBeGreaterThan(0);
    }
  });
});

describe("the ambassador page", () => {
  it("is a real page, public to caches, that explains the program and how to join through the contact page", async () => {
    const response = await get("/welcome/ambassador");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    const html = await response.clone().text();
    const text = await textOf(response);
    expect(html).toContain("<h1>Become a Lenslane ambassador</h1>");
    expect(html).toContain('href="/contact-us"');
    expect(text).toContain("How to join");
    expect(text).toContain("There is no ambassador sign-up form or referral code in your account yet");
    expect(text).toContain(SITE.phoneDisplay);
    // A sub-page of it does not exist.
    expect((await get("/welcome/ambassador/x")).status).toBe(404);
  });
});
