import { Settings } from "luxon";
import { describe, expect, it } from "vitest";
import {
  allocate,
  breakpointReached,
  evaluatePromotions,
  expiryLabel,
  isActive,
  listedPromotions,
  percentOf,
  promotionConditionsSchema,
  qualifyingLines,
  rebateOffers,
  rewardRuleSchema,
  type PricedLine,
  type Promotion,
  type PromotionContext,
} from "./promotions";

const NOW = new Date("2025-03-10T18:00:00Z");
const HOUR = 3_600_000;

function promo(id: number, overrides: Partial<Promotion> = {}): Promotion {
  return {
    id,
    description: `Promotion ${id}`,
    rewards: [{ type: "DollarOff", amountCents: 1000 }],
    conditions: {},
    startsAt: new Date(NOW.getTime() - 24 * HOUR),
    expiresAt: null,
    requiresCoupon: false,
    exclusive: false,
    isPrivateLabelTrial: false,
    ...overrides,
  };
}

function line(itemId: string, overrides: Partial<PricedLine> = {}): PricedLine {
  return {
    itemId,
    productId: 1,
    brandSlug: "acuvue",
    productType: "lens",
    eye: "right",
    orderType: "oneTime",
    quantity: 1,
    unitPriceCents: 10_000,
    ...overrides,
  };
}

function ctx(overrides: Partial<PromotionContext> = {}): PromotionContext {
  return {
    now: NOW,
    customerGroups: [],
    priceBook: "none",
    shippingLevel: 0,
    shippingPriceCents: 495,
    couponPromotionId: null,
    ...overrides,
  };
}

const appliedIds = (outcome: ReturnType<typeof evaluatePromotions>) => outcome.applied.map((p) => p.promotionId);

