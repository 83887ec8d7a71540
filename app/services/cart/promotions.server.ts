import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lte, notInArray, or } from "drizzle-orm";
import type { PriceBook } from "~/models/catalog";
import { DELETED_CODE, TEST_CODE } from "~/models/order-status";
import {
  productQualifies,
  promotionConditionsSchema,
  rebateOffers,
  rewardRuleSchema,
  type CustomerGroup,
  type Promotion,
  type RebateOffer,
} from "~/models/promotions";
import { together, type Database, type Executor } from "../db/client.server";
import { brands, coupons, orders, products, promotions } from "../db/schema";
import type { Logger } from "../platform/logger.server";
import { cachedPerProcess } from "../db/process-cache.server";
import { PgTransaction } from "drizzle-orm/pg-core";

type PromotionRow = typeof promotions.$inferSelect;

/** A stored promotion in the engine's shape; a row whose JSON does not parse is left out (and logged). */
function toPromotion(row: PromotionRow, logger?: Logger): Promotion | null {
  const rewards = rewardRuleSchema.array().min(1).safeParse(row.rewards);
  const conditions = promotionConditionsSchema.safeParse(row.conditions);
  if (!rewards.success || !conditions.success) {
    logger?.error({ promotionId: row.id }, "promotion has invalid rewards or conditions; ignored");
    return null;
  }
  return {
    id: row.id,
    description: row.description,
    rewards: rewards.data,
    conditions: conditions.data,
    startsAt: row.startsAt,
    expiresAt: row.expiresAt,
    requiresCoupon: row.requiresCoupon,
    exclusive: row.exclusive,
    isPrivateLabelTrial: row.isPrivateLabelTrial,
  };
}

/**
 * Promotions running now (started, not expired). Outside a transaction the rows come from a per-process copy of the
 * table at most a few seconds old (decision 27): it changes rarely and every cart read evaluates it. The dates are
 * checked against `now` on every call, so a promotion starts and ends on time whatever the copy's age. Inside a
 * transaction (placing an order, a change under the cart's lock) the table is read afresh.
 */
export async function activePromotions(db: Executor, now: Date, logger?: Logger): Promise<Promotion[]> {
  const running = (promotion: Promotion) =>
    promotion.startsAt <= now && (promotion.expiresAt === null || promotion.expiresAt > now);
  if (db instanceof PgTransaction) {
    const rows = await db
      .select()
      .from(promotions)
      .where(and(lte(promotions.startsAt, now), or(isNull(promotions.expiresAt), gt(promotions.expiresAt, now))));
    return parsed(rows, logger);
  }
  // Frozen: one copy serves every request, so nothing may change it in place.
  const all = await cachedPerProcess(db, "promotions", async () =>
    deepFreeze(parsed(await db.select().from(promotions), logger)),
  );
  return all.filter(running);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function parsed(rows: PromotionRow[], logger?: Logger): Promotion[] {
  return rows.map((row) => toPromotion(row, logger)).filter((promotion) => promotion !== null);
}

/**
 * The groups promotions are aimed at: ReturningCustomer once the customer has an order on record (deleted and
 * test orders do not count), else NewCustomer. Shoppers who are not signed in are new until they say otherwise.
 */
export async function customerGroupsFor(db: Executor, customerId: number | null): Promise<CustomerGroup[]> {
  if (customerId === null) return ["NewCustomer"];
  const [placed] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), notInArray(orders.statusCode, [DELETED_CODE, TEST_CODE])))
    .limit(1);
  return customerGroupsOf(placed !== undefined);
}

/** ReturningCustomer once an order is on record, else NewCustomer. */
export function customerGroupsOf(hasPlacedOrder: boolean): CustomerGroup[] {
  return hasPlacedOrder ? ["ReturningCustomer"] : ["NewCustomer"];
}

/** A product as the promotions' product conditions see it; null when it is unknown or hidden. */
async function productForPromotions(db: Executor, productId: number) {
  const [product] = await db
    .select({
      productId: products.id,
      productType: products.productType,
      brandSlug: brands.slug,
      isHidden: products.isHidden,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, productId));
  if (!product || product.isHidden) return null;
  return {
    productId,
    brandSlug: product.brandSlug,
    productType: product.productType === 2 ? ("solution" as const) : ("lens" as const),
  };
}

/** Spec 3: GET api/promotions/rebates/{productId} — the rebates a product earns, by quantity breakpoint. */
export async function rebatesForProduct(
  db: Database,
  productId: number,
  shopper: { priceBook: PriceBook; customerGroups: readonly CustomerGroup[] },
  now: Date,
): Promise<RebateOffer[] | null> {
  const product = await productForPromotions(db, productId);
  if (!product) return null;
  return rebateOffers(await activePromotions(db, now), product, {
    now,
    priceBook: shopper.priceBook,
    customerGroups: shopper.customerGroups,
  });
}

