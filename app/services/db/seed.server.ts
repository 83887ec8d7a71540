import { createHash } from "node:crypto";
import { and, eq, getTableColumns, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "./client.server";
import { seedBrands, seedProducts } from "./seed/catalog-data.server";
import { makeUpc, parameterCombinations, parameterKey, stockFor } from "./seed/catalog-rows";
import { seedClinics } from "./seed/doctor-data.server";
import { seedPromotions } from "./seed/promotion-data.server";
import { seedReviewers, seedReviews } from "./seed/review-data.server";
import {
  appMeta,
  brands,
  clinics,
  coupons,
  customers,
  doctors,
  productParameterOptions,
  productParameters,
  productPrices,
  products,
  promotions,
  reviews,
  skus,
} from "./schema";
import { clearProcessCaches } from "./process-cache.server";

const SEED_VERSION_KEY = "demo_seed_version";

/** An upsert's `set` that takes the inserted row's value of each named column (Postgres's `excluded.<column>`). */
function proposedValues<T extends PgTable, K extends keyof T["_"]["columns"] & string>(
  table: T,
  names: readonly K[],
): Record<K, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    names.map((name) => [name, sql`excluded.${sql.identifier(columns[name]!.name)}`]),
  ) as Record<K, SQL>;
}
const BATCH = 1000;

/** A fingerprint of the demo data: the seed runs again only when the data (or this code's version) changes. */
export const DEMO_SEED_VERSION = createHash("sha256")
  .update(JSON.stringify({ v: 3, seedBrands, seedProducts, seedPromotions, seedClinics, seedReviewers, seedReviews }))
  .digest("hex")
  .slice(0, 16);

export async function isDemoSeedCurrent(db: Database): Promise<boolean> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SEED_VERSION_KEY));
  return row?.value === DEMO_SEED_VERSION;
}

export interface SeedResult {
  brands: number;
  products: number;
  skus: number;
  promotions: number;
  clinics: number;
  doctors: number;
}

/**
 * Writes the demo catalog. Idempotent: rows are upserted by their natural keys, parameter lists are replaced,
 * and SKUs that no longer exist are deactivated rather than deleted (orders may point at them).
 */