describe("reward types, each alone", () => {
  it("Rebate: a mail-in rebate by breakpoint, paid back later, never taken off the price", () => {
    const outcome = evaluatePromotions(
      [promo(1, { rewards: [{ type: "Rebate", breakpoints: [{ quantity: 4, amountCents: 5000 }] }] })],
      [line("a", { quantity: 2 }), line("b", { quantity: 2, eye: "left" })],
      ctx(),
    );
    expect(outcome.rebateCents).toBe(5000);
    expect(outcome.discountCents).toBe(0);
    expect(outcome.shippingDiscountCents).toBe(0);
    expect(outcome.itemDiscounts).toEqual({ a: 0, b: 0 });
    expect(outcome.applied).toEqual([
      {
        promotionId: 1,
        description: "Promotion 1",
        expiresAt: null,
        viaCoupon: false,
        totalCents: 5000,
        rewards: [
          {
            rewardType: "Rebate",
            amountCents: 5000,
            description: "Buy 4 boxes, get $50 back",
            itemIds: ["a", "b"],
            quantityBreakpoint: 4,
          },
        ],
      },
    ]);
  });

  it("InstantRebate: taken off at once, by breakpoint, split over the qualifying lines", () => {
    const outcome = evaluatePromotions(
      [promo(1, { rewards: [{ type: "InstantRebate", breakpoints: [{ quantity: 2, amountCents: 2000 }] }] })],
      [line("a", { unitPriceCents: 3000 }), line("b", { unitPriceCents: 1000, eye: "left" })],
      ctx(),
    );
    expect(outcome.discountCents).toBe(2000);
    expect(outcome.rebateCents).toBe(0);
    expect(outcome.itemDiscounts).toEqual({ a: 1500, b: 500 });
    expect(outcome.applied[0]!.rewards).toEqual([
      {
        rewardType: "InstantRebate",
        amountCents: 2000,
        description: "Buy 2 boxes, save $20 instantly",
        itemIds: ["a", "b"],
        quantityBreakpoint: 2,
      },
    ]);
  });

  it("DollarOff: a fixed amount split in proportion to the lines", () => {
    const outcome = evaluatePromotions(
      [promo(1, { rewards: [{ type: "DollarOff", amountCents: 1000 }] })],
      [line("a", { unitPriceCents: 6000 }), line("b", { unitPriceCents: 4000, eye: "left" })],
      ctx(),
    );
    expect(outcome.discountCents).toBe(1000);
    expect(outcome.itemDiscounts).toEqual({ a: 600, b: 400 });
    expect(outcome.applied[0]!.rewards).toEqual([
      { rewardType: "DollarOff", amountCents: 1000, description: "$10 off", itemIds: ["a", "b"] },
    ]);
  });

  it("DollarOff: never more than the qualifying lines cost", () => {
    const outcome = evaluatePromotions(
      [promo(1, { rewards: [{ type: "DollarOff", amountCents: 100_000 }] })],
      [line("a", { unitPriceCents: 2500, quantity: 2 })],
      ctx(),
    );
    expect(outcome.discountCents).toBe(5000);
    expect(outcome.itemDiscounts).toEqual({ a: 5000 });
  });

  it("PercentOff: a percent of the qualifying lines, rounded to cents", () => {
    const outcome = evaluatePromotions(
      [promo(1, { rewards: [{ type: "PercentOff", percent: 15 }] })],
      [line("a", { unitPriceCents: 8599 })],
      ctx(),
    );
    expect(outcome.discountCents).toBe(1290);
    expect(outcome.itemDiscounts).toEqual({ a: 1290 });
    expect(outcome.applied[0]!.rewards).toEqual([
      { rewardType: "PercentOff", amountCents: 1290, description: "15% off", itemIds: ["a"] },
    ]);
  });

  it("Shipping (free): the whole shipping price off, for a listed level", () => {
    const outcome = evaluatePromotions(
      [promo(1, { rewards: [{ type: "Shipping", levels: [0], amountCents: null }] })],
      [line("a")],
      ctx({ shippingLevel: 0, shippingPriceCents: 495 }),
    );
    expect(outcome.shippingDiscountCents).toBe(495);
    expect(outcome.discountCents).toBe(0);
    expect(outcome.itemDiscounts).toEqual({ a: 0 });
    expect(outcome.applied[0]!.rewards).toEqual([
      { rewardType: "Shipping", amountCents: 495, description: "Free shipping", itemIds: [] },
    ]);
  });

  it("Shipping (amount): that amount off the shipping price", () => {
    const outcome = evaluatePromotions(
      [promo(1, { rewards: [{ type: "Shipping", levels: [1, 2], amountCents: 300 }] })],
      [line("a")],
      ctx({ shippingLevel: 2, shippingPriceCents: 1995 }),
    );
    expect(outcome.shippingDiscountCents).toBe(300);
    expect(outcome.applied[0]!.rewards[0]!.description).toBe("$3 off shipping");
  });

  it("Shipping (amount): capped at the shipping price", () => {
    const outcome = evaluatePromotions(
      [promo(1, { rewards: [{ type: "Shipping", levels: [0], amountCents: 1000 }] })],
      [line("a")],
      ctx({ shippingLevel: 0, shippingPriceCents: 495 }),
    );
    expect(outcome.shippingDiscountCents).toBe(495);
  });

  it("Shipping: nothing for a level it does not list", () => {
    const outcome = evaluatePromotions(
      [promo(1, { rewards: [{ type: "Shipping", levels: [0], amountCents: null }] })],
      [line("a")],
      ctx({ shippingLevel: 1, shippingPriceCents: 1495 }),
    );
    expect(outcome.shippingDiscountCents).toBe(0);
    expect(outcome.applied).toEqual([]);
  });

  it("Shipping: nothing when shipping already costs nothing, and a 0 amount is never an applied reward", () => {
    const free = evaluatePromotions(
      [promo(1, { rewards: [{ type: "Shipping", levels: [0], amountCents: null }] })],
      [line("a")],
      ctx({ shippingPriceCents: 0 }),
    );
    expect(free.applied).toEqual([]);
    const zero = evaluatePromotions(
      [promo(1, { rewards: [{ type: "Shipping", levels: [0], amountCents: 0 }] })],
      [line("a")],
      ctx({ shippingPriceCents: 495 }),
    );
    expect(zero.shippingDiscountCents).toBe(0);
    expect(zero.applied).toEqual([]);
  });

  it("two shipping rewards never take off more than the shipping price", () => {
    const outcome = evaluatePromotions(
      [
        promo(1, { rewards: [{ type: "Shipping", levels: [0], amountCents: 300 }] }),
        promo(2, { rewards: [{ type: "Shipping", levels: [0], amountCents: 300 }] }),
      ],
      [line("a")],
      ctx({ shippingPriceCents: 495 }),
    );
    expect(outcome.shippingDiscountCents).toBe(495);
    expect(outcome.applied.map((p) => p.totalCents)).toEqual([300, 195]);
  });

  it("the reward schema accepts each of the five reward types (and only those)", () => {
    expect(rewardRuleSchema.safeParse({ type: "PercentOff", percent: 10 }).success).toBe(true);
    expect(rewardRuleSchema.safeParse({ type: "PercentOff", percent: 101 }).success).toBe(false);
    expect(rewardRuleSchema.safeParse({ type: "DollarOff", amountCents: 0 }).success).toBe(false);
    expect(
      rewardRuleSchema.safeParse({
        type: "Rebate",
        breakpoints: [
          { quantity: 4, amountCents: 1 },
          { quantity: 4, amountCents: 2 },
        ],
      }).success,
    ).toBe(false);
    expect(rewardRuleSchema.safeParse({ type: "Cashback", amountCents: 1 }).success).toBe(false);
  });
});

describe("quantity breakpoints", () => {
  const breakpoints = [
    { quantity: 2, amountCents: 2000 },
    { quantity: 4, amountCents: 5000 },
    { quantity: 8, amountCents: 12_000 },
  ];

  it.each([
    [1, null],
    [2, { quantity: 2, amountCents: 2000 }],
    [3, { quantity: 2, amountCents: 2000 }],
    [4, { quantity: 4, amountCents: 5000 }],
    [7, { quantity: 4, amountCents: 5000 }],
    [8, { quantity: 8, amountCents: 12_000 }],
    [20, { quantity: 8, amountCents: 12_000 }],
  ])("a quantity of %i reaches %o", (quantity, expected) => {
    expect(breakpointReached(breakpoints, quantity)).toEqual(expected);
  });

  const rebateFor = (quantity: number) =>
    evaluatePromotions([promo(1, { rewards: [{ type: "Rebate", breakpoints }] })], [line("a", { quantity })], ctx());

  it("below the first breakpoint: no rebate at all", () => {
    expect(rebateFor(1).rebateCents).toBe(0);
    expect(rebateFor(1).applied).toEqual([]);
  });

  it("exactly at, between and above the breakpoints", () => {
    expect(rebateFor(4).rebateCents).toBe(5000);
    expect(rebateFor(4).applied[0]!.rewards[0]!.quantityBreakpoint).toBe(4);
    expect(rebateFor(6).rebateCents).toBe(5000);
    expect(rebateFor(12).rebateCents).toBe(12_000);
    expect(rebateFor(12).applied[0]!.rewards[0]!.description).toBe("Buy 8 boxes, get $120 back");
  });

  it("counts only the boxes of qualifying lines", () => {
    const outcome = evaluatePromotions(
      [promo(1, { conditions: { brandSlugs: ["acuvue"] }, rewards: [{ type: "InstantRebate", breakpoints }] })],
      [line("a", { quantity: 3 }), line("b", { brandSlug: "biofinity", quantity: 5, eye: "left" })],
      ctx(),
    );
    expect(outcome.discountCents).toBe(2000);
    expect(outcome.itemDiscounts).toEqual({ a: 2000, b: 0 });
    expect(outcome.applied[0]!.rewards[0]!.itemIds).toEqual(["a"]);
  });
});

