import { LENS_TYPE_FACET_LINKS } from "./product-list";

/**
 * Product search (spec 3): the search item, the Fuse.js settings and the drop rule. Pure: the service
 * (services/catalog/search.server.ts) feeds these to Fuse.js; docs/decisions/0008-product-search.md says which setting
 * applies where.
 */

/** The spec's product search item: what the index holds for each product. */
export interface ProductSearchItem {
  displayName: string;
  displayNameSubHeading: string;
  brand: string;
  manufacturerName: string;
  categories: string[];
  searchTerms: string[];
  descriptorPackSize: string;
  discontinuedInCatalog: boolean;
  ordinal: number;
}

/** Fuse.js threshold (0 = exact, 1 = anything): standard, and "simple" for the more forgiving second pass. */
export const SEARCH_THRESHOLD = { standard: 0.5, simple: 0.6 } as const;

/** Fuse.js minimum match length: standard for the results page, "restrictive" for as-you-type suggestions. */
export const SEARCH_MIN_MATCH_CHAR_LENGTH = { standard: 2, restrictive: 3 } as const;

/** Key weights (spec: between 0.7 and 0.9): the product's own name counts most, pack size and categories least. */
export const SEARCH_KEY_WEIGHTS = {
  displayName: 0.9,
  brand: 0.85,
  searchTerms: 0.8,
  manufacturerName: 0.75,
  categories: 0.7,
  descriptorPackSize: 0.7,
} as const satisfies Partial<Record<keyof ProductSearchItem, number>>;

/** Spec: results whose score is this much or more above the best score are dropped. */
export const SEARCH_SCORE_DROP_DISTANCE = 0.035;

/** Scores equal to this many decimal places are a tie; ties keep catalog order (`ordinal`). */
export const SEARCH_SCORE_TIE_DECIMALS = 3;

/** Longest query we search for; the header input has the same maxLength. */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** At most this many as-you-type suggestions. */
export const SEARCH_SUGGESTION_LIMIT = 8;

/** The in-process index is rebuilt when older than this (the catalog changes rarely). */
export const SEARCH_INDEX_MAX_AGE_MS = 5 * 60 * 1000;

/** The results page's modes: "page" for /search, "suggest" for the header's suggestions. */
export type SearchMode = "page" | "suggest";

/** The Fuse.js settings of one pass. */
export interface SearchPass {
  threshold: number;
  minMatchCharLength: number;
}

/**
 * The passes a mode runs, in order; the next runs only when the one before found nothing. Both modes try the
 * standard threshold first, then the simple one; suggestions need 3 matching characters, the page 2.
 */
export function searchPasses(mode: SearchMode): SearchPass[] {
  const minMatchCharLength =
    mode === "suggest" ? SEARCH_MIN_MATCH_CHAR_LENGTH.restrictive : SEARCH_MIN_MATCH_CHAR_LENGTH.standard;
  return [
    { threshold: SEARCH_THRESHOLD.standard, minMatchCharLength },
    { threshold: SEARCH_THRESHOLD.simple, minMatchCharLength },
  ];
}

// Control characters other than whitespace (tab, line feed, ... are whitespace and are collapsed).
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000e-\u001f\u007f]/g;

/** Trims, collapses whitespace, drops control characters and caps the length; an empty query is null. */
export function normalizeSearchQuery(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  const normalized = raw
    .replace(CONTROL_CHARACTERS, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SEARCH_QUERY_MAX_LENGTH)
    .trimEnd();
  return normalized.length > 0 ? normalized : null;
}

/**
 * Spec: drops results whose score is SEARCH_SCORE_DROP_DISTANCE or more above the best (Fuse.js: 0 is a perfect
 * match, so the best is the lowest). The rule is there to cut weak fuzzy matches, so a result that contains the
 * query's words (`wordMatch`, see containsQueryWords) is always kept, however far its score. Keeps the order it was
 * given.
 */
export function dropDistantResults<T extends { score: number; wordMatch?: boolean }>(results: readonly T[]): T[] {
  if (results.length === 0) return [];
  const best = Math.min(...results.map((result) => result.score));
  return results.filter((result) => result.wordMatch === true || result.score < best + SEARCH_SCORE_DROP_DISTANCE);
}

/** Lower-case words: runs of letters and digits ("1-Day Acuvue" → 1, day, acuvue; "toric-astigmatism" → 2). */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The lens types' names shoppers read in the menu (spec 2.6), by category: "Toric & astigmatism", "Colors". */
const LENS_TYPE_NAMES = new Map(LENS_TYPE_FACET_LINKS.map((link) => [link.facet, link.text]));

/**
 * The words a product is known by for the word rule: its name, its categories (lens types, e.g.
 * "multifocal-bifocal"), their menu names (e.g. "Colors") and its search terms. Brand and pack size are left to
 * the fuzzy match: a brand is in the name anyway, and "pack" or "30" would keep everything.
 */
export function productSearchWords(item: Pick<ProductSearchItem, "displayName" | "categories" | "searchTerms">) {
  const texts = [
    item.displayName,
    ...item.categories,
    ...item.categories.map((category) => LENS_TYPE_NAMES.get(category) ?? ""),
    ...item.searchTerms,
  ];
  return [...new Set(texts.flatMap(searchWords))];
}

/**
 * The word rule: true when every word of the query is one of the product's words or the start of one
 * ("astigmatism" in "toric-astigmatism", "multi" in "multifocal"), case-insensitive. A query needs one word at
 * least `minMatchCharLength` long (the pass's Fuse.js setting), so one or two letters don't keep the catalog.
 */
export function containsQueryWords(
  productWords: readonly string[],
  query: string,
  minMatchCharLength: number,
): boolean {
  const queryWords = searchWords(query);
  if (!queryWords.some((word) => word.length >= minMatchCharLength)) return false;
  return queryWords.every((word) => productWords.some((productWord) => productWord.startsWith(word)));
}

/** Best score first; a tie (equal to SEARCH_SCORE_TIE_DECIMALS places) goes to the lower `ordinal`. */
export function compareSearchResults(a: { score: number; ordinal: number }, b: { score: number; ordinal: number }) {
  const factor = 10 ** SEARCH_SCORE_TIE_DECIMALS;
  return Math.round(a.score * factor) - Math.round(b.score * factor) || a.ordinal - b.ordinal;
}

/** /search/{facet}: narrows the results to one product type, named like the list pages. */
export const SEARCH_FACETS = { lenses: "lens", "contact-lens-solution": "solution" } as const;
export type SearchFacet = keyof typeof SEARCH_FACETS;

export function isSearchFacet(value: string): value is SearchFacet {
  return Object.hasOwn(SEARCH_FACETS, value);
}

/** One as-you-type suggestion, as the resource route sends it and the header shows it. */
export interface SearchSuggestion {
  name: string;
  brand: string;
  href: string;
  imageUrl: string;
}

export interface SearchSuggestionsResponse {
  query: string;
  suggestions: SearchSuggestion[];
}
