import { eq, inArray } from "drizzle-orm";
import Fuse, { type FuseIndex } from "fuse.js";
import type { PriceBook } from "~/models/catalog";
import {
  compareSearchResults,
  containsQueryWords,
  dropDistantResults,
  normalizeSearchQuery,
  productSearchWords,
  SEARCH_INDEX_MAX_AGE_MS,
  SEARCH_KEY_WEIGHTS,
  searchPasses,
  type ProductSearchItem,
  type SearchMode,
  type SearchPass,
} from "~/models/search";
import { PRODUCT_TYPE, productPath } from "./catalog.server";
import type { Database } from "../db/client.server";
import { brands, productPrices, products } from "../db/schema";

/**
 * Fuzzy product search over an in-process Fuse.js index of the visible catalog. The index is built from the
 * database on first use and rebuilt once it is older than SEARCH_INDEX_MAX_AGE_MS; the catalog changes rarely and
 * holds well under a thousand products, so one build is one small query.
 */

/** What the index holds per product: the spec's search item plus what a result tile needs. */
export interface IndexedProduct extends ProductSearchItem {
  id: number;
  vanityUrl: string;
  productType: number;
  imageUrl: string;
  /** Price of one box in cents, per price book. */
  prices: Partial<Record<PriceBook, number>>;
}

/** A search result, shaped like a ProductTile's data. */
export interface ProductSearchResult {
  id: number;
  href: string;
  name: string;
  brand: string;
  imageUrl: string;
  /** Price of one box in the shopper's price book, in cents; null when the product has none there. */
  price: number | null;
}

export interface SearchIndex {
  builtAt: number;
  items: IndexedProduct[];
  index: FuseIndex<IndexedProduct>;
  /** Each item's words for the word rule (productSearchWords), by item. */
  words: Map<IndexedProduct, string[]>;
  /** One Fuse instance per pass's settings, sharing the index. */
  searchers: Map<string, Fuse<IndexedProduct>>;
}

const KEYS = Object.entries(SEARCH_KEY_WEIGHTS).map(([name, weight]) => ({ name, weight }));

const indexes = new WeakMap<Database, { builtAt: number; promise: Promise<SearchIndex> }>();

/** The database's search index, building it when there is none or it is older than SEARCH_INDEX_MAX_AGE_MS. */
export function getSearchIndex(db: Database, now: number = Date.now()): Promise<SearchIndex> {
  const cached = indexes.get(db);
  if (cached && now - cached.builtAt < SEARCH_INDEX_MAX_AGE_MS) return cached.promise;
  const promise = buildSearchIndex(db, now);
  indexes.set(db, { builtAt: now, promise });
  // A failed build is not kept: the next search tries again.
  promise.catch(() => {
    if (indexes.get(db)?.promise === promise) indexes.delete(db);
  });
  return promise;
}

async function buildSearchIndex(db: Database, builtAt: number): Promise<SearchIndex> {
  const rows = await db
    .select({
      id: products.id,
      vanityUrl: products.vanityUrl,
      productType: products.productType,
      imageUrl: products.imageUrl,
      displayName: products.displayName,
      displayNameSubHeading: products.displayNameSubHeading,
      brand: brands.name,
      manufacturerName: brands.manufacturerName,
      categories: products.categories,
      searchTerms: products.searchTerms,
      descriptorPackSize: products.descriptorPackSize,
      discontinuedInCatalog: products.discontinuedInCatalog,
      ordinal: products.ordinal,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.isHidden, false));
  const prices =
    rows.length === 0
      ? []
      : await db
          .select({
            productId: productPrices.productId,
            priceBook: productPrices.priceBook,
            unitPriceCents: productPrices.unitPriceCents,
          })
          .from(productPrices)
          .where(
            inArray(
              productPrices.productId,
              rows.map((row) => row.id),
            ),
          );
  const pricesByProduct = new Map<number, IndexedProduct["prices"]>();
  for (const price of prices) {
    const book = pricesByProduct.get(price.productId) ?? {};
    book[price.priceBook as PriceBook] = price.unitPriceCents;
    pricesByProduct.set(price.productId, book);
  }
  const items: IndexedProduct[] = rows.map((row) => ({ ...row, prices: pricesByProduct.get(row.id) ?? {} }));
  return createSearchIndex(items, builtAt);
}