describe("product filters pick the lines a reward is for", () => {
  const lines = [
    line("acuvue-lens", { productId: 10, brandSlug: "acuvue", productType: "lens" }),
    line("acuvue-lens-2", { productId: 11, brandSlug: "acuvue", productType: "lens", eye: "left" }),
    line("bio-lens", { productId: 20, brandSlug: "biofinity", productType: "lens" }),
    line("opti-solution", { productId: 30, brandSlug: "opti-free", productType: "solution", eye: "none" }),
  ];
  const itemIdsFor = (conditions: Promotion["conditions"]) =>
    evaluatePromotions([promo(1, { conditions, rewards: [{ type: "PercentOff", percent: 10 }] })], lines, ctx())
      .applied[0]?.rewards[0]?.itemIds;

  it("no product condition: every line", () => {
    expect(itemIdsFor({})).toEqual(["acuvue-lens", "acuvue-lens-2", "bio-lens", "opti-solution"]);
  });

  it("productIds", () => {
    expect(itemIdsFor({ productIds: [11, 30] })).toEqual(["acuvue-lens-2", "opti-solution"]);
  });

  it("brandSlugs", () => {
    expect(itemIdsFor({ brandSlugs: ["acuvue"] })).toEqual(["acuvue-lens", "acuvue-lens-2"]);
  });

  it("productTypes", () => {
    expect(itemIdsFor({ productTypes: ["solution"] })).toEqual(["opti-solution"]);
  });

  it("several product conditions: a line must meet all of them", () => {
    expect(itemIdsFor({ brandSlugs: ["acuvue", "biofinity"], productIds: [10, 20, 30] })).toEqual([
      "acuvue-lens",
      "bio-lens",
    ]);
    expect(qualifyingLines({ brandSlugs: ["biofinity"], productTypes: ["solution"] }, lines)).toEqual([]);
  });

  it("only the qualifying lines are discounted", () => {
    const outcome = evaluatePromotions(
      [promo(1, { conditions: { productTypes: ["solution"] }, rewards: [{ type: "PercentOff", percent: 10 }] })],
      lines,
      ctx(),
    );
    expect(outcome.itemDiscounts).toEqual({
      "acuvue-lens": 0,
      "acuvue-lens-2": 0,
      "bio-lens": 0,
      "opti-solution": 1000,
    });
  });

  it("a promotion with no qualifying line in the cart does not apply", () => {
    expect(itemIdsFor({ productIds: [99] })).toBeUndefined();
    expect(evaluatePromotions([promo(1)], [], ctx()).applied).toEqual([]);
  });
});

