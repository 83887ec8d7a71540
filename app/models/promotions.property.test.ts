import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRICE_BOOKS } from "./catalog";
import { orderSummary } from "./order-summary";
import {
  CUSTOMER_GROUPS,
  ORDER_TYPES,
  allocate,
  evaluatePromotions,
  lineSubtotal,
  promotionConditionsSchema,
  rewardRuleSchema,
  type PricedLine,
  type Promotion,
  type PromotionConditions,
  type PromotionContext,
  type PromotionOutcome,
  type RewardRule,
} from "./promotions";

/** Property tests of the promotions engine and the order summary over arbitrary carts, promotions and coupons. */

const RUNS = { numRuns: 300 };
const NOW = Date.parse("2025-03-10T18:00:00Z");
const HOUR = 3_600_000;
const BRANDS = ["acuvue", "biofinity", "dailies"] as const;

const lineArb = fc.record({
  productId: fc.integer({ min: 1, max: 4 }),
  brandSlug: fc.constantFrom(...BRANDS),
  productType: fc.constantFrom("lens" as const, "solution" as const),
  eye: fc.constantFrom("none" as const, "right" as const, "left" as const),
  orderType: fc.constantFrom(...ORDER_TYPES),
  quantity: fc.integer({ min: 1, max: 12 }),
  // Cheap lines too, so that carts get fully discounted now and then.
  unitPriceCents: fc.oneof(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 1, max: 500 })),
});
const linesArb: fc.Arbitrary<PricedLine[]> = fc
  .array(lineArb, { minLength: 0, maxLength: 6, size: "max" })
  .map((lines) => lines.map((line, index) => ({ itemId: `item-${index}`, ...line })));

const breakpointsArb = fc
  .uniqueArray(
    fc.record({ quantity: fc.integer({ min: 1, max: 12 }), amountCents: fc.integer({ min: 0, max: 30_000 }) }),
    { minLength: 1, maxLength: 3, selector: (point) => point.quantity },
  )
  .map((points) => [...points].sort((a, b) => a.quantity - b.quantity));

const rewardArb: fc.Arbitrary<RewardRule> = fc
  .oneof(
    breakpointsArb.map((breakpoints): RewardRule => ({ type: "Rebate", breakpoints })),
    breakpointsArb.map((breakpoints): RewardRule => ({ type: "InstantRebate", breakpoints })),
    fc.integer({ min: 1, max: 80_000 }).map((amountCents): RewardRule => ({ type: "DollarOff", amountCents })),
    fc.integer({ min: 1, max: 100 }).map((percent): RewardRule => ({ type: "PercentOff", percent })),
    fc
      .record({
        levels: fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 5 }),
        amountCents: fc.option(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3000 })), { nil: null }),
      })
      .map(({ levels, amountCents }): RewardRule => ({ type: "Shipping", levels, amountCents })),
  )
  .filter((reward) => rewardRuleSchema.safeParse(reward).success);

/** Each condition present one time in six, so that a fair share of the promotions apply. */
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, { arbitrary: arb, weight: 1 });

const conditionsArb: fc.Arbitrary<PromotionConditions> = fc
  .record({
    minimumSubtotalCents: sometimes(fc.integer({ min: 0, max: 100_000 })),
    productIds: sometimes(fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 })),
    brandSlugs: sometimes(fc.uniqueArray(fc.constantFrom(...BRANDS, "other"), { minLength: 1, maxLength: 2 })),
    productTypes: sometimes(
      fc.uniqueArray(fc.constantFrom("lens" as const, "solution" as const), { minLength: 1, maxLength: 2 }),
    ),
    orderTypes: sometimes(fc.uniqueArray(fc.constantFrom(...ORDER_TYPES), { minLength: 1, maxLength: 2 })),
    customerGroups: sometimes(fc.uniqueArray(fc.constantFrom(...CUSTOMER_GROUPS), { minLength: 1, maxLength: 3 })),
    priceBooks: sometimes(fc.uniqueArray(fc.constantFrom(...PRICE_BOOKS), { minLength: 1, maxLength: 2 })),
  })
  .map(
    (conditions) =>
      Object.fromEntries(Object.entries(conditions).filter(([, value]) => value !== undefined)) as PromotionConditions,
  )
  .filter((conditions) => promotionConditionsSchema.safeParse(conditions).success);

