import { and, eq, inArray, isNotNull, max, notInArray, sql } from "drizzle-orm";
import { DELETED_CODE, TEST_CODE } from "~/models/order-status";
import { DateTime } from "luxon";
import type { PriceBook } from "~/models/catalog";
import { allGroups, derivedGroups, isDerivedGroup } from "~/models/customer-groups";
import type { Visitor } from "../platform/context.server";
import { orderType } from "~/models/line-item-group";
import {
  INSURANCE_CART_MESSAGES,
  insuranceBenefitsTotal,
  offerStands,
  type AppliedInsuranceBenefit,
  type InsuranceOffer,
  type OrderInsuranceBenefit,
} from "~/models/insurance";
import { couponCombinesWithInsurance, INSURANCE_WITH_DISCOUNT_CAMPAIGN } from "~/models/insurance-campaigns";
import { orderSummary, type OrderSummary } from "~/models/order-summary";
import {
  evaluatePromotions,
  expiryLabel,
  listedPromotions,
  rebateOffers,
  type CouponStatus,
  type CustomerGroup,
  type PricedLine,
  type Promotion,
  type PromotionOutcome,
} from "~/models/promotions";
import {
  deliveryEstimateLabels,
  isShippingLevel,
  SHIPPING_METHODS,
  shippingMethod,
  shippingPriceLabel,
  type ShippingLevel,
} from "~/models/shipping";
import type { TaxCalculator } from "../adapters/tax/tax-calculator";
import { together, type Executor } from "../db/client.server";
import { priceInBook } from "../catalog/catalog.server";
import { addresses, brands, customers, orders, productPrices, products, type AddressSnapshot } from "../db/schema";
import { activePromotions, type CouponRecord } from "./promotions.server";
import { cartViewOf, readCartOnce, type CartView } from "./cart-read.server";
import type { RequestMemo } from "../platform/request-memo.server";

/** Who the cart is priced for. */
export interface Shopper {
  customerId: number | null;
  priceBook: PriceBook;
  /**
   * The visit's own customer groups (an affiliate link, a rebate test, the paid-search discount's path): promotions
   * may aim at them. The records' groups are worked out again with the cart.
   */
  visitorGroups?: readonly CustomerGroup[];
  /**
   * Whether the coupon still counts while an insurance benefit is applied (the insurance-with-discount campaign,
   * decision 65). Absent: it does, as the store always had it.
   */
  couponWithInsurance?: boolean;
}

/**
 * The shopper a page prices its cart for: the visitor's account, price book and own groups — the session's and those
 * this request's campaign variations give (decision 66), so the cart, checkout and the order price alike — and
 * whether a coupon combines with insurance (decision 65).
 */
export function shopperOf(
  visitor: Pick<Visitor, "customer" | "priceBook" | "customerGroups"> & Partial<Pick<Visitor, "campaignVariations">>,
): Shopper {
  return {
    customerId: visitor.customer?.id ?? null,
    priceBook: visitor.priceBook,
    visitorGroups: visitor.customerGroups.filter((group) => !isDerivedGroup(group)),
    couponWithInsurance: couponCombinesWithInsurance(visitor.campaignVariations?.[INSURANCE_WITH_DISCOUNT_CAMPAIGN]),
  };
}

/** Everything the promotions engine needs about one cart, read once (inside a transaction when under a lock). */
export interface PricingInputs {
  /** Null when there is no cart (it prices as empty). */
  cartId: string | null;
  version: number;
  shippingLevel: ShippingLevel;
  coupon: CouponRecord | null;
  view: Pick<CartView, "groups" | "subtotalCents">;
  lines: PricedLine[];
  promotions: Promotion[];
  customerGroups: CustomerGroup[];
  customerCredits: number;
  /** The state tax is figured for (the shipping address's, else the primary one's), or null until one is known. */
  taxState: string | null;
  /** The shipping address chosen for the cart (a copy), or null until one is. */
  shippingAddress: AddressSnapshot | null;
  /** The insurance benefit applied to the cart (decision 54), or null. */
  insuranceBenefit: AppliedInsuranceBenefit | null;
  /** The passive search's offer, while it stands and no benefit is applied. */
  insuranceOffer: InsuranceOffer | null;
}

/**
 * Products as the promotions engine prices them outside a cart (a hypothetical cart, a subscription's reorder):
 * brand, type, whether hidden, and the unit price in the price book, as the cart reads it (null: none there).
 */
export async function productsForPricing(db: Executor, productIds: readonly number[], priceBook: PriceBook) {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: products.id,
      productType: products.productType,
      isHidden: products.isHidden,
      brandSlug: brands.slug,
      unitPriceCents: productPrices.unitPriceCents,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productPrices, priceInBook(priceBook))
    .where(inArray(products.id, [...productIds]));
}