describe("conditions", () => {
  const applies = (promotion: Promotion, context: Partial<PromotionContext> = {}, lines = [line("a")]) =>
    evaluatePromotions([promotion], lines, ctx(context)).applied.length === 1;

  it("minimum subtotal: applies exactly at it, not a cent below (on the whole cart's subtotal)", () => {
    const promotion = promo(1, { conditions: { minimumSubtotalCents: 10_000 } });
    expect(applies(promotion, {}, [line("a", { unitPriceCents: 5000, quantity: 2 })])).toBe(true);
    expect(applies(promotion, {}, [line("a", { unitPriceCents: 9999 })])).toBe(false);
    expect(
      applies(promo(1, { conditions: { minimumSubtotalCents: 10_000, brandSlugs: ["acuvue"] } }), {}, [
        line("a", { unitPriceCents: 5000 }),
        line("b", { unitPriceCents: 5000, brandSlug: "biofinity" }),
      ]),
    ).toBe(true);
  });

  it("customer group: the shopper must be in one of the listed groups", () => {
    const promotion = promo(1, { conditions: { customerGroups: ["NewCustomer", "Lead"] } });
    expect(applies(promotion, { customerGroups: [] })).toBe(false);
    expect(applies(promotion, { customerGroups: ["ReturningCustomer"] })).toBe(false);
    expect(applies(promotion, { customerGroups: ["ReturningCustomer", "Lead"] })).toBe(true);
    expect(applies(promotion, { customerGroups: ["NewCustomer"] })).toBe(true);
  });

  it("all customer groups: the shopper must be in every listed group (with customerGroups, one of those too)", () => {
    const promotion = promo(1, { conditions: { allCustomerGroups: ["NewCustomer", "PaidSearchNewCustomerDiscount"] } });
    expect(applies(promotion, { customerGroups: ["NewCustomer"] })).toBe(false);
    expect(applies(promotion, { customerGroups: ["PaidSearchNewCustomerDiscount"] })).toBe(false);
    expect(applies(promotion, { customerGroups: ["ReturningCustomer", "PaidSearchNewCustomerDiscount"] })).toBe(false);
    expect(applies(promotion, { customerGroups: ["NewCustomer", "Lead", "PaidSearchNewCustomerDiscount"] })).toBe(true);
    const both = promo(1, {
      conditions: { customerGroups: ["Lead", "Affiliate"], allCustomerGroups: ["NewCustomer"] },
    });
    expect(applies(both, { customerGroups: ["NewCustomer"] })).toBe(false);
    expect(applies(both, { customerGroups: ["NewCustomer", "Affiliate"] })).toBe(true);
    expect(promotionConditionsSchema.safeParse({ allCustomerGroups: [] }).success).toBe(false);
    expect(promotionConditionsSchema.safeParse({ allCustomerGroups: ["Nobody"] }).success).toBe(false);
  });

  it("price book: the shopper's price book must be listed", () => {
    const promotion = promo(1, { conditions: { priceBooks: ["high"] } });
    expect(applies(promotion, { priceBook: "none" })).toBe(false);
    expect(applies(promotion, { priceBook: "low" })).toBe(false);
    expect(applies(promotion, { priceBook: "high" })).toBe(true);
  });

  it("not started yet: no; from exactly startsAt: yes", () => {
    expect(applies(promo(1, { startsAt: new Date(NOW.getTime() + 1) }))).toBe(false);
    expect(applies(promo(1, { startsAt: NOW }))).toBe(true);
  });

  it("expired at exactly expiresAt; active the millisecond before", () => {
    expect(applies(promo(1, { expiresAt: NOW }))).toBe(false);
    expect(applies(promo(1, { expiresAt: new Date(NOW.getTime() + 1) }))).toBe(true);
    expect(isActive({ startsAt: NOW, expiresAt: NOW }, NOW)).toBe(false);
    expect(isActive({ startsAt: NOW, expiresAt: null }, new Date("2100-01-01T00:00:00Z"))).toBe(true);
  });

  it("requiresCoupon: only as the cart's coupon", () => {
    const promotion = promo(7, { requiresCoupon: true });
    expect(applies(promotion, { couponPromotionId: null })).toBe(false);
    expect(applies(promotion, { couponPromotionId: 8 })).toBe(false);
    expect(applies(promotion, { couponPromotionId: 7 })).toBe(true);
    const outcome = evaluatePromotions([promotion], [line("a")], ctx({ couponPromotionId: 7 }));
    expect(outcome.applied[0]!.viaCoupon).toBe(true);
    expect(outcome.coupon).toEqual({ promotionId: 7, status: "applied", totalCents: 1000 });
  });

  it("no coupon on the cart: coupon is null", () => {
    expect(evaluatePromotions([promo(1)], [line("a")], ctx()).coupon).toBeNull();
  });
});