const promotionBodyArb = fc.record({
  rewards: fc.array(rewardArb, { minLength: 1, maxLength: 3 }),
  conditions: conditionsArb,
  startsInHours: fc.integer({ min: -48, max: 6 }),
  expiresInHours: fc.option(fc.integer({ min: -6, max: 48 }), { nil: null }),
  requiresCoupon: fc.oneof({ arbitrary: fc.constant(false), weight: 2 }, { arbitrary: fc.constant(true), weight: 1 }),
  exclusive: fc.boolean(),
  isPrivateLabelTrial: fc.boolean(),
});

/** 0–6 promotions with distinct ids (1…n). */
const promotionsArb: fc.Arbitrary<Promotion[]> = fc
  .array(promotionBodyArb, { minLength: 0, maxLength: 6, size: "max" })
  .map((bodies) =>
    bodies.map(({ startsInHours, expiresInHours, ...body }, index) => ({
      id: index + 1,
      description: `Promotion ${index + 1}`,
      ...body,
      startsAt: new Date(NOW + startsInHours * HOUR),
      expiresAt: expiresInHours === null ? null : new Date(NOW + expiresInHours * HOUR),
    })),
  );

const contextArb = fc.record({
  customerGroups: fc.subarray([...CUSTOMER_GROUPS]),
  priceBook: fc.constantFrom(...PRICE_BOOKS),
  shippingLevel: fc.integer({ min: 0, max: 4 }),
  shippingPriceCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3000 })),
});

/** A coupon: mostly one of the promotions; sometimes none, or an unknown promotion. */
const couponArb = (promotions: readonly Promotion[]): fc.Arbitrary<number | null> =>
  fc.oneof(
    { arbitrary: promotions.length > 0 ? fc.constantFrom(...promotions.map((p) => p.id)) : fc.constant(1), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: 8 }), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
  );

const scenarioArb = fc
  .record({
    lines: linesArb,
    promotions: promotionsArb,
    context: contextArb,
    taxAmount: fc.integer({ min: 0, max: 20_000 }),
    insuranceBenefitsTotal: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 400_000 })),
    customerCredits: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 400_000 })),
  })
  .chain((scenario) => couponArb(scenario.promotions).map((coupon) => ({ ...scenario, coupon })));
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function contextOf(scenario: Scenario, couponPromotionId: number | null): PromotionContext {
  return { now: new Date(NOW), ...scenario.context, couponPromotionId };
}

function summaryOf(scenario: Scenario, outcome: PromotionOutcome) {
  return orderSummary({
    subTotal: lineSubtotal(scenario.lines),
    discountAmount: outcome.discountCents,
    shippingPrice: scenario.context.shippingPriceCents,
    shippingDiscount: outcome.shippingDiscountCents,
    taxAmount: scenario.taxAmount,
    rebateTotal: outcome.rebateCents,
    insuranceBenefitsTotal: scenario.insuranceBenefitsTotal,
    customerCredits: scenario.customerCredits,
  });
}

function evaluate(scenario: Scenario, couponPromotionId = scenario.coupon) {
  return evaluatePromotions(scenario.promotions, scenario.lines, contextOf(scenario, couponPromotionId));
}