/**
 * The cart's inputs; a missing cart (none yet, or gone) reads as an empty one at version 0. Two queries: the cart
 * (`readCart`: row, coupon, lines, products, prices, stock) and the shopper (credits, primary address, whether an
 * order is on record); the promotions come from the per-process copy (decision 27) outside a transaction. With a
 * request memo, the cart read is shared with the other loaders of the same GET.
 */
export async function loadPricingInputs(
  db: Executor,
  cartId: string | null,
  shopper: Shopper,
  now: Date,
  memo?: RequestMemo | null,
): Promise<PricingInputs> {
  const [read, promotions, facts] = await together(db, [
    () => (cartId ? readCartOnce(db, cartId, shopper.priceBook, memo) : null),
    () => activePromotions(db, now),
    () => (shopper.customerId === null ? undefined : shopperFacts(db, shopper.customerId)),
  ]);
  const cart = read?.cart ?? {
    version: 0,
    couponId: null,
    shippingLevel: 0,
    shippingAddress: null,
    insuranceBenefit: null,
    insuranceOffer: null,
    updatedAt: now,
  };
  const view = read && cartId ? cartViewOf(cartId, read) : { id: null, groups: [], subtotalCents: 0 };
  const lines: PricedLine[] = view.groups.flatMap((group) =>
    group.items.map((item) => ({
      itemId: item.id,
      productId: item.productId,
      brandSlug: item.brandSlug,
      productType: item.productType,
      eye: item.whichEye,
      // An auto-reorder group's lines are an auto-reorder order's: they earn auto-reorder promotions.
      orderType: orderType(group),
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
    })),
  );
  return {
    cartId: read ? cartId : null,
    version: cart.version,
    shippingLevel: isShippingLevel(cart.shippingLevel) ? cart.shippingLevel : 0,
    coupon: read?.coupon ?? null,
    view,
    lines,
    promotions,
    // The cart carries the customer groups (spec 3 §3): the records' (an applied benefit marks the insurance
    // group; removing it clears both) and the visit's own.
    customerGroups: allGroups(
      derivedGroups({
        known: shopper.customerId !== null,
        lastOrderAt: facts?.lastOrderAt ?? null,
        hasInsuranceOrder: facts?.hasInsuranceOrder ?? false,
        cart: {
          itemCount: view.groups.reduce((sum, group) => sum + group.items.length, 0),
          updatedAt: cart.updatedAt,
          hasInsuranceBenefit: cart.insuranceBenefit !== null,
        },
        now,
      }),
      shopper.visitorGroups ?? [],
    ),
    customerCredits: facts?.creditCents ?? 0,
    // Tax follows where the order ships: the cart's shipping address once chosen, else the primary address.
    taxState: taxStateOf(
      cart.shippingAddress ?? (facts?.state ? { state: facts.state, country: facts.country! } : null),
    ),
    shippingAddress: cart.shippingAddress,
    insuranceBenefit: cart.insuranceBenefit,
    insuranceOffer: !cart.insuranceBenefit && offerStands(cart.insuranceOffer, now) ? cart.insuranceOffer : null,
  };
}

/**
 * What pricing needs to know about a signed-in shopper, in one query: credits, the primary address's state, and
 * the order facts of the customer groups (deleted and test orders do not count): the last order's date, and
 * whether an order used an insurance benefit.
 */
async function shopperFacts(db: Executor, customerId: number) {
  const onRecord = and(eq(orders.customerId, customers.id), notInArray(orders.statusCode, [DELETED_CODE, TEST_CODE]));
  const placedAt = db
    .select({ at: max(orders.createdAt) })
    .from(orders)
    .where(onRecord);
  const insured = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(onRecord, isNotNull(orders.insuranceBenefit)));
  const [row] = await db
    .select({
      creditCents: customers.creditCents,
      state: addresses.state,
      country: addresses.country,
      // Decoded as the column it comes from (a Date).
      lastOrderAt: sql<Date | null>`(${placedAt})`.mapWith(orders.createdAt),
      hasInsuranceOrder: sql<boolean>`exists (${insured})`,
    })
    .from(customers)
    .leftJoin(addresses, and(eq(addresses.customerId, customers.id), eq(addresses.isPrimary, true)))
    .where(eq(customers.id, customerId))
    .limit(1);
  return row;
}

/** US addresses are taxed by their state; others (and none) are not taxed here. */
function taxStateOf(address: { state: string; country: string } | null): string | null {
  return address && address.country === "US" ? address.state : null;
}

