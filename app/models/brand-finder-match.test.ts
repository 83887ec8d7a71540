import { describe, expect, it } from "vitest";
import {
  addPowerRange,
  BASE_CURVE_TOLERANCE_MM,
  compareMatches,
  DIAMETER_TOLERANCE_MM,
  equivalentValue,
  findBrandMatches,
  fitCandidate,
  lensLine,
  lensMaterial,
  oxygenTransmissibility,
  pricePerDayCents,
  replacementSchedule,
  scheduleListPath,
  type EyeParameters,
  type FinderLens,
} from "./brand-finder-match";
import type { LensParameter, LensParameterName } from "./lens-parameters";

const param = (name: LensParameterName, values: string[]): LensParameter => ({
  name,
  displayName: name,
  options: values.map((value) => ({ value, label: value })),
});
const POWERS = ["-3.00", "-2.75", "-2.50", "-2.25", "-2.00", "0.00", "+1.00"];

let nextId = 1;
function lens(overrides: Partial<FinderLens> & { name: string }): FinderLens {
  const { name, ...rest } = overrides;
  return {
    id: nextId++,
    vanityUrl: name.toLowerCase().replace(/\W+/g, "-"),
    displayName: `${name} 30 pack`,
    brandName: name.split(" ")[0]!,
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    specifications: [
      { label: "Material", value: "etafilcon A (hydrogel)" },
      { label: "Oxygen transmissibility (Dk/t)", value: "33.3" },
    ],
    unitPriceCents: 3000,
    parameters: [param("power", POWERS), param("baseCurve", ["8.5"]), param("diameter", ["14.2"])],
    ...rest,
  };
}
const specs = (material: string, dkt?: string) => [
  { label: "Material", value: material },
  ...(dkt ? [{ label: "Oxygen transmissibility (Dk/t)", value: dkt }] : []),
];
const bothEyes = (right: Record<string, string>, left: Record<string, string> = right): EyeParameters[] => [
  { eye: "right", parameters: right },
  { eye: "left", parameters: left },
];
const SPHERE = { power: "-2.25", baseCurve: "8.5", diameter: "14.2" };

