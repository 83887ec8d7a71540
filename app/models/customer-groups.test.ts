import { describe, expect, it } from "vitest";
import {
  allGroups,
  changeVisitorGroups,
  CUSTOMER_GROUP_CODES,
  derivedGroups,
  hasAffiliateValue,
} from "./customer-groups";

const now = new Date("2026-11-28T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const facts = (over: Partial<Parameters<typeof derivedGroups>[0]> = {}) =>
  derivedGroups({ known: false, lastOrderAt: null, hasInsuranceOrder: false, cart: null, now, ...over });

describe("derived customer groups", () => {
  it("is new (NI) or returning (RI), and a known customer without an order is a Lead", () => {
    expect(CUSTOMER_GROUP_CODES).toEqual({ NewCustomer: "NI", ReturningCustomer: "RI" });
    expect(facts()).toEqual(["NewCustomer"]);
    expect(facts({ known: true })).toEqual(["NewCustomer", "Lead"]);
    expect(facts({ known: true, lastOrderAt: daysAgo(30) })).toEqual(["ReturningCustomer"]);
  });

  it("bands inactivity by the last order's age, and marks an order placed in the last 7 days", () => {
    expect(facts({ lastOrderAt: daysAgo(2) })).toContain("NewPlacedOrder");
    expect(facts({ lastOrderAt: daysAgo(8) })).not.toContain("NewPlacedOrder");
    expect(facts({ lastOrderAt: daysAgo(365 * 3) })).toEqual(["ReturningCustomer", "Inactive2To4Years"]);
    expect(facts({ lastOrderAt: daysAgo(365 * 5) })).toEqual([
      "ReturningCustomer",
      "Inactive4To6Years",
      "Inactive4Years",
    ]);
    expect(facts({ lastOrderAt: daysAgo(365 * 7) })).toEqual(["ReturningCustomer", "Inactive4Years"]);
    expect(facts({ lastOrderAt: daysAgo(365) })).toEqual(["ReturningCustomer"]);
  });

  it("finds an abandoned cart (items left a day or more) and insurance customers", () => {
    const cart = { itemCount: 2, updatedAt: daysAgo(2), hasInsuranceBenefit: false };
    expect(facts({ cart })).toContain("AbandonedCart");
    expect(facts({ cart: { ...cart, updatedAt: daysAgo(0.5) } })).not.toContain("AbandonedCart");
    expect(facts({ cart: { ...cart, itemCount: 0 } })).not.toContain("AbandonedCart");
    expect(facts({ cart: { ...cart, hasInsuranceBenefit: true, updatedAt: now } })).toContain("Insurance_Customer");
    expect(facts({ hasInsuranceOrder: true })).toContain("Insurance_Customer");
  });
});

describe("visitor groups", () => {
  it("adds the affiliate group for any query value starting with 8.", () => {
    expect(hasAffiliateValue(new URLSearchParams("mid=8.77"))).toBe(true);
    expect(hasAffiliateValue(new URLSearchParams("ac=8.1&x=1"))).toBe(true);
    expect(hasAffiliateValue(new URLSearchParams("ac=18.1&q=acuvue 8."))).toBe(false);
  });

  it("adds and removes only visitor groups, in a stable order", () => {
    expect(changeVisitorGroups([], ["RebateA_1123", "Affiliate", "ReturningCustomer", "Nope"])).toEqual([
      "Affiliate",
      "RebateA_1123",
    ]);
    expect(changeVisitorGroups(["Affiliate", "RebateA_1123"], [], ["RebateA_1123"])).toEqual(["Affiliate"]);
    expect(allGroups(["NewCustomer"], ["Affiliate"])).toEqual(["NewCustomer", "Affiliate"]);
  });
});
