import { and, asc, eq, inArray, or } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { brandFinderRedirect } from "~/models/brand-finder";
import {
  findBrandMatches,
  type BrandFinderResult,
  type EyeParameters,
  type FinderLens,
} from "~/models/brand-finder-match";
import { PRODUCT_TYPE, type PriceBook } from "~/models/catalog";
import { isLensParameterName, LENS_PARAMETER_LABELS, parameterKey, type LensParameter } from "~/models/lens-parameters";
import { productIdFrom } from "~/models/brand-finder-query";
import { normalizeSearchQuery } from "~/models/search";
import type { Database } from "../db/client.server";
import { priceInBook } from "./catalog.server";
import { brands, productParameterOptions, productParameters, productPrices, products, skus } from "../db/schema";
import { servicesContext, visitorContext } from "../platform/context.server";
import { getSearchIndex, searchIndexedProducts } from "./search.server";

/**
 * Find my perfect brand: the catalog reading behind the pure model (models/brand-finder-match.ts). Everything is
 * read per request from the URL's lens and parameters; nothing is stored (the link is the state).
 */

const lensColumns = {
  id: products.id,
  vanityUrl: products.vanityUrl,
  displayName: products.displayName,
  brandName: brands.name,
  descriptorPackSize: products.descriptorPackSize,
  wearTimeDays: products.wearTimeDays,
  quantityPerPackage: products.quantityPerPackage,
  specifications: products.specifications,
  categories: products.categories,
  imageUrl: products.imageUrl,
  discontinuedInCatalog: products.discontinuedInCatalog,
  unitPriceCents: productPrices.unitPriceCents,
};

export type FinderCatalogLens = FinderLens & { categories: string[]; imageUrl: string; discontinuedInCatalog: boolean };

/**
 * The start of the finder steps that take the lens by `productId` (parameters, calculating, ineligible): the step's
 * redirect (spec 2.1, thrown), then the current lens with the request's db and price book, or, when there is none,
 * the status to answer with (400 without a productId, 404 for an unknown one).
 */
export async function brandFinderStepLens(
  step: "parameters" | "calculating" | "ineligible",
  url: URL,
  context: Readonly<RouterContextProvider>,
): Promise<
  | { lens: FinderCatalogLens; db: Database; priceBook: PriceBook }
  | { lens: null; db: Database; priceBook: PriceBook; status: 400 | 404 }
> {
  const target = brandFinderRedirect(step, url.searchParams);
  if (target) throw redirect(target);
  const { db } = context.get(servicesContext);
  const { priceBook } = context.get(visitorContext);
  const productId = productIdFrom(url.searchParams);
  const lens = productId === null ? null : await findCurrentLens(db, { productId }, priceBook);
  if (!lens) return { lens: null, db, priceBook, status: productId === null ? 400 : 404 };
  return { lens, db, priceBook };
}

/** Lenses with their brand and their price in the shopper's price book (the finder's columns), to filter. */
const lensesPriced = (db: Database, priceBook: PriceBook) =>
  db
    .select(lensColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productPrices, priceInBook(priceBook));

/**
 * The shopper's current lens, by productId or by its vanity URL (the results slug): any lens with a public page,
 * discontinued ones included (finding a new brand for a lens no longer made is what the finder is for).
 */
export async function findCurrentLens(
  db: Database,
  lookup: { productId: number } | { vanityUrl: string },
  priceBook: PriceBook,
): Promise<FinderCatalogLens | null> {
  const [row] = await lensesPriced(db, priceBook).where(
    and(
      "productId" in lookup ? eq(products.id, lookup.productId) : eq(products.vanityUrl, lookup.vanityUrl),
      eq(products.productType, PRODUCT_TYPE.lens),
      eq(products.isHidden, false),
    ),
  );
  if (!row) return null;
  const parameters = await parametersByProduct(db, [row.id]);
  return { ...row, parameters: parameters.get(row.id) ?? [] };
}

