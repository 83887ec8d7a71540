import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PriceBook } from "~/models/catalog";
import { SEARCH_INDEX_MAX_AGE_MS } from "~/models/search";
import * as searchRoute from "~/routes/search";
import { loader as suggestionsLoader } from "~/routes/resources.search-suggestions";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { seedBrands, seedProducts } from "~/services/db/seed/catalog-data.server";
import { getSearchIndex, searchProducts } from "~/services/catalog/search.server";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle } from "../setup/test-context";

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const url = (path: string) => `http://store.test${path}`;
async function args(path: string, params: Record<string, string> = {}, init?: RequestInit): Promise<never> {
  const request = new Request(url(path), init);
  return { request, params, context: await createRequestContext(services, request) } as never;
}

type SearchPageData = Awaited<ReturnType<typeof searchRoute.loader>>;
const searchPage = async (path: string, params: Record<string, string> = {}, init?: RequestInit) =>
  (await searchRoute.loader(await args(path, params, init))) as SearchPageData;

/** The loader's answer, or the root middleware's when it answers first (a query it can't read). */
async function suggestions(query: string) {
  let response: Response;
  try {
    response = (await suggestionsLoader(await args(`/resources/search-suggestions${query}`))) as Response;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const seedProduct = (id: number) => seedProducts.find((product) => product.productId === id)!;
const brandName = (slug: string) => seedBrands.find((brand) => brand.slug === slug)!.name;
const hiddenOrDiscontinued = seedProducts.filter((product) => product.isHidden || product.discontinuedInCatalog);

/** A session cookie holding a price book, as the session middleware reads it. */
async function priceBookCookie(priceBook: PriceBook): Promise<string> {
  const { session } = await services.sessions.getSession(null);
  session.set("priceBook", priceBook);
  return (await services.sessions.commitSession(session)).split(";")[0]!;
}

describe("searchProducts", () => {
  it("finds Acuvue Oasys products first for 'acuvue oasys', linking to their pages", async () => {
    const results = await searchProducts(services.db, "acuvue oasys", "none", { mode: "page" });
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]!.name).toMatch(/^Acuvue Oasys/);
    expect(results.every((result) => /Acuvue Oasys/.test(result.name))).toBe(true);
    const oasys = results.find((result) => result.id === 1001);
    expect(oasys).toMatchObject({ href: "/lens/acuvue-oasys-1-day-90-pack", brand: "Acuvue" });
    expect(oasys?.imageUrl).toBeTruthy();
  });

  it("finds the right brand for a misspelling through the products' search terms", async () => {
    const biofinity = await searchProducts(services.db, "biofinty", "none", { mode: "page" });
    expect(biofinity[0]?.brand).toBe(brandName("biofinity"));
    const acuvue = await searchProducts(services.db, "accuvue", "none", { mode: "page" });
    expect(acuvue.length).toBeGreaterThan(0);
    expect(acuvue.every((result) => result.brand === "Acuvue")).toBe(true);
  });

  it("lists every visible product of a brand searched by its name", async () => {
    const results = await searchProducts(services.db, "acuvue", "none", { mode: "page" });
    const expected = seedProducts.filter(
      (product) => product.brandSlug === "acuvue" && !product.isHidden && !product.discontinuedInCatalog,
    );
    expect(results.map((result) => result.id).sort()).toEqual(expected.map((product) => product.productId).sort());
  });

  it("never returns hidden or discontinued products, even searched by their own names", async () => {
    expect(hiddenOrDiscontinued.length).toBeGreaterThan(1);
    const excluded = new Set(hiddenOrDiscontinued.map((product) => product.productId));
    for (const product of hiddenOrDiscontinued) {
      for (const query of [product.displayName, ...product.searchTerms]) {
        for (const mode of ["page", "suggest"] as const) {
          const results = await searchProducts(services.db, query, "none", { mode });
          expect(
            results.filter((result) => excluded.has(result.id)),
            `${mode}: ${query}`,
          ).toEqual([]);
        }
      }
    }
  });

  it("prices results in the shopper's price book", async () => {
    const product = seedProduct(1001);
    for (const [book, cents] of [
      ["none", product.prices.control],
      ["high", product.prices.high],
      ["low", product.prices.low],
    ] as const) {
      const results = await searchProducts(services.db, "acuvue oasys 1-day 90 pack", book, { mode: "page" });
      expect(results.find((result) => result.id === 1001)?.price, book).toBe(cents);
    }
    expect(product.prices.high).not.toBe(product.prices.low);
  });

  it("narrows to a product type and honours the limit", async () => {
    const lenses = await searchProducts(services.db, "biotrue", "none", { mode: "page", productType: "lens" });
    expect(lenses.length).toBeGreaterThan(0);
    expect(lenses.every((result) => result.href.startsWith("/lens/"))).toBe(true);
    const solutions = await searchProducts(services.db, "biotrue", "none", { mode: "page", productType: "solution" });
    expect(solutions.length).toBeGreaterThan(0);
    expect(solutions.every((result) => result.href.startsWith("/contact-lens-solution/"))).toBe(true);
    const limited = await searchProducts(services.db, "acuvue", "none", { mode: "suggest", limit: 3 });
    expect(limited).toHaveLength(3);
  });

  it("finds nothing for gibberish, an empty query or a single character", async () => {
    expect(await searchProducts(services.db, "xyzzy qwerty", "none", { mode: "page" })).toEqual([]);
    expect(await searchProducts(services.db, "   ", "none", { mode: "page" })).toEqual([]);
    expect(await searchProducts(services.db, "a", "none", { mode: "page" })).toEqual([]);
  });

  it("needs 3 matching characters for suggestions but 2 on the results page", async () => {
    expect((await searchProducts(services.db, "ac", "none", { mode: "page" })).length).toBeGreaterThan(0);
    expect(await searchProducts(services.db, "ac", "none", { mode: "suggest" })).toEqual([]);
  });

  it("keeps the index in process for 5 minutes, then rebuilds it", async () => {
    const now = Date.now() + 60 * 60 * 1000;
    const first = await getSearchIndex(services.db, now);
    expect(await getSearchIndex(services.db, now + SEARCH_INDEX_MAX_AGE_MS - 1)).toBe(first);
    const rebuilt = await getSearchIndex(services.db, now + SEARCH_INDEX_MAX_AGE_MS);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.items.length).toBe(first.items.length);
    expect(first.items.some((item) => item.id === 1603)).toBe(false); // hidden: not indexed
  });
});

