import { describe, expect, it } from "vitest";
import {
  AI_RESULT_PAGES,
  aiCandidates,
  appliesOn,
  eyeParameters,
  hasPrescription,
  matchOption,
  parseAnalysis,
  patientToStore,
  readingsByEye,
  readNumber,
  usableEyes,
  type AiGroupLine,
} from "./ai-result";
import type { LensParameter } from "./lens-parameters";

const options = (...values: string[]) => values.map((value) => ({ value, label: value === "0.00" ? "Plano" : value }));
const POWER: LensParameter = {
  name: "power",
  displayName: "Power/sphere",
  options: options("-2.75", "-2.50", "0.00", "+1.25"),
};
const BC: LensParameter = { name: "baseCurve", displayName: "BC", options: options("8.6") };
const DIA: LensParameter = { name: "diameter", displayName: "DIA", options: options("14.5") };
const CYL: LensParameter = { name: "cylinder", displayName: "CYL", options: options("-0.75", "-1.25") };
const AXIS: LensParameter = { name: "axis", displayName: "Axis", options: options("10", "90", "180") };
const ADD: LensParameter = {
  name: "addPower",
  displayName: "AddPower",
  options: [
    { value: "LOW", label: "Low" },
    { value: "MED", label: "Medium" },
    { value: "HIGH", label: "High" },
  ],
};
const TWO_BC: LensParameter = { name: "baseCurve", displayName: "BC", options: options("8.4", "8.8") };

const TORIC = [POWER, BC, DIA, CYL, AXIS];
const line = (whichEye: AiGroupLine["whichEye"], parameters = TORIC, productId = 7): AiGroupLine => ({
  whichEye,
  productId,
  parameters,
});

describe("appliesOn (spec 2 §4: RxDetails, UploadSuccess, Patient, Dashboard and RxWallet only)", () => {
  it.each(["RxDetails", "UploadSuccess", "Patient", "Dashboard", "RxWallet"])("applies on %s", (page) => {
    expect(appliesOn(page)).toBe(true);
  });
  it.each(["Parameters", "Cart", "Checkout", "LensProductDetailPage", "ThankYou", "UploadRx", ""])(
    "not on %s",
    (page) => {
      expect(appliesOn(page)).toBe(false);
    },
  );
  it("names exactly five pages", () => {
    expect(AI_RESULT_PAGES).toHaveLength(5);
  });
});

describe("matching read values to a lens's options", () => {
  it("reads numbers as prescriptions write them", () => {
    expect(readNumber("-2.50")).toBe(-2.5);
    expect(readNumber("−2.5")).toBe(-2.5);
    expect(readNumber("+1.25 D")).toBe(1.25);
    expect(readNumber("090")).toBe(90);
    expect(readNumber("8,6")).toBe(8.6);
    expect(readNumber("PL")).toBe(0);
    expect(readNumber("Plano")).toBe(0);
    expect(readNumber("abc")).toBeNull();
    expect(readNumber("1.2.3")).toBeNull();
  });

  it("matches by value, label or number", () => {
    expect(matchOption(POWER, "-2.50")).toBe("-2.50");
    expect(matchOption(POWER, "-2.5")).toBe("-2.50");
    expect(matchOption(POWER, "plano")).toBe("0.00");
    expect(matchOption(POWER, "+1.25")).toBe("+1.25");
    expect(matchOption(AXIS, "090")).toBe("90");
    expect(matchOption(ADD, "medium")).toBe("MED");
    expect(matchOption(ADD, "HIGH")).toBe("HIGH");
  });

  it("finds nothing for a value the lens does not offer", () => {
    expect(matchOption(POWER, "-3.00")).toBeNull();
    expect(matchOption(ADD, "+3.50")).toBeNull();
    expect(matchOption(POWER, "")).toBeNull();
  });

  it("maps an ADD read in dioptres to the lens's named level (the checkout's 'Select' after a good reading)", () => {
    expect(matchOption(ADD, "+1.50")).toBe("MED");
    expect(matchOption(ADD, "+2.00")).toBe("MED");
    expect(matchOption(ADD, "+2.25")).toBe("HIGH");
    expect(matchOption(ADD, "+1.00")).toBe("LOW");
  });

  it("defaults base curve and diameter to the lens's only option, never the power", () => {
    expect(matchOption(BC, undefined)).toBe("8.6");
    expect(matchOption(DIA, "")).toBe("14.5");
    expect(matchOption(TWO_BC, undefined)).toBeNull();
    expect(matchOption({ ...POWER, options: options("-2.50") }, undefined)).toBeNull();
  });

  it("gives an eye's parameters only when every one is selected (the lookup waits otherwise)", () => {
    expect(eyeParameters(TORIC, { sphere: "-2.5", cylinder: "-0.75", axis: "180" })).toEqual({
      power: "-2.50",
      baseCurve: "8.6",
      diameter: "14.5",
      cylinder: "-0.75",
      axis: "180",
    });
    expect(eyeParameters(TORIC, { sphere: "-2.5", cylinder: "-0.75" })).toBeNull();
    expect(eyeParameters([POWER, TWO_BC, DIA], { sphere: "-2.5" })).toBeNull();
    expect(eyeParameters([POWER, TWO_BC, DIA], { sphere: "-2.5", baseCurve: "8.8" })).toEqual({
      power: "-2.50",
      baseCurve: "8.8",
      diameter: "14.5",
    });
  });
});

