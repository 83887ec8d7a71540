import { and, asc, eq } from "drizzle-orm";
import { productKind } from "~/models/catalog";
import { brandRebateOffers, type BrandRebateOffer, type RebateProduct } from "~/models/rebates";
import { activePromotions } from "./promotions.server";
import { together, type Executor } from "../db/client.server";
import { brands, products } from "../db/schema";
import type { Logger } from "../platform/logger.server";
import { productPath } from "../catalog/catalog.server";

export interface BrandRebatesPage {
  brand: { slug: string; name: string; manufacturerName: string };
  offers: BrandRebateOffer[];
  /** The other brands with a rebate running now, by name. */
  otherBrands: Array<{ slug: string; name: string }>;
}

/**
 * A brand's rebates page (/rebates/{brand}): the rebates its lenses earn now and the other brands that have one;
 * null for an unknown brand. Every product with a public page counts (not hidden, not discontinued).
 */
export async function brandRebatesPage(
  db: Executor,
  slug: string,
  now: Date,
  logger?: Logger,
): Promise<BrandRebatesPage | null> {
  const [brand] = await db
    .select({ slug: brands.slug, name: brands.name, manufacturerName: brands.manufacturerName })
    .from(brands)
    .where(eq(brands.slug, slug));
  if (!brand) return null;
  const [running, rows] = await together(db, [
    () => activePromotions(db, now, logger),
    () =>
      db
        .select({
          productId: products.id,
          productType: products.productType,
          vanityUrl: products.vanityUrl,
          name: products.displayName,
          brandSlug: brands.slug,
          brandName: brands.name,
        })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(and(eq(products.isHidden, false), eq(products.discontinuedInCatalog, false)))
        .orderBy(asc(products.ordinal), asc(products.id)),
  ]);
  const byBrand = new Map<string, { name: string; products: RebateProduct[] }>();
  for (const row of rows) {
    const entry = byBrand.get(row.brandSlug) ?? { name: row.brandName, products: [] };
    entry.products.push({
      productId: row.productId,
      brandSlug: row.brandSlug,
      productType: productKind(row.productType),
      name: row.name,
      href: productPath(row),
    });
    byBrand.set(row.brandSlug, entry);
  }
  const offersOf = (brandSlug: string) => brandRebateOffers(running, byBrand.get(brandSlug)?.products ?? [], now);
  return {
    brand,
    offers: offersOf(brand.slug),
    otherBrands: [...byBrand]
      .filter(([other]) => other !== brand.slug && offersOf(other).length > 0)
      .map(([other, entry]) => ({ slug: other, name: entry.name }))
      .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" })),
  };
}
