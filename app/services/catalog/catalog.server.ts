import { and, asc, eq } from "drizzle-orm";
import { PRICE_BOOKS, PRODUCT_TYPE, type PriceBook } from "~/models/catalog";
import { isLensParameterName, LENS_PARAMETER_LABELS, parameterKey, type LensParameter } from "~/models/lens-parameters";
import type { Database } from "../db/client.server";
import { brands, productParameterOptions, productParameters, productPrices, products, skus } from "../db/schema";

export { PRODUCT_TYPE };

export function productPath(product: { productType: number; vanityUrl: string }): string {
  return product.productType === PRODUCT_TYPE.solution
    ? `/contact-lens-solution/${product.vanityUrl}`
    : `/lens/${product.vanityUrl}`;
}

const summaryColumns = {
  id: products.id,
  vanityUrl: products.vanityUrl,
  productType: products.productType,
  displayName: products.displayName,
  displayNameSubHeading: products.displayNameSubHeading,
  brandName: brands.name,
  brandSlug: brands.slug,
  manufacturerName: brands.manufacturerName,
  categories: products.categories,
  description: products.description,
  specifications: products.specifications,
  imageUrl: products.imageUrl,
  descriptorPackSize: products.descriptorPackSize,
  wearTimeDays: products.wearTimeDays,
  quantityPerPackage: products.quantityPerPackage,
  maximumQuantity: products.maximumQuantity,
  allowsAutoReorder: products.allowsAutoReorder,
  isPrivateLabel: products.isPrivateLabel,
  isHidden: products.isHidden,
  discontinuedInCatalog: products.discontinuedInCatalog,
};

/** The join to a product's price row in a price book (`leftJoin(productPrices, priceInBook(…))`). */
export function priceInBook(priceBook: PriceBook) {
  return and(eq(productPrices.productId, products.id), eq(productPrices.priceBook, priceBook));
}

export async function findProductById(db: Database, productId: number) {
  const [row] = await db
    .select(summaryColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, productId));
  return row ?? null;
}

/** A product's parameters with their options, in display order (spec: GET api/catalog/{id}/parameters). */
export async function productParametersOf(db: Database, productId: number): Promise<LensParameter[]> {
  const [parameterRows, optionRows] = await Promise.all([
    db
      .select()
      .from(productParameters)
      .where(eq(productParameters.productId, productId))
      .orderBy(asc(productParameters.position)),
    db
      .select()
      .from(productParameterOptions)
      .where(eq(productParameterOptions.productId, productId))
      .orderBy(asc(productParameterOptions.position)),
  ]);
  return parameterRows
    .filter((row) => isLensParameterName(row.name))
    .map((row) => {
      const name = row.name as keyof typeof LENS_PARAMETER_LABELS;
      return {
        name,
        displayName: LENS_PARAMETER_LABELS[name],
        options: optionRows
          .filter((option) => option.parameterName === row.name)
          .map((option) => ({ value: option.value, label: option.label })),
      };
    });
}

export async function priceOf(db: Database, productId: number, priceBook: PriceBook): Promise<number | null> {
  const [row] = await db
    .select({ unitPriceCents: productPrices.unitPriceCents })
    .from(productPrices)
    .where(and(eq(productPrices.productId, productId), eq(productPrices.priceBook, priceBook)));
  return row?.unitPriceCents ?? null;
}

/** The product's unit price in every price book it has one in (spec: GET api/catalog/{id}/pricing). */
export async function pricesByBook(
  db: Database,
  productId: number,
): Promise<Array<{ priceBook: PriceBook; unitPriceCents: number }>> {
  const rows = await db
    .select({ priceBook: productPrices.priceBook, unitPriceCents: productPrices.unitPriceCents })
    .from(productPrices)
    .where(eq(productPrices.productId, productId));
  return PRICE_BOOKS.flatMap((book) =>
    rows.filter((row) => row.priceBook === book).map((row) => ({ ...row, priceBook: book })),
  );
}