describe("equivalent values", () => {
  const current = (name: LensParameterName, values: string[]) => param(name, values);
  it("matches powers, cylinders and axes by number, never approximately", () => {
    expect(equivalentValue("power", "-2.25", current("power", POWERS), param("power", ["-2.25"]))).toBe("-2.25");
    expect(equivalentValue("power", "0.00", current("power", POWERS), param("power", ["+0.00"]))).toBe("+0.00");
    expect(equivalentValue("power", "Plano", current("power", POWERS), param("power", ["0.00"]))).toBe("0.00");
    expect(equivalentValue("power", "+1.00", current("power", POWERS), param("power", ["1.00"]))).toBe("1.00");
    expect(equivalentValue("power", "-2.25", current("power", POWERS), param("power", ["-2.00", "-2.50"]))).toBeNull();
    expect(equivalentValue("cylinder", "-1.25", current("cylinder", []), param("cylinder", ["-0.75", "-1.25"]))).toBe(
      "-1.25",
    );
    expect(equivalentValue("axis", "180", current("axis", []), param("axis", ["170", "10"]))).toBeNull();
    expect(equivalentValue("power", "abc", current("power", POWERS), param("power", POWERS))).toBeNull();
  });

  it("takes the nearest base curve within 0.2 mm and the nearest diameter within 0.3 mm", () => {
    expect(BASE_CURVE_TOLERANCE_MM).toBe(0.2);
    expect(DIAMETER_TOLERANCE_MM).toBe(0.3);
    const bc = current("baseCurve", ["8.5"]);
    expect(equivalentValue("baseCurve", "8.5", bc, param("baseCurve", ["8.50"]))).toBe("8.50");
    expect(equivalentValue("baseCurve", "8.5", bc, param("baseCurve", ["8.4", "8.8"]))).toBe("8.4");
    expect(equivalentValue("baseCurve", "8.5", bc, param("baseCurve", ["8.7"]))).toBe("8.7");
    expect(equivalentValue("baseCurve", "8.5", bc, param("baseCurve", ["8.8"]))).toBeNull();
    const dia = current("diameter", ["14.2"]);
    expect(equivalentValue("diameter", "14.2", dia, param("diameter", ["14.5"]))).toBe("14.5");
    expect(equivalentValue("diameter", "14.0", dia, param("diameter", ["14.5"]))).toBeNull();
  });

  it("reads add levels as dioptre ranges by the maker's scheme", () => {
    const threeLevels = [{ value: "LOW" }, { value: "MID" }, { value: "HIGH" }];
    const twoLevels = [{ value: "LOW" }, { value: "HIGH" }];
    expect(addPowerRange("+1.50", [])).toEqual([1.5, 1.5]);
    expect(addPowerRange("LOW", threeLevels)).toEqual([0.75, 1.25]);
    expect(addPowerRange("MED", [{ value: "LOW" }, { value: "MED" }, { value: "HIGH" }])).toEqual([1.5, 2]);
    expect(addPowerRange("HIGH", twoLevels)).toEqual([1.75, 2.5]);
    expect(addPowerRange("ULTRA", twoLevels)).toBeNull();
  });

  it("maps add powers across schemes by the most overlap", () => {
    const acuvue = param("addPower", ["LOW", "MID", "HIGH"]);
    const alcon = param("addPower", ["LOW", "MED", "HIGH"]);
    const twoLevel = param("addPower", ["LOW", "HIGH"]);
    const numeric = param("addPower", ["+1.00", "+1.50", "+2.00", "+2.50"]);
    expect(equivalentValue("addPower", "MID", acuvue, alcon)).toBe("MED");
    expect(equivalentValue("addPower", "MID", acuvue, twoLevel)).toBe("HIGH");
    expect(equivalentValue("addPower", "LOW", acuvue, twoLevel)).toBe("LOW");
    expect(equivalentValue("addPower", "+1.50", numeric, twoLevel)).toBe("LOW");
    expect(equivalentValue("addPower", "+2.50", numeric, acuvue)).toBe("HIGH");
    expect(equivalentValue("addPower", "+1.00", numeric, acuvue)).toBe("LOW");
    // A low add of a two-level maker spans +0.75 to +1.50: the numeric lens's +1.00 is the nearest middle.
    expect(equivalentValue("addPower", "LOW", twoLevel, numeric)).toBe("+1.00");
    expect(equivalentValue("addPower", "+2.50", numeric, param("addPower", ["+1.00"]))).toBeNull();
  });

  it("matches colours by name, whatever the case", () => {
    const colour = param("color", ["Blue", "Gemstone Green"]);
    expect(equivalentValue("color", "gemstone green", colour, param("color", ["Gemstone Green"]))).toBe(
      "Gemstone Green",
    );
    expect(equivalentValue("color", "Blue", colour, param("color", ["Brilliant Blue"]))).toBeNull();
  });
});