describe("/search loader", () => {
  it("answers an empty or whitespace-only query with the empty state, not an error", async () => {
    for (const path of ["/search", "/search?q=", "/search?q=%20%20%20", "/search?q=+++"]) {
      const result = await settle(async () => searchPage(path));
      expect(result, path).toEqual({ query: null, facet: null, results: [] });
    }
  });

  it("returns the results for a query, normalized, as product tiles", async () => {
    const data = await searchPage("/search?q=%20%20acuvue%20%20%20oasys%20");
    expect(data.query).toBe("acuvue oasys");
    expect(data.results[0]).toMatchObject({ name: expect.stringMatching(/^Acuvue Oasys/), brand: "Acuvue" });
    expect(Object.keys(data.results[0]!).sort()).toEqual(["brand", "href", "id", "imageUrl", "name", "price"]);
  });

  it("returns no results (and no error) for a query that matches nothing", async () => {
    expect(await searchPage("/search?q=xyzzy+qwerty")).toEqual({ query: "xyzzy qwerty", facet: null, results: [] });
  });

  it("narrows to lenses or solutions by facet and 404s an unknown facet", async () => {
    const solutions = await searchPage("/search/contact-lens-solution?q=biotrue", {
      facet: "contact-lens-solution",
    });
    expect(solutions.facet).toBe("contact-lens-solution");
    expect(solutions.results.length).toBeGreaterThan(0);
    expect(solutions.results.every((result) => result.href.startsWith("/contact-lens-solution/"))).toBe(true);
    const unknown = await settle(async () => searchPage("/search/glasses?q=biotrue", { facet: "glasses" }));
    expect(unknown).toMatchObject({ init: { status: 404 } });
  });

  it("prices results in the visitor's price book", async () => {
    const cookie = await priceBookCookie("high");
    const data = await searchPage("/search?q=acuvue+oasys+1-day+90+pack", {}, { headers: { Cookie: cookie } });
    expect(data.results.find((result) => result.id === 1001)?.price).toBe(seedProduct(1001).prices.high);
  });

  it("is never shared-cacheable and is kept out of search engines", () => {
    expect("headers" in searchRoute).toBe(false);
    expect(searchRoute.handle).toMatchObject({ pageName: "Search" });
    expect(searchRoute.handle.cache).toBeUndefined();
    const meta = searchRoute.meta({ data: { query: "acuvue", facet: null, results: [] } } as never);
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(meta).toContainEqual({ title: 'Results for "acuvue" | Lenslane' });
  });
});

describe("/resources/search-suggestions loader", () => {
  it("suggests at most 8 products with name, brand, href and image", async () => {
    const { status, headers, body } = await suggestions("?q=acuvue");
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toContain("application/json");
    expect(headers.get("Cache-Control")).toContain("private");
    expect(body.query).toBe("acuvue");
    expect(body.suggestions).toHaveLength(8);
    for (const suggestion of body.suggestions) {
      expect(Object.keys(suggestion).sort()).toEqual(["brand", "href", "imageUrl", "name"]);
      expect(suggestion.brand).toBe("Acuvue");
    }
  });

  it("suggests the right product for a misspelling", async () => {
    const { body } = await suggestions("?q=biofinty");
    expect(body.suggestions[0]).toMatchObject({ brand: "Biofinity", href: "/lens/biofinity-6-pack" });
  });

  it("suggests nothing for a query shorter than 3 characters", async () => {
    for (const query of ["?q=", "?q=ac", "?q=%20%20a%20"]) {
      const { status, body } = await suggestions(query);
      expect(status, query).toBe(200);
      expect(body.suggestions, query).toEqual([]);
    }
  });

  it("answers 400 with an error to a missing, repeated, too long or unreadable q", async () => {
    for (const query of ["", "?x=acuvue", "?q=acuvue&q=oasys", `?q=${"a".repeat(101)}`, "?q=acu%00vue"]) {
      const { status, body } = await suggestions(query);
      expect(status, query).toBe(400);
      expect(body.error, query).toEqual(expect.any(String));
    }
  });
});
