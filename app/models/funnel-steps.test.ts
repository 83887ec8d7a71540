import { describe, expect, it } from "vitest";
import type { FunnelGroup, FunnelState } from "./funnel";
import { groupsPendingAt, lacksUpc, prescriptionEyes, prescriptionSchema } from "./funnel-steps";
import { addDays, businessToday } from "./subscription";
import { EXPIRATION_MESSAGES } from "./prescriptions";
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

  const nextYear = addDays(businessToday(), 365);
  const complete = { groupId: "g", "right-power": "-1.25", "right-baseCurve": "8.6", "left-power": "-1.00" };
  const errorsOf = (result: ReturnType<typeof schema.safeParse>) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

  it("gives each eye's parameters and the expiration date", () => {
    const result = schema.safeParse({ ...complete, expirationDate: nextYear });
    expect(result.data).toEqual({
      groupId: "g",
      eyes: [
        { eye: "right", parameters: { power: "-1.25", baseCurve: "8.6" } },
        { eye: "left", parameters: { power: "-1.00" } },
      ],
      expirationDate: nextYear,
    });
  });

  it("asks for each missing parameter by eye, refuses values the lens does not offer, and wants the date", () => {
    const result = schema.safeParse({ groupId: "g", "right-power": "-9.00", "left-power": "none" });
    expect(errorsOf(result)).toEqual({
      "right-power": ORDER_MESSAGES.unknownOption("Power/sphere"),
      "right-baseCurve": ORDER_MESSAGES.chooseParameter("BC", "right"),
      "left-power": ORDER_MESSAGES.chooseParameter("Power/sphere", "left"),
      expirationDate: EXPIRATION_MESSAGES.required,
    });
  });

  it("refuses an expired prescription; the date is optional or left out where the step says so", () => {
    const yesterday = addDays(businessToday(), -1);
    expect(errorsOf(schema.safeParse({ ...complete, expirationDate: yesterday }))).toEqual({
      expirationDate: EXPIRATION_MESSAGES.expired,
    });
    const eyes = [{ eye: "right" as const, parameters: [POWER] }];
    const optional = prescriptionSchema(eyes, { expiration: "optional" });
    expect(optional.parse({ groupId: "g", "right-power": "-1.25" })).not.toHaveProperty("expirationDate");
    expect(optional.parse({ groupId: "g", "right-power": "-1.25", expirationDate: nextYear }).expirationDate).toBe(
      nextYear,
    );
    expect(optional.safeParse({ groupId: "g", "right-power": "-1.25", expirationDate: yesterday }).success).toBe(false);
    const none = prescriptionSchema(eyes, { expiration: "none" });
    expect(none.parse({ groupId: "g", "right-power": "-1.25", expirationDate: yesterday })).toEqual({
      groupId: "g",
      eyes: [{ eye: "right", parameters: { power: "-1.25" } }],
    });
  });

  it("needs the group", () => {
    expect(schema.safeParse({ "right-power": "-1.25", "right-baseCurve": "8.6", "left-power": "-1.00" }).success).toBe(
      false,
    );
  });
});