export async function seedDemoCatalog(db: Database): Promise<SeedResult> {
  const seededAt = new Date();
  let skuCount = 0;
  await db.transaction(async (tx) => {
    const brandRows = await tx
      .insert(brands)
      .values(
        seedBrands.map((brand) => ({ slug: brand.slug, name: brand.name, manufacturerName: brand.manufacturerName })),
      )
      .onConflictDoUpdate({
        target: brands.slug,
        set: { ...proposedValues(brands, ["name", "manufacturerName"]), updatedAt: seededAt },
      })
      .returning({ id: brands.id, slug: brands.slug });
    const brandIds = new Map(brandRows.map((row) => [row.slug, row.id]));

    for (const [ordinal, product] of seedProducts.entries()) {
      const brandId = brandIds.get(product.brandSlug);
      if (brandId === undefined)
        throw new Error(`product ${product.productId} names unknown brand ${product.brandSlug}`);
      const values = {
        id: product.productId,
        vanityUrl: product.vanityUrl,
        productType: product.productType === "lens" ? 1 : 2,
        displayName: product.displayName,
        displayNameSubHeading: product.displayNameSubHeading,
        brandId,
        categories: product.categories,
        searchTerms: product.searchTerms,
        descriptorPackSize: product.descriptorPackSize,
        wearTimeDays: product.wearTimeDays,
        quantityPerPackage: product.quantityPerPackage,
        maximumQuantity: product.maximumQuantity,
        description: product.description,
        specifications: product.specifications,
        imageUrl: `/images/products/${product.vanityUrl}.svg`,
        imageColors: product.imageColors,
        allowsAutoReorder: product.allowsAutoReorder,
        isPrivateLabel: product.isPrivateLabel ?? false,
        isHidden: product.isHidden ?? false,
        discontinuedInCatalog: product.discontinuedInCatalog ?? false,
        ordinal,
        updatedAt: seededAt,
      };
      const { id: _id, ...updatable } = values;
      await tx.insert(products).values(values).onConflictDoUpdate({ target: products.id, set: updatable });

      const prices = [
        { priceBook: "none", unitPriceCents: product.prices.control },
        { priceBook: "high", unitPriceCents: product.prices.high },
        { priceBook: "low", unitPriceCents: product.prices.low },
      ];
      await tx
        .insert(productPrices)
        .values(prices.map((price) => ({ productId: product.productId, ...price, updatedAt: seededAt })))
        .onConflictDoUpdate({
          target: [productPrices.productId, productPrices.priceBook],
          set: { ...proposedValues(productPrices, ["unitPriceCents"]), updatedAt: seededAt },
        });

      await tx.delete(productParameters).where(eq(productParameters.productId, product.productId));
      if (product.parameters.length > 0) {
        await tx.insert(productParameters).values(
          product.parameters.map((parameter, position) => ({
            productId: product.productId,
            name: parameter.name,
            position,
          })),
        );
        await tx.insert(productParameterOptions).values(
          product.parameters.flatMap((parameter) =>
            parameter.options.map((option, position) => ({
              productId: product.productId,
              parameterName: parameter.name,
              value: option.value,
              label: option.label,
              position,
            })),
          ),
        );
      }

      const skuRows = parameterCombinations(product).map((parameters, index) => {
        const upc = makeUpc(product.productId, index);
        return {
          upc,
          productId: product.productId,
          parameterKey: parameterKey(parameters),
          parameters,
          stockQuantity: stockFor(product.stock, upc),
          isActive: true,
          updatedAt: seededAt,
        };
      });
      for (let start = 0; start < skuRows.length; start += BATCH) {
        await tx
          .insert(skus)
          .values(skuRows.slice(start, start + BATCH))
          .onConflictDoUpdate({
            target: skus.upc,
            set: {
              ...proposedValues(skus, ["productId", "parameterKey", "parameters", "stockQuantity"]),
              isActive: true,
              updatedAt: seededAt,
            },
          });
      }
      await tx
        .update(skus)
        .set({ isActive: false })
        .where(and(eq(skus.productId, product.productId), lt(skus.updatedAt, seededAt)));
      skuCount += skuRows.length;
    }

    await seedDemoPromotions(tx, seededAt);
    await seedDoctorDirectory(tx, seededAt);
    await seedDemoReviews(tx, seededAt);
    await tx
      .insert(appMeta)
      .values({ key: SEED_VERSION_KEY, value: DEMO_SEED_VERSION })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: DEMO_SEED_VERSION, updatedAt: seededAt } });
  });
  // The promotions changed under this process's copy of them (decision 27).
  clearProcessCaches();
  return {
    brands: seedBrands.length,
    products: seedProducts.length,
    skus: skuCount,
    promotions: seedPromotions.length,
    clinics: seedClinics.length,
    doctors: seedClinics.reduce((sum, clinic) => sum + clinic.doctors.length, 0),
  };
}

/**
 * Upserts the demo eye-doctor directory by `seedKey`. Seeded rows the generator no longer makes are deleted
 * (groups that chose one lose the choice; orders keep their own copy of the doctor). Shoppers' doctors, which have
 * no seed key, are left alone.
 */