/** Everything a product page shows: the product, its price in the shopper's book and its parameters. */
export async function findProductDetail(
  db: Database,
  lookup: { productType: number; vanityUrl: string } | { productId: number },
  priceBook: PriceBook,
) {
  const where =
    "productId" in lookup
      ? eq(products.id, lookup.productId)
      : and(eq(products.vanityUrl, lookup.vanityUrl), eq(products.productType, lookup.productType));
  const [row] = await db
    .select({ ...summaryColumns, unitPriceCents: productPrices.unitPriceCents })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productPrices, priceInBook(priceBook))
    .where(where);
  if (!row) return null;
  const parameters = await productParametersOf(db, row.id);
  return { ...row, parameters };
}
export type ProductDetail = NonNullable<Awaited<ReturnType<typeof findProductDetail>>>;

/** The SKU a set of parameters resolves to (spec: GET api/catalog/{id}/match), or null when none is made. */
export async function matchSku(db: Database, productId: number, parameters: Readonly<Record<string, string>>) {
  const [row] = await db
    .select({ upc: skus.upc, isActive: skus.isActive, stockQuantity: skus.stockQuantity })
    .from(skus)
    .where(and(eq(skus.productId, productId), eq(skus.parameterKey, parameterKey(parameters))));
  return row ?? null;
}

export async function findSkuByUpc(db: Database, upc: string) {
  const [row] = await db
    .select({
      upc: skus.upc,
      productId: skus.productId,
      parameters: skus.parameters,
      isActive: skus.isActive,
      stockQuantity: skus.stockQuantity,
      discontinuedInCatalog: products.discontinuedInCatalog,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(skus.upc, upc));
  return row ?? null;
}

/** Products that have a public page: not hidden, not discontinued. */
export async function listPublicProducts(db: Database) {
  return db
    .select({
      productType: products.productType,
      vanityUrl: products.vanityUrl,
      categories: products.categories,
      brandSlug: brands.slug,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.isHidden, false), eq(products.discontinuedInCatalog, false)))
    .orderBy(asc(products.ordinal));
}

/** The catalog for a price book (spec: GET api/catalog?pricebook=): every product with a public page. */
export async function listCatalog(db: Database, priceBook: PriceBook, productType?: number) {
  return db
    .select({
      productId: products.id,
      vanityUrl: products.vanityUrl,
      productType: products.productType,
      displayName: products.displayName,
      brand: brands.name,
      brandSlug: brands.slug,
      categories: products.categories,
      imageUrl: products.imageUrl,
      unitPriceCents: productPrices.unitPriceCents,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productPrices, priceInBook(priceBook))
    .where(
      and(
        eq(products.isHidden, false),
        eq(products.discontinuedInCatalog, false),
        productType ? eq(products.productType, productType) : undefined,
      ),
    )
    .orderBy(asc(products.ordinal));
}

/** Visible products for a list page, optionally narrowed to a lens type or a brand slug. */
export async function listProductTiles(
  db: Database,
  priceBook: PriceBook,
  filter: { productType: number; category?: string; brandSlug?: string },
) {
  const rows = await listCatalog(db, priceBook, filter.productType);
  return rows
    .filter((row) => !filter.category || row.categories.includes(filter.category))
    .filter((row) => !filter.brandSlug || row.brandSlug === filter.brandSlug)
    .map((row) => ({
      id: row.productId,
      href: productPath(row),
      name: row.displayName,
      brand: row.brand,
      brandSlug: row.brandSlug,
      imageUrl: row.imageUrl,
      price: row.unitPriceCents,
    }));
}

export async function findProductImage(db: Database, vanityUrl: string) {
  const [row] = await db
    .select({
      displayName: products.displayName,
      brandName: brands.name,
      descriptorPackSize: products.descriptorPackSize,
      imageColors: products.imageColors,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.vanityUrl, vanityUrl));
  return row ?? null;
}

/** The brands with a lens on sale (visible, not discontinued), by name: the lens list's brand facets. */
export async function listLensBrands(db: Database): Promise<Array<{ slug: string; name: string }>> {
  const rows = await db
    .selectDistinct({ slug: brands.slug, name: brands.name })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      and(
        eq(products.productType, PRODUCT_TYPE.lens),
        eq(products.isHidden, false),
        eq(products.discontinuedInCatalog, false),
      ),
    );
  // By name as people read it ("clariti" among the Cs).
  return rows.sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}

export async function listBrandSlugs(db: Database): Promise<string[]> {
  const rows = await db.select({ slug: brands.slug }).from(brands).orderBy(asc(brands.slug));
  return rows.map((row) => row.slug);
}
