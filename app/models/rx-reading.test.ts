import { describe, expect, it } from "vitest";
import { addLevelFor, eyeParameters } from "./ai-result";
import type { LensParameter } from "./lens-parameters";
import type { RxAnalysis } from "./rx-analysis";
import {
  confidentSelection,
  READER_TIMEOUT_MS,
  READING_WAIT_SECONDS,
  readingKeyFor,
  readingPhase,
  readingView,
  READING_WORDS,
} from "./rx-reading";

describe("the reader's time limit (spec 2 §7: 30 s)", () => {
  it("gives the reader 30 seconds, well within what the page waits", () => {
    expect(READER_TIMEOUT_MS).toBe(30_000);
    expect(READING_WAIT_SECONDS * 1000).toBeGreaterThan(READER_TIMEOUT_MS);
  });
});

const options = (...values: string[]) => values.map((value) => ({ value, label: value }));
const multifocal: LensParameter[] = [
  { name: "power", displayName: "Power/sphere", options: options("-2.50", "-2.25", "+1.00") },
  { name: "baseCurve", displayName: "BC", options: options("8.4") },
  { name: "diameter", displayName: "DIA", options: options("14.3") },
  {
    name: "addPower",
    displayName: "ADD",
    options: [
      { value: "LOW", label: "Low" },
      { value: "MID", label: "Mid" },
      { value: "HIGH", label: "High" },
    ],
  },
];

const analysis = (value: Partial<RxAnalysis>): RxAnalysis => ({
  prescription: {},
  patient: {},
  correlationId: "c",
  ...value,
});

describe("the lookup of read values (the checkout's 'Select' after a good reading)", () => {
  it("maps an ADD read in dioptres to the lens's named ADD level, as the makers' tables do", () => {
    const add = multifocal[3]!;
    expect(addLevelFor(add, 1)).toBe("LOW");
    expect(addLevelFor(add, 1.25)).toBe("LOW");
    expect(addLevelFor(add, 1.5)).toBe("MID");
    expect(addLevelFor(add, 1.75)).toBe("MID");
    expect(addLevelFor(add, 2)).toBe("HIGH");
    expect(addLevelFor(add, 2.5)).toBe("HIGH");
    expect(addLevelFor(add, 3.5)).toBeNull();
    // Alcon's Medium reaches +2.00; a lens without a High level has nothing for +2.25.
    const alcon = {
      ...add,
      options: [
        { value: "LOW", label: "Low" },
        { value: "MED", label: "Medium" },
      ],
    };
    expect(addLevelFor(alcon, 1.5)).toBe("MED");
    expect(addLevelFor(alcon, 2)).toBe("MED");
    expect(addLevelFor({ ...add, options: options("+1.00", "+1.50") }, 1.25)).toBeNull();
    expect(addLevelFor(alcon, 2.25)).toBeNull();
  });

  it("so a multifocal reading with both powers and a dioptre ADD fills every parameter", () => {
    expect(eyeParameters(multifocal, { sphere: "-2.50", add: "+1.50" })).toEqual({
      power: "-2.50",
      baseCurve: "8.4",
      diameter: "14.3",
      addPower: "MID",
    });
    // A word ADD still matches by its label.
    expect(eyeParameters(multifocal, { sphere: "-2.25", add: "High" })).toMatchObject({ addPower: "HIGH" });
  });
});