/** Runs the engine for the cart as loaded, or as it would be with another coupon or shipping level. */
export function evaluateCart(
  inputs: PricingInputs,
  options: { couponPromotionId?: number | null; shippingLevel?: ShippingLevel; priceBook: PriceBook; now: Date },
): PromotionOutcome {
  const level = options.shippingLevel ?? inputs.shippingLevel;
  return evaluatePromotions(inputs.promotions, inputs.lines, {
    now: options.now,
    customerGroups: inputs.customerGroups,
    priceBook: options.priceBook,
    shippingLevel: level,
    shippingPriceCents: inputs.lines.length === 0 ? 0 : shippingMethod(level).priceCents,
    couponPromotionId:
      options.couponPromotionId !== undefined ? options.couponPromotionId : (inputs.coupon?.promotionId ?? null),
  });
}

export const COUPON_STATUS_MESSAGES: Record<Exclude<CouponStatus, "applied">, string> = {
  notQualified: "Your cart does not qualify for this promotion.",
  outdone: "A better promotion is already applied.",
};

/**
 * The coupon an applied insurance benefit sets aside, when this shopper's coupon does not combine with insurance
 * (insurance-with-discount control, decision 65); null when it counts.
 */
function couponYieldsToInsurance(inputs: PricingInputs, shopper: Shopper): CouponRecord | null {
  return inputs.coupon && inputs.insuranceBenefit && shopper.couponWithInsurance === false ? inputs.coupon : null;
}

/** A set-aside coupon as the cart shows it: held, taking nothing off, with the reason. */
function couponAsideView(coupon: CouponRecord, description: string) {
  return {
    code: coupon.code,
    name: coupon.name,
    description,
    status: "notQualified" as CouponStatus,
    amountCents: 0,
    message: INSURANCE_CART_MESSAGES.couponSetAside as string | null,
    expiresAt: coupon.expiresAt,
    expiryLabel: coupon.expiresAt ? expiryLabel("coupon", coupon.expiresAt) : null,
  };
}

/**
 * The cart priced for a shopper: lines with their discounts, listed promotions, the coupon and what became of
 * it, rebates, shipping methods with delivery estimates, and the order summary. Recomputed on every read, so a
 * cart change always re-evaluates its promotions.
 */
