import { and, eq, isNull, or } from "drizzle-orm";
import { COUPON_MESSAGES, normalizeCouponCode } from "~/models/cart-forms";
import { formatCents } from "~/models/catalog";
import { INSURANCE_CART_MESSAGES } from "~/models/insurance";
import type { ShippingLevel } from "~/models/shipping";
import { evaluateCart, loadPricingInputs, type Shopper } from "./cart-pricing.server";
import { ensureCart } from "./add-to-cart.server";
import { cartExists, insertGroup, setItemQuantities, withCartLock, type NewLineItemGroup } from "./cart.server";
import type { Database, Transaction } from "../db/client.server";
import { carts, coupons, lineItemGroups } from "../db/schema";
import { couponUsable, findCoupon, type CouponRecord } from "./promotions.server";
import type { StoreSession } from "../platform/session.server";

/** A coupon the cart cannot take, with the spec's message for the shopper. Thrown so the change rolls back. */
export class CouponRefusedError extends Error {
  override name = "CouponRefusedError";
}

/** An API client's cart was changed since it read it (409: read it again and retry). */
export class CartVersionConflictError extends Error {
  override name = "CartVersionConflictError";
  constructor(readonly currentVersion: number) {
    super("The cart has changed since it was read.");
  }
}

/**
 * Puts a coupon on the cart (inside the cart's lock): unknown, expired or someone else's single-use code → 'The
 * coupon code is not valid.'; conditions not met (it would be worth 0) → 'Your cart does not qualify for this
 * promotion.'; a coupon or promotion already on the cart worth at least as much → 'A better promotion is already
 * applied.'. A single-use code binds to this cart. Returns the success message.
 */
async function putCoupon(
  tx: Transaction,
  cartId: string,
  code: string,
  shopper: Shopper,
  now: Date,
): Promise<CouponNotice> {
  const coupon = await findCoupon(tx, normalizeCouponCode(code));
  if (!coupon || !couponUsable(coupon, cartId, now)) throw new CouponRefusedError(COUPON_MESSAGES.invalid);
  const inputs = await loadPricingInputs(tx, cartId, shopper, now);
  // Spec 2 §4: setting a coupon on an empty cart keeps it, with a notice to add items (it counts once they earn it).
  if (inputs.lines.length === 0) {
    await bindCoupon(tx, cartId, coupon, now);
    return { kind: "info", message: `Coupon ${coupon.code} is saved to your cart. Add items to use it.` };
  }
  const offered = evaluateCart(inputs, { couponPromotionId: coupon.promotionId, priceBook: shopper.priceBook, now });
  if (offered.coupon?.status === "outdone") throw new CouponRefusedError(COUPON_MESSAGES.betterApplied);
  if (offered.coupon?.status !== "applied") throw new CouponRefusedError(COUPON_MESSAGES.notQualified);
  if (inputs.coupon && inputs.coupon.id !== coupon.id) {
    const current = evaluateCart(inputs, { priceBook: shopper.priceBook, now }).coupon;
    if (current?.status === "applied" && current.totalCents >= offered.coupon.totalCents) {
      throw new CouponRefusedError(COUPON_MESSAGES.betterApplied);
    }
  }
  await bindCoupon(tx, cartId, coupon, now);
  // An applied insurance benefit sets a coupon aside for a shopper whose coupon does not combine with it (decision
  // 65): the cart keeps the code, and it counts once the benefit is removed.
  if (inputs.insuranceBenefit && shopper.couponWithInsurance === false) {
    return {
      kind: "info",
      message: `Coupon ${coupon.code} is saved to your cart. ${INSURANCE_CART_MESSAGES.couponSetAside}`,
    };
  }
  return { kind: "success", message: `Coupon ${coupon.code} applied: ${formatCents(offered.coupon.totalCents)} off.` };
}

/** Puts the coupon on the cart; a single-use code is bound to this cart (refused if another cart holds it). */
async function bindCoupon(tx: Transaction, cartId: string, coupon: CouponRecord, now: Date) {
  if (coupon.singleUse) {
    const bound = await tx
      .update(coupons)
      .set({ redeemedCartId: cartId, redeemedAt: now, updatedAt: now })
      .where(and(eq(coupons.id, coupon.id), or(isNull(coupons.redeemedCartId), eq(coupons.redeemedCartId, cartId))))
      .returning({ id: coupons.id });
    if (bound.length === 0) throw new CouponRefusedError(COUPON_MESSAGES.invalid);
  }
  await tx.update(carts).set({ couponId: coupon.id }).where(eq(carts.id, cartId));
}

export interface CouponNotice {
  kind: "success" | "info";
  message: string;
}

export type CouponResult = ({ ok: true } & CouponNotice) | { ok: false; message: string };