/** The index over the given products (no I/O: the unit tests build it from the seed catalog). */
export function createSearchIndex(items: IndexedProduct[], builtAt: number = Date.now()): SearchIndex {
  return {
    builtAt,
    items,
    index: Fuse.createIndex(KEYS, items),
    words: new Map(items.map((item) => [item, productSearchWords(item)])),
    searchers: new Map(),
  };
}

function searcherFor(searchIndex: SearchIndex, pass: SearchPass): Fuse<IndexedProduct> {
  const key = `${pass.threshold}:${pass.minMatchCharLength}`;
  let searcher = searchIndex.searchers.get(key);
  if (!searcher) {
    searcher = new Fuse(
      searchIndex.items,
      {
        keys: KEYS,
        includeScore: true,
        shouldSort: false,
        // Fuse's defaults otherwise (location 0, distance 100): the spec's drop distance is measured on them.
        threshold: pass.threshold,
        minMatchCharLength: pass.minMatchCharLength,
      },
      searchIndex.index,
    );
    searchIndex.searchers.set(key, searcher);
  }
  return searcher;
}

/** What Fuse.js finds for a query in one pass, before any filter or the drop rule; 0 is a perfect score. */
export function fuzzyMatches(searchIndex: SearchIndex, normalizedQuery: string, pass: SearchPass) {
  return searcherFor(searchIndex, pass)
    .search(normalizedQuery)
    .map(({ item, score }) => ({ item, score: score ?? 1 }));
}

export interface SearchOptions {
  mode: SearchMode;
  /** At most this many results (after the drop rule). */
  limit?: number;
  /** Only lenses or only solutions. */
  productType?: "lens" | "solution";
  /** Discontinued products too (the brand finder: a shopper whose lens is no longer made looks for a new one). */
  includeDiscontinued?: boolean;
}

/**
 * Products matching the query, best first, priced in the shopper's price book. Discontinued products never
 * appear; results far from the best are dropped (spec), unless they contain the query's words; ties keep catalog
 * order.
 */
export async function searchProducts(
  db: Database,
  query: string | null,
  priceBook: PriceBook,
  options: SearchOptions,
): Promise<ProductSearchResult[]> {
  const normalized = normalizeSearchQuery(query);
  if (!normalized) return [];
  const searchIndex = await getSearchIndex(db);
  return searchIndexedProducts(searchIndex, normalized, options).map((item) => toResult(item, priceBook));
}

/**
 * The ranking behind searchProducts, on a built index and a normalized query. A pass's results are Fuse's
 * matches plus every product that contains the query's words (decision 8: the word rule), even one Fuse scored
 * too far off or missed (a lens type's menu name is not a Fuse key).
 */
export function searchIndexedProducts(
  searchIndex: SearchIndex,
  normalizedQuery: string,
  options: SearchOptions,
): IndexedProduct[] {
  const productType = options.productType ? PRODUCT_TYPE[options.productType] : undefined;
  const shown = (item: IndexedProduct) =>
    (options.includeDiscontinued === true || !item.discontinuedInCatalog) &&
    (productType === undefined || item.productType === productType);
  const hasQueryWords = (item: IndexedProduct, pass: SearchPass) =>
    containsQueryWords(searchIndex.words.get(item) ?? [], normalizedQuery, pass.minMatchCharLength);

  for (const pass of searchPasses(options.mode)) {
    const fuzzy = fuzzyMatches(searchIndex, normalizedQuery, pass)
      .filter(({ item }) => shown(item))
      .map(({ item, score }) => ({ item, score, ordinal: item.ordinal, wordMatch: hasQueryWords(item, pass) }));
    const found = new Set(fuzzy.map(({ item }) => item));
    // Word matches Fuse did not find rank after every fuzzy match (the worst Fuse score is 1).
    const wordOnly = searchIndex.items
      .filter((item) => !found.has(item) && shown(item) && hasQueryWords(item, pass))
      .map((item) => ({ item, score: 1, ordinal: item.ordinal, wordMatch: true }));
    const matches = [...fuzzy, ...wordOnly];
    if (matches.length === 0) continue;
    const ranked = dropDistantResults(matches).sort(compareSearchResults);
    return ranked.slice(0, options.limit ?? ranked.length).map(({ item }) => item);
  }
  return [];
}

function toResult(item: IndexedProduct, priceBook: PriceBook): ProductSearchResult {
  return {
    id: item.id,
    href: productPath(item),
    name: item.displayName,
    brand: item.brand,
    imageUrl: item.imageUrl,
    price: item.prices[priceBook] ?? null,
  };
}
