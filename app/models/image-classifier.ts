import type { ImageClassification } from "./funnel";

/**
 * What an uploaded picture is (spec 2 §3 Image classification: Box, Human, Other, Prescription), from what OCR read
 * in it and a few measures of its pixels. Pure and explainable: each class gets a score from weighted evidence, and
 * the highest wins. Prescription and Box both need text; the words tell them apart (a prescription names eyes and a
 * patient, a box a brand, a lens count and a lot). Without readable text, a picture with much skin tone is a Human,
 * anything else Other. The weights were tuned on the fixture set (`npm run bench:rx`).
 */

export interface ImageMeasures {
  width: number;
  height: number;
  /** width / height, upright. */
  aspect: number;
  /** Hasler–Süsstrunk colourfulness: ~0 grey, 30–60 a photo, 100+ vivid print. */
  colorfulness: number;
  /** Share of skin-toned pixels, 0–1. */
  skinShare: number;
  /** Share of pixels on a strong edge, 0–1 (text is dense in them). */
  edgeDensity: number;
  /** Share of near-white pixels (paper), 0–1. */
  brightShare: number;
  /** Share of dark pixels, 0–1. */
  darkShare: number;
  meanBrightness: number;
  stdBrightness: number;
  /** Mean HSV saturation, 0–1. */
  saturation: number;
}

export interface TextFeatures {
  /** Words of two or more letters that look like words (not OCR noise). */
  words: number;
  /** Share of characters (not spaces) that are digits. */
  digitShare: number;
  /** Distinct prescription terms: OD, OS, BC, DIA, PWR, Rx, Expires, Patient, DOB, Dr., ... */
  rxTerms: number;
  /** Distinct box terms: lot, EXP, "contact lenses", a lens count, brand names, sterile, ... */
  boxTerms: number;
  /** Lens values (signed powers like -2.25, BC-like 8.6, DIA-like 14.2) in the text. */
  lensValues: number;
  /** OCR's mean confidence, 0–100 (0 when nothing was read). */
  confidence: number;
}

export interface ImageFeatures {
  text: TextFeatures;
  image: ImageMeasures;
}

const RX_TERMS: readonly RegExp[] = [
  /\bO\.?D\.?\b/,
  /\bO\.?S\.?\b/,
  /\b(?:right|left)\b/i,
  /\bpatient\b/i,
  /\b(?:DOB|date of birth)\b/i,
  /\bprescri(?:ption|ber|bed)\b/i,
  /\bR[xX]\b/,
  /\bexpir(?:es|ation)\b/i,
  /\b(?:optometr\w*|ophthalmolog\w*|eye care|eyecare|vision|clinic)\b/i,
  /\b(?:Dr\.|O\.D\.|M\.D\.|NPI|license)\b/,
  /\b(?:sph(?:ere)?|pwr|power)\b/i,
  /\b(?:cyl(?:inder)?|axis)\b/i,
  /\bcontact lens prescription\b/i,
  /\b(?:signature|signed|exam(?:ination)? date)\b/i,
];

const BOX_TERMS: readonly RegExp[] = [
  /\blot\b/i,
  /\b(?:contact )?lenses\b/i,
  /\b\d{1,2}\s*(?:lenses|lens|pack|ct)\b/i,
  /\bsterile\b/i,
  /\b(?:acuvue|biofinity|dailies|air optix|clariti|myday|proclear|bausch|biotrue|precision1|total30|freshlook|infuse|ultra)\b/i,
  /\b(?:johnson|coopervision|alcon|vision care)\b/i,
  /\b(?:daily|monthly|2[- ]week|two[- ]week|disposable)\b/i,
  /\b(?:UPC|REF|GTIN)\b/,
  /\b(?:silicone hydrogel|hydrogel|saline|buffered)\b/i,
  /\buse by\b/i,
];

const WORD = /\b[A-Za-z][a-z]{2,}\b|\b[A-Z]{2,}\b/g;
const LENS_VALUE = /(?:^|\s)(?:[-+\u2212]\d{1,2}\.\d{2}|[78]\.\d|1[345]\.\d)(?=\s|$)/g;

/** Counts what the classifier reads in the OCR text. */
export function textFeatures(text: string, confidence: number): TextFeatures {
  const compact = text.replace(/\s+/g, "");
  const digits = (compact.match(/\d/g) ?? []).length;
  return {
    words: (text.match(WORD) ?? []).length,
    digitShare: compact.length === 0 ? 0 : digits / compact.length,
    rxTerms: RX_TERMS.filter((term) => term.test(text)).length,
    boxTerms: BOX_TERMS.filter((term) => term.test(text)).length,
    lensValues: (text.match(LENS_VALUE) ?? []).length,
    confidence: text.trim() ? confidence : 0,
  };
}

export interface ClassificationScores {
  Prescription: number;
  Box: number;
  Human: number;
  Other: number;
}

/** Each class's evidence (exported so the bench and the dev page can show why a picture was classed as it was). */
export function classificationScores({ text, image }: ImageFeatures): ClassificationScores {
  // Text counts only when OCR was confident enough that it is text, not texture read as letters.
  const readable = text.confidence >= 45 && text.words >= 4 ? 1 : text.words >= 8 ? 0.5 : 0;
  const lensValues = Math.min(text.lensValues, 6);
  return {
    Prescription: readable * (1.2 * text.rxTerms + 0.5 * lensValues - 0.8 * text.boxTerms) + 2 * image.brightShare,
    Box: readable * (1.5 * text.boxTerms + 0.3 * lensValues - 0.6 * text.rxTerms) + 0.02 * image.colorfulness,
    Human: 12 * image.skinShare + (readable ? -3 : 1) - 4 * image.edgeDensity,
    Other: 1.5,
  };
}

export function classifyImage(features: ImageFeatures): ImageClassification {
  const scores = classificationScores(features);
  let best: ImageClassification = "Other";
  for (const key of ["Prescription", "Box", "Human", "Other"] as const) {
    if (scores[key] > scores[best]) best = key;
  }
  return best;
}