describe("a reading as the pages show it", () => {
  const created = new Date("2026-11-28T10:00:00Z");
  const at = (seconds: number) => new Date(created.getTime() + seconds * 1000);

  it("is 'reading' while queued or running, until the page stops waiting; then read with values, or unread", () => {
    expect(readingPhase({ readingState: "pending", createdAt: created }, false, at(5))).toBe("reading");
    expect(readingPhase({ readingState: "reading", createdAt: created }, false, at(40))).toBe("reading");
    expect(readingPhase({ readingState: "reading", createdAt: created }, false, at(READING_WAIT_SECONDS))).toBe(
      "unread",
    );
    expect(readingPhase({ readingState: "read", createdAt: created }, true, at(5))).toBe("read");
    expect(readingPhase({ readingState: "read", createdAt: created }, false, at(5))).toBe("unread");
    for (const state of ["failed", "timed-out", "skipped"])
      expect(readingPhase({ readingState: state, createdAt: created }, true, at(5))).toBe("unread");
  });

  it("is 'not-requested' for an upload nobody asked to read (submit-and-skip), however old, with or without values", () => {
    for (const seconds of [0, READING_WAIT_SECONDS * 2])
      for (const hasValues of [true, false])
        expect(readingPhase({ readingState: "not-requested", createdAt: created }, hasValues, at(seconds))).toBe(
          "not-requested",
        );
  });

  it("lists every field read, each confident or to check; a field without a confidence is to check", () => {
    const view = readingView(
      analysis({
        prescription: { OD: { sphere: "-2.50", baseCurve: "8.6", brand: "Acuvue Oasys" }, OS: { sphere: "-2.75" } },
        patient: { firstName: "Jane", lastName: "Doe" },
        expirationDate: "2027-05-01",
        issueDate: "2026-05-01",
        prescriber: { name: "Dr. Rita Hale", clinicName: "Hale Eye Care", phone: "208-555-0100", npi: "1234567893" },
        confidence: { "OD.sphere": 0.95, "OS.sphere": 0.5, "patient.firstName": 0.9, "patient.lastName": 0.9 },
      }),
    );
    expect(view.eyes.map((eye) => eye.key)).toEqual(["OD", "OS"]);
    expect(view.eyes[0]!.fields).toEqual([
      { path: "OD.sphere", label: "Sphere (power)", value: "-2.50", confident: true },
      { path: "OD.baseCurve", label: "Base curve", value: "8.6", confident: false },
      { path: "OD.brand", label: "Brand", value: "Acuvue Oasys", confident: false },
    ]);
    expect(view.eyes[1]!.fields[0]).toMatchObject({ value: "-2.75", confident: false });
    expect(view.other.map((field) => [field.label, field.value, field.confident])).toEqual([
      ["Patient", "Jane Doe", true],
      ["Issued", "2026-05-01", false],
      ["Expires", "2027-05-01", false],
      ["Prescriber", "Dr. Rita Hale", false],
      ["Clinic", "Hale Eye Care", false],
      ["Phone", "208-555-0100", false],
      ["NPI", "1234567893", false],
    ]);
    expect(view.spectaclesOnly).toBe(false);
    expect(readingView(analysis({ spectaclesOnly: true })).spectaclesOnly).toBe(true);
    expect(READING_WORDS.spectaclesOnly).toMatch(/^This looks like a glasses prescription\./);
  });

  it("pre-fills the confident parameters only, and names the others to check", () => {
    const read = analysis({
      prescription: { OD: { sphere: "-2.50", add: "+1.50" } },
      confidence: { "OD.sphere": 0.9, "OD.add": 0.6 },
    });
    const looked = { power: "-2.50", baseCurve: "8.4", diameter: "14.3", addPower: "MID" };
    expect(confidentSelection(read, "right", looked)).toEqual({
      // BC and DIA were not read: the lens's only option, as the form would choose it anyway.
      selected: { power: "-2.50", baseCurve: "8.4", diameter: "14.3" },
      toCheck: ["addPower"],
    });
    // The left eye took the same values from an eye read without its side.
    const unnamed = analysis({ prescription: { unknownEye1: { sphere: "-2.50" } }, confidence: {} });
    expect(readingKeyFor(unnamed.prescription, "left")).toBe("unknownEye1");
    expect(confidentSelection(unnamed, "left", { power: "-2.50" })).toEqual({ selected: {}, toCheck: ["power"] });
  });
});
