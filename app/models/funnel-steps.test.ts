import { describe, expect, it } from "vitest";
import type { FunnelGroup, FunnelState } from "./funnel";
import { groupsPendingAt, lacksUpc, prescriptionEyes, prescriptionSchema } from "./funnel-steps";
import type { LensParameter } from "./lens-parameters";
import { ORDER_MESSAGES } from "./product-order";
import { SUBMIT_AND_SKIP_UPC } from "./stock";

const group = (overrides: Partial<FunnelGroup> = {}): FunnelGroup => ({
  id: "g",
  type: "Lens",
  submitAndSkipImageId: null,
  items: [
    { id: "r", whichEye: "right", upc: "100000000001" },
    { id: "l", whichEye: "left", upc: "100000000002" },
  ],
  rxEntryType: "Manual",
  submitAndSkipImageClassification: null,
  patient: { firstName: "Ann", lastName: "Lee" },
  hasDoctor: false,
  isPrivateLabel: false,
  examVoucherToken: null,
  ...overrides,
});

const state = (groups: FunnelGroup[]): FunnelState => ({
  groups,
  cartEmpty: groups.length === 0,
  proceededPastCart: false,
  address: { shipping: null, primary: null, signedIn: false, accountPhone: null },
});

describe("groupsPendingAt", () => {
  const done = group({ id: "done" });
  const noUpc = group({ id: "no-upc", items: [{ id: "r", whichEye: "right", upc: null }], rxEntryType: null });
  const noPatient = group({ id: "no-patient", patient: null });
  const solution = group({
    id: "solution",
    type: "Solution",
    patient: null,
    items: [{ id: "s", whichEye: "none", upc: null }],
  });

  it("lists the groups whose step criteria are not met, in order", () => {
    const all = state([done, noPatient, noUpc, solution]);
    expect(groupsPendingAt("RxDetails", all).map((g) => g.id)).toEqual(["no-upc"]);
    expect(groupsPendingAt("Patient", all).map((g) => g.id)).toEqual(["no-patient"]);
    // Parameters looks at every group, solutions too.
    expect(groupsPendingAt("Parameters", all).map((g) => g.id)).toEqual(["no-upc", "solution"]);
  });

  it("a submit-and-skip group no longer needs RxDetails or Parameters", () => {
    const skipped = group({
      id: "skip",
      items: [{ id: "r", whichEye: "right", upc: SUBMIT_AND_SKIP_UPC }],
      rxEntryType: "SubmitAndSkip",
    });
    expect(groupsPendingAt("RxDetails", state([skipped]))).toEqual([]);
    expect(groupsPendingAt("Parameters", state([skipped]))).toEqual([]);
  });

  it("is empty without groups", () => {
    expect(groupsPendingAt("Patient", state([]))).toEqual([]);
  });
});

describe("lacksUpc", () => {
  it("is true for no UPC, a blank one, or the submit-and-skip placeholder", () => {
    expect([null, "", " ", SUBMIT_AND_SKIP_UPC, "100000000001"].map((upc) => lacksUpc({ upc }))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});

const POWER: LensParameter = {
  name: "power",
  displayName: "Power/sphere",
  options: [
    { value: "-1.00", label: "-1.00" },
    { value: "-1.25", label: "-1.25" },
  ],
};
const BC: LensParameter = { name: "baseCurve", displayName: "BC", options: [{ value: "8.6", label: "8.6" }] };

describe("prescriptionEyes", () => {
  const line = (whichEye: "right" | "left" | "none", upc: string | null) => ({
    whichEye,
    eyeTitle: whichEye === "none" ? null : `${whichEye} title`,
    productName: "Lens",
    parameters: [POWER],
    selectedParameters: { power: "-1.00" },
    upc,
  });

  it("RxDetails asks for every eye; Parameters only for eyes without a real UPC", () => {
    const lines = [line("right", "100000000001"), line("left", null)];
    expect(prescriptionEyes(lines, "RxDetails").map((eye) => eye.eye)).toEqual(["right", "left"]);
    expect(prescriptionEyes(lines, "Parameters").map((eye) => eye.eye)).toEqual(["left"]);
    expect(prescriptionEyes([line("right", SUBMIT_AND_SKIP_UPC)], "Parameters")).toHaveLength(1);
  });

  it("never asks about a solution line", () => {
    expect(prescriptionEyes([line("none", null)], "RxDetails")).toEqual([]);
  });

  it("carries what the line holds as the form's defaults", () => {
    expect(prescriptionEyes([line("right", null)], "RxDetails")[0]).toEqual({
      eye: "right",
      title: "right title",
      productName: "Lens",
      parameters: [POWER],
      selected: { power: "-1.00" },
    });
  });
});

describe("prescriptionSchema", () => {
  const schema = prescriptionSchema([
    { eye: "right", parameters: [POWER, BC] },
    { eye: "left", parameters: [POWER] },
  ]);

  it("gives each eye's parameters", () => {
    const result = schema.safeParse({
      groupId: "g",
      "right-power": "-1.25",
      "right-baseCurve": "8.6",
      "left-power": "-1.00",
    });
    expect(result.data).toEqual({
      groupId: "g",
      eyes: [
        { eye: "right", parameters: { power: "-1.25", baseCurve: "8.6" } },
        { eye: "left", parameters: { power: "-1.00" } },
      ],
    });
  });

  it("asks for each missing parameter by eye and refuses values the lens does not offer", () => {
    const result = schema.safeParse({ groupId: "g", "right-power": "-9.00", "left-power": "none" });
    const errors = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(errors).toEqual({
      "right-power": ORDER_MESSAGES.unknownOption("Power/sphere"),
      "right-baseCurve": ORDER_MESSAGES.chooseParameter("BC", "right"),
      "left-power": ORDER_MESSAGES.chooseParameter("Power/sphere", "left"),
    });
  });

  it("needs the group", () => {
    expect(schema.safeParse({ "right-power": "-1.25", "right-baseCurve": "8.6", "left-power": "-1.00" }).success).toBe(
      false,
    );
  });
});
