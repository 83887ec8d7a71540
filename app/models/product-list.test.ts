import { describe, expect, it } from "vitest";
import { LENS_TYPE_FACETS } from "./catalog";
import {
  DEFAULT_LIST_SORT,
  LENS_TYPE_FACET_LINKS,
  LIST_SORTS,
  lensTypeName,
  listHref,
  parseListSort,
  productCount,
  sortProducts,
} from "./product-list";

const products = [
  { name: "Biofinity 6 pack", price: 5999 },
  { name: "acuvue Oasys 12 pack", price: 4299 },
  { name: "Lens without a price", price: null },
  { name: "Acuvue Oasys 6 pack", price: 4299 },
  { name: "clariti 1 day 30 pack", price: 2999 },
];
const names = (list: Array<{ name: string }>) => list.map((product) => product.name);

describe("list sorts", () => {
  it("are featured (the default), price both ways and name both ways", () => {
    expect(LIST_SORTS.map((sort) => sort.value)).toEqual([
      "featured",
      "price-asc",
      "price-desc",
      "name-asc",
      "name-desc",
    ]);
    expect(DEFAULT_LIST_SORT).toBe("featured");
  });

  it("read ?sort=, and fall back to the default for a missing or unknown value", () => {
    expect(parseListSort("price-asc")).toBe("price-asc");
    expect(parseListSort("name-desc")).toBe("name-desc");
    for (const value of [null, undefined, "", "price", "PRICE-ASC", "toString", "__proto__", "x".repeat(1000)])
      expect(parseListSort(value), String(value)).toBe("featured");
  });
});

describe("sortProducts", () => {
  it("keeps catalog order for featured, and never changes its input", () => {
    const copy = [...products];
    expect(sortProducts(products, "featured")).toEqual(products);
    sortProducts(products, "name-asc");
    expect(products).toEqual(copy);
  });

  it("sorts by price, cheapest or dearest first; ties keep catalog order; no price comes last", () => {
    expect(names(sortProducts(products, "price-asc"))).toEqual([
      "clariti 1 day 30 pack",
      "acuvue Oasys 12 pack",
      "Acuvue Oasys 6 pack",
      "Biofinity 6 pack",
      "Lens without a price",
    ]);
    expect(names(sortProducts(products, "price-desc"))).toEqual([
      "Biofinity 6 pack",
      "acuvue Oasys 12 pack",
      "Acuvue Oasys 6 pack",
      "clariti 1 day 30 pack",
      "Lens without a price",
    ]);
  });

  it("sorts by name whatever the case, numbers in number order", () => {
    expect(names(sortProducts(products, "name-asc"))).toEqual([
      "Acuvue Oasys 6 pack",
      "acuvue Oasys 12 pack",
      "Biofinity 6 pack",
      "clariti 1 day 30 pack",
      "Lens without a price",
    ]);
    expect(names(sortProducts(products, "name-desc"))).toEqual([
      "Lens without a price",
      "clariti 1 day 30 pack",
      "Biofinity 6 pack",
      "acuvue Oasys 12 pack",
      "Acuvue Oasys 6 pack",
    ]);
  });
});

describe("list links", () => {
  it("carry the sort, except the default one", () => {
    expect(listHref("/lenses/daily-disposables", "price-asc")).toBe("/lenses/daily-disposables?sort=price-asc");
    expect(listHref("/lenses", "featured")).toBe("/lenses");
  });

  it("name every lens-type facet with the flyout's words, and the whole list 'View all'", () => {
    expect(LENS_TYPE_FACET_LINKS.map((link) => link.facet)).toEqual([...LENS_TYPE_FACETS, null]);
    expect(LENS_TYPE_FACET_LINKS.at(-1)).toEqual({ text: "View all", path: "/lenses", facet: null });
    expect(lensTypeName("toric-astigmatism")).toBe("Toric & astigmatism");
    expect(lensTypeName("color")).toBe("Colors");
  });

  it("count products in words", () => {
    expect(productCount(0)).toBe("0 products");
    expect(productCount(1)).toBe("1 product");
    expect(productCount(30)).toBe("30 products");
  });
});