describe("fitting a candidate", () => {
  const current = lens({ name: "Current" });
  it("fits when every chosen value of every eye is made, in the candidate's own values", () => {
    const candidate = lens({
      name: "Other",
      parameters: [param("power", ["-2.25", "-1.00"]), param("baseCurve", ["8.6"]), param("diameter", ["14.0"])],
    });
    const fit = fitCandidate(current, bothEyes(SPHERE, { ...SPHERE, power: "-1.00" }), candidate);
    expect(fit).toEqual({
      fits: true,
      exact: false,
      differences: [
        { label: "baseCurve", chosen: "8.5", value: "8.6" },
        { label: "diameter", chosen: "14.2", value: "14.0" },
      ],
      eyes: [
        { eye: "right", parameters: { power: "-2.25", baseCurve: "8.6", diameter: "14.0" } },
        { eye: "left", parameters: { power: "-1.00", baseCurve: "8.6", diameter: "14.0" } },
      ],
    });
  });

  it("is exact when every value is the same", () => {
    expect(fitCandidate(current, bothEyes(SPHERE), lens({ name: "Twin" }))).toMatchObject({ fits: true, exact: true });
  });

  it("misses on the first eye and parameter that is not made", () => {
    const candidate = lens({ name: "Other", parameters: [param("power", ["-2.25"]), ...current.parameters.slice(1)] });
    expect(fitCandidate(current, bothEyes(SPHERE, { ...SPHERE, power: "-3.00" }), candidate)).toEqual({
      fits: false,
      miss: { kind: "parameter", eye: "left", parameter: "power" },
    });
  });

  it("needs the same lens type: toric for toric, multifocal for multifocal, colour for colour", () => {
    const toric = lens({
      name: "Toric",
      parameters: [...current.parameters, param("cylinder", ["-1.25"]), param("axis", ["180"])],
    });
    const colour = lens({ name: "Colour", parameters: [...current.parameters, param("color", ["Blue"])] });
    expect(fitCandidate(current, bothEyes(SPHERE), toric)).toEqual({ fits: false, miss: { kind: "lens-type" } });
    expect(fitCandidate(current, bothEyes(SPHERE), colour)).toEqual({ fits: false, miss: { kind: "lens-type" } });
    expect(fitCandidate(toric, bothEyes({ ...SPHERE, cylinder: "-1.25", axis: "180" }), current)).toEqual({
      fits: false,
      miss: { kind: "lens-type" },
    });
  });

  it("drops the D/N design of the shopper's multifocal, but never guesses one a candidate needs", () => {
    const withDesign = lens({
      name: "Biofinity Multifocal",
      parameters: [...current.parameters, param("addPower", ["+1.50"]), param("monovisionCode", ["D", "N"])],
    });
    const plain = lens({
      name: "Plain Multifocal",
      parameters: [...current.parameters, param("addPower", ["LOW", "HIGH"])],
    });
    expect(
      fitCandidate(withDesign, bothEyes({ ...SPHERE, addPower: "+1.50", monovisionCode: "D" }), plain),
    ).toMatchObject({ fits: true, eyes: [{ parameters: { addPower: "LOW" } }, { parameters: { addPower: "LOW" } }] });
    expect(fitCandidate(plain, bothEyes({ ...SPHERE, addPower: "LOW" }), withDesign)).toEqual({
      fits: false,
      miss: { kind: "lens-type" },
    });
  });

  it("checks only the chosen eye", () => {
    const candidate = lens({ name: "Other", parameters: [param("power", ["-2.25"]), ...current.parameters.slice(1)] });
    const right: EyeParameters[] = [{ eye: "right", parameters: SPHERE }];
    expect(fitCandidate(current, right, candidate)).toMatchObject({ fits: true });
  });
});

describe("what the catalog says", () => {
  it("names a lens line without its pack size", () => {
    expect(lensLine({ displayName: "Acuvue Oasys 1-Day 90 pack", descriptorPackSize: "90 pack" })).toBe(
      "acuvue oasys 1-day",
    );
    expect(lensLine({ displayName: "Biofinity", descriptorPackSize: "6 pack" })).toBe("biofinity");
  });

  it("reads the material and its family, and Dk/t", () => {
    expect(lensMaterial({ specifications: specs("comfilcon A (silicone hydrogel)") })).toEqual({
      name: "comfilcon A",
      family: "silicone hydrogel",
    });
    expect(lensMaterial({ specifications: specs("etafilcon A (hydrogel)") }).family).toBe("hydrogel");
    expect(lensMaterial({ specifications: [] })).toEqual({ name: null, family: null });
    expect(oxygenTransmissibility({ specifications: specs("x", "33.3") })).toBe(33.3);
    expect(oxygenTransmissibility({ specifications: specs("x") })).toBeNull();
  });

  it("prices a day from the box: lenses × wear days per eye, a 2-week lens counting 15 days", () => {
    // 90 dailies at $90: 90 days for one eye → $1 a day, $2 for both.
    expect(pricePerDayCents({ unitPriceCents: 9000, wearTimeDays: 1, quantityPerPackage: 90 }, 1)).toBe(100);
    expect(pricePerDayCents({ unitPriceCents: 9000, wearTimeDays: 1, quantityPerPackage: 90 }, 2)).toBe(200);
    // 6 two-week lenses at $45: 90 days.
    expect(pricePerDayCents({ unitPriceCents: 4500, wearTimeDays: 14, quantityPerPackage: 6 }, 1)).toBe(50);
    // 6 monthlies at $54: 180 days.
    expect(pricePerDayCents({ unitPriceCents: 5400, wearTimeDays: 30, quantityPerPackage: 6 }, 2)).toBe(60);
    expect(pricePerDayCents({ unitPriceCents: null, wearTimeDays: 30, quantityPerPackage: 6 }, 2)).toBeNull();
  });
});

