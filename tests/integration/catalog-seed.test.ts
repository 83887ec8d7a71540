import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/services/db/client.server";
import { brands, productParameterOptions, productPrices, products, skus } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { parameterCombinations } from "~/services/db/seed/catalog-rows";
import { isDemoSeedCurrent, seedDemoCatalog } from "~/services/db/seed.server";
import { createTestDatabase } from "../setup/test-database";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function tableCounts() {
  const db = database.db;
  const [[b], [p], [pr], [o], [s], [active]] = await Promise.all([
    db.select({ n: count() }).from(brands),
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(productPrices),
    db.select({ n: count() }).from(productParameterOptions),
    db.select({ n: count() }).from(skus),
    db.select({ n: count() }).from(skus).where(eq(skus.isActive, true)),
  ]);
  return { brands: b!.n, products: p!.n, prices: pr!.n, options: o!.n, skus: s!.n, activeSkus: active!.n };
}

describe("the demo catalog seed", () => {
  // Seeding the whole catalog again takes a while on a busy 2-core machine, hence the longer time limit.
  it("is current in the snapshot and idempotent: seeding again changes no counts", async () => {
    expect(await isDemoSeedCurrent(database.db)).toBe(true);
    const before = await tableCounts();
    await seedDemoCatalog(database.db);
    expect(await tableCounts()).toEqual(before);
  }, 120_000);

  it("writes a price in every price book for every product", async () => {
    const { products: productCount, prices } = await tableCounts();
    expect(productCount).toBe(seedProducts.length);
    expect(prices).toBe(productCount * 3);
    const rows = await database.db.select().from(productPrices);
    const byProduct = new Map<number, Record<string, number>>();
    for (const row of rows)
      byProduct.set(row.productId, { ...byProduct.get(row.productId), [row.priceBook]: row.unitPriceCents });
    for (const [productId, books] of byProduct) {
      expect(books.high! > books.none! && books.none! > books.low!, `product ${productId}`).toBe(true);
    }
  });

  it("has a UPC for every valid parameter combination, each resolvable by its parameter key", async () => {
    const expected = seedProducts.reduce((sum, product) => sum + parameterCombinations(product).length, 0);
    const { skus: skuCount, activeSkus } = await tableCounts();
    expect(skuCount).toBe(expected);
    expect(activeSkus).toBe(expected);
    const toric = seedProducts.find((p) => p.categories.includes("toric-astigmatism"))!;
    const choice = Object.fromEntries(toric.parameters.map((p) => [p.name, p.options.at(-1)!.value]));
    const key = Object.keys(choice)
      .sort()
      .map((name) => `${name}=${choice[name]}`)
      .join(";");
    const [match] = await database.db
      .select({ upc: skus.upc, parameters: skus.parameters })
      .from(skus)
      .where(sql`${skus.productId} = ${toric.productId} and ${skus.parameterKey} = ${key}`);
    expect(match?.upc).toMatch(/^[0-9]{12}$/);
    expect(match?.parameters).toEqual(choice);
  });

  it("has low and out-of-stock SKUs for the stock display", async () => {
    const [[low], [out]] = await Promise.all([
      database.db
        .select({ n: count() })
        .from(skus)
        .where(sql`${skus.stockQuantity} between 1 and 20`),
      database.db.select({ n: count() }).from(skus).where(eq(skus.stockQuantity, 0)),
    ]);
    expect(low!.n).toBeGreaterThan(0);
    expect(out!.n).toBeGreaterThan(0);
  });
});