/** allocate as specified, in exact integer arithmetic: largest remainder, ties to the earlier line. */
function reference(amount: number, remaining: number[]) {
  const total = remaining.reduce((sum, value) => sum + value, 0);
  const capped = Math.min(amount, total);
  if (capped === 0) return remaining.map(() => 0);
  const share = (value: number) => (BigInt(capped) * BigInt(value)) / BigInt(total);
  const remainder = (value: number) => Number((BigInt(capped) * BigInt(value)) % BigInt(total));
  const shares = remaining.map((value) => Number(share(value)));
  let left = capped - shares.reduce((sum, value) => sum + value, 0);
  const order = remaining
    .map((value, index) => ({ index, remainder: remainder(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) if (left-- > 0) shares[index]! += 1;
  return shares;
}

describe("promotions engine and order summary: properties", () => {
  it("(1) the totals are never below 0", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const summary = summaryOf(scenario, evaluate(scenario));
        expect(summary.totalAmount).toBeGreaterThanOrEqual(0);
        expect(summary.totalAfterCredits).toBeGreaterThanOrEqual(0);
        expect(summary.totalAfterRebates).toBeGreaterThanOrEqual(0);
        expect(summary.shipping).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it("(2) discounts never exceed the subtotal or any line's total; the shipping discount never exceeds its price", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const outcome = evaluate(scenario);
        const subtotal = lineSubtotal(scenario.lines);
        expect(outcome.discountCents).toBeGreaterThanOrEqual(0);
        expect(outcome.discountCents).toBeLessThanOrEqual(subtotal);
        for (const line of scenario.lines) {
          const discount = outcome.itemDiscounts[line.itemId]!;
          expect(discount).toBeGreaterThanOrEqual(0);
          expect(discount).toBeLessThanOrEqual(line.unitPriceCents * line.quantity);
        }
        // The line discounts are the discount, to the cent.
        expect(Object.values(outcome.itemDiscounts).reduce((sum, value) => sum + value, 0)).toBe(outcome.discountCents);
        expect(outcome.shippingDiscountCents).toBeGreaterThanOrEqual(0);
        expect(outcome.shippingDiscountCents).toBeLessThanOrEqual(scenario.context.shippingPriceCents);
        // So the summary never needs its caps.
        const summary = summaryOf(scenario, outcome);
        expect(summary.discountAmount).toBe(outcome.discountCents);
        expect(summary.shippingDiscount).toBe(outcome.shippingDiscountCents);
      }),
      RUNS,
    );
  });

  it("(3) applying then removing a coupon restores the original outcome and totals", () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 1, max: 8 }), (scenario, otherCoupon) => {
        const couponPromotionId = scenario.coupon ?? otherCoupon;
        const snapshot = structuredClone({ promotions: scenario.promotions, lines: scenario.lines });
        const before = evaluate(scenario, null);
        const withCoupon = evaluate(scenario, couponPromotionId);
        const after = evaluate(scenario, null);
        expect(after).toEqual(before);
        expect(summaryOf(scenario, after)).toEqual(summaryOf(scenario, before));
        expect(withCoupon.coupon?.promotionId).toBe(couponPromotionId);
        expect(before.coupon).toBeNull();
        // Evaluating changed none of its inputs.
        expect({ promotions: scenario.promotions, lines: scenario.lines }).toEqual(snapshot);
      }),
      RUNS,
    );
  });

  it("(4) the order of the promotions does not matter", () => {
    const arb = scenarioArb.chain((scenario) =>
      fc.tuple(
        fc.constant(scenario),
        fc.shuffledSubarray(scenario.promotions, {
          minLength: scenario.promotions.length,
          maxLength: scenario.promotions.length,
        }),
      ),
    );
    fc.assert(
      fc.property(arb, ([scenario, shuffled]) => {
        expect(evaluate({ ...scenario, promotions: shuffled })).toEqual(evaluate(scenario));
      }),
      RUNS,
    );
  });

  it("(5) what applies is consistent: worth > 0, coupon-only via the coupon, one exclusive, the coupon's status", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const outcome = evaluate(scenario);
        const byId = new Map(scenario.promotions.map((promotion) => [promotion.id, promotion]));
        const now = new Date(NOW);
        for (const applied of outcome.applied) {
          const promotion = byId.get(applied.promotionId)!;
          expect(applied.totalCents).toBeGreaterThan(0);
          expect(applied.totalCents).toBe(applied.rewards.reduce((sum, reward) => sum + reward.amountCents, 0));
          for (const reward of applied.rewards) expect(reward.amountCents).toBeGreaterThan(0);
          if (promotion.requiresCoupon) expect(promotion.id).toBe(scenario.coupon);
          expect(applied.viaCoupon).toBe(promotion.id === scenario.coupon);
          expect(promotion.startsAt <= now).toBe(true);
          if (promotion.expiresAt) expect(now < promotion.expiresAt).toBe(true);
        }
        const appliedExclusive = outcome.applied.filter((applied) => byId.get(applied.promotionId)!.exclusive);
        expect(appliedExclusive.length).toBeLessThanOrEqual(1);
        expect(outcome.applied.map((applied) => applied.promotionId)).toEqual(
          [...outcome.applied.map((applied) => applied.promotionId)].sort((a, b) => a - b),
        );

        if (scenario.coupon === null) {
          expect(outcome.coupon).toBeNull();
          return;
        }
        const couponApplied = outcome.applied.find((applied) => applied.promotionId === scenario.coupon);
        expect(outcome.coupon?.promotionId).toBe(scenario.coupon);
        expect(outcome.coupon?.status === "applied").toBe(couponApplied !== undefined);
        expect(outcome.coupon?.totalCents).toBe(couponApplied?.totalCents ?? 0);
        if (outcome.coupon?.status === "outdone") {
          // Outdone only by another exclusive promotion that applied.
          expect(byId.get(scenario.coupon)!.exclusive).toBe(true);
          expect(appliedExclusive).toHaveLength(1);
        }
      }),
      RUNS,
    );
  });

  it("(6) a reward names and discounts only lines that meet its promotion's product and order-type conditions", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const outcome = evaluate(scenario);
        const byId = new Map(scenario.promotions.map((promotion) => [promotion.id, promotion]));
        const lineOf = new Map(scenario.lines.map((line) => [line.itemId, line]));
        const allowed = new Set<string>();
        for (const applied of outcome.applied) {
          const { conditions } = byId.get(applied.promotionId)!;
          for (const reward of applied.rewards)
            for (const itemId of reward.itemIds) {
              const line = lineOf.get(itemId)!;
              expect(!conditions.orderTypes || conditions.orderTypes.includes(line.orderType)).toBe(true);
              expect(!conditions.productIds || conditions.productIds.includes(line.productId)).toBe(true);
              if (reward.rewardType !== "Rebate") allowed.add(itemId);
            }
        }
        // A line no discount reward names has no discount.
        for (const line of scenario.lines)
          if (!allowed.has(line.itemId)) expect(outcome.itemDiscounts[line.itemId]).toBe(0);
      }),
      RUNS,
    );
  });

  it("allocate: shares sum to the amount (capped at what is left), none above its line, largest remainder", () => {
    // What is left of up to 6 lines (small values make equal remainders likely), and an amount mostly within it.
    const arb = fc
      .array(fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 600_000 })), { maxLength: 6 })
      .chain((remaining) => {
        const total = remaining.reduce((sum, value) => sum + value, 0);
        return fc.tuple(
          fc.oneof(
            { arbitrary: fc.integer({ min: 0, max: total }), weight: 4 },
            { arbitrary: fc.integer({ min: 0, max: total + 1000 }), weight: 1 },
          ),
          fc.constant(remaining),
        );
      });
    fc.assert(
      fc.property(arb, ([amount, remaining]) => {
        const shares = allocate(amount, remaining);
        const total = remaining.reduce((sum, value) => sum + value, 0);
        expect(shares.reduce((sum, value) => sum + value, 0)).toBe(Math.min(amount, total));
        shares.forEach((share, index) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(remaining[index]!);
        });
        expect(shares).toEqual(reference(amount, remaining));
      }),
      { numRuns: 1000 },
    );
  });

  it("allocate matches the exact rule on every small case (3 lines of 1–12 cents, every amount)", () => {
    const mismatches: string[] = [];
    for (let a = 1; a <= 12; a++)
      for (let b = 1; b <= 12; b++)
        for (let c = 1; c <= 12; c++)
          for (let amount = 0; amount <= a + b + c; amount++) {
            const actual = allocate(amount, [a, b, c]).join();
            const expected = reference(amount, [a, b, c]).join();
            if (actual !== expected) mismatches.push(`allocate(${amount}, [${a}, ${b}, ${c}])`);
          }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
