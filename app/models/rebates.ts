import { formatCents } from "./catalog";
import {
  expiryLabel,
  isActive,
  productQualifies,
  describeReward,
  type CustomerGroup,
  type Promotion,
  type PromotionConditions,
} from "./promotions";

/**
 * A brand's rebates page (/rebates/{brand}; the legacy /rebate/{brand} lands here): the manufacturer rebates the
 * brand's lenses earn, each with its amounts by quantity, its conditions and the products it applies to, and the
 * spec's customer-facing rebate rules (spec 3 constants, "Rebate rules").
 */

/** Spec 3, "Rebate rules (customer-facing)", in the spec's words. */
export const REBATE_RULES = [
  "US residents only.",
  "One rebate per offer per order.",
  "Orders placed Jan 1 to Jun 30 need the form postmarked by Jul 28; orders placed Jul 1 to Dec 31 need it postmarked by Jan 28.",
  "The rebate is delivered by e-mail as a prepaid card; allow 6 to 8 weeks.",
  "Rebates combine with other offers except insurance benefits and the best price guarantee.",
] as const;

/** A product as the page lists it, and as the promotions' product conditions see it. */
export interface RebateProduct {
  productId: number;
  brandSlug: string;
  productType: "lens" | "solution";
  name: string;
  href: string;
}

export interface BrandRebateOffer {
  promotionId: number;
  /** The promotion's customer-facing description: "Acuvue mail-in rebate". */
  title: string;
  type: "Rebate" | "InstantRebate";
  /** "Buy 4 boxes, get $50 back", one per quantity breakpoint, fewest boxes first. */
  amounts: string[];
  /** "Promo expires Dec 31, 2027", "For new customers", "On orders of $100 or more", … */
  conditions: string[];
  /** The brand's products it applies to, in catalog order. */
  products: Array<{ name: string; href: string }>;
}

const GROUP_WORDS: Partial<Record<CustomerGroup, string>> = {
  NewCustomer: "new customers",
  ReturningCustomer: "returning customers",
};

/** A promotion's conditions about the shopper and the order, in words (its product conditions are the list). */
function conditionWords(promotion: Promotion, conditions: PromotionConditions): string[] {
  const groups = conditions.customerGroups?.map((group) => GROUP_WORDS[group] ?? "selected customers");
  return [
    ...(promotion.expiresAt ? [expiryLabel("promo", promotion.expiresAt)] : []),
    ...(groups ? [`For ${[...new Set(groups)].join(" or ")}`] : []),
    ...(conditions.minimumSubtotalCents
      ? [`On orders of ${formatCents(conditions.minimumSubtotalCents).replace(/\.00$/, "")} or more`]
      : []),
    ...(conditions.orderTypes?.length === 1
      ? [conditions.orderTypes[0] === "autoReorder" ? "On auto-reorder orders" : "On one-time orders"]
      : []),
  ];
}

/**
 * The rebate offers (mail-in and instant) running now that any of the brand's products earn, in promotion id order.
 * Promotions that need a coupon are not rebates; the page is the same for every shopper (it may be cached), so it
 * lists what the standard price book ('none') is offered and says the shopper conditions in words.
 */
export function brandRebateOffers(
  promotions: readonly Promotion[],
  products: readonly RebateProduct[],
  now: Date,
): BrandRebateOffer[] {
  return promotions
    .filter(
      (promotion) =>
        !promotion.requiresCoupon &&
        isActive(promotion, now) &&
        (!promotion.conditions.priceBooks || promotion.conditions.priceBooks.includes("none")),
    )
    .sort((a, b) => a.id - b.id)
    .flatMap((promotion): BrandRebateOffer[] => {
      const rewards = promotion.rewards.flatMap((reward) =>
        reward.type === "Rebate" || reward.type === "InstantRebate" ? [reward] : [],
      );
      const applies = products.filter((product) => productQualifies(promotion.conditions, product));
      if (rewards.length === 0 || applies.length === 0) return [];
      return rewards.map((reward) => ({
        promotionId: promotion.id,
        title: promotion.description,
        type: reward.type,
        amounts: reward.breakpoints.map((point) => describeReward(reward, point.amountCents, point.quantity)),
        conditions: conditionWords(promotion, promotion.conditions),
        products: applies.map(({ name, href }) => ({ name, href })),
      }));
    });
}

/** Whether a brand slug is shaped like one (the URL parameter is checked before any lookup). */
export function isBrandSlugShaped(value: string | undefined): value is string {
  return value !== undefined && /^[a-z0-9-]{1,60}$/.test(value);
}