describe("finding and ranking matches", () => {
  const current = lens({
    name: "Moist",
    displayName: "Moist 90 pack",
    descriptorPackSize: "90 pack",
    quantityPerPackage: 90,
    unitPriceCents: 9000,
  });
  const siliconeCheap = lens({
    name: "Cheap Silicone",
    specifications: specs("somofilcon A (silicone hydrogel)", "86"),
    unitPriceCents: 2400, // 80c an eye a day
  });
  const siliconeDear = lens({
    name: "Dear Silicone",
    specifications: specs("delefilcon A (silicone hydrogel)", "156"),
    unitPriceCents: 4500,
  });
  const hydrogelCheap = lens({
    name: "Budget",
    specifications: specs("hioxifilcon A (hydrogel)", "28"),
    unitPriceCents: 1500,
  });
  const sameLine = lens({ name: "Moist", displayName: "Moist 30 pack", unitPriceCents: 2000 });
  const weekly = lens({ name: "Weekly", wearTimeDays: 14 });
  const unpriced = lens({ name: "Unpriced", unitPriceCents: null });
  const notMade = lens({ name: "Narrow", parameters: [param("power", ["-6.00"]), ...current.parameters.slice(1)] });
  const catalog = [current, siliconeCheap, siliconeDear, hydrogelCheap, sameLine, weekly, unpriced, notMade];

  it("keeps the same replacement schedule, other lens lines, priced and made in the parameters", () => {
    const result = findBrandMatches(current, bothEyes(SPHERE), catalog);
    expect(result.matches.map((match) => match.lens.displayName).sort()).toEqual(
      ["Budget 30 pack", "Cheap Silicone 30 pack", "Dear Silicone 30 pack"].sort(),
    );
    // Compared: every other priced lens line with the same schedule (the unmade one too).
    expect(result.considered).toBe(4);
  });

  it("ranks by points (silicone hydrogel, oxygen, price, exact fit), then price a day", () => {
    const result = findBrandMatches(current, bothEyes(SPHERE), catalog);
    // current: hydrogel, Dk/t 33.3, $1.00 an eye a day. Cheap Silicone: SiHy + O2 + cheaper + exact = 4.
    // Dear Silicone: SiHy + O2 + exact = 3 ($1.50 an eye a day). Budget: cheaper + exact = 2.
    expect(result.matches.map((match) => [match.lens.displayName, match.score])).toEqual([
      ["Cheap Silicone 30 pack", 4],
      ["Dear Silicone 30 pack", 3],
      ["Budget 30 pack", 2],
    ]);
    const [best] = result.matches;
    expect(best!.pricePerDayCents).toBe(160);
    expect(best!.reasons.map((reason) => reason.text)).toEqual([
      "Silicone hydrogel (somofilcon A): lets more oxygen through than the hydrogel of your current lens.",
      "More oxygen: Dk/t 86, against 33.3 for your current lens.",
      "$1.60 a day for both eyes: $0.40 a day less than your current lens.",
      "Made in exactly the parameters of your current lens.",
    ]);
  });

  it("names the nearest values a lens is made in", () => {
    const near = lens({
      name: "Near",
      parameters: [param("power", POWERS), param("baseCurve", ["8.6"]), param("diameter", ["14.2"])],
    });
    const [match] = findBrandMatches(current, bothEyes(SPHERE), [near]).matches;
    expect(match!.exactFit).toBe(false);
    expect(match!.reasons.at(-1)).toEqual({
      kind: "fit",
      text: "Made in your parameters, with the nearest baseCurve 8.6 (yours: 8.5): your eye doctor confirms the fit.",
      point: false,
    });
  });

  it("says when a lens costs more or gives less oxygen, and prices one eye", () => {
    const result = findBrandMatches(current, [{ eye: "left", parameters: SPHERE }], [hydrogelCheap, siliconeDear]);
    const dear = result.matches.find((match) => match.lens === siliconeDear)!;
    expect(dear.reasons.find((reason) => reason.kind === "price")!.text).toBe(
      "$1.50 a day for one eye: $0.50 a day more than your current lens.",
    );
    const budget = result.matches.find((match) => match.lens === hydrogelCheap)!;
    expect(budget.reasons.find((reason) => reason.kind === "oxygen")).toEqual({
      kind: "oxygen",
      text: "Less oxygen: Dk/t 28, against 33.3 for your current lens.",
      point: false,
    });
  });

  it("shows one pack per lens line, the best, with the others alongside", () => {
    const small = lens({ name: "Twin", displayName: "Twin 30 pack", unitPriceCents: 3000 });
    const big = lens({
      name: "Twin",
      displayName: "Twin 90 pack",
      descriptorPackSize: "90 pack",
      quantityPerPackage: 90,
      unitPriceCents: 8100,
    });
    const result = findBrandMatches(current, bothEyes(SPHERE), [small, big]);
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0]!.lens).toBe(big);
    expect(result.matches[0]!.otherPacks).toEqual([small]);
    expect(result.considered).toBe(1);
  });

  it("is ineligible (no matches) when nothing else is made in the parameters", () => {
    const result = findBrandMatches(current, bothEyes({ ...SPHERE, power: "+1.00" }), [notMade, weekly, sameLine]);
    expect(result.matches).toEqual([]);
    expect(result.considered).toBe(1);
  });

  it("breaks ties on price a day, then oxygen, then name", () => {
    const base = findBrandMatches(current, bothEyes(SPHERE), [siliconeCheap]).matches[0]!;
    const cheaper = { ...base, pricePerDayCents: 100 };
    const moreOxygen = { ...base, dkt: 200 };
    expect(compareMatches(cheaper, base)).toBeLessThan(0);
    expect(compareMatches(moreOxygen, base)).toBeLessThan(0);
    expect(compareMatches(base, { ...base, lens: { ...base.lens, displayName: "Z" } })).toBeLessThan(0);
  });
});

describe("replacement schedules", () => {
  it("names a schedule and its lens list", () => {
    expect([1, 14, 30, 7].map(replacementSchedule)).toEqual(["daily", "2-week", "monthly", "7-day"]);
    expect([1, 14, 30, 7].map(scheduleListPath)).toEqual([
      "/lenses/daily-disposables",
      "/lenses/weekly-disposables",
      "/lenses/monthly-disposables",
      "/lenses",
    ]);
  });
});

describe("the seed catalog", () => {
  it("gives every lens a material family and a Dk/t, so the reasons are never empty", async () => {
    const { seedProducts } = await import("~/services/db/seed/catalog-data.server");
    for (const product of seedProducts.filter((item) => item.productType === "lens")) {
      expect(lensMaterial(product).family, product.displayName).not.toBeNull();
      expect(oxygenTransmissibility(product), product.displayName).toBeGreaterThan(0);
    }
  });
});
