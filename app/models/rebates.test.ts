import { describe, expect, it } from "vitest";
import type { Promotion } from "./promotions";
import { brandRebateOffers, isBrandSlugShaped, REBATE_RULES, type RebateProduct } from "./rebates";

const NOW = new Date("2026-03-10T18:00:00Z");

function promo(id: number, overrides: Partial<Promotion> = {}): Promotion {
  return {
    id,
    description: `Promotion ${id}`,
    rewards: [{ type: "Rebate", breakpoints: [{ quantity: 4, amountCents: 5000 }] }],
    conditions: {},
    startsAt: new Date("2025-01-01T07:00:00Z"),
    expiresAt: null,
    requiresCoupon: false,
    exclusive: false,
    isPrivateLabelTrial: false,
    ...overrides,
  };
}

const product = (productId: number, overrides: Partial<RebateProduct> = {}): RebateProduct => ({
  productId,
  brandSlug: "acuvue",
  productType: "lens",
  name: `Lens ${productId}`,
  href: `/lens/lens-${productId}`,
  ...overrides,
});

const ACUVUE = [product(1001), product(1002), product(1003)];

describe("brandRebateOffers", () => {
  it("lists each rebate with its amounts by quantity, its expiry and the products it applies to", () => {
    const rebate = promo(3, {
      description: "Acuvue mail-in rebate",
      rewards: [
        {
          type: "Rebate",
          breakpoints: [
            { quantity: 4, amountCents: 5000 },
            { quantity: 8, amountCents: 10000 },
          ],
        },
      ],
      conditions: { brandSlugs: ["acuvue"], productTypes: ["lens"] },
      // Dec 31 2027, 23:59:59 MST.
      expiresAt: new Date("2028-01-01T06:59:59Z"),
    });
    expect(brandRebateOffers([rebate], ACUVUE, NOW)).toEqual([
      {
        promotionId: 3,
        title: "Acuvue mail-in rebate",
        type: "Rebate",
        amounts: ["Buy 4 boxes, get $50 back", "Buy 8 boxes, get $100 back"],
        conditions: ["Promo expires Dec 31, 2027"],
        products: ACUVUE.map(({ name, href }) => ({ name, href })),
      },
    ]);
  });

  it("includes an instant rebate on some of the brand's products, listing only those", () => {
    const instant = promo(11, {
      description: "Save $20 instantly on 4 or more boxes",
      rewards: [{ type: "InstantRebate", breakpoints: [{ quantity: 4, amountCents: 2000 }] }],
      conditions: { productIds: [1002] },
    });
    const [offer] = brandRebateOffers([instant], ACUVUE, NOW);
    expect(offer).toMatchObject({
      type: "InstantRebate",
      amounts: ["Buy 4 boxes, save $20 instantly"],
      products: [{ name: "Lens 1002", href: "/lens/lens-1002" }],
    });
  });

  it("says the shopper and order conditions in words", () => {
    const offer = promo(5, {
      conditions: {
        customerGroups: ["NewCustomer"],
        minimumSubtotalCents: 10000,
        orderTypes: ["autoReorder"],
      },
    });
    expect(brandRebateOffers([offer], ACUVUE, NOW)[0]!.conditions).toEqual([
      "For new customers",
      "On orders of $100 or more",
      "On auto-reorder orders",
    ]);
  });

  it("leaves out other brands' rebates, coupons, discounts, expired or future offers and other price books", () => {
    const others = [
      promo(1, { conditions: { brandSlugs: ["biofinity"] } }),
      promo(2, { requiresCoupon: true }),
      promo(3, { rewards: [{ type: "PercentOff", percent: 15 }] }),
      promo(4, { expiresAt: new Date("2026-03-01T00:00:00Z") }),
      promo(5, { startsAt: new Date("2026-04-01T00:00:00Z") }),
      promo(6, { conditions: { priceBooks: ["high"] } }),
      promo(7, { conditions: { productTypes: ["solution"] } }),
    ];
    expect(brandRebateOffers(others, ACUVUE, NOW)).toEqual([]);
    expect(brandRebateOffers([promo(8, { conditions: { priceBooks: ["none", "low"] } })], ACUVUE, NOW)).toHaveLength(1);
    expect(brandRebateOffers([promo(9)], [], NOW)).toEqual([]);
  });

  it("lists offers in promotion order", () => {
    expect(brandRebateOffers([promo(9), promo(2)], ACUVUE, NOW).map((offer) => offer.promotionId)).toEqual([2, 9]);
  });
});

describe("the rebate rules (spec 3, customer-facing)", () => {
  it("are the spec's", () => {
    expect(REBATE_RULES).toEqual([
      "US residents only.",
      "One rebate per offer per order.",
      "Orders placed Jan 1 to Jun 30 need the form postmarked by Jul 28; orders placed Jul 1 to Dec 31 need it postmarked by Jan 28.",
      "The rebate is delivered by e-mail as a prepaid card; allow 6 to 8 weeks.",
      "Rebates combine with other offers except insurance benefits and the best price guarantee.",
    ]);
  });
});

describe("isBrandSlugShaped", () => {
  it("takes lower-case letters, digits and dashes up to 60", () => {
    for (const value of ["acuvue", "bausch-lomb", "precision1"]) expect(isBrandSlugShaped(value), value).toBe(true);
    for (const value of [undefined, "", "Acuvue", "a b", "../x", "a".repeat(61), "ü"]) {
      expect(isBrandSlugShaped(value), String(value)).toBe(false);
    }
  });
});