describe("order types: auto-reorder promotions", () => {
  // One auto-reorder group (right and left) and one one-time group, with different products.
  const lines = [
    line("ar-right", { productId: 10, orderType: "autoReorder", unitPriceCents: 6000 }),
    line("ar-left", { productId: 10, orderType: "autoReorder", eye: "left", unitPriceCents: 4000 }),
    line("once", { productId: 20, brandSlug: "biofinity", orderType: "oneTime", unitPriceCents: 10_000 }),
  ];
  const autoReorder5 = (conditions: Promotion["conditions"] = {}, extra: Partial<Promotion> = {}) =>
    promo(1, {
      rewards: [{ type: "PercentOff", percent: 5 }],
      conditions: { orderTypes: ["autoReorder"], ...conditions },
      ...extra,
    });

  it("the condition is optional, names at least one of the two order types and nothing else", () => {
    expect(promotionConditionsSchema.safeParse({ orderTypes: ["autoReorder"] }).success).toBe(true);
    expect(promotionConditionsSchema.safeParse({ orderTypes: ["autoReorder", "oneTime"] }).success).toBe(true);
    expect(promotionConditionsSchema.safeParse({}).success).toBe(true);
    expect(promotionConditionsSchema.safeParse({ orderTypes: [] }).success).toBe(false);
    expect(promotionConditionsSchema.safeParse({ orderTypes: ["subscription"] }).success).toBe(false);
  });

  it("only the lines of the listed order types qualify, are discounted and are named by the reward", () => {
    expect(qualifyingLines({ orderTypes: ["autoReorder"] }, lines).map((l) => l.itemId)).toEqual([
      "ar-right",
      "ar-left",
    ]);
    expect(qualifyingLines({ orderTypes: ["oneTime"] }, lines).map((l) => l.itemId)).toEqual(["once"]);
    expect(qualifyingLines({ orderTypes: ["oneTime", "autoReorder"] }, lines)).toEqual(lines);
    const outcome = evaluatePromotions([autoReorder5()], lines, ctx());
    // 5% of the auto-reorder lines' $100, not of the cart's $200.
    expect(outcome.discountCents).toBe(500);
    expect(outcome.itemDiscounts).toEqual({ "ar-right": 300, "ar-left": 200, once: 0 });
    expect(outcome.applied[0]!.rewards).toEqual([
      { rewardType: "PercentOff", amountCents: 500, description: "5% off", itemIds: ["ar-right", "ar-left"] },
    ]);
  });

  it("a cart with no line of a listed order type does not earn the promotion", () => {
    const oneTimeOnly = lines.map((l) => ({ ...l, orderType: "oneTime" as const }));
    expect(evaluatePromotions([autoReorder5()], oneTimeOnly, ctx()).applied).toEqual([]);
    expect(evaluatePromotions([autoReorder5()], [], ctx()).applied).toEqual([]);
  });

  it("combines with the product conditions: a line must meet all of them", () => {
    expect(qualifyingLines({ orderTypes: ["autoReorder"], productIds: [20] }, lines)).toEqual([]);
    expect(qualifyingLines({ orderTypes: ["oneTime"], brandSlugs: ["biofinity"] }, lines).map((l) => l.itemId)).toEqual(
      ["once"],
    );
    expect(evaluatePromotions([autoReorder5({ productTypes: ["solution"] })], lines, ctx()).applied).toEqual([]);
  });

  it("the minimum subtotal is the whole cart's, as with the product conditions", () => {
    // The auto-reorder lines alone are $100; with the one-time line the cart is $200.
    expect(evaluatePromotions([autoReorder5({ minimumSubtotalCents: 20_000 })], lines, ctx()).discountCents).toBe(500);
    expect(evaluatePromotions([autoReorder5({ minimumSubtotalCents: 20_001 })], lines, ctx()).applied).toEqual([]);
  });

  it("quantity breakpoints count only the boxes of the qualifying order type", () => {
    const instant = promo(1, {
      rewards: [{ type: "InstantRebate", breakpoints: [{ quantity: 3, amountCents: 1000 }] }],
      conditions: { orderTypes: ["autoReorder"] },
    });
    // Two auto-reorder boxes and one one-time box: 3 in the cart, but only 2 that count.
    expect(evaluatePromotions([instant], lines, ctx()).applied).toEqual([]);
    const three = [...lines.slice(0, 2), { ...lines[2]!, orderType: "autoReorder" as const }];
    expect(evaluatePromotions([instant], three, ctx()).discountCents).toBe(1000);
  });

  it("a non-exclusive auto-reorder promotion stacks with the cart's exclusive coupon (percent off first)", () => {
    const coupon = promo(2, {
      requiresCoupon: true,
      exclusive: true,
      rewards: [{ type: "DollarOff", amountCents: 500 }],
    });
    const outcome = evaluatePromotions([autoReorder5(), coupon], lines, ctx({ couponPromotionId: 2 }));
    expect(outcome.applied.map((p) => [p.promotionId, p.totalCents])).toEqual([
      [1, 500],
      [2, 500],
    ]);
    expect(outcome.coupon).toEqual({ promotionId: 2, status: "applied", totalCents: 500 });
    expect(outcome.discountCents).toBe(1000);
  });

  it("rebateOffers: a line's order type is checked; a product alone (no order type yet) may earn either", () => {
    const rebate = promo(1, {
      rewards: [{ type: "Rebate", breakpoints: [{ quantity: 4, amountCents: 5000 }] }],
      conditions: { orderTypes: ["autoReorder"] },
    });
    const product = { productId: 10, brandSlug: "acuvue", productType: "lens" as const };
    const context = { now: NOW, priceBook: "none" as const, customerGroups: [] };
    expect(rebateOffers([rebate], product, context)).toHaveLength(1);
    expect(rebateOffers([rebate], { ...product, orderType: "autoReorder" }, context)).toHaveLength(1);
    expect(rebateOffers([rebate], { ...product, orderType: "oneTime" }, context)).toEqual([]);
  });
});

describe("stacking: non-exclusive promotions combine in stage order", () => {
  it("an instant rebate first, then 10% off what is left (whatever the ids)", () => {
    const outcome = evaluatePromotions(
      [
        promo(1, { rewards: [{ type: "PercentOff", percent: 10 }] }),
        promo(2, { rewards: [{ type: "InstantRebate", breakpoints: [{ quantity: 1, amountCents: 2000 }] }] }),
      ],
      [line("a", { unitPriceCents: 10_000 })],
      ctx(),
    );
    expect(outcome.applied.map((p) => [p.promotionId, p.totalCents])).toEqual([
      [1, 800],
      [2, 2000],
    ]);
    expect(outcome.discountCents).toBe(2800);
  });

  it("percent off before dollar off", () => {
    const outcome = evaluatePromotions(
      [
        promo(1, { rewards: [{ type: "DollarOff", amountCents: 1000 }] }),
        promo(2, { rewards: [{ type: "PercentOff", percent: 10 }] }),
      ],
      [line("a", { unitPriceCents: 10_000 })],
      ctx(),
    );
    expect(outcome.applied.map((p) => [p.promotionId, p.totalCents])).toEqual([
      [1, 1000],
      [2, 1000],
    ]);
  });

  it("two percent-off promotions: the second sees what the first left", () => {
    const outcome = evaluatePromotions(
      [
        promo(1, { rewards: [{ type: "PercentOff", percent: 10 }] }),
        promo(2, { rewards: [{ type: "PercentOff", percent: 10 }] }),
      ],
      [line("a", { unitPriceCents: 10_000 })],
      ctx(),
    );
    expect(outcome.discountCents).toBe(1900);
  });

  it("discounts never exceed a line's price; the mail-in rebate is still earned", () => {
    const outcome = evaluatePromotions(
      [
        promo(1, { rewards: [{ type: "DollarOff", amountCents: 5000 }] }),
        promo(2, { rewards: [{ type: "InstantRebate", breakpoints: [{ quantity: 1, amountCents: 9000 }] }] }),
        promo(3, { rewards: [{ type: "Rebate", breakpoints: [{ quantity: 1, amountCents: 4000 }] }] }),
      ],
      [line("a", { unitPriceCents: 10_000 })],
      ctx(),
    );
    expect(outcome.itemDiscounts).toEqual({ a: 10_000 });
    expect(outcome.discountCents).toBe(10_000);
    expect(outcome.applied.map((p) => [p.promotionId, p.totalCents])).toEqual([
      [1, 1000],
      [2, 9000],
      [3, 4000],
    ]);
    expect(outcome.rebateCents).toBe(4000);
  });

  it("a promotion's rewards come in stage order too", () => {
    const outcome = evaluatePromotions(
      [
        promo(1, {
          rewards: [
            { type: "Rebate", breakpoints: [{ quantity: 1, amountCents: 500 }] },
            { type: "Shipping", levels: [0], amountCents: null },
            { type: "DollarOff", amountCents: 1000 },
            { type: "PercentOff", percent: 50 },
            { type: "InstantRebate", breakpoints: [{ quantity: 1, amountCents: 2000 }] },
          ],
        }),
      ],
      [line("a", { unitPriceCents: 10_000 })],
      ctx(),
    );
    expect(outcome.applied[0]!.rewards.map((r) => [r.rewardType, r.amountCents])).toEqual([
      ["InstantRebate", 2000],
      ["PercentOff", 4000],
      ["DollarOff", 1000],
      ["Shipping", 495],
      ["Rebate", 500],
    ]);
    expect(outcome.discountCents).toBe(7000);
    expect(outcome.shippingDiscountCents).toBe(495);
    expect(outcome.rebateCents).toBe(500);
    expect(outcome.applied[0]!.totalCents).toBe(7995);
  });
});