describe("which reading goes to which eye", () => {
  const od = { sphere: "-2.50" };
  const os = { sphere: "-2.75" };
  it("OD is the right eye, OS the left", () => {
    expect(readingsByEye({ OD: od, OS: os }, ["right", "left"])).toEqual({ right: od, left: os });
    expect(readingsByEye({ OD: od, OS: os }, ["left"])).toEqual({ left: os });
  });
  it("an eye read without a side goes to both eyes when neither OD nor OS was read", () => {
    expect(readingsByEye({ unknownEye1: od }, ["right", "left"])).toEqual({ right: od, left: od });
    expect(readingsByEye({ unknownEye1: od }, ["left"])).toEqual({ left: od });
    expect(readingsByEye({ OD: od, unknownEye1: os }, ["right", "left"])).toEqual({ right: od });
  });
  it("an eye with no values is no reading", () => {
    expect(readingsByEye({ OD: {}, OS: { sphere: " " } }, ["right", "left"])).toEqual({});
    expect(hasPrescription({ prescription: { OD: {}, unknownEye1: { axis: "" } } })).toBe(false);
    expect(hasPrescription({ prescription: { OS: os } })).toBe(true);
    expect(hasPrescription(null)).toBe(false);
  });
});

describe("candidates and the both-eyes rule", () => {
  const analysis = {
    prescription: {
      OD: { sphere: "-2.50", cylinder: "-0.75", axis: "180" },
      OS: { sphere: "-2.75", cylinder: "-1.25", axis: "90" },
    },
  };

  it("looks up each eye whose values name a full set of its lens's options", () => {
    expect(aiCandidates(analysis, [line("right"), line("left")])).toEqual([
      {
        eye: "right",
        productId: 7,
        parameters: { power: "-2.50", baseCurve: "8.6", diameter: "14.5", cylinder: "-0.75", axis: "180" },
      },
      {
        eye: "left",
        productId: 7,
        parameters: { power: "-2.75", baseCurve: "8.6", diameter: "14.5", cylinder: "-1.25", axis: "90" },
      },
    ]);
    // The left eye's lens has no such cylinder: only the right is looked up.
    const partial = {
      prescription: { ...analysis.prescription, OS: { sphere: "-2.75", cylinder: "-2.25", axis: "90" } },
    };
    expect(aiCandidates(partial, [line("right"), line("left")]).map((candidate) => candidate.eye)).toEqual(["right"]);
    expect(aiCandidates(analysis, [line("none")])).toEqual([]);
  });

  it("with both eyes in the cart, both must be found before either is used", () => {
    const both = [line("right"), line("left")];
    expect(usableEyes(both, { right: "R", left: "L" })).toEqual({ right: "R", left: "L" });
    expect(usableEyes(both, { right: "R" })).toEqual({});
    expect(usableEyes(both, { left: "L" })).toEqual({});
    expect(usableEyes(both, {})).toEqual({});
  });

  it("with one eye in the cart, a found one is used", () => {
    expect(usableEyes([line("left")], { left: "L" })).toEqual({ left: "L" });
    expect(usableEyes([line("left")], { right: "R" })).toEqual({});
    expect(usableEyes([line("right")], {})).toEqual({});
    expect(usableEyes([line("none")], { right: "R" })).toEqual({});
  });
});

describe("the patient's name (stored only when the group has no full name yet)", () => {
  const read = { firstName: "JANE", lastName: "O'NEIL-SMITH" };
  it("stores a readable name when the group has none, or only half of one", () => {
    expect(patientToStore(null, read)).toEqual({ firstName: "Jane", lastName: "O'Neil-Smith" });
    expect(patientToStore({ firstName: "Ann", lastName: " " }, { firstName: "Ann", lastName: "Lee" })).toEqual({
      firstName: "Ann",
      lastName: "Lee",
    });
    expect(patientToStore(undefined, { firstName: "McKay", lastName: "de la Cruz" })).toEqual({
      firstName: "McKay",
      lastName: "de la Cruz",
    });
  });
  it("keeps a complete name as it is", () => {
    expect(patientToStore({ firstName: "Ann", lastName: "Lee" }, read)).toBeNull();
  });
  it("refuses half a name, digits, symbols and names too long for the Patient step", () => {
    expect(patientToStore(null, { firstName: "Jane" })).toBeNull();
    expect(patientToStore(null, { firstName: "J4ne", lastName: "Doe" })).toBeNull();
    expect(patientToStore(null, { firstName: "Jane", lastName: "Doe;" })).toBeNull();
    expect(patientToStore(null, { firstName: "A".repeat(16), lastName: "Doe" })).toBeNull();
    expect(patientToStore(null, null)).toBeNull();
  });
});

describe("parseAnalysis: the stored result read back", () => {
  it("keeps a well-formed reading and refuses anything else", () => {
    const stored = { prescription: { OD: { sphere: "-2.50" } }, patient: { firstName: "Jane" }, correlationId: "c1" };
    expect(parseAnalysis(stored)).toMatchObject(stored);
    expect(parseAnalysis(null)).toBeNull();
    expect(parseAnalysis({ prescription: "x", patient: {} })).toBeNull();
    expect(parseAnalysis({ prescription: { OD: { sphere: 1 } }, patient: {} })).toBeNull();
  });
});
