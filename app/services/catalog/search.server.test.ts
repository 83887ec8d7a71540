import { describe, expect, it } from "vitest";
import { PRODUCT_TYPE } from "~/models/catalog";
import { containsQueryWords, productSearchWords, SEARCH_SCORE_DROP_DISTANCE, searchPasses } from "~/models/search";
import { seedBrands, seedProducts } from "../db/seed/catalog-data.server";
import type { LensCategory } from "../db/seed/catalog-types";
import { createSearchIndex, fuzzyMatches, searchIndexedProducts, type IndexedProduct } from "./search.server";

// The ranking on the seed catalog, without a database: the index holds what the seed writes (hidden products are
// not indexed; the ordinal is the seed's order), so these are the results the store gives.

const brands = new Map(seedBrands.map((brand) => [brand.slug, brand]));
const items: IndexedProduct[] = seedProducts.flatMap((product, ordinal) =>
  product.isHidden
    ? []
    : [
        {
          id: product.productId,
          vanityUrl: product.vanityUrl,
          productType: PRODUCT_TYPE[product.productType],
          imageUrl: `/images/products/${product.vanityUrl}.svg`,
          displayName: product.displayName,
          displayNameSubHeading: product.displayNameSubHeading,
          brand: brands.get(product.brandSlug)!.name,
          manufacturerName: brands.get(product.brandSlug)!.manufacturerName,
          categories: product.categories,
          searchTerms: product.searchTerms,
          descriptorPackSize: product.descriptorPackSize,
          discontinuedInCatalog: product.discontinuedInCatalog ?? false,
          ordinal,
          prices: { none: product.prices.control },
        },
      ],
);
const searchIndex = createSearchIndex(items);
const search = (query: string, mode: "page" | "suggest" = "page") =>
  searchIndexedProducts(searchIndex, query, { mode }).map((item) => item.displayName);

/** The names of the products a shopper can buy in a lens type (the seed's category), in catalog order. */
const inCategory = (category: LensCategory) =>
  seedProducts
    .filter((product) => product.categories.includes(category) && !product.isHidden && !product.discontinuedInCatalog)
    .map((product) => product.displayName);

describe("search recall: a category's word finds the whole category (issue 13)", () => {
  it.each([
    // The issue found 3 of 9, 2 of 8 and 5 of 30.
    { query: "multifocal", category: "multifocal-bifocal", count: 9 },
    { query: "astigmatism", category: "toric-astigmatism", count: 8 },
    { query: "daily", category: "daily-disposables", count: 30 },
  ] as const)("'$query' finds every $category lens ($count)", ({ query, category, count }) => {
    const expected = inCategory(category);
    expect(expected).toHaveLength(count);
    expect(search(query).sort()).toEqual([...expected].sort());
  });

  it("finds them whatever the case, and from the start of the word", () => {
    expect(search("MULTIFOCAL").sort()).toEqual(inCategory("multifocal-bifocal").sort());
    expect(search("Astigmat").sort()).toEqual(inCategory("toric-astigmatism").sort());
  });

  it("finds a lens type by its menu name, which is not a fuzzy key ('Colors')", () => {
    const colors = inCategory("color");
    expect(colors.length).toBeGreaterThan(1);
    expect(search("colors").sort()).toEqual([...colors].sort());
  });

  it("still puts the closest match first and never shows a discontinued product", () => {
    expect(search("acuvue oasys 1-day 90 pack")[0]).toBe("Acuvue Oasys 1-Day 90 pack");
    const discontinued = seedProducts.find((product) => product.discontinuedInCatalog && !product.isHidden)!;
    expect(discontinued.categories.length).toBeGreaterThan(0);
    expect(search("daily")).not.toContain(discontinued.displayName);
    expect(search(discontinued.displayName)).not.toContain(discontinued.displayName);
  });
});

describe("search drop rule: weak fuzzy matches are still dropped (spec: 0.035 above the best)", () => {
  const [standard] = searchPasses("page");

  it.each(["daily", "colors"])("'%s' drops Fuse's far matches that lack the word", (query) => {
    const fuzzy = fuzzyMatches(searchIndex, query, standard!);
    const best = Math.min(...fuzzy.map((match) => match.score));
    const weak = fuzzy.filter(
      (match) =>
        match.score >= best + SEARCH_SCORE_DROP_DISTANCE &&
        !containsQueryWords(productSearchWords(match.item), query, standard!.minMatchCharLength),
    );
    // Fuse does find products without the word ("daily" → "Air Optix plus HydraGlyde", a monthly lens) ...
    expect(weak.length).toBeGreaterThan(0);
    if (query === "daily")
      expect(weak.map((match) => match.item.displayName)).toContain("Air Optix plus HydraGlyde 6 pack");
    const results = search(query);
    // ... and the drop rule still cuts them.
    for (const match of weak) expect(results).not.toContain(match.item.displayName);
  });

  it("keeps only near-best fuzzy matches for a misspelling, which contains no word", () => {
    const results = search("biofinty");
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((name) => name.startsWith("Biofinity"))).toBe(true);
  });

  it("needs as many letters as the pass: one letter keeps nothing, two letters nothing as you type", () => {
    expect(search("a")).toEqual([]);
    expect(search("mu", "suggest")).toEqual([]);
    expect(search("mul", "suggest").length).toBeGreaterThan(0);
  });
});