/** The lenses on sale (visible, not discontinued) with a replacement schedule, with their parameters. */
export async function listCandidateLenses(
  db: Database,
  wearTimeDays: number,
  priceBook: PriceBook,
): Promise<FinderCatalogLens[]> {
  const rows = await lensesPriced(db, priceBook)
    .where(
      and(
        eq(products.productType, PRODUCT_TYPE.lens),
        eq(products.isHidden, false),
        eq(products.discontinuedInCatalog, false),
        eq(products.wearTimeDays, wearTimeDays),
      ),
    )
    .orderBy(asc(products.ordinal));
  const parameters = await parametersByProduct(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, parameters: parameters.get(row.id) ?? [] }));
}

async function parametersByProduct(db: Database, productIds: number[]): Promise<Map<number, LensParameter[]>> {
  const result = new Map<number, LensParameter[]>();
  if (productIds.length === 0) return result;
  const [parameterRows, optionRows] = await Promise.all([
    db
      .select()
      .from(productParameters)
      .where(inArray(productParameters.productId, productIds))
      .orderBy(asc(productParameters.productId), asc(productParameters.position)),
    db
      .select()
      .from(productParameterOptions)
      .where(inArray(productParameterOptions.productId, productIds))
      .orderBy(asc(productParameterOptions.position)),
  ]);
  const options = new Map<string, Array<{ value: string; label: string }>>();
  for (const option of optionRows) {
    const key = `${option.productId}:${option.parameterName}`;
    const list = options.get(key) ?? [];
    list.push({ value: option.value, label: option.label });
    options.set(key, list);
  }
  for (const row of parameterRows) {
    if (!isLensParameterName(row.name)) continue;
    const list = result.get(row.productId) ?? [];
    list.push({
      name: row.name,
      displayName: LENS_PARAMETER_LABELS[row.name],
      options: options.get(`${row.productId}:${row.name}`) ?? [],
    });
    result.set(row.productId, list);
  }
  return result;
}

/**
 * The ranked matches for the shopper's lens and parameters. The model decides from the products' options; a match
 * whose per-eye values have no active SKU (a combination the maker does not produce) is dropped here.
 */
export async function findBrandMatchesFor(
  db: Database,
  current: FinderLens,
  eyes: readonly EyeParameters[],
  priceBook: PriceBook,
): Promise<BrandFinderResult> {
  const catalog = await listCandidateLenses(db, current.wearTimeDays, priceBook);
  const result = findBrandMatches(current, eyes, catalog);
  const wanted = result.matches.flatMap((match) =>
    match.eyes.map((eye) => ({ productId: match.lens.id, key: parameterKey(eye.parameters) })),
  );
  if (wanted.length === 0) return result;
  const made = await db
    .select({ productId: skus.productId, key: skus.parameterKey })
    .from(skus)
    .where(
      and(
        eq(skus.isActive, true),
        or(...wanted.map((sku) => and(eq(skus.productId, sku.productId), eq(skus.parameterKey, sku.key)))),
      ),
    );
  const madeKeys = new Set(made.map((sku) => `${sku.productId}|${sku.key}`));
  return {
    ...result,
    matches: result.matches.filter((match) =>
      match.eyes.every((eye) => madeKeys.has(`${match.lens.id}|${parameterKey(eye.parameters)}`)),
    ),
  };
}

/** The finder's search step: lenses by name, discontinued ones included (marked), at most `limit`. */
export async function searchCurrentLens(db: Database, query: string | null, limit = 12) {
  const normalized = normalizeSearchQuery(query);
  if (!normalized) return [];
  const index = await getSearchIndex(db);
  return searchIndexedProducts(index, normalized, {
    mode: "page",
    productType: "lens",
    includeDiscontinued: true,
    limit,
  }).map((item) => ({
    id: item.id,
    name: item.displayName,
    brand: item.brand,
    imageUrl: item.imageUrl,
    discontinued: item.discontinuedInCatalog,
  }));
}
