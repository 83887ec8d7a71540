import { describe, expect, it } from "vitest";
import type { RxAnalysis } from "./rx-analysis";
import { completeAndSure, confidentLensFields, mergeReadings } from "./rx-engines";

function analysis(parts: Partial<RxAnalysis>): RxAnalysis {
  return { prescription: {}, patient: {}, confidence: {}, correlationId: "c", ...parts };
}

describe("mergeReadings", () => {
  it("keeps a field either engine read, and is surer of a field both read alike", () => {
    const tesseract = analysis({
      prescription: { OD: { sphere: "-2.25", baseCurve: "8.6" } },
      confidence: { "OD.sphere": 0.6, "OD.baseCurve": 0.9 },
    });
    const paddle = analysis({
      prescription: { OD: { sphere: "-2.25", diameter: "14.2" }, OS: { sphere: "-2.50" } },
      confidence: { "OD.sphere": 0.7, "OD.diameter": 0.85, "OS.sphere": 0.8 },
    });
    const merged = mergeReadings(tesseract, paddle);
    expect(merged.prescription).toEqual({
      OD: { sphere: "-2.25", baseCurve: "8.6", diameter: "14.2" },
      OS: { sphere: "-2.50" },
    });
    expect(merged.confidence).toEqual({
      "OD.sphere": 0.88,
      "OD.baseCurve": 0.9,
      "OD.diameter": 0.85,
      "OS.sphere": 0.8,
    });
  });

  it("keeps the surer value where they differ, made unsure", () => {
    const merged = mergeReadings(
      analysis({ prescription: { OD: { sphere: "+8.00" } }, confidence: { "OD.sphere": 0.5 } }),
      analysis({ prescription: { OD: { sphere: "-8.00" } }, confidence: { "OD.sphere": 0.9 } }),
    );
    expect(merged.prescription.OD?.sphere).toBe("-8.00");
    expect(merged.confidence?.["OD.sphere"]).toBe(0.63);
  });

  it("drops an eye-less reading when either engine named the eyes", () => {
    const merged = mergeReadings(
      analysis({ prescription: { unknownEye1: { sphere: "-1.00" } }, confidence: { "unknownEye1.sphere": 0.75 } }),
      analysis({ prescription: { OD: { sphere: "-1.00" } }, confidence: { "OD.sphere": 0.8 } }),
    );
    expect(Object.keys(merged.prescription)).toEqual(["OD"]);
  });

  it("merges the patient, the prescriber and the dates the same way", () => {
    const merged = mergeReadings(
      analysis({
        patient: { firstName: "Jane" },
        expirationDate: "2027-04-12",
        prescriber: { npi: "1234567890" },
        confidence: { "patient.firstName": 0.8, expirationDate: 0.9, "prescriber.npi": 0.9 },
      }),
      analysis({
        patient: { firstName: "Jane", lastName: "Doe" },
        issueDate: "2026-04-12",
        confidence: { "patient.firstName": 0.5, "patient.lastName": 0.7, issueDate: 0.8 },
      }),
    );
    expect(merged.patient).toEqual({ firstName: "Jane", lastName: "Doe" });
    expect(merged.expirationDate).toBe("2027-04-12");
    expect(merged.issueDate).toBe("2026-04-12");
    expect(merged.prescriber).toEqual({ npi: "1234567890" });
    expect(merged.confidence?.["patient.firstName"]).toBe(0.9);
  });

  it("says glasses-only only when neither engine read lens values", () => {
    const glasses = analysis({ spectaclesOnly: true });
    expect(mergeReadings(glasses, analysis({})).spectaclesOnly).toBe(true);
    const lens = analysis({ prescription: { OD: { sphere: "-1.00" } }, confidence: { "OD.sphere": 0.9 } });
    expect(mergeReadings(glasses, lens).spectaclesOnly).toBeUndefined();
  });
});

describe("completeAndSure (is a second engine's reading worth asking for?)", () => {
  const sure = analysis({
    prescription: { OD: { sphere: "-2.25", baseCurve: "8.6", brand: "Biofinity" }, OS: { sphere: "-2.50" } },
    confidence: { "OD.sphere": 0.9, "OD.baseCurve": 0.85, "OS.sphere": 0.95, "OD.brand": 0.3 },
  });

  it("is true when every lens value read is sure and every eye has its power (a brand does not count)", () => {
    expect(completeAndSure(sure)).toBe(true);
    expect(confidentLensFields(sure)).toBe(3);
  });

  it("is false for nothing read, an unsure value, or an eye without its sphere", () => {
    expect(completeAndSure(null)).toBe(false);
    expect(completeAndSure(analysis({}))).toBe(false);
    expect(completeAndSure({ ...sure, confidence: { ...sure.confidence, "OD.baseCurve": 0.5 } })).toBe(false);
    expect(
      completeAndSure(analysis({ prescription: { OD: { baseCurve: "8.6" } }, confidence: { "OD.baseCurve": 0.95 } })),
    ).toBe(false);
  });
});