describe("exclusive promotions and the coupon", () => {
  const lines = [line("a", { unitPriceCents: 10_000 })];
  const dollarOff = (id: number, amountCents: number, extra: Partial<Promotion> = {}) =>
    promo(id, { exclusive: true, rewards: [{ type: "DollarOff", amountCents }], ...extra });

  it("of the exclusive promotions only the one worth most applies", () => {
    const outcome = evaluatePromotions([dollarOff(1, 1000), dollarOff(2, 2500), dollarOff(3, 2000)], lines, ctx());
    expect(appliedIds(outcome)).toEqual([2]);
    expect(outcome.discountCents).toBe(2500);
  });

  it("a tie between automatic exclusive promotions goes to the lower id", () => {
    const outcome = evaluatePromotions([dollarOff(5, 2000), dollarOff(3, 2000)], lines, ctx());
    expect(appliedIds(outcome)).toEqual([3]);
  });

  it("non-exclusive promotions still combine with the exclusive winner", () => {
    const outcome = evaluatePromotions(
      [dollarOff(1, 1000), dollarOff(2, 2000), promo(3, { rewards: [{ type: "PercentOff", percent: 10 }] })],
      lines,
      ctx(),
    );
    expect(appliedIds(outcome)).toEqual([2, 3]);
    expect(outcome.discountCents).toBe(1000 + 2000);
  });

  it("the cart's coupon wins a tie (even with the higher id)", () => {
    const outcome = evaluatePromotions(
      [dollarOff(1, 2000), dollarOff(9, 2000, { requiresCoupon: true })],
      lines,
      ctx({ couponPromotionId: 9 }),
    );
    expect(appliedIds(outcome)).toEqual([9]);
    expect(outcome.coupon).toEqual({ promotionId: 9, status: "applied", totalCents: 2000 });
  });

  it("the coupon is outdone by a better automatic exclusive promotion", () => {
    const outcome = evaluatePromotions(
      [dollarOff(1, 2001), dollarOff(9, 2000, { requiresCoupon: true })],
      lines,
      ctx({ couponPromotionId: 9 }),
    );
    expect(appliedIds(outcome)).toEqual([1]);
    expect(outcome.coupon).toEqual({ promotionId: 9, status: "outdone", totalCents: 0 });
  });

  it("the coupon beats a worse automatic exclusive promotion", () => {
    const outcome = evaluatePromotions(
      [dollarOff(1, 1999), dollarOff(9, 2000, { requiresCoupon: true })],
      lines,
      ctx({ couponPromotionId: 9 }),
    );
    expect(appliedIds(outcome)).toEqual([9]);
    expect(outcome.coupon?.status).toBe("applied");
  });

  it("notQualified when the coupon's conditions fail", () => {
    const outcome = evaluatePromotions(
      [dollarOff(9, 2000, { requiresCoupon: true, conditions: { minimumSubtotalCents: 10_001 } })],
      lines,
      ctx({ couponPromotionId: 9 }),
    );
    expect(outcome.applied).toEqual([]);
    expect(outcome.coupon).toEqual({ promotionId: 9, status: "notQualified", totalCents: 0 });
  });

  it("notQualified when the coupon's promotion is expired or unknown", () => {
    expect(
      evaluatePromotions(
        [dollarOff(9, 2000, { requiresCoupon: true, expiresAt: NOW })],
        lines,
        ctx({ couponPromotionId: 9 }),
      ).coupon?.status,
    ).toBe("notQualified");
    expect(evaluatePromotions([], lines, ctx({ couponPromotionId: 42 })).coupon).toEqual({
      promotionId: 42,
      status: "notQualified",
      totalCents: 0,
    });
  });

  it("notQualified when the coupon is worth 0 (dollar off on lines already fully discounted)", () => {
    const promotions = [
      promo(1, { rewards: [{ type: "InstantRebate", breakpoints: [{ quantity: 1, amountCents: 10_000 }] }] }),
      promo(9, { requiresCoupon: true, rewards: [{ type: "DollarOff", amountCents: 500 }] }),
    ];
    const outcome = evaluatePromotions(promotions, lines, ctx({ couponPromotionId: 9 }));
    expect(appliedIds(outcome)).toEqual([1]);
    expect(outcome.coupon).toEqual({ promotionId: 9, status: "notQualified", totalCents: 0 });
    const exclusive = evaluatePromotions(
      [promotions[0]!, { ...promotions[1]!, exclusive: true }],
      lines,
      ctx({ couponPromotionId: 9 }),
    );
    expect(exclusive.coupon?.status).toBe("notQualified");
  });

  it("an exclusive coupon worth 0 is notQualified, not outdone, when another exclusive wins", () => {
    const outcome = evaluatePromotions(
      [
        dollarOff(1, 2000),
        promo(9, {
          requiresCoupon: true,
          exclusive: true,
          rewards: [{ type: "Shipping", levels: [4], amountCents: null }],
        }),
      ],
      lines,
      ctx({ couponPromotionId: 9, shippingLevel: 0 }),
    );
    expect(appliedIds(outcome)).toEqual([1]);
    expect(outcome.coupon?.status).toBe("notQualified");
  });

  it("the coupon's total includes every reward of its promotion", () => {
    const outcome = evaluatePromotions(
      [
        promo(9, {
          requiresCoupon: true,
          rewards: [
            { type: "PercentOff", percent: 20 },
            { type: "Shipping", levels: [0], amountCents: null },
          ],
        }),
      ],
      lines,
      ctx({ couponPromotionId: 9 }),
    );
    expect(outcome.coupon).toEqual({ promotionId: 9, status: "applied", totalCents: 2000 + 495 });
  });
});

