import { describe, expect, it } from "vitest";
import {
  AUTO_REORDER_FREQUENCIES,
  lineQuantityOptions,
  boxSupplyDays,
  defaultFrequencyDays,
  frequencyLabel,
  quantityOptions,
  quantityOptionsForDays,
  supplyText,
} from "./supply";

const lens = (wearTimeDays: number, quantityPerPackage: number, maximumQuantity = 24, isColor = false) => ({
  productType: "lens" as const,
  isColor,
  wearTimeDays,
  quantityPerPackage,
  maximumQuantity,
});

describe("supply days", () => {
  it("counts a 14-day lens as 15 days", () => {
    expect(boxSupplyDays({ wearTimeDays: 14, quantityPerPackage: 6 })).toBe(90);
    expect(boxSupplyDays({ wearTimeDays: 1, quantityPerPackage: 30 })).toBe(30);
    expect(boxSupplyDays({ wearTimeDays: 30, quantityPerPackage: 6 })).toBe(180);
  });
});

describe("quantity options", () => {
  it("follow the box's days: ≤30 → 2, 6, 12; ≤90 → 1, 2, 4; ≤180 → 1, 2; else 1", () => {
    expect(quantityOptionsForDays(15)).toEqual([2, 6, 12]);
    expect(quantityOptionsForDays(30)).toEqual([2, 6, 12]);
    expect(quantityOptionsForDays(31)).toEqual([1, 2, 4]);
    expect(quantityOptionsForDays(60)).toEqual([1, 2, 4]);
    expect(quantityOptionsForDays(90)).toEqual([1, 2, 4]);
    expect(quantityOptionsForDays(91)).toEqual([1, 2]);
    expect(quantityOptionsForDays(180)).toEqual([1, 2]);
    expect(quantityOptionsForDays(181)).toEqual([1]);
  });

  it("apply to products: daily 30-pack, daily 90-pack, 2-week 6-pack, monthly 6-pack, colour, solution", () => {
    expect(quantityOptions(lens(1, 30))).toEqual([2, 6, 12]);
    expect(quantityOptions(lens(1, 90))).toEqual([1, 2, 4]);
    expect(quantityOptions(lens(14, 6))).toEqual([1, 2, 4]);
    expect(quantityOptions(lens(30, 6))).toEqual([1, 2]);
    expect(quantityOptions(lens(30, 6, 12, true))).toEqual([1]);
    expect(quantityOptions({ ...lens(30, 1, 6), productType: "solution" })).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("never offer more than the product's maximum", () => {
    expect(quantityOptions(lens(1, 30, 8))).toEqual([2, 6]);
  });
});

describe("supply text", () => {
  it("reads two weeks, months in halves, days under a month, and over a year", () => {
    expect(supplyText(15)).toBe("2 weeks");
    expect(supplyText(14)).toBe("2 weeks");
    expect(supplyText(10)).toBe("10 days");
    expect(supplyText(30)).toBe("1 month");
    expect(supplyText(45)).toBe("1.5 months");
    expect(supplyText(60)).toBe("2 months");
    expect(supplyText(180)).toBe("6 months");
    expect(supplyText(360)).toBe("12 months");
    expect(supplyText(361)).toBe("over 1 year");
  });

  it("reads the approximate supplies as the spec says: 84 and 90 → 3 months, 180 and 189 → 6 months", () => {
    expect(supplyText(84)).toBe("3 months");
    expect(supplyText(90)).toBe("3 months");
    expect(supplyText(189)).toBe("6 months");
  });
});

describe("auto-reorder frequencies", () => {
  it("have the spec's labels", () => {
    expect(AUTO_REORDER_FREQUENCIES.map((f) => f.label)).toEqual([
      "Every month",
      "Every 2 months",
      "Every 3 months",
      "Every 6 months",
      "Every 12 months",
    ]);
    expect(frequencyLabel(90)).toBe("Every 3 months");
    expect(frequencyLabel(45)).toBe("Custom");
  });

  it("default from the supply, one month at least", () => {
    expect(defaultFrequencyDays(15)).toBe(30);
    expect(defaultFrequencyDays(60)).toBe(60);
    expect(defaultFrequencyDays(120)).toBe(90);
    expect(defaultFrequencyDays(720)).toBe(360);
  });
});

describe("cart line quantities", () => {
  it("offer the product's options, keeping a current quantity that is not one of them", () => {
    expect(lineQuantityOptions(lens(1, 30), 6)).toEqual([2, 6, 12]);
    expect(lineQuantityOptions(lens(1, 30), 3)).toEqual([2, 3, 6, 12]);
  });
});
