import { and, asc, eq } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { brands, productPrices, products } from "./db/schema";

/** Product types as stored (spec: lens = 1, solution = 2). */
export const PRODUCT_TYPE = { lens: 1, solution: 2 } as const;
export type PriceBook = "none" | "high" | "low";

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
  categories: products.categories,
  description: products.description,
  specifications: products.specifications,
  imageUrl: products.imageUrl,
  descriptorPackSize: products.descriptorPackSize,
  isHidden: products.isHidden,
  discontinuedInCatalog: products.discontinuedInCatalog,
};

export async function findProductById(db: Database, productId: number) {
  const [row] = await db
    .select(summaryColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, productId));
  return row ?? null;
}

/** A product page's product: by vanity URL and type; hidden products have no page. */
export async function findProductPage(db: Database, productType: number, vanityUrl: string, priceBook: PriceBook) {
  const [row] = await db
    .select({ ...summaryColumns, unitPriceCents: productPrices.unitPriceCents })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.priceBook, priceBook)))
    .where(and(eq(products.vanityUrl, vanityUrl), eq(products.productType, productType), eq(products.isHidden, false)));
  return row ?? null;
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

/** Visible lenses for a list page, optionally narrowed to a lens type or a brand slug. */
export async function listLenses(
  db: Database,
  priceBook: PriceBook,
  facet?: { category?: string; brandSlug?: string },
) {
  const rows = await db
    .select({
      id: products.id,
      vanityUrl: products.vanityUrl,
      productType: products.productType,
      displayName: products.displayName,
      brandName: brands.name,
      brandSlug: brands.slug,
      categories: products.categories,
      imageUrl: products.imageUrl,
      unitPriceCents: productPrices.unitPriceCents,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.priceBook, priceBook)))
    .where(
      and(
        eq(products.productType, PRODUCT_TYPE.lens),
        eq(products.isHidden, false),
        eq(products.discontinuedInCatalog, false),
        facet?.brandSlug ? eq(brands.slug, facet.brandSlug) : undefined,
      ),
    )
    .orderBy(asc(products.ordinal));
  return facet?.category ? rows.filter((row) => row.categories.includes(facet.category as string)) : rows;
}

export async function listBrandSlugs(db: Database): Promise<string[]> {
  const rows = await db.select({ slug: brands.slug }).from(brands).orderBy(asc(brands.slug));
  return rows.map((row) => row.slug);
}