export async function pricedCart(
  services: { db: Executor; tax: TaxCalculator; memo?: RequestMemo | null },
  cartId: string | null,
  shopper: Shopper,
  now: Date = new Date(),
) {
  const loaded = await loadPricingInputs(services.db, cartId, shopper, now, services.memo);
  // A coupon that does not combine with the applied insurance benefit (decision 65) is priced as if absent; the cart
  // still holds it, and shows it with why it takes nothing off.
  const couponSetAside = couponYieldsToInsurance(loaded, shopper);
  const inputs = couponSetAside ? { ...loaded, coupon: null } : loaded;
  const outcome = evaluateCart(inputs, { priceBook: shopper.priceBook, now });
  const isEmpty = inputs.lines.length === 0;
  const shippingPrice = isEmpty ? 0 : shippingMethod(inputs.shippingLevel).priceCents;

  const taxed = inputs.taxState
    ? await services.tax.calculate({
        state: inputs.taxState,
        lines: inputs.view.groups.flatMap((group) =>
          group.items.map((item) => ({
            itemId: item.id,
            classification: item.productType,
            amountCents: item.lineTotalCents - (outcome.itemDiscounts[item.id] ?? 0),
          })),
        ),
        shippingCents: shippingPrice - outcome.shippingDiscountCents,
      })
    : null;

  const beforeInsurance = orderSummary({
    subTotal: inputs.view.subtotalCents,
    discountAmount: outcome.discountCents,
    shippingPrice,
    shippingDiscount: outcome.shippingDiscountCents,
    taxAmount: taxed?.taxCents ?? 0,
    rebateTotal: outcome.rebateCents,
    insuranceBenefitsTotal: 0,
    customerCredits: inputs.customerCredits,
  });
  // Insurance does not combine with rebates (spec 3 rebate rules; decision 54): an applied benefit wins, and the
  // cart's mail-in rebates drop out until it is removed.
  const applied = inputs.insuranceBenefit;
  const insuranceTotal = insuranceBenefitsTotal(applied, beforeInsurance.totalAmount);
  const summary: OrderSummary = applied
    ? orderSummary({
        subTotal: inputs.view.subtotalCents,
        discountAmount: outcome.discountCents,
        shippingPrice,
        shippingDiscount: outcome.shippingDiscountCents,
        taxAmount: taxed?.taxCents ?? 0,
        rebateTotal: 0,
        insuranceBenefitsTotal: insuranceTotal,
        customerCredits: inputs.customerCredits,
      })
    : beforeInsurance;

  const couponPromotion = loaded.coupon
    ? inputs.promotions.find((promotion) => promotion.id === loaded.coupon?.promotionId)
    : undefined;
  const coupon = couponSetAside
    ? couponAsideView(couponSetAside, couponPromotion?.description ?? "")
    : inputs.coupon && outcome.coupon
      ? {
          code: inputs.coupon.code,
          name: inputs.coupon.name,
          description: couponPromotion?.description ?? "",
          status: outcome.coupon.status,
          amountCents: outcome.coupon.totalCents,
          message: outcome.coupon.status === "applied" ? null : COUPON_STATUS_MESSAGES[outcome.coupon.status],
          expiresAt: inputs.coupon.expiresAt,
          expiryLabel: inputs.coupon.expiresAt ? expiryLabel("coupon", inputs.coupon.expiresAt) : null,
        }
      : null;

  const earnedRebates = outcome.applied.flatMap((promotion) =>
    promotion.rewards
      .filter((reward) => reward.rewardType === "Rebate")
      .map((reward) => ({
        promotionId: promotion.promotionId,
        description: promotion.description,
        offer: reward.description,
        amountCents: reward.amountCents,
      })),
  );
  const earned = new Set(earnedRebates.map((rebate) => rebate.promotionId));
  const rebates = applied ? [] : earnedRebates;
  // Offers a product in the cart could still earn with more boxes ("Buy 4 boxes, get $50 back").
  const rebateHints = [
    ...new Set(
      inputs.lines.flatMap((line) =>
        rebateOffers(
          inputs.promotions.filter((promotion) => !earned.has(promotion.id)),
          line,
          { now, priceBook: shopper.priceBook, customerGroups: inputs.customerGroups },
        )
          .filter((offer) => offer.type === "Rebate")
          .slice(0, 1)
          .map((offer) => offer.description),
      ),
    ),
  ];

  const estimates = deliveryEstimateLabels(DateTime.fromJSDate(now));
  return {
    cartId: inputs.cartId,
    version: inputs.version,
    customerGroups: inputs.customerGroups,
    groups: inputs.view.groups.map((group) => ({
      ...group,
      items: group.items.map((item) => ({ ...item, discountCents: outcome.itemDiscounts[item.id] ?? 0 })),
    })),
    promotions: listedPromotions(outcome, inputs.promotions, inputs.coupon?.promotionId ?? null).map((promotion) => ({
      promotionId: promotion.promotionId,
      description: promotion.description,
      amountCents: promotion.totalCents,
      rewards: promotion.rewards,
      expiresAt: promotion.expiresAt,
      expiryLabel: promotion.expiresAt ? expiryLabel("promo", promotion.expiresAt) : null,
    })),
    coupon,
    rebates,
    rebateHints: applied ? [] : rebateHints,
    shippingMethods: SHIPPING_METHODS.map((method) => {
      const price = isEmpty ? 0 : method.priceCents;
      const discount =
        method.level === inputs.shippingLevel
          ? outcome.shippingDiscountCents
          : evaluateCart(inputs, { shippingLevel: method.level, priceBook: shopper.priceBook, now })
              .shippingDiscountCents;
      const amount = price - discount;
      return {
        shippingLevel: method.level,
        name: method.name,
        label: method.label,
        amountCents: amount,
        priceLabel: shippingPriceLabel(amount),
        estimatedDelivery: estimates.get(method.level) ?? "",
        selected: method.level === inputs.shippingLevel,
      };
    }),
    selectedShippingMethod: { shippingLevel: inputs.shippingLevel, amount: summary.shipping },
    shippingAddress: inputs.shippingAddress,
    taxState: inputs.taxState,
    insurance: {
      applied,
      offer: inputs.insuranceOffer,
      /** The rebates an applied benefit displaces (0 when none is applied or the cart earns none). */
      displacedRebateCents: applied ? outcome.rebateCents : 0,
      /** What the order records: the benefit and how much of it this order takes. */
      orderBenefit: (applied && insuranceTotal > 0
        ? {
            benefitId: applied.benefitId,
            planName: applied.planName,
            provider: applied.provider,
            amountCents: insuranceTotal,
          }
        : null) satisfies OrderInsuranceBenefit | null,
    },
    customerCredits: inputs.customerCredits,
    orderSummary: summary,
  };
}
export type PricedCart = Awaited<ReturnType<typeof pricedCart>>;
