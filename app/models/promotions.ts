import { DateTime } from "luxon";
import { z } from "zod";
import { BUSINESS_TIME_ZONE } from "./business-time";
import { CUSTOMER_GROUPS, type CustomerGroup } from "./customer-groups";
import { PRICE_BOOKS, type PriceBook } from "./catalog";
import type { OrderType, WhichEye } from "./line-item-group";

/**
 * The promotions engine (spec 2 §3 and §4 "Coupons", spec 3 "Rebate"): which promotions a cart earns, what each
 * reward is worth and which line items it applies to. Pure and deterministic: the same cart, promotions and
 * moment always give the same answer. Money is integer cents.
 */

/** Spec 3 §7: an order placed for an auto-reorder group is 'autoReorder', any other 'oneTime'. */
export const ORDER_TYPES = ["autoReorder", "oneTime"] as const satisfies readonly OrderType[];

export const REWARD_TYPES = ["Rebate", "Shipping", "InstantRebate", "DollarOff", "PercentOff"] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

/** Spec 3 "Customer groups": promotions are aimed at any of them (the list lives with the group rules). */
export { CUSTOMER_GROUPS, type CustomerGroup };

const cents = z.number().int().min(0);
const breakpointsSchema = z
  .array(z.object({ quantity: z.number().int().min(1), amountCents: cents }))
  .min(1)
  .refine((list) => list.every((point, index) => index === 0 || point.quantity > list[index - 1]!.quantity), {
    message: "breakpoints must rise in quantity",
  });

/** What a promotion gives. Stored as JSON, so it is checked when read. */
export const rewardRuleSchema = z.discriminatedUnion("type", [
  /** A manufacturer's mail-in rebate, paid back later: the highest quantity breakpoint the cart reaches. */
  z.object({ type: z.literal("Rebate"), breakpoints: breakpointsSchema }),
  /** Taken off the price at once, by the same breakpoints. */
  z.object({ type: z.literal("InstantRebate"), breakpoints: breakpointsSchema }),
  z.object({ type: z.literal("DollarOff"), amountCents: cents.min(1) }),
  z.object({ type: z.literal("PercentOff"), percent: z.number().int().min(1).max(100) }),
  /** Off the shipping price for the listed levels; null amount: shipping is free. */
  z.object({
    type: z.literal("Shipping"),
    levels: z.array(z.number().int().min(0).max(4)).min(1),
    amountCents: cents.nullable(),
  }),
]);
export type RewardRule = z.infer<typeof rewardRuleSchema>;

export const promotionConditionsSchema = z.object({
  /** The cart's merchandise subtotal must reach this. */
  minimumSubtotalCents: cents.optional(),
  /** Only these products' lines qualify (and earn the rewards). */
  productIds: z.array(z.number().int()).min(1).optional(),
  brandSlugs: z.array(z.string()).min(1).optional(),
  productTypes: z
    .array(z.enum(["lens", "solution"]))
    .min(1)
    .optional(),
  /** Only lines of groups of these order types qualify (an auto-reorder promotion: ["autoReorder"]). */
  orderTypes: z.array(z.enum(ORDER_TYPES)).min(1).optional(),
  /** The shopper must be in one of these groups. */
  customerGroups: z.array(z.enum(CUSTOMER_GROUPS)).min(1).optional(),
  /** The shopper must be in every one of these groups (a campaign's path and NewCustomer: decision 66). */
  allCustomerGroups: z.array(z.enum(CUSTOMER_GROUPS)).min(1).optional(),
  priceBooks: z.array(z.enum(PRICE_BOOKS)).min(1).optional(),
});
export type PromotionConditions = z.infer<typeof promotionConditionsSchema>;

export interface Promotion {
  id: number;
  /** Customer-facing, e.g. "15% off your first order". */
  description: string;
  rewards: RewardRule[];
  conditions: PromotionConditions;
  startsAt: Date;
  expiresAt: Date | null;
  /** Earned only through a coupon code. */
  requiresCoupon: boolean;
  /** Combines with no other exclusive promotion: of those, only the one worth most applies. */
  exclusive: boolean;
  isPrivateLabelTrial: boolean;
}

/** A cart line as the engine sees it. */
export interface PricedLine {
  itemId: string;
  productId: number;
  brandSlug: string;
  productType: "lens" | "solution";
  eye: WhichEye;
  /** Its group's: 'autoReorder' when the group has a reorder frequency. */
  orderType: OrderType;
  quantity: number;
  unitPriceCents: number;
}