export async function applyCoupon(
  db: Database,
  cartId: string,
  code: string,
  shopper: Shopper,
  now: Date = new Date(),
): Promise<CouponResult> {
  try {
    const notice = await withCartLock(db, cartId, (tx) => putCoupon(tx, cartId, code, shopper, now));
    return { ok: true, ...notice };
  } catch (error) {
    if (error instanceof CouponRefusedError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * Applies a code to the shopper's cart (the cart page's form and `uecode` links). Without a cart, one is created
 * only for a code it could take (a refused code leaves no empty cart behind).
 */
export async function applyCouponToShopperCart(
  db: Database,
  session: StoreSession,
  code: string,
  shopper: Shopper,
  now: Date = new Date(),
): Promise<CouponResult> {
  const current = session.get("cartId");
  if (!current || !(await cartExists(db, current))) {
    const coupon = await findCoupon(db, normalizeCouponCode(code));
    if (!coupon || !couponUsable(coupon, "", now)) return { ok: false, message: COUPON_MESSAGES.invalid };
  }
  const cartId = await ensureCart(db, session, shopper.customerId);
  return applyCoupon(db, cartId, code, shopper, now);
}

/** Takes the coupon off (a single-use code stays bound to this cart, so it cannot move to another). */
export async function removeCoupon(db: Database, cartId: string): Promise<void> {
  await withCartLock(db, cartId, (tx) => tx.update(carts).set({ couponId: null }).where(eq(carts.id, cartId)));
}

export async function setShippingLevel(db: Database, cartId: string, level: ShippingLevel): Promise<void> {
  await withCartLock(db, cartId, (tx) => tx.update(carts).set({ shippingLevel: level }).where(eq(carts.id, cartId)));
}

export interface CartModification {
  /** Every item's quantity (items left out are removed); undefined leaves the items alone. */
  quantities?: ReadonlyMap<string, number>;
  /** Some items' quantities (the others stay as they are): PUT api/lineItemGroups/quantity. */
  quantityChanges?: ReadonlyMap<string, number>;
  /** Groups to add at the end of the cart, already resolved by the product page's rules. */
  newGroups?: readonly NewLineItemGroup[];
  /** A code to apply, null to remove the coupon, undefined to leave it. */
  couponCode?: string | null;
  shippingLevel?: ShippingLevel;
}

/**
 * POST api/cart: applies an API client's modified cart in one transaction, only if the cart is still at the
 * version the client read (else CartVersionConflictError, so no update is lost); a null version (a call whose
 * payload has none) skips that check but still runs under the cart's lock. Items first (new groups, then
 * quantities), then shipping, then the coupon (judged against the changed cart); any refusal rolls the whole
 * change back. Returns the new groups' ids.
 */
export async function modifyCart(
  db: Database,
  cartId: string,
  shopper: Shopper,
  expectedVersion: number | null,
  change: CartModification,
  now: Date = new Date(),
): Promise<{ notice: CouponNotice | null; newGroupIds: string[] }> {
  return withCartLock(db, cartId, async (tx) => {
    const [cart] = await tx
      .select({ version: carts.version, couponId: carts.couponId })
      .from(carts)
      .where(eq(carts.id, cartId));
    if (!cart || (expectedVersion !== null && cart.version !== expectedVersion)) {
      throw new CartVersionConflictError(cart?.version ?? 0);
    }
    if (change.quantities) await setItemQuantities(tx, cartId, shopper.priceBook, change.quantities);
    if (change.quantityChanges) {
      await setItemQuantities(tx, cartId, shopper.priceBook, change.quantityChanges, { partial: true });
    }
    const newGroupIds: string[] = [];
    for (const group of change.newGroups ?? []) newGroupIds.push(await insertGroup(tx, cartId, group));
    if (change.shippingLevel !== undefined) {
      await tx.update(carts).set({ shippingLevel: change.shippingLevel }).where(eq(carts.id, cartId));
    }
    if (change.couponCode === null) {
      await tx.update(carts).set({ couponId: null }).where(eq(carts.id, cartId));
    } else if (change.couponCode !== undefined) {
      const current = cart.couponId === null ? null : await findCoupon(tx, normalizeCouponCode(change.couponCode));
      // Re-sending the coupon already on the cart is not a new application.
      if (current?.id !== cart.couponId)
        return { notice: await putCoupon(tx, cartId, change.couponCode, shopper, now), newGroupIds };
    }
    return { notice: null, newGroupIds };
  });
}

/** The cart has no line item group with that id (thrown so the lock's version bump rolls back). */
export class LineItemGroupNotFoundError extends Error {
  override name = "LineItemGroupNotFoundError";
}

/**
 * DELETE api/lineItemGroups/{id}: removes one group with its items, under the cart's lock and (when given) at the
 * version the client read. LineItemGroupNotFoundError when the cart has no such group.
 */
export async function removeLineItemGroup(
  db: Database,
  cartId: string,
  groupId: string,
  expectedVersion: number | null,
): Promise<void> {
  return withCartLock(db, cartId, async (tx) => {
    const [cart] = await tx.select({ version: carts.version }).from(carts).where(eq(carts.id, cartId));
    if (!cart || (expectedVersion !== null && cart.version !== expectedVersion)) {
      throw new CartVersionConflictError(cart?.version ?? 0);
    }
    const removed = await tx
      .delete(lineItemGroups)
      .where(and(eq(lineItemGroups.id, groupId), eq(lineItemGroups.cartId, cartId)))
      .returning({ id: lineItemGroups.id });
    if (removed.length === 0) throw new LineItemGroupNotFoundError(`line item group ${groupId} not found`);
  });
}
