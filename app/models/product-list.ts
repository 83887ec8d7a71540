import type { LensTypeFacet } from "./catalog";
import { LENS_TYPE_LINKS } from "./shell-links";

/**
 * The lens list (/lenses/{facet}, spec: a product list with one optional facet segment): its facets and its sort.
 * Both live in the URL, so the server renders them and links and a GET form work without JavaScript.
 */

/** The sorts of a list, as `?sort=`; "featured" (catalog order) is the default and is left out of URLs. */
export const LIST_SORTS = [
  { value: "featured", label: "Featured" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "name-asc", label: "Name: A to Z" },
  { value: "name-desc", label: "Name: Z to A" },
] as const;
export type ListSort = (typeof LIST_SORTS)[number]["value"];
export const DEFAULT_LIST_SORT: ListSort = "featured";

/** The `sort` query value, or the default for a missing or unknown one (never an error: it is only an order). */
export function parseListSort(value: string | null | undefined): ListSort {
  return LIST_SORTS.find((sort) => sort.value === value)?.value ?? DEFAULT_LIST_SORT;
}

const NAMES = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * The products in the given sort. The input is in catalog order, which breaks every tie; a product without a
 * price in the shopper's price book comes last in both price sorts.
 */
export function sortProducts<T extends { name: string; price: number | null }>(products: readonly T[], sort: ListSort) {
  const byPrice = (direction: 1 | -1) => (a: T, b: T) =>
    a.price === null || b.price === null
      ? Number(a.price === null) - Number(b.price === null)
      : direction * (a.price - b.price);
  switch (sort) {
    case "featured":
      return [...products];
    case "price-asc":
      return [...products].sort(byPrice(1));
    case "price-desc":
      return [...products].sort(byPrice(-1));
    case "name-asc":
      return [...products].sort((a, b) => NAMES.compare(a.name, b.name));
    case "name-desc":
      return [...products].sort((a, b) => NAMES.compare(b.name, a.name));
  }
}

/** A list page's URL in a sort: the default sort adds nothing, so links to the plain list stay canonical. */
export function listHref(path: string, sort: ListSort): string {
  return sort === DEFAULT_LIST_SORT ? path : `${path}?sort=${sort}`;
}

/** "1 product", "30 products". */
export function productCount(count: number): string {
  return count === 1 ? "1 product" : `${count} products`;
}

export interface FacetLink {
  text: string;
  /** The list's path without the sort: /lenses or /lenses/{facet}. */
  path: string;
  /** The facet it selects; null for the whole list. */
  facet: string | null;
}

/** The lens-type facets with the flyout's words (spec 2.6), "View all" last for the whole list. */
export const LENS_TYPE_FACET_LINKS: readonly FacetLink[] = LENS_TYPE_LINKS.map((link) => {
  const facet = link.url.replace(/^\/lenses\/?/, "");
  return { text: link.text, path: link.url, facet: facet || null };
});

/** The lens type's words for a facet ("Toric & astigmatism"), if it is one. */
export function lensTypeName(facet: LensTypeFacet): string {
  return LENS_TYPE_FACET_LINKS.find((link) => link.facet === facet)?.text ?? facet;
}