export interface PromotionContext {
  now: Date;
  customerGroups: readonly CustomerGroup[];
  priceBook: PriceBook;
  shippingLevel: number;
  /** The selected method's price before any shipping reward. */
  shippingPriceCents: number;
  /** The promotion of the coupon on the cart, if any. */
  couponPromotionId: number | null;
}

export interface AppliedReward {
  rewardType: RewardType;
  amountCents: number;
  description: string;
  /** The line items the reward is for (empty for shipping). */
  itemIds: string[];
  /** For quantity rewards: the breakpoint reached. */
  quantityBreakpoint?: number;
}

export interface AppliedPromotion {
  promotionId: number;
  description: string;
  expiresAt: Date | null;
  viaCoupon: boolean;
  rewards: AppliedReward[];
  totalCents: number;
}

export type CouponStatus = "applied" | "notQualified" | "outdone";

export interface PromotionOutcome {
  /** Every promotion worth more than 0, in id order. */
  applied: AppliedPromotion[];
  /** InstantRebate + DollarOff + PercentOff. */
  discountCents: number;
  shippingDiscountCents: number;
  /** Mail-in rebates (paid back later; not taken off the total). */
  rebateCents: number;
  /** Discount per line item (what each line's tax is figured on). */
  itemDiscounts: Record<string, number>;
  /** What became of the cart's coupon (null without one). */
  coupon: { promotionId: number; status: CouponStatus; totalCents: number } | null;
}

export function isActive(promotion: Pick<Promotion, "startsAt" | "expiresAt">, now: Date): boolean {
  return promotion.startsAt <= now && (promotion.expiresAt === null || now < promotion.expiresAt);
}

export function lineSubtotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/** Whether a product meets a promotion's product conditions (products, brands, product types). */
export function productQualifies(
  conditions: PromotionConditions,
  product: Pick<PricedLine, "productId" | "brandSlug" | "productType">,
): boolean {
  return (
    (!conditions.productIds || conditions.productIds.includes(product.productId)) &&
    (!conditions.brandSlugs || conditions.brandSlugs.includes(product.brandSlug)) &&
    (!conditions.productTypes || conditions.productTypes.includes(product.productType))
  );
}

/** Whether an order type meets a promotion's order-type condition (any does when it names none). */
export function orderTypeQualifies(conditions: PromotionConditions, orderType: OrderType): boolean {
  return !conditions.orderTypes || conditions.orderTypes.includes(orderType);
}

/** The lines a promotion's product and order-type conditions select (all lines when it names none). */
export function qualifyingLines(conditions: PromotionConditions, lines: readonly PricedLine[]): PricedLine[] {
  return lines.filter((line) => productQualifies(conditions, line) && orderTypeQualifies(conditions, line.orderType));
}

/** Whether the shopper's groups meet a promotion's group conditions (one of `customerGroups`, all of `allCustomerGroups`). */
export function groupsQualify(conditions: PromotionConditions, customerGroups: readonly string[]): boolean {
  return (
    (!conditions.customerGroups || conditions.customerGroups.some((group) => customerGroups.includes(group))) &&
    (!conditions.allCustomerGroups || conditions.allCustomerGroups.every((group) => customerGroups.includes(group)))
  );
}

/** Whether a promotion's conditions hold for this cart and shopper (the coupon is checked separately). */
export function meetsConditions(
  promotion: Promotion,
  lines: readonly PricedLine[],
  context: PromotionContext,
): boolean {
  const { conditions } = promotion;
  if (!isActive(promotion, context.now)) return false;
  if (!groupsQualify(conditions, context.customerGroups)) return false;
  if (conditions.priceBooks && !conditions.priceBooks.includes(context.priceBook)) return false;
  if (conditions.minimumSubtotalCents !== undefined && lineSubtotal(lines) < conditions.minimumSubtotalCents)
    return false;
  return qualifyingLines(conditions, lines).length > 0;
}

/** The amount of the highest breakpoint a quantity reaches (0 below the first). */
export function breakpointReached(
  breakpoints: ReadonlyArray<{ quantity: number; amountCents: number }>,
  quantity: number,
): { quantity: number; amountCents: number } | null {
  let reached: { quantity: number; amountCents: number } | null = null;
  for (const point of breakpoints) if (quantity >= point.quantity) reached = point;
  return reached;
}

