import { describe, expect, it } from "vitest";
import { eyeDifference, gridScore, mapAddLabel } from "./rx-plausibility";

describe("gridScore", () => {
  it.each([
    ["sphere", "-2.25", 1],
    ["sphere", "+12.00", 0.85],
    ["sphere", "-2.30", 0],
    ["sphere", "+20.25", 0],
    ["cylinder", "-0.75", 1],
    ["cylinder", "-4.50", 0.9],
    ["cylinder", "+0.75", 0],
    ["cylinder", "-0.80", 0],
    ["axis", "180", 1],
    ["axis", "95", 0.95],
    ["axis", "0", 0],
    ["axis", "181", 0],
    ["axis", "90.5", 0],
    ["add", "+1.50", 1],
    ["add", "+0.50", 0],
    ["add", "+4.25", 0],
    ["add", "MED", 1],
    ["baseCurve", "8.6", 1],
    ["baseCurve", "7.2", 0.85],
    ["baseCurve", "10.5", 0],
    ["diameter", "14.2", 1],
    ["diameter", "12.5", 0.85],
    ["diameter", "16.5", 0],
  ] as const)("%s %s → %s", (field, value, score) => {
    expect(gridScore(field, value)).toBe(score);
  });
});

describe("eyeDifference", () => {
  it("lowers a large difference between the eyes' spheres", () => {
    expect(eyeDifference({ OD: { sphere: "+13.00" }, OS: { sphere: "+1.50" } })).toEqual({ sphere: 0.5 });
    expect(eyeDifference({ OD: { sphere: "-5.00" }, OS: { sphere: "-1.50" } })).toEqual({ sphere: 0.75 });
    expect(eyeDifference({ OD: { sphere: "-2.00" }, OS: { sphere: "-2.75" } })).toEqual({});
  });

  it("doubts two base curves for one lens", () => {
    const eyes = { OD: { brand: "Biofinity", baseCurve: "8.6" }, OS: { brand: "Biofinity", baseCurve: "8.4" } };
    expect(eyeDifference(eyes)).toEqual({ baseCurve: 0.8 });
  });

  it("compares nothing for one eye", () => {
    expect(eyeDifference({ OD: { sphere: "+13.00" } })).toEqual({});
  });
});

describe("mapAddLabel", () => {
  it("maps an ADD word onto the product's labels", () => {
    expect(mapAddLabel("MED", ["LOW", "MID", "HIGH"])).toBe("MID");
    expect(mapAddLabel("HIGH", ["LO", "MED", "HI"])).toBe("HI");
    expect(mapAddLabel("LOW", ["LOW", "HIGH"])).toBe("LOW");
    expect(mapAddLabel("MID", ["LOW", "HIGH"])).toBeNull();
  });

  it("keeps the word without labels, and matches numbers as numbers", () => {
    expect(mapAddLabel("MED", undefined)).toBe("MED");
    expect(mapAddLabel("+1.50", ["+1.00", "+1.50", "+2.00"])).toBe("+1.50");
    expect(mapAddLabel("+1.50", ["LOW", "HIGH"])).toBeNull();
  });
});