describe("percent rounding and allocation", () => {
  it("rounds to the nearest cent", () => {
    expect(percentOf(8599, 15)).toBe(1290); // 1289.85
    expect(percentOf(149, 1)).toBe(1); // 1.49
    expect(percentOf(8599, 100)).toBe(8599);
  });

  it("a half cent rounds up", () => {
    expect(percentOf(50, 1)).toBe(1); // 0.5
    expect(percentOf(250, 1)).toBe(3); // 2.5 (not banker's 2)
    expect(percentOf(1050, 5)).toBe(53); // 52.5
  });

  it("percent off the lines together, rounded once, then allocated to sum exactly to the reward", () => {
    const outcome = evaluatePromotions(
      [promo(1, { rewards: [{ type: "PercentOff", percent: 15 }] })],
      [
        line("a", { unitPriceCents: 999 }),
        line("b", { unitPriceCents: 1001, eye: "left" }),
        line("c", { unitPriceCents: 2999, eye: "none", productType: "solution" }),
      ],
      ctx(),
    );
    // 15% of 4999 = 749.85 → 750 (line by line it would be 150 + 150 + 450 rounded separately anyway; the
    // largest remainders go to c, then a).
    expect(outcome.discountCents).toBe(750);
    expect(outcome.itemDiscounts).toEqual({ a: 150, b: 150, c: 450 });
    expect(outcome.applied[0]!.rewards[0]!.amountCents).toBe(750);
  });

  it("rounding the total (not each line) is what the reward is worth", () => {
    // 10% of 3 lines of 5 cents: each line 0.5, the total 1.5 → 2 (per line it would be 3).
    const outcome = evaluatePromotions(
      [promo(1, { rewards: [{ type: "PercentOff", percent: 10 }] })],
      [line("a", { unitPriceCents: 5 }), line("b", { unitPriceCents: 5 }), line("c", { unitPriceCents: 5 })],
      ctx(),
    );
    expect(outcome.discountCents).toBe(2);
    expect(outcome.itemDiscounts).toEqual({ a: 1, b: 1, c: 0 });
  });

  it("allocate splits in proportion, by largest remainder", () => {
    expect(allocate(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(allocate(10, [70, 20, 10])).toEqual([7, 2, 1]);
    expect(allocate(7, [10, 20, 30])).toEqual([1, 2, 4]); // exact 1.17, 2.33, 3.5
  });

  it("allocate: ties go to the earlier line", () => {
    expect(allocate(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(allocate(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(allocate(1, [3, 1, 1, 3])).toEqual([1, 0, 0, 0]);
    // Equal remainders (12/21 each) whose floating-point fractions differ: still the earlier line.
    expect(allocate(6, [16, 2, 3])).toEqual([5, 0, 1]);
    expect(allocate(4, [12, 2, 4, 2])).toEqual([3, 0, 1, 0]);
  });

  it("allocate never gives a line more than it has, and never more than all lines have", () => {
    expect(allocate(500, [100, 200])).toEqual([100, 200]);
    expect(allocate(3, [0, 5, 0])).toEqual([0, 3, 0]);
    expect(allocate(2, [1, 1])).toEqual([1, 1]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(5, [])).toEqual([]);
  });
});

describe("listedPromotions (spec 2 §4)", () => {
  const lines = [line("a", { unitPriceCents: 10_000 })];
  const regular = promo(1, { rewards: [{ type: "PercentOff", percent: 10 }] });
  const listedIds = (promotions: Promotion[], couponPromotionId: number | null = null) =>
    listedPromotions(
      evaluatePromotions(promotions, lines, ctx({ couponPromotionId })),
      promotions,
      couponPromotionId,
    ).map((p) => p.promotionId);

  it("lists an ordinary promotion", () => {
    expect(listedIds([regular])).toEqual([1]);
  });

  it("not the private-label trial", () => {
    expect(listedIds([regular, promo(2, { isPrivateLabelTrial: true })])).toEqual([1]);
  });

  it("not shipping promotions (even with other rewards)", () => {
    const shipping = promo(2, {
      rewards: [
        { type: "Shipping", levels: [0], amountCents: null },
        { type: "DollarOff", amountCents: 500 },
      ],
    });
    expect(listedIds([regular, shipping])).toEqual([1]);
  });

  it("not rebate rewards: a rebate-only promotion is not listed, a mixed one without its rebate", () => {
    const rebateOnly = promo(2, { rewards: [{ type: "Rebate", breakpoints: [{ quantity: 1, amountCents: 5000 }] }] });
    const mixed = promo(3, {
      rewards: [
        { type: "Rebate", breakpoints: [{ quantity: 1, amountCents: 5000 }] },
        { type: "InstantRebate", breakpoints: [{ quantity: 1, amountCents: 1000 }] },
      ],
    });
    const promotions = [regular, rebateOnly, mixed];
    const listed = listedPromotions(evaluatePromotions(promotions, lines, ctx()), promotions, null);
    expect(listed.map((p) => p.promotionId)).toEqual([1, 3]);
    expect(listed[1]!.rewards.map((r) => r.rewardType)).toEqual(["InstantRebate"]);
    expect(listed[1]!.totalCents).toBe(1000);
  });

  it("not the coupon's own promotion (the coupon shows it)", () => {
    const couponPromotion = promo(9, { requiresCoupon: true, rewards: [{ type: "DollarOff", amountCents: 500 }] });
    expect(listedIds([regular, couponPromotion], 9)).toEqual([1]);
    // The same promotion applied automatically is listed.
    expect(listedIds([regular, { ...couponPromotion, requiresCoupon: false }], null)).toEqual([1, 9]);
  });
});

describe("rebateOffers", () => {
  const product = { productId: 10, brandSlug: "acuvue", productType: "lens" as const };
  const context = { now: NOW, priceBook: "none" as const, customerGroups: [] };
  const rebate = {
    type: "Rebate" as const,
    breakpoints: [
      { quantity: 4, amountCents: 5000 },
      { quantity: 8, amountCents: 10_000 },
    ],
  };

  it("lists the breakpoints of the product's automatic rebate and instant rebate promotions", () => {
    const offers = rebateOffers(
      [
        promo(2, {
          conditions: { productIds: [10] },
          rewards: [{ type: "InstantRebate", breakpoints: [{ quantity: 2, amountCents: 2000 }] }],
        }),
        promo(1, { conditions: { brandSlugs: ["acuvue"] }, rewards: [rebate, { type: "PercentOff", percent: 10 }] }),
      ],
      product,
      context,
    );
    expect(offers).toEqual([
      { amountSaved: 5000, quantityBreakpoint: 4, type: "Rebate", description: "Buy 4 boxes, get $50 back" },
      { amountSaved: 10_000, quantityBreakpoint: 8, type: "Rebate", description: "Buy 8 boxes, get $100 back" },
      {
        amountSaved: 2000,
        quantityBreakpoint: 2,
        type: "InstantRebate",
        description: "Buy 2 boxes, save $20 instantly",
      },
    ]);
  });

  it("excludes coupon promotions, other brands and products, and inactive or inapplicable promotions", () => {
    const offers = rebateOffers(
      [
        promo(1, { requiresCoupon: true, rewards: [rebate] }),
        promo(2, { conditions: { brandSlugs: ["biofinity"] }, rewards: [rebate] }),
        promo(3, { conditions: { productIds: [11] }, rewards: [rebate] }),
        promo(4, { conditions: { productTypes: ["solution"] }, rewards: [rebate] }),
        promo(5, { expiresAt: NOW, rewards: [rebate] }),
        promo(6, { startsAt: new Date(NOW.getTime() + 1), rewards: [rebate] }),
        promo(7, { conditions: { priceBooks: ["high"] }, rewards: [rebate] }),
        promo(8, { conditions: { customerGroups: ["NewCustomer"] }, rewards: [rebate] }),
        promo(9, { rewards: [{ type: "DollarOff", amountCents: 500 }] }),
      ],
      product,
      context,
    );
    expect(offers).toEqual([]);
  });
});

describe("expiryLabel (spec 2 §8)", () => {
  it("promo and coupon wording, with the date", () => {
    expect(expiryLabel("promo", new Date("2025-03-31T18:00:00Z"))).toBe("Promo expires Mar 31, 2025");
    expect(expiryLabel("coupon", new Date("2025-11-05T18:00:00Z"))).toBe("Coupon expires Nov 5, 2025");
  });

  it("the date is Boise's: a UTC instant already the next day is still the previous day there", () => {
    // 05:00 UTC on Apr 1 is 23:00 MDT (UTC-6) on Mar 31.
    expect(expiryLabel("promo", new Date("2025-04-01T05:00:00Z"))).toBe("Promo expires Mar 31, 2025");
    // 06:30 UTC on Jan 1 is 23:30 MST (UTC-7) on Dec 31.
    expect(expiryLabel("coupon", new Date("2025-01-01T06:30:00Z"))).toBe("Coupon expires Dec 31, 2024");
    // 07:00 UTC on Jan 1 is midnight in Boise.
    expect(expiryLabel("coupon", new Date("2025-01-01T07:00:00Z"))).toBe("Coupon expires Jan 1, 2025");
  });

  it("English month names whatever the server's locale", () => {
    const previous = Settings.defaultLocale;
    Settings.defaultLocale = "fr-FR";
    try {
      expect(expiryLabel("promo", new Date("2025-02-10T18:00:00Z"))).toBe("Promo expires Feb 10, 2025");
    } finally {
      Settings.defaultLocale = previous;
    }
  });
});