/** Percent of an amount, rounded to the nearest cent (half up). */
export function percentOf(amountCents: number, percent: number): number {
  return Math.round((amountCents * percent) / 100);
}

/**
 * Splits an amount over lines in proportion to what is left of each line's price (largest remainder, ties to the
 * earlier line), never more than a line has left. Returns the share per line, in the same order.
 */
export function allocate(amountCents: number, remaining: readonly number[]): number[] {
  const total = remaining.reduce((sum, value) => sum + value, 0);
  const amount = Math.min(amountCents, total);
  if (amount <= 0 || total === 0) return remaining.map(() => 0);
  // Integer remainders (not floating-point fractions), so equal remainders really tie and go to the earlier line.
  const remainders = remaining.map((value) => (amount * value) % total);
  const shares = remaining.map((value, index) => (amount * value - remainders[index]!) / total);
  let left = amount - shares.reduce((sum, value) => sum + value, 0);
  const order = remainders
    .map((remainder, index) => ({ index, remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    if (shares[index]! < remaining[index]!) {
      shares[index]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/** The order rewards are applied in, so each discount sees what the earlier ones left. */
const STAGES: readonly RewardType[] = ["InstantRebate", "PercentOff", "DollarOff", "Shipping", "Rebate"];

/** A reward in the shopper's words: "Buy 4 boxes, get $50 back", "15% off", "Free shipping". */
export function describeReward(reward: RewardRule, amountCents: number, quantityBreakpoint?: number): string {
  const money = `$${(amountCents / 100).toFixed(2).replace(/\.00$/, "")}`;
  switch (reward.type) {
    case "Rebate":
      return `Buy ${quantityBreakpoint} boxes, get ${money} back`;
    case "InstantRebate":
      return `Buy ${quantityBreakpoint} boxes, save ${money} instantly`;
    case "PercentOff":
      return `${reward.percent}% off`;
    case "DollarOff":
      return `${money} off`;
    case "Shipping":
      return reward.amountCents === null ? "Free shipping" : `${money} off shipping`;
  }
}

/** Applies a set of promotions (all of whose conditions hold) to the lines, stage by stage. */
function applyAll(
  promotions: readonly Promotion[],
  lines: readonly PricedLine[],
  context: PromotionContext,
): Omit<PromotionOutcome, "coupon"> {
  const remaining = new Map(lines.map((line) => [line.itemId, line.unitPriceCents * line.quantity]));
  const itemDiscounts: Record<string, number> = Object.fromEntries(lines.map((line) => [line.itemId, 0]));
  let shippingLeft = context.shippingPriceCents;
  const rewardsOf = new Map<number, AppliedReward[]>();
  const sorted = [...promotions].sort((a, b) => a.id - b.id);

  for (const stage of STAGES) {
    for (const promotion of sorted) {
      const targets = qualifyingLines(promotion.conditions, lines);
      const quantity = targets.reduce((sum, line) => sum + line.quantity, 0);
      for (const reward of promotion.rewards) {
        if (reward.type !== stage) continue;
        let applied: AppliedReward | null = null;
        if (reward.type === "Rebate") {
          const point = breakpointReached(reward.breakpoints, quantity);
          if (point && point.amountCents > 0) {
            applied = {
              rewardType: "Rebate",
              amountCents: point.amountCents,
              description: describeReward(reward, point.amountCents, point.quantity),
              itemIds: targets.map((line) => line.itemId),
              quantityBreakpoint: point.quantity,
            };
          }
        } else if (reward.type === "Shipping") {
          const amount = reward.levels.includes(context.shippingLevel)
            ? Math.min(reward.amountCents ?? shippingLeft, shippingLeft)
            : 0;
          if (amount > 0) {
            shippingLeft -= amount;
            applied = {
              rewardType: "Shipping",
              amountCents: amount,
              description: describeReward(reward, amount),
              itemIds: [],
            };
          }
        } else {
          const left = targets.map((line) => remaining.get(line.itemId) ?? 0);
          const available = left.reduce((sum, value) => sum + value, 0);
          let amount = 0;
          let point: { quantity: number; amountCents: number } | null = null;
          if (reward.type === "InstantRebate") {
            point = breakpointReached(reward.breakpoints, quantity);
            amount = point?.amountCents ?? 0;
          } else if (reward.type === "PercentOff") {
            amount = percentOf(available, reward.percent);
          } else {
            amount = reward.amountCents;
          }
          const shares = allocate(amount, left);
          const total = shares.reduce((sum, value) => sum + value, 0);
          if (total > 0) {
            const itemIds: string[] = [];
            targets.forEach((line, index) => {
              const share = shares[index]!;
              if (share === 0) return;
              remaining.set(line.itemId, (remaining.get(line.itemId) ?? 0) - share);
              itemDiscounts[line.itemId] = (itemDiscounts[line.itemId] ?? 0) + share;
              itemIds.push(line.itemId);
            });
            applied = {
              rewardType: reward.type,
              amountCents: total,
              description: describeReward(reward, total, point?.quantity),
              itemIds,
              ...(point ? { quantityBreakpoint: point.quantity } : {}),
            };
          }
        }
        if (applied) rewardsOf.set(promotion.id, [...(rewardsOf.get(promotion.id) ?? []), applied]);
      }
    }
  }

  const applied: AppliedPromotion[] = sorted
    .filter((promotion) => rewardsOf.has(promotion.id))
    .map((promotion) => {
      const rewards = rewardsOf.get(promotion.id)!;
      return {
        promotionId: promotion.id,
        description: promotion.description,
        expiresAt: promotion.expiresAt,
        viaCoupon: promotion.id === context.couponPromotionId,
        rewards,
        totalCents: rewards.reduce((sum, reward) => sum + reward.amountCents, 0),
      };
    });
  const sumOf = (types: RewardType[]) =>
    applied
      .flatMap((promotion) => promotion.rewards)
      .filter((reward) => types.includes(reward.rewardType))
      .reduce((sum, reward) => sum + reward.amountCents, 0);
  return {
    applied,
    discountCents: sumOf(["InstantRebate", "DollarOff", "PercentOff"]),
    shippingDiscountCents: sumOf(["Shipping"]),
    rebateCents: sumOf(["Rebate"]),
    itemDiscounts,
  };
}

function totalFor(outcome: Omit<PromotionOutcome, "coupon">, promotionId: number): number {
  return outcome.applied.find((promotion) => promotion.promotionId === promotionId)?.totalCents ?? 0;
}

/**
 * Promotions on merchandise alone, with no cart around it (the API's discount quote, a subscription's next order): no
 * shipping, so no shipping reward, and no coupon.
 */
export function evaluateMerchandisePromotions(
  promotions: readonly Promotion[],
  lines: readonly PricedLine[],
  context: Pick<PromotionContext, "now" | "customerGroups" | "priceBook">,
): PromotionOutcome {
  return evaluatePromotions(promotions, lines, {
    ...context,
    shippingLevel: 0,
    shippingPriceCents: 0,
    couponPromotionId: null,
  });
}

/**
 * Evaluates the promotions a cart earns. Automatic promotions apply when their conditions hold; a coupon's
 * promotion only when it is the cart's coupon. Non-exclusive promotions all combine; of the exclusive ones only
 * the one worth most to the shopper applies (the cart's coupon wins a tie, as the shopper chose it; otherwise the
 * lower id). A coupon counts as applied only when its rewards total above 0.
 */
export function evaluatePromotions(
  promotions: readonly Promotion[],
  lines: readonly PricedLine[],
  context: PromotionContext,
): PromotionOutcome {
  const eligible = promotions.filter(
    (promotion) =>
      (!promotion.requiresCoupon || promotion.id === context.couponPromotionId) &&
      meetsConditions(promotion, lines, context),
  );
  const combinable = eligible.filter((promotion) => !promotion.exclusive);
  const exclusive = eligible
    .filter((promotion) => promotion.exclusive)
    .sort(
      (a, b) => Number(b.id === context.couponPromotionId) - Number(a.id === context.couponPromotionId) || a.id - b.id,
    );

  let best = applyAll(combinable, lines, context);
  let bestValue = 0;
  let winner: number | null = null;
  for (const candidate of exclusive) {
    const outcome = applyAll([...combinable, candidate], lines, context);
    const value = totalFor(outcome, candidate.id);
    if (value > bestValue) {
      best = outcome;
      bestValue = value;
      winner = candidate.id;
    }
  }

  let coupon: PromotionOutcome["coupon"] = null;
  if (context.couponPromotionId !== null) {
    const promotionId = context.couponPromotionId;
    const couponPromotion = eligible.find((promotion) => promotion.id === promotionId);
    if (!couponPromotion) {
      coupon = { promotionId, status: "notQualified", totalCents: 0 };
    } else if (couponPromotion.exclusive && winner !== promotionId) {
      const alone = totalFor(applyAll([...combinable, couponPromotion], lines, context), promotionId);
      coupon = { promotionId, status: alone > 0 ? "outdone" : "notQualified", totalCents: 0 };
    } else {
      const total = totalFor(best, promotionId);
      coupon = { promotionId, status: total > 0 ? "applied" : "notQualified", totalCents: total };
    }
  }
  return { ...best, coupon };
}

/**
 * The promotions the cart lists (spec 2 §4): not the private-label trial, not shipping promotions, not rebate
 * rewards, and not the applied coupon's own promotion (the coupon shows it).
 */
export function listedPromotions(
  outcome: Pick<PromotionOutcome, "applied">,
  promotions: readonly Pick<Promotion, "id" | "isPrivateLabelTrial" | "rewards">[],
  couponPromotionId: number | null,
): AppliedPromotion[] {
  const byId = new Map(promotions.map((promotion) => [promotion.id, promotion]));
  return outcome.applied.flatMap((applied) => {
    const promotion = byId.get(applied.promotionId);
    if (!promotion || promotion.isPrivateLabelTrial || applied.promotionId === couponPromotionId) return [];
    if (promotion.rewards.some((reward) => reward.type === "Shipping")) return [];
    const rewards = applied.rewards.filter((reward) => reward.rewardType !== "Rebate");
    if (rewards.length === 0) return [];
    return [{ ...applied, rewards, totalCents: rewards.reduce((sum, reward) => sum + reward.amountCents, 0) }];
  });
}

/** A product's rebate offers (spec 3: amountSaved, quantityBreakpoint, type), from automatic promotions. */
export interface RebateOffer {
  amountSaved: number;
  quantityBreakpoint: number;
  type: "Rebate" | "InstantRebate";
  description: string;
}

/**
 * The rebate offers a product can earn. With an order type (a cart line's), promotions for other order types are
 * left out; without one (the product page, before the shopper chooses auto-reorder or not), the order-type
 * condition is not checked, since either kind of order can still be placed.
 */
export function rebateOffers(
  promotions: readonly Promotion[],
  product: { productId: number; brandSlug: string; productType: "lens" | "solution"; orderType?: OrderType },
  context: Pick<PromotionContext, "now" | "priceBook" | "customerGroups">,
): RebateOffer[] {
  return promotions
    .filter(
      (promotion) =>
        !promotion.requiresCoupon &&
        isActive(promotion, context.now) &&
        (!promotion.conditions.priceBooks || promotion.conditions.priceBooks.includes(context.priceBook)) &&
        groupsQualify(promotion.conditions, context.customerGroups) &&
        productQualifies(promotion.conditions, product) &&
        (product.orderType === undefined || orderTypeQualifies(promotion.conditions, product.orderType)),
    )
    .sort((a, b) => a.id - b.id)
    .flatMap((promotion) =>
      promotion.rewards.flatMap((reward) =>
        reward.type === "Rebate" || reward.type === "InstantRebate"
          ? reward.breakpoints.map((point) => ({
              amountSaved: point.amountCents,
              quantityBreakpoint: point.quantity,
              type: reward.type,
              description: describeReward(reward, point.amountCents, point.quantity),
            }))
          : [],
      ),
    );
}

/** A reward rule as the public promotions lists show it (amounts in cents). */
export function rewardRuleJson(reward: RewardRule) {
  switch (reward.type) {
    case "Rebate":
    case "InstantRebate":
      return {
        rewardType: reward.type,
        breakpoints: reward.breakpoints.map((point) => ({
          quantityBreakpoint: point.quantity,
          amount: point.amountCents,
        })),
      };
    case "DollarOff":
      return { rewardType: reward.type, amount: reward.amountCents };
    case "PercentOff":
      return { rewardType: reward.type, percent: reward.percent };
    case "Shipping":
      // A null amount: shipping at these levels is free.
      return { rewardType: reward.type, amount: reward.amountCents, shippingLevels: reward.levels };
  }
}

/** Spec 2 §8: 'Promo expires {date}' and 'Coupon expires {date}' (the date in the business time zone). */
export function expiryLabel(kind: "promo" | "coupon", expiresAt: Date): string {
  const date = DateTime.fromJSDate(expiresAt, { zone: BUSINESS_TIME_ZONE }).setLocale("en-US").toFormat("LLL d, yyyy");
  return `${kind === "promo" ? "Promo" : "Coupon"} expires ${date}`;
}
