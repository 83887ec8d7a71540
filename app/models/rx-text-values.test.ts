import { describe, expect, it } from "vitest";
import {
  normalizeAdd,
  normalizeAxis,
  normalizeBaseCurve,
  normalizeCylinder,
  normalizeDiameter,
  normalizeSphere,
  parseDate,
  parsePhone,
} from "./rx-text-values";

describe("normalizeSphere", () => {
  it.each([
    ["-2.25", "-2.25"],
    ["+1.25", "+1.25"],
    ["1.25", "+1.25"],
    ["\u22122.50", "-2.50"],
    ["\u20132.50", "-2.50"],
    ["~2.50", "-2.50"],
    ["t1.25", "+1.25"],
    ["41.25", "+1.25"],
    ["-225", "-2.25"],
    ["-1000", "-10.00"],
    ["-2", "-2.00"],
    ["-2,25", "-2.25"],
    ["-2.2S", "-2.25"],
    ["-O.75", "-0.75"],
    ["-l.50", "-1.50"],
    ["PL", "0.00"],
    ["Plano", "0.00"],
    ["pl", "0.00"],
    ["0.00", "0.00"],
  ])("%s → %s", (raw, expected) => {
    expect(normalizeSphere(raw)).toBe(expected);
  });

  it.each(["-2.30", "+25.00", "-21.00", "Oasys", "", "BC"])("drops %s", (raw) => {
    expect(normalizeSphere(raw)).toBeNull();
  });
});

describe("normalizeCylinder", () => {
  it.each([
    ["-0.75", "-0.75"],
    ["0.75", "-0.75"],
    ["-125", "-1.25"],
    ["\u22121.75", "-1.75"],
  ])("%s → %s", (raw, expected) => {
    expect(normalizeCylinder(raw)).toBe(expected);
  });

  it.each(["+0.75", "-6.25", "-0.80", "0.00"])("drops %s", (raw) => {
    expect(normalizeCylinder(raw)).toBeNull();
  });
});

describe("normalizeAxis", () => {
  it.each([
    ["090", "90"],
    ["180", "180"],
    ["x180", "180"],
    ["18O", "180"],
    ["l0", "10"],
    ["90°", "90"],
  ])("%s → %s", (raw, expected) => {
    expect(normalizeAxis(raw)).toBe(expected);
  });

  it.each(["0", "181", "-90", "9.5"])("drops %s", (raw) => {
    expect(normalizeAxis(raw)).toBeNull();
  });
});

describe("normalizeAdd", () => {
  it.each([
    ["+1.50", "+1.50"],
    ["1.50", "+1.50"],
    ["+250", "+2.50"],
    ["HIGH", "HIGH"],
    ["High", "HIGH"],
    ["Mid", "MID"],
    ["MED", "MED"],
    ["Low", "LOW"],
  ])("%s → %s", (raw, expected) => {
    expect(normalizeAdd(raw)).toBe(expected);
  });

  it.each(["-1.50", "+5.00", "+0.25"])("drops %s", (raw) => {
    expect(normalizeAdd(raw)).toBeNull();
  });
});

describe("base curve and diameter", () => {
  it.each([
    ["8.6", "8.6"],
    ["8.60", "8.6"],
    ["86", "8.6"],
    ["B.4", "8.4"],
    ["8.6mm", "8.6"],
  ])("base curve %s → %s", (raw, expected) => {
    expect(normalizeBaseCurve(raw)).toBe(expected);
  });

  it.each([
    ["14.2", "14.2"],
    ["14.20", "14.2"],
    ["142", "14.2"],
    ["14", "14.0"],
    ["l4.0", "14.0"],
  ])("diameter %s → %s", (raw, expected) => {
    expect(normalizeDiameter(raw)).toBe(expected);
  });

  it("drops values outside the plausible ranges", () => {
    // Issue 24's ranges: BC 7.0–10.0, DIA 12.0–16.0 (the rarer ends are kept, with a lower confidence).
    expect(normalizeBaseCurve("10.2")).toBeNull();
    expect(normalizeBaseCurve("6.9")).toBeNull();
    expect(normalizeBaseCurve("-8.6")).toBeNull();
    expect(normalizeBaseCurve("7.2")).toBe("7.2");
    expect(normalizeDiameter("16.5")).toBeNull();
    expect(normalizeDiameter("11.5")).toBeNull();
    expect(normalizeDiameter("16.0")).toBe("16.0");
    expect(normalizeDiameter("8.6")).toBeNull();
  });
});

describe("parseDate", () => {
  it.each([
    ["04/12/2027", "2027-04-12"],
    ["4-12-27", "2027-04-12"],
    ["April 12, 2027", "2027-04-12"],
    ["Apr 12 2027", "2027-04-12"],
    ["12 April 2027", "2027-04-12"],
    ["2027-04-12", "2027-04-12"],
    ["04/2027", "2027-04-30"],
    ["02/2028", "2028-02-29"],
    ["O4/l2/2027", "2027-04-12"],
    // Photos: a period for the comma, a digit for a letter, a letter misread in a long name, a label glued on.
    ["Exam: October 20. 2026", "2026-10-20"],
    ["Date Issued:Apr 9.2025", "2025-04-09"],
    ["Expires:0ctober 20. 2027", "2027-10-20"],
    ["Exam:0otober 20, 2026", "2026-10-20"],
    ["Apri1 12, 2027", "2027-04-12"],
    ["DateofExamJan 18 2026", "2026-01-18"],
    ["Septenber 3, 2026", "2026-09-03"],
  ])("%s → %s", (raw, expected) => {
    expect(parseDate(raw, "expiration")).toBe(expected);
  });

  it("reads a two-digit birth year as last century when that is the likelier", () => {
    expect(parseDate("3/14/85", "birth")).toBe("1985-03-14");
    expect(parseDate("3/14/05", "birth")).toBe("2005-03-14");
  });

  it("takes no ordinary word for a month, nor a misspelling as near to two months", () => {
    expect(parseDate("Exam 20, 2026")).toBeNull();
    expect(parseDate("Date 12 2027")).toBeNull();
    expect(parseDate("Juny 4, 2026")).toBeNull();
  });

  it("drops impossible dates", () => {
    expect(parseDate("02/30/2027")).toBeNull();
    expect(parseDate("13/12/2027")).toBeNull();
    expect(parseDate("no date here")).toBeNull();
  });
});

describe("parsePhone", () => {
  it.each([
    ["Phone (208) 555-0142", "(208) 555-0142"],
    ["Tel 208.555.0142", "(208) 555-0142"],
    ["P: 208-555-0142", "(208) 555-0142"],
    ["(2O8) 555-Ol42", "(208) 555-0142"],
  ])("%s → %s", (raw, expected) => {
    expect(parsePhone(raw)).toBe(expected);
  });

  it("ignores numbers that are not phones", () => {
    expect(parsePhone("NPI 1234567890")).toBeNull();
    expect(parsePhone("LOT 12345678")).toBeNull();
  });
});
