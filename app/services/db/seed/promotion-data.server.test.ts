import { describe, expect, it } from "vitest";
import { evaluatePromotions, listedPromotions, type PricedLine, type Promotion } from "~/models/promotions";
import type { CustomerGroup } from "~/models/customer-groups";
import { seedPromotions } from "./promotion-data.server";

// The paid-search new-customer discount (spec 3 §9; decision 66): a seeded promotion that the campaign's test path
// (its customer_group action) and NewCustomer together earn, with the engine's own rules for exclusive promotions.

const NOW = new Date("2026-03-10T18:00:00Z");
const PATH_A: CustomerGroup = "PaidSearchNewCustomerDiscount";

/** The seeded promotions as the engine sees them, numbered in seed order (the database's ids). */
const promotions: Promotion[] = seedPromotions.map((seed, index) => ({
  id: index + 1,
  description: seed.description,
  rewards: seed.rewards,
  conditions: seed.conditions,
  startsAt: new Date(seed.startsAt),
  expiresAt: seed.expiresAt ? new Date(seed.expiresAt) : null,
  requiresCoupon: seed.requiresCoupon ?? false,
  exclusive: seed.exclusive ?? false,
  isPrivateLabelTrial: seed.isPrivateLabelTrial ?? false,
}));
const idOf = (key: string) => seedPromotions.findIndex((seed) => seed.key === key) + 1;
const DISCOUNT = idOf("paid-search-new-customer-discount");

/** Lens solution (no brand rebate, no instant rebate, no trial) worth `cents`. */
const solution = (cents: number): PricedLine[] => [
  {
    itemId: "s",
    productId: 2001,
    brandSlug: "clear-care",
    productType: "solution",
    eye: "none",
    orderType: "oneTime",
    quantity: 1,
    unitPriceCents: cents,
  },
];

function priced(groups: CustomerGroup[], options: { cents?: number; coupon?: string } = {}) {
  return evaluatePromotions(promotions, solution(options.cents ?? 4000), {
    now: NOW,
    customerGroups: groups,
    priceBook: "none",
    shippingLevel: 0,
    shippingPriceCents: 495,
    couponPromotionId: options.coupon ? idOf(options.coupon) : null,
  });
}

describe("the paid-search new-customer discount", () => {
  it("is the last seeded promotion (earlier ones keep their ids) and never ends on its own", () => {
    expect(DISCOUNT).toBe(seedPromotions.length);
    expect(promotions[DISCOUNT - 1]!.expiresAt).toBeNull();
  });

  it("takes 10% off for a new customer on the campaign's test path, and the cart lists it", () => {
    const outcome = priced(["NewCustomer", PATH_A]);
    expect(outcome.discountCents).toBe(400);
    expect(outcome.itemDiscounts).toEqual({ s: 400 });
    expect(listedPromotions(outcome, promotions, null).map((promotion) => promotion.description)).toEqual([
      "New customer discount: 10% off your first order",
    ]);
  });

  it("gives nothing to a returning customer on the path, nor to a new customer off it", () => {
    expect(priced(["ReturningCustomer", PATH_A]).discountCents).toBe(0);
    expect(priced(["NewCustomer"]).discountCents).toBe(0);
    expect(priced(["NewCustomer", "Affiliate", "RebateA_1123"]).discountCents).toBe(0);
  });

  it("does not stack with a coupon: the better of the two applies", () => {
    // WELCOME15 (15%) beats 10%: the coupon applies, the discount does not.
    const welcome = priced(["NewCustomer", PATH_A], { coupon: "coupon-welcome15" });
    expect(welcome.coupon?.status).toBe("applied");
    expect(welcome.discountCents).toBe(600);
    expect(welcome.applied.map((promotion) => promotion.promotionId)).not.toContain(DISCOUNT);
    // SAVE5 ($5) against 10% of $80: the discount wins and the coupon is outdone.
    const save5 = priced(["NewCustomer", PATH_A], { coupon: "coupon-save5", cents: 8000 });
    expect(save5.coupon?.status).toBe("outdone");
    expect(save5.discountCents).toBe(800);
  });
});
