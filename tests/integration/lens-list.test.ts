import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import { loader as lensesLoader } from "~/routes/lenses";
import type { DatabaseHandle } from "~/services/db/client.server";
import { seedBrands, seedProducts } from "~/services/db/seed/catalog-data.server";
import type { AppServices } from "~/services/platform/context.server";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle } from "../setup/test-context";

// The lens list's facets and sort (issue 13), loader by loader; tests/e2e/product-list.spec.ts clicks them.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

type ListPage = {
  data: {
    title: string;
    facet: string | null;
    path: string;
    sort: string;
    brandFacets: Array<{ text: string; path: string; facet: string }>;
    lenses: Array<{ name: string; price: number | null; brand: string }>;
  };
  init: ResponseInit;
};

async function listPage(path: string): Promise<ListPage> {
  const request = new Request(`http://store.test${path}`);
  const facet = /^\/lenses\/([^/?]+)/.exec(path)?.[1];
  return (await lensesLoader({
    request,
    params: facet ? { facet } : {},
    context: await createRequestContext(services, request),
  } as never)) as unknown as ListPage;
}

/** The lenses a shopper can buy, in catalog order (the seed's order), optionally only some. */
const onSale = (keep: (product: (typeof seedProducts)[number]) => boolean = () => true) =>
  seedProducts.filter(
    (product) => product.productType === "lens" && !product.isHidden && !product.discontinuedInCatalog && keep(product),
  );
const names = (list: Array<{ displayName: string } | { name: string }>) =>
  list.map((item) => ("name" in item ? item.name : item.displayName));

describe("/lenses: sort", () => {
  it("lists every lens on sale in catalog order by default, publicly cacheable", async () => {
    const page = await listPage("/lenses");
    expect(page.data.sort).toBe("featured");
    expect(names(page.data.lenses)).toEqual(names(onSale()));
    expect(new Headers(page.init.headers).get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });

  it("sorts by price (the visitor's price book), ties in catalog order", async () => {
    const expected = onSale().sort((a, b) => a.prices.control - b.prices.control);
    const cheapest = await listPage("/lenses?sort=price-asc");
    expect(cheapest.data.sort).toBe("price-asc");
    expect(names(cheapest.data.lenses)).toEqual(names(expected));
    expect(cheapest.data.lenses.map((lens) => lens.price)).toEqual(expected.map((product) => product.prices.control));
    const dearest = await listPage("/lenses?sort=price-desc");
    expect(dearest.data.lenses.map((lens) => lens.price)).toEqual(
      [...expected].reverse().map((product) => product.prices.control),
    );
  });

  it("falls back to the default for an unknown, empty or repeated sort, never an error", async () => {
    for (const path of ["/lenses?sort=bogus", "/lenses?sort=", "/lenses?sort=PRICE-ASC", "/lenses?sort=__proto__"]) {
      const page = await listPage(path);
      expect(page.data.sort, path).toBe("featured");
      expect(names(page.data.lenses), path).toEqual(names(onSale()));
    }
    expect((await listPage("/lenses?sort=name-asc&sort=price-asc")).data.sort).toBe("name-asc");
  });
});

describe("/lenses/{facet}: facets", () => {
  it("offers the brands that have lenses on sale, by name, and no solution-only brand", async () => {
    const page = await listPage("/lenses");
    const expected = seedBrands
      .filter((brand) => onSale((product) => product.brandSlug === brand.slug).length > 0)
      .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
    expect(page.data.brandFacets).toEqual(
      expected.map((brand) => ({ text: brand.name, path: `/lenses/${brand.slug}`, facet: brand.slug })),
    );
    expect(page.data.brandFacets.map((brand) => brand.facet)).not.toContain("renu");
  });

  it("narrows to a lens type and keeps the sort", async () => {
    const page = await listPage("/lenses/toric-astigmatism?sort=name-desc");
    expect(page.data).toMatchObject({
      title: "Toric & astigmatism contact lenses",
      facet: "toric-astigmatism",
      path: "/lenses/toric-astigmatism",
      sort: "name-desc",
    });
    const expected = names(onSale((product) => product.categories.includes("toric-astigmatism")));
    expect(expected).toHaveLength(8);
    expect(names(page.data.lenses)).toEqual(
      [...expected].sort((a, b) => b.localeCompare(a, "en", { sensitivity: "base", numeric: true })),
    );
  });

  it("narrows to a brand, named by the brand", async () => {
    const page = await listPage("/lenses/biofinity?sort=price-asc");
    expect(page.data.title).toBe("Biofinity contact lenses");
    const expected = onSale((product) => product.brandSlug === "biofinity").sort(
      (a, b) => a.prices.control - b.prices.control,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(names(page.data.lenses)).toEqual(names(expected));
  });

  it("is a 404 for an unknown facet, whatever the sort", async () => {
    const unknown = await settle(async () => listPage("/lenses/not-a-facet?sort=price-asc"));
    expect(unknown).toMatchObject({ init: { status: 404 } });
  });
});
