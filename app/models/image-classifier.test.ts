import { describe, expect, it } from "vitest";
import { classificationScores, classifyImage, type ImageMeasures, textFeatures } from "./image-classifier";

/** A white page photographed or scanned: bright, grey, no skin. */
const PAGE: ImageMeasures = {
  width: 1100,
  height: 1400,
  aspect: 0.79,
  colorfulness: 6,
  skinShare: 0,
  edgeDensity: 0.08,
  brightShare: 0.85,
  darkShare: 0.03,
  meanBrightness: 235,
  stdBrightness: 45,
  saturation: 0.03,
  skinBlobShare: 0,
  skinBlobAspect: 0,
  skinBlobCenterX: 0,
  skinBlobCenterY: 0,
  skinBlobFill: 0,
};

/** A head-and-shoulders picture: one oval skin region in the middle, a darker background. */
const PORTRAIT: ImageMeasures = {
  ...PAGE,
  aspect: 0.85,
  colorfulness: 32,
  skinShare: 0.2,
  edgeDensity: 0.03,
  brightShare: 0.05,
  meanBrightness: 120,
  saturation: 0.17,
  skinBlobShare: 0.16,
  skinBlobAspect: 1.9,
  skinBlobCenterX: 0.5,
  skinBlobCenterY: 0.5,
  skinBlobFill: 0.55,
};

/** A colourful scene: a landscape, shapes; skin-like colours scattered, not a face. */
const SCENE: ImageMeasures = {
  ...PAGE,
  aspect: 1.33,
  colorfulness: 65,
  skinShare: 0.25,
  edgeDensity: 0.03,
  brightShare: 0.35,
  meanBrightness: 180,
  saturation: 0.3,
  skinBlobShare: 0.12,
  skinBlobAspect: 0.6,
  skinBlobCenterX: 0.6,
  skinBlobCenterY: 0.55,
  skinBlobFill: 0.35,
};

const FORM_TEXT = `Summit Eye Care
Ph: (860) 555-0175
CONTACT LENS PRESCRIPTION
Patient: Jane Doe DOB: 04/12/1985
Eye PWR BC DIA Brand
OD -2.25 8.6 14.2 Biofinity
OS -2.50 8.6 14.2 Biofinity
Expires: 04/12/2027
Dr. Maria Lopez, OD`;

const BOX_TEXT = `BAUSCH + LOMB
ULTRA
FOR ASTIGMATISM
Bausch + Lomb · 6 LENSES
PWR/D -2.75 BC 8.6 DIAM 14.5 CYL -1.25 AX 20
LOT B12345678 EXP 2028-06 STERILE Rx only
123456 54321`;

const RECEIPT_TEXT = `SUNRISE MART
17982 Sunset Dr
Springfield, IL 62701
04/17/2025 8:30 REG 9
YOGURT 11.00
BREAD WHEAT 4.68
SUBTOTAL 44.56
TAX 2.67
TOTAL 47.23
VISA **** 5348
THANK YOU FOR SHOPPING!`;

describe("textFeatures", () => {
  it("counts a prescription's terms and lens values", () => {
    const features = textFeatures(FORM_TEXT, 90);
    expect(features.rxTerms).toBeGreaterThanOrEqual(6);
    expect(features.boxTerms).toBe(0);
    expect(features.lensValues).toBeGreaterThanOrEqual(6);
  });

  it("counts a box's terms", () => {
    const features = textFeatures(BOX_TEXT, 85);
    expect(features.boxTerms).toBeGreaterThanOrEqual(4);
    expect(features.rxTerms).toBeLessThanOrEqual(1);
  });

  it("counts nothing lens-like on a receipt", () => {
    const features = textFeatures(RECEIPT_TEXT, 85);
    expect(features.lensValues + features.lensTerms + features.rxTerms + features.boxTerms).toBe(0);
    expect(features.otherTerms).toBeGreaterThanOrEqual(2);
  });

  it("has no confidence without text", () => {
    expect(textFeatures("  \n", 95).confidence).toBe(0);
  });
});

describe("classifyImage", () => {
  it("a prescription on paper is a Prescription", () => {
    expect(classifyImage({ text: textFeatures(FORM_TEXT, 90), image: PAGE })).toBe("Prescription");
  });

  it("a box label is a Box, though it prints lens values and an EXP", () => {
    expect(classifyImage({ text: textFeatures(BOX_TEXT, 85), image: { ...PAGE, aspect: 2.7 } })).toBe("Box");
  });

  it("a receipt is Other, though it is a white page of numbers", () => {
    expect(classifyImage({ text: textFeatures(RECEIPT_TEXT, 85), image: PAGE })).toBe("Other");
  });

  it("a portrait without text is Human", () => {
    expect(classifyImage({ text: textFeatures("", 0), image: PORTRAIT })).toBe("Human");
  });

  it("a colourful scene with scattered skin tones is Other", () => {
    expect(classifyImage({ text: textFeatures("", 0), image: SCENE })).toBe("Other");
  });

  it("a blank page is Other", () => {
    expect(classifyImage({ text: textFeatures("", 0), image: PAGE })).toBe("Other");
  });

  it("text read with low confidence from a picture does not make it a document", () => {
    const noise = textFeatures("OD OS Rx ll I1 |\n PWR", 20);
    expect(classifyImage({ text: noise, image: PORTRAIT })).toBe("Human");
  });

  it("explains itself: each class has a score", () => {
    const scores = classificationScores({ text: textFeatures(FORM_TEXT, 90), image: PAGE });
    expect(scores.Prescription).toBeGreaterThan(scores.Box);
    expect(scores.Prescription).toBeGreaterThan(scores.Other);
  });
});
