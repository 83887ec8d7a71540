import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import type { Promotion } from "./promotions";
import {
  rebateForm,
  rebateFormFileName,
  rebateFormOffers,
  rebateFormPath,
  rebatePostmarkDeadline,
  type RebateOrderLine,
} from "./rebate-form";
import { REBATE_RULES } from "./rebates";

const boise = (iso: string) => DateTime.fromISO(iso, { zone: "America/Boise" });
const deadlineOf = (iso: string) => rebatePostmarkDeadline(boise(iso)).toISODate();

describe("rebatePostmarkDeadline", () => {
  it("gives Jul 28 of the same year for orders placed Jan 1 to Jun 30", () => {
    expect(deadlineOf("2026-01-01T00:00:00")).toBe("2026-07-28");
    expect(deadlineOf("2026-03-15T12:00:00")).toBe("2026-07-28");
    expect(deadlineOf("2026-06-30T23:59:59")).toBe("2026-07-28");
  });

  it("gives Jan 28 of the next year for orders placed Jul 1 to Dec 31", () => {
    expect(deadlineOf("2026-07-01T00:00:00")).toBe("2027-01-28");
    expect(deadlineOf("2026-10-05T09:30:00")).toBe("2027-01-28");
    expect(deadlineOf("2026-12-31T23:59:59")).toBe("2027-01-28");
  });

  it("judges the day on the Boise calendar, not UTC's", () => {
    // 05:00 UTC on Jan 1 is still Dec 31 in Boise (UTC-7): the second half's deadline.
    expect(rebatePostmarkDeadline(new Date("2027-01-01T05:00:00Z")).toISODate()).toBe("2027-01-28");
    // 05:30 UTC on Jul 1 is still Jun 30 in Boise (UTC-6 in summer).
    expect(rebatePostmarkDeadline(new Date("2026-07-01T05:30:00Z")).toISODate()).toBe("2026-07-28");
    expect(rebatePostmarkDeadline(new Date("2027-01-01T08:00:00Z")).toISODate()).toBe("2027-07-28");
  });
});

function promo(id: number, overrides: Partial<Promotion> = {}): Promotion {
  return {
    id,
    description: `Promotion ${id}`,
    rewards: [
      {
        type: "Rebate",
        breakpoints: [
          { quantity: 4, amountCents: 5000 },
          { quantity: 8, amountCents: 10000 },
        ],
      },
    ],
    conditions: { brandSlugs: ["acuvue"] },
    startsAt: new Date("2025-01-01T07:00:00Z"),
    expiresAt: null,
    requiresCoupon: false,
    exclusive: false,
    isPrivateLabelTrial: false,
    ...overrides,
  };
}

const line = (overrides: Partial<RebateOrderLine> = {}): RebateOrderLine => ({
  productId: 1001,
  productName: "Acuvue Oasys",
  brandSlug: "acuvue",
  productType: "lens",
  orderType: "oneTime",
  quantity: 2,
  ...overrides,
});

describe("rebateFormOffers", () => {
  it("pays each offer once at the highest breakpoint the qualifying boxes reach, listing the boxes per product", () => {
    const lines = [
      line({ quantity: 3 }),
      line({ quantity: 3 }),
      line({ productId: 1002, productName: "Acuvue Moist", quantity: 2 }),
      line({ productId: 2001, productName: "Biofinity", brandSlug: "biofinity", quantity: 4 }),
    ];
    expect(rebateFormOffers([promo(7, { description: "Acuvue mail-in rebate" })], lines)).toEqual([
      {
        promotionId: 7,
        title: "Acuvue mail-in rebate",
        amountCents: 10000,
        amount: "$100.00",
        products: [
          { name: "Acuvue Oasys", boxes: 6 },
          { name: "Acuvue Moist", boxes: 2 },
        ],
      },
    ]);
  });

  it("leaves out offers below the first breakpoint, coupon-only ones and rewards that are not mail-in rebates", () => {
    const lines = [line({ quantity: 1 }), line({ quantity: 2 })];
    expect(rebateFormOffers([promo(1)], lines)).toEqual([]);
    expect(rebateFormOffers([promo(2, { requiresCoupon: true })], [line({ quantity: 4 })])).toEqual([]);
    const instant = promo(3, {
      rewards: [{ type: "InstantRebate", breakpoints: [{ quantity: 1, amountCents: 500 }] }],
    });
    expect(rebateFormOffers([instant], [line({ quantity: 4 })])).toEqual([]);
  });

  it("respects the order-type condition", () => {
    const autoOnly = promo(4, { conditions: { brandSlugs: ["acuvue"], orderTypes: ["autoReorder"] } });
    expect(rebateFormOffers([autoOnly], [line({ quantity: 4 })])).toEqual([]);
    expect(rebateFormOffers([autoOnly], [line({ quantity: 4, orderType: "autoReorder" })])).toHaveLength(1);
  });
});

describe("rebateForm", () => {
  const address = {
    firstName: "Ada",
    lastName: "Lovelace",
    address1: "12 Main St",
    address2: "Apt 4",
    city: "Boise",
    state: "ID",
    postalCode: "83702",
    country: "US",
    phone: null,
  };
  const offers = rebateFormOffers([promo(7, { description: "Acuvue mail-in rebate" })], [line({ quantity: 4 })]);

  it("holds the customer, the order, the offers, the deadline and the spec's rules", () => {
    const form = rebateForm({
      orderNumber: "LL1000123",
      orderDate: new Date("2026-08-03T17:00:00Z"),
      rebateCents: 5000,
      address,
      offers,
    });
    expect(form).toEqual({
      orderNumber: "LL1000123",
      orderDate: "Aug 3, 2026",
      customerName: "Ada Lovelace",
      addressLines: ["12 Main St", "Apt 4", "Boise, ID 83702"],
      offers,
      postmarkDeadline: "Jan 28, 2027",
      rules: [...REBATE_RULES, "For this order, the form must be postmarked by Jan 28, 2027."],
    });
    expect(form!.rules.join(" ")).toContain("US residents only.");
    expect(form!.rules.join(" ")).toContain("One rebate per offer per order.");
    expect(form!.rules.join(" ")).toContain("prepaid card; allow 6 to 8 weeks");
    expect(form!.rules.join(" ")).toContain("except insurance benefits and the best price guarantee");
  });

  it("is null for an order that earned no mail-in rebate", () => {
    const base = { orderNumber: "LL1", orderDate: new Date("2026-02-01T17:00:00Z"), address };
    expect(rebateForm({ ...base, rebateCents: 0, offers })).toBeNull();
    expect(rebateForm({ ...base, rebateCents: 5000, offers: [] })).toBeNull();
  });
});

describe("rebateFormPath", () => {
  it("links an order that recorded a mail-in rebate to its download, and no other", () => {
    expect(rebateFormPath({ orderNumber: "LL1000123", rebateTotal: 5000 })).toBe("/api/rebates/order/LL1000123");
    expect(rebateFormPath({ orderNumber: "LL1000123", rebateTotal: 0 })).toBeNull();
    expect(rebateFormFileName("LL1000123")).toBe("rebate_LL1000123.pdf");
  });
});
