import type { PromotionConditions, RewardRule } from "~/models/promotions";

/**
 * Demo promotions and coupons. Dates are fixed (so the seed's fingerprint is stable); expirations fall at the end
 * of a day in Mountain time (23:59:59 America/Boise, written as UTC).
 */
export interface SeedPromotion {
  key: string;
  description: string;
  rewards: RewardRule[];
  conditions: PromotionConditions;
  requiresCoupon?: boolean;
  exclusive?: boolean;
  isPrivateLabelTrial?: boolean;
  uniqueCouponName?: string;
  startsAt: string;
  expiresAt: string | null;
  /** Shared coupon codes for this promotion. */
  couponCodes?: Array<{ code: string; name: string }>;
}

const START = "2025-01-01T07:00:00Z";
/** Dec 31 2027, 23:59:59 MST. */
const END_2027 = "2028-01-01T06:59:59Z";

/** Manufacturer mail-in rebates: one per lens brand, by boxes in the order (an annual supply earns the most). */
const brandRebates: Array<[brand: string, name: string, breakpoints: Array<[number, number]>]> = [
  [
    "acuvue",
    "Acuvue",
    [
      [4, 5000],
      [8, 10000],
    ],
  ],
  [
    "air-optix",
    "Air Optix",
    [
      [4, 4000],
      [8, 8000],
    ],
  ],
  [
    "dailies",
    "Dailies",
    [
      [4, 4000],
      [8, 10000],
    ],
  ],
  [
    "precision1",
    "Precision1",
    [
      [4, 5000],
      [8, 10000],
    ],
  ],
  ["total", "Total30", [[4, 6000]]],
  ["freshlook", "FreshLook", [[4, 2000]]],
  [
    "biofinity",
    "Biofinity",
    [
      [4, 4000],
      [8, 8000],
    ],
  ],
  [
    "clariti",
    "clariti",
    [
      [4, 3000],
      [8, 6000],
    ],
  ],
  [
    "coopervision",
    "CooperVision",
    [
      [4, 3000],
      [8, 7000],
    ],
  ],
  [
    "bausch-lomb",
    "Bausch + Lomb",
    [
      [4, 4000],
      [8, 9000],
    ],
  ],
];

export const seedPromotions: SeedPromotion[] = [
  ...brandRebates.map(([brand, name, points]): SeedPromotion => ({
    key: `rebate-${brand}`,
    description: `${name} mail-in rebate`,
    rewards: [{ type: "Rebate", breakpoints: points.map(([quantity, amountCents]) => ({ quantity, amountCents })) }],
    conditions: { brandSlugs: [brand], productTypes: ["lens"] },
    startsAt: START,
    expiresAt: END_2027,
  })),
  {
    key: "instant-dailies-total1",
    description: "Dailies Total1: save $20 instantly on 4 or more boxes",
    rewards: [{ type: "InstantRebate", breakpoints: [{ quantity: 4, amountCents: 2000 }] }],
    conditions: { productIds: [1201, 1202, 1203] },
    startsAt: START,
    expiresAt: END_2027,
  },
  {
    key: "free-standard-shipping",
    description: "Free standard shipping on orders of $99 or more",
    rewards: [{ type: "Shipping", levels: [0], amountCents: null }],
    conditions: { minimumSubtotalCents: 9900 },
    startsAt: START,
    expiresAt: null,
  },
  {
    key: "private-label-trial",
    description: "Lenslane Daily trial: $10 off your first box",
    rewards: [{ type: "DollarOff", amountCents: 1000 }],
    conditions: { productIds: [1901], customerGroups: ["NewCustomer"] },
    isPrivateLabelTrial: true,
    startsAt: START,
    expiresAt: END_2027,
  },
  {
    key: "coupon-save10",
    description: "$10 off orders of $100 or more",
    rewards: [{ type: "DollarOff", amountCents: 1000 }],
    conditions: { minimumSubtotalCents: 10000 },
    requiresCoupon: true,
    exclusive: true,
    startsAt: START,
    expiresAt: END_2027,
    couponCodes: [{ code: "SAVE10", name: "SAVE10" }],
  },
  {
    key: "coupon-save5",
    description: "$5 off your order",
    rewards: [{ type: "DollarOff", amountCents: 500 }],
    conditions: {},
    requiresCoupon: true,
    exclusive: true,
    startsAt: START,
    expiresAt: END_2027,
    couponCodes: [{ code: "SAVE5", name: "SAVE5" }],
  },
  {
    key: "coupon-welcome15",
    description: "15% off your first order",
    rewards: [{ type: "PercentOff", percent: 15 }],
    conditions: { customerGroups: ["NewCustomer"] },
    requiresCoupon: true,
    exclusive: true,
    startsAt: START,
    expiresAt: END_2027,
    couponCodes: [{ code: "WELCOME15", name: "WELCOME15" }],
  },
  {
    // The Cyber Week ribbon's code (content/slots/sitecartpromoconfig.json), ending with the ribbon.
    key: "coupon-cyber20",
    description: "Cyber Week: 20% off your first order",
    rewards: [{ type: "PercentOff", percent: 20 }],
    conditions: { customerGroups: ["NewCustomer"] },
    requiresCoupon: true,
    exclusive: true,
    startsAt: "2026-11-01T06:00:00Z",
    // Dec 1 2026, 23:59:59 MST.
    expiresAt: "2026-12-02T06:59:59Z",
    couponCodes: [{ code: "CYBER20", name: "CYBER20" }],
  },
  {
    key: "coupon-summer20",
    description: "20% off summer savings",
    rewards: [{ type: "PercentOff", percent: 20 }],
    conditions: {},
    requiresCoupon: true,
    exclusive: true,
    startsAt: START,
    // Aug 31 2025, 23:59:59 MDT: long expired.
    expiresAt: "2025-09-01T05:59:59Z",
    couponCodes: [{ code: "SUMMER20", name: "SUMMER20" }],
  },
  {
    key: "coupon-thanks15",
    description: "$15 off orders of $75 or more",
    rewards: [{ type: "DollarOff", amountCents: 1500 }],
    conditions: { minimumSubtotalCents: 7500 },
    requiresCoupon: true,
    exclusive: true,
    uniqueCouponName: "THANKS15",
    startsAt: START,
    expiresAt: END_2027,
  },
  {
    // Spec 3 §7: auto-reorder orders (a cart group with a reorder frequency, and each order a subscription
    // places) save 5%. Not exclusive, so it stacks with the cart's coupon. Last, so earlier promotions keep their ids.
    key: "auto-reorder-save5",
    description: "Save 5% on every auto-reorder order",
    rewards: [{ type: "PercentOff", percent: 5 }],
    conditions: { orderTypes: ["autoReorder"] },
    startsAt: START,
    expiresAt: END_2027,
  },
  {
    // Spec 3 §9: the paid-search new-customer discount's test path (A) — the campaign's variation gives the group, so
    // a new customer on that path earns it (decision 66). Exclusive: it does not stack with a coupon; the better
    // applies. No end date: the campaign's weights decide who gets it.
    key: "paid-search-new-customer-discount",
    description: "New customer discount: 10% off your first order",
    rewards: [{ type: "PercentOff", percent: 10 }],
    conditions: { allCustomerGroups: ["NewCustomer", "PaidSearchNewCustomerDiscount"] },
    exclusive: true,
    startsAt: START,
    expiresAt: null,
  },
];
