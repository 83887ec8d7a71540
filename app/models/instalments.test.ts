import { describe, expect, it } from "vitest";
import { INSTALMENT_COUNT, INSTALMENT_CURRENCY, instalmentNote, instalmentPlan } from "./instalments";

describe("instalments (spec 3 §4, §9): 4 payments, each rounded up to the cent, in USD", () => {
  it("splits an even total exactly", () => {
    expect(instalmentPlan(4000)).toEqual({ count: 4, amountCents: 1000, currency: "USD" });
    expect(INSTALMENT_COUNT).toBe(4);
    expect(INSTALMENT_CURRENCY).toBe("USD");
  });

  it("rounds each payment up to the cent, never down", () => {
    expect(instalmentPlan(4001)?.amountCents).toBe(1001);
    expect(instalmentPlan(4003)?.amountCents).toBe(1001);
    expect(instalmentPlan(4950)?.amountCents).toBe(1238);
    expect(instalmentPlan(1)?.amountCents).toBe(1);
    // The 4 payments always cover the total.
    for (const total of [1, 2, 3, 999, 4949, 12345]) {
      expect(instalmentPlan(total)!.amountCents * 4).toBeGreaterThanOrEqual(total);
      expect(instalmentPlan(total)!.amountCents * 4 - total).toBeLessThan(4);
    }
  });

  it("has no plan for nothing, a negative or a fractional total", () => {
    expect(instalmentPlan(0)).toBeNull();
    expect(instalmentPlan(-400)).toBeNull();
    expect(instalmentPlan(10.5)).toBeNull();
    expect(instalmentNote(0)).toBeNull();
  });

  it("reads 'or 4 payments of $x.xx' with the pay-in-4 name", () => {
    expect(instalmentNote(4950)).toBe("or 4 payments of $12.38 with Afterpay");
  });
});