/**
 * Spec 3 §7: GET api/autoReorder/promotions — the running promotions auto-reorder orders earn (their order-type
 * condition names 'autoReorder'), in id order. Promotions that need a coupon are left out: a subscription's orders
 * carry none. With a product, only those that product's lines can earn (its products, brands and product types
 * conditions); null when the product is unknown or hidden. The shopper's conditions (customer groups, price books,
 * minimum subtotal) are not checked here: pricing a subscription does that (subscription-pricing.server.ts).
 */
export async function autoReorderPromotions(db: Executor, now: Date, productId?: number): Promise<Promotion[] | null> {
  const [running, product] = await together(db, [
    () => activePromotions(db, now),
    () => (productId === undefined ? undefined : productForPromotions(db, productId)),
  ]);
  if (product === null) return null;
  return running
    .filter(
      (promotion) =>
        !promotion.requiresCoupon &&
        (promotion.conditions.orderTypes?.includes("autoReorder") ?? false) &&
        (!product || productQualifies(promotion.conditions, product)),
    )
    .sort((a, b) => a.id - b.id);
}

export interface CouponRecord {
  id: number;
  code: string;
  name: string;
  promotionId: number;
  singleUse: boolean;
  redeemedCartId: string | null;
  /** The earlier of the coupon's and its promotion's expiration. */
  expiresAt: Date | null;
  startsAt: Date;
}

/** A coupon by its code (upper case) or id, with its promotion's dates. */
export async function findCoupon(db: Executor, key: string | { id: number }): Promise<CouponRecord | null> {
  const [row] = await db
    .select({ coupon: coupons, startsAt: promotions.startsAt, promotionExpiresAt: promotions.expiresAt })
    .from(coupons)
    .innerJoin(promotions, eq(promotions.id, coupons.promotionId))
    .where(typeof key === "string" ? eq(coupons.code, key) : eq(coupons.id, key.id));
  return row ? couponRecord(row) : null;
}

/** A coupon row read with its promotion's dates, as the rules use it. */
export function couponRecord(row: {
  coupon: typeof coupons.$inferSelect;
  startsAt: Date;
  promotionExpiresAt: Date | null;
}): CouponRecord {
  const ends = [row.coupon.expiresAt, row.promotionExpiresAt].filter((date): date is Date => date !== null);
  return {
    id: row.coupon.id,
    code: row.coupon.code,
    name: row.coupon.name,
    promotionId: row.coupon.promotionId,
    singleUse: row.coupon.singleUse,
    redeemedCartId: row.coupon.redeemedCartId,
    expiresAt: ends.length === 0 ? null : new Date(Math.min(...ends.map((date) => date.getTime()))),
    startsAt: row.startsAt,
  };
}

/** Whether a coupon can be used now (by this cart, for a single-use code). */
export function couponUsable(coupon: CouponRecord, cartId: string, now: Date): boolean {
  if (coupon.startsAt > now || (coupon.expiresAt !== null && coupon.expiresAt <= now)) return false;
  return !coupon.singleUse || coupon.redeemedCartId === null || coupon.redeemedCartId === cartId;
}

// Unambiguous upper-case letters and digits (no 0/O, 1/I/L), so a code read aloud or retyped survives.
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

function uniqueCode(prefix: string): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("");
  return `${prefix}-${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Spec 2: GET api/coupon/unique?couponName= — issues a single-use code for a running promotion that offers them.
 * Null when no running promotion issues codes under that name.
 */
export async function issueUniqueCoupon(
  db: Database,
  couponName: string,
  now: Date,
): Promise<{ couponCode: string; couponName: string; expiration: Date | null } | null> {
  const [promotion] = await db
    .select({ id: promotions.id, expiresAt: promotions.expiresAt })
    .from(promotions)
    .where(
      and(
        eq(promotions.uniqueCouponName, couponName),
        lte(promotions.startsAt, now),
        or(isNull(promotions.expiresAt), gt(promotions.expiresAt, now)),
      ),
    );
  if (!promotion) return null;
  // 31^10 codes: a clash is vanishingly rare, and the unique index turns one into a retry.
  for (let attempt = 0; attempt < 3; attempt++) {
    const code = uniqueCode(couponName.replace(/[^A-Z0-9]/g, "").slice(0, 12) || "U");
    const inserted = await db
      .insert(coupons)
      .values({ code, name: couponName, promotionId: promotion.id, singleUse: true })
      .onConflictDoNothing({ target: coupons.code })
      .returning({ code: coupons.code });
    if (inserted.length > 0) return { couponCode: code, couponName, expiration: promotion.expiresAt };
  }
  throw new Error("could not issue a unique coupon code");
}
