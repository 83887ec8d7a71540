import { describe, expect, it } from "vitest";
import { STATE_TAX_RULES, calculateStateTax, stateTaxRule } from "./state-rates";
import type { TaxLine } from "./tax-calculator";

const lens = (itemId: string, amountCents: number): TaxLine => ({ itemId, classification: "lens", amountCents });
const solution = (itemId: string, amountCents: number): TaxLine => ({
  itemId,
  classification: "solution",
  amountCents,
});

describe("the state table", () => {
  it("covers the 50 states and DC, and nothing else", () => {
    const codes = Object.keys(STATE_TAX_RULES);
    expect(codes).toHaveLength(51);
    expect(codes).toContain("DC");
    for (const code of ["AA", "AE", "AP", "PR", "GU"]) expect(codes).not.toContain(code);
  });

  it("holds the state base rates in basis points", () => {
    expect(stateTaxRule("CA")?.rateBasisPoints).toBe(725);
    expect(stateTaxRule("TX")?.rateBasisPoints).toBe(625);
    expect(stateTaxRule("NY")?.rateBasisPoints).toBe(400);
    expect(stateTaxRule("DC")?.rateBasisPoints).toBe(600);
    expect(stateTaxRule("MN")?.rateBasisPoints).toBe(687.5);
    for (const code of ["AK", "DE", "MT", "NH", "OR"]) expect(stateTaxRule(code)?.rateBasisPoints).toBe(0);
  });

  it("exempts prescription lenses except where the state taxes them", () => {
    const taxing = Object.entries(STATE_TAX_RULES)
      .filter(([, rule]) => !rule.rxLensesExempt)
      .map(([code]) => code);
    expect(taxing.sort()).toEqual(["AL", "AR", "MI", "SC"]);
  });

  it("keeps every rate a whole number of tenths of a basis point (the calculation relies on it)", () => {
    for (const rule of Object.values(STATE_TAX_RULES)) {
      expect(Number.isInteger(rule.rateBasisPoints * 10)).toBe(true);
    }
  });
});

describe("calculateStateTax", () => {
  it("charges nothing in a state without a sales tax", () => {
    expect(calculateStateTax({ state: "OR", lines: [solution("s1", 1999)], shippingCents: 495 })).toEqual({
      taxCents: 0,
      rateBasisPoints: 0,
      exemptItemIds: [],
    });
  });

  it("taxes lens solution at the state rate", () => {
    // 1999 × 6.25 % = 124.94 → 125
    expect(calculateStateTax({ state: "TX", lines: [solution("s1", 1999)], shippingCents: 0 })).toEqual({
      taxCents: 125,
      rateBasisPoints: 625,
      exemptItemIds: [],
    });
  });

  it("charges nothing for prescription lenses in an exempt state", () => {
    expect(calculateStateTax({ state: "CA", lines: [lens("l1", 5000), lens("l2", 4000)], shippingCents: 995 })).toEqual(
      { taxCents: 0, rateBasisPoints: 0, exemptItemIds: ["l1", "l2"] },
    );
  });

  it("taxes only the solution in a mixed cart, and lists the exempt lenses", () => {
    // (1000 + 599) × 7.25 % = 115.93 → 116; the 5000 of lenses is exempt.
    expect(
      calculateStateTax({
        state: "CA",
        lines: [lens("l1", 5000), solution("s1", 1000), solution("s2", 599)],
        shippingCents: 0,
      }),
    ).toEqual({ taxCents: 116, rateBasisPoints: 725, exemptItemIds: ["l1"] });
  });

  it("taxes prescription lenses where the state does", () => {
    // (5000 + 1000) × 6 % = 360
    expect(
      calculateStateTax({ state: "MI", lines: [lens("l1", 5000), solution("s1", 1000)], shippingCents: 0 }),
    ).toEqual({ taxCents: 360, rateBasisPoints: 600, exemptItemIds: [] });
  });

  it("rounds a half cent up", () => {
    // 1000 × 7.25 % = 72.5 → 73; 994 × 7.25 % = 72.065 → 72
    expect(calculateStateTax({ state: "CA", lines: [solution("s1", 1000)], shippingCents: 0 }).taxCents).toBe(73);
    expect(calculateStateTax({ state: "CA", lines: [solution("s1", 994)], shippingCents: 0 }).taxCents).toBe(72);
    // 8 × 6.875 % = 0.55 → 1; 1000 × 6.875 % = 68.75 → 69 (a half-basis-point rate stays exact)
    expect(calculateStateTax({ state: "MN", lines: [solution("s1", 8)], shippingCents: 0 }).taxCents).toBe(1);
    expect(calculateStateTax({ state: "MN", lines: [solution("s1", 1000)], shippingCents: 0 }).taxCents).toBe(69);
  });

  it("rounds once per order, not per line", () => {
    // Per line: 72.5 + 72.5 → 73 + 73 = 146; once: 2000 × 7.25 % = 145.
    const result = calculateStateTax({
      state: "CA",
      lines: [solution("s1", 1000), solution("s2", 1000)],
      shippingCents: 0,
    });
    expect(result.taxCents).toBe(145);
  });

  it("lets negative and zero amounts contribute nothing", () => {
    // Only the 1000 is taxed: the -500 does not reduce it.
    expect(
      calculateStateTax({
        state: "TX",
        lines: [solution("s1", 1000), solution("s2", -500), solution("s3", 0)],
        shippingCents: 0,
      }),
    ).toEqual({ taxCents: 63, rateBasisPoints: 625, exemptItemIds: [] });
  });

  it("does not tax shipping", () => {
    const withoutShipping = calculateStateTax({ state: "TX", lines: [solution("s1", 1000)], shippingCents: 0 });
    const withShipping = calculateStateTax({ state: "TX", lines: [solution("s1", 1000)], shippingCents: 3995 });
    expect(withShipping).toEqual(withoutShipping);
  });

  it("charges nothing for an unknown state or a military address", () => {
    for (const state of ["ZZ", "AA", "AE", "AP", "", "California", "constructor"]) {
      expect(calculateStateTax({ state, lines: [solution("s1", 1000)], shippingCents: 0 })).toEqual({
        taxCents: 0,
        rateBasisPoints: 0,
        exemptItemIds: [],
      });
    }
  });

  it("reads a lower-case or padded state code", () => {
    const upper = calculateStateTax({ state: "CA", lines: [solution("s1", 1000)], shippingCents: 0 });
    expect(calculateStateTax({ state: "ca", lines: [solution("s1", 1000)], shippingCents: 0 })).toEqual(upper);
    expect(calculateStateTax({ state: " tx ", lines: [solution("s1", 1000)], shippingCents: 0 }).taxCents).toBe(63);
  });
});