async function seedDoctorDirectory(tx: Transaction, seededAt: Date) {
  const clinicRows = await tx
    .insert(clinics)
    .values(seedClinics.map(({ doctors: _doctors, ...clinic }) => ({ ...clinic, updatedAt: seededAt })))
    .onConflictDoUpdate({
      target: clinics.seedKey,
      set: {
        ...proposedValues(clinics, [
          "name",
          "phone",
          "address1",
          "address2",
          "city",
          "state",
          "postalCode",
          "latitude",
          "longitude",
        ]),
        updatedAt: seededAt,
      },
    })
    .returning({ id: clinics.id, seedKey: clinics.seedKey });
  const clinicIds = new Map(clinicRows.map((row) => [row.seedKey, row.id]));
  const doctorRows = seedClinics.flatMap((clinic) =>
    clinic.doctors.map((doctor) => ({ ...doctor, clinicId: clinicIds.get(clinic.seedKey)!, updatedAt: seededAt })),
  );
  await tx
    .insert(doctors)
    .values(doctorRows)
    .onConflictDoUpdate({
      target: doctors.seedKey,
      set: {
        ...proposedValues(doctors, ["clinicId", "firstName", "lastName", "phone", "canUseForPassiveVerification"]),
        updatedAt: seededAt,
      },
    });
  await tx.delete(doctors).where(and(isNotNull(doctors.seedKey), lt(doctors.updatedAt, seededAt)));
  await tx.delete(clinics).where(and(isNotNull(clinics.seedKey), lt(clinics.updatedAt, seededAt)));
}

/** Upserts the demo promotions by key and their shared coupon codes by code (issued single-use codes stay). */
async function seedDemoPromotions(tx: Transaction, seededAt: Date) {
  for (const promotion of seedPromotions) {
    const values = {
      key: promotion.key,
      description: promotion.description,
      rewards: promotion.rewards,
      conditions: promotion.conditions,
      requiresCoupon: promotion.requiresCoupon ?? false,
      exclusive: promotion.exclusive ?? false,
      isPrivateLabelTrial: promotion.isPrivateLabelTrial ?? false,
      uniqueCouponName: promotion.uniqueCouponName ?? null,
      startsAt: new Date(promotion.startsAt),
      expiresAt: promotion.expiresAt ? new Date(promotion.expiresAt) : null,
      updatedAt: seededAt,
    };
    const { key: _key, ...updatable } = values;
    const [row] = await tx
      .insert(promotions)
      .values(values)
      .onConflictDoUpdate({ target: promotions.key, set: updatable })
      .returning({ id: promotions.id });
    for (const coupon of promotion.couponCodes ?? []) {
      await tx
        .insert(coupons)
        .values({ code: coupon.code, name: coupon.name, promotionId: row!.id, updatedAt: seededAt })
        .onConflictDoUpdate({
          target: coupons.code,
          set: { name: coupon.name, promotionId: row!.id, updatedAt: seededAt },
        });
    }
  }
}

/**
 * Upserts the demo reviewers (by e-mail) and their reviews (by `seedKey`), with the data's fixed dates. A demo review
 * keeps the status moderation gave it.
 */
async function seedDemoReviews(tx: Transaction, seededAt: Date) {
  const reviewerIds = new Map<string, number>();
  for (const reviewer of seedReviewers) {
    const [row] = await tx
      .insert(customers)
      .values({
        email: reviewer.email,
        emailNormalized: reviewer.email.toLowerCase(),
        firstName: reviewer.firstName,
        lastName: reviewer.lastName,
        // Deterministic and opaque; never a credential (the account has no password).
        customerToken: createHash("sha256").update(`demo-reviewer:${reviewer.key}`).digest("hex").slice(0, 32),
      })
      .onConflictDoUpdate({
        target: customers.emailNormalized,
        set: { firstName: reviewer.firstName, lastName: reviewer.lastName, updatedAt: seededAt },
      })
      .returning({ id: customers.id });
    reviewerIds.set(reviewer.key, row!.id);
  }
  for (const review of seedReviews) {
    const customerId = reviewerIds.get(review.reviewer);
    if (customerId === undefined)
      throw new Error(`demo review ${review.key} names unknown reviewer ${review.reviewer}`);
    const values = {
      customerId,
      productId: review.productId,
      rating: review.rating,
      title: review.title,
      body: review.body,
      displayName: review.displayName,
      seedKey: review.key,
      createdAt: new Date(review.createdAt),
      updatedAt: new Date(review.createdAt),
    };
    const { seedKey: _seedKey, ...updatable } = values;
    await tx.insert(reviews).values(values).onConflictDoUpdate({ target: reviews.seedKey, set: updatable });
  }
}
