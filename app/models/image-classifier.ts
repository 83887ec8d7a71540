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
  /** The largest connected skin-toned region: its share of the picture, height/width, centre (0–1) and fill. */
  skinBlobShare: number;
  skinBlobAspect: number;
  skinBlobCenterX: number;
  skinBlobCenterY: number;
  /** The region's share of its bounding box (a face is an oval: ~0.6–0.8; a scatter of shapes much less). */
  skinBlobFill: number;
}

export interface TextFeatures {
  /** Words of two or more letters that look like words (not OCR noise). */
  words: number;
  /** Share of characters (not spaces) that are digits. */
  digitShare: number;
  /** Distinct terms only a prescription has: eyes, patient, birth date, doctor, exam, expiry, a practice. */
  rxTerms: number;
  /** Distinct terms only a lens box has: LOT, a lens count, STERILE, "Rx only", a maker, a barcode's digits. */
  boxTerms: number;
  /** Distinct lens terms either has: BC, DIA, PWR, CYL, AXIS, ADD, a brand name. */
  lensTerms: number;
  /** Lens values (signed powers like -2.25, BC-like 8.6, DIA-like 14.2) in the text. */
  lensValues: number;
  /** Distinct terms of what people upload by mistake: a receipt's total, an invoice, an app's screen. */
  otherTerms: number;
  /** OCR's mean confidence, 0–100 (0 when nothing was read). */
  confidence: number;
}

export interface ImageFeatures {
  text: TextFeatures;
  image: ImageMeasures;
}

const RX_TERMS: readonly RegExp[] = [
  /\b[O0]\.?\s?[DS]\.?(?![A-Za-z])/,
  /\b(?:right|left)\b/i,
  /\bpatient\b|\bname\s*:/i,
  /\b(?:DOB|D\.O\.B|date of birth|birth ?date|born)\b/i,
  /\b(?:Dr\.|O\.D\.|M\.D\.|optometrist|prescriber|prescribing|signature|license|lic\.|NPI)/i,
  /\b(?:exam|examined|issued)\b/i,
  /\b(?:expires?|expiration|valid until|valid through)\b/i,
  /\b(?:optometry|eye care|eyecare|ophthalmology|eye clinic|vision (?:center|clinic)|eye associates|eye health)\b/i,
  /\bprescription\b/i,
  /\b(?:replacement|replace|wearing schedule|refills|substitution|supply)\b/i,
];

const BOX_TERMS: readonly RegExp[] = [
  /\blot\b/i,
  /\b\d{1,3}\s+(?:soft\s+)?(?:contact\s+)?(?:daily\s+)?lenses\b|\bcontains\s+\d+/i,
  /\bsterile\b/i,
  /\brx\s*only\b/i,
  /\bEXP\b\.?\s*\d{4}/,
  /\b(?:johnson\s*&\s*johnson|coopervision|alcon)\b/i,
  /\b\d{6}\s+\d{5}\b/,
];

const LENS_TERMS: readonly RegExp[] = [
  /\b(?:B\.?C\.?|base curve)/i,
  /\b(?:DIA|diam|diameter)/i,
  /\b(?:PWR|power|SPH|sphere)/i,
  /\b(?:CYL|cylinder)/i,
  /\b(?:AXIS|AX)\b/i,
  /\bADD\b/i,
  /\b(?:acuvue|biofinity|dailies|air optix|clariti|myday|proclear|biotrue|precision1|total30|freshlook|infuse|oasys|bausch)/i,
];

const OTHER_TERMS: readonly RegExp[] = [
  /\b(?:sub\s?total|total|tax|balance|amount due|change due)\b/i,
  /\b(?:invoice|receipt|order #|qty|quantity|unit price|bill to|ship to)\b/i,
  /\b(?:visa|mastercard|amex|debit|cash)\b/i,
  /\b(?:mon|tue|wed|thu|fri|sat|sun)\b.*\b(?:mon|tue|wed|thu|fri|sat|sun)\b/i,
  /\b(?:settings|search|home|inbox|messages|battery)\b/i,
  /\$\s?\d/,
  /\b(?:milk|eggs|bread|bananas|apples|coffee|butter|cheese)\b/i,
];

const WORD = /\b[A-Za-z][a-z]{2,}\b|\b[A-Z]{2,}\b/g;
const LENS_VALUE = /(?:^|\s)(?:[-+\u2212]\d{1,2}\.\d{2}|[78]\.\d0?|1[345]\.\d0?)(?=[\s,;|]|$)/g;

/** The lens parameters' labels (BC, DIA, power, CYL, AXIS, ADD): LENS_TERMS without the brand names. */
const LENS_LABELS = LENS_TERMS.slice(0, 6);

/**
 * Whether a page prints a lens prescription's parameters (three or more of BC, DIA, power, CYL, AXIS, ADD): such a
 * page is a prescription even when its values could not be read, where an appointment card or a bill is not.
 */
export function printsLensParameters(text: string): boolean {
  return distinct(LENS_LABELS, text) >= 3;
}

function distinct(terms: readonly RegExp[], text: string): number {
  return terms.filter((term) => term.test(text)).length;
}

/** Counts what the classifier reads in the OCR text. */
export function textFeatures(text: string, confidence: number): TextFeatures {
  const compact = text.replace(/\s+/g, "");
  const digits = (compact.match(/\d/g) ?? []).length;
  return {
    words: (text.match(WORD) ?? []).length,
    digitShare: compact.length === 0 ? 0 : digits / compact.length,
    rxTerms: distinct(RX_TERMS, text),
    boxTerms: distinct(BOX_TERMS, text),
    lensTerms: distinct(LENS_TERMS, text),
    lensValues: (text.match(LENS_VALUE) ?? []).length,
    otherTerms: distinct(OTHER_TERMS, text),
    confidence: text.trim() ? confidence : 0,
  };
}

export interface ClassificationScores {
  Prescription: number;
  Box: number;
  Human: number;
  Other: number;
}

/**
 * A face-like skin region: big enough, taller than wide or round, near the middle, on a picture that is not mostly
 * white paper. 0 (none) to about 1.
 */
function faceEvidence(image: ImageMeasures): number {
  const { skinBlobShare, skinBlobAspect, skinBlobCenterX, skinBlobCenterY, skinBlobFill, brightShare } = image;
  if (skinBlobShare < 0.03 || brightShare > 0.3) return 0;
  if (skinBlobAspect < 0.7 || skinBlobAspect > 4) return 0;
  if (skinBlobCenterX < 0.2 || skinBlobCenterX > 0.8 || skinBlobCenterY > 0.85) return 0;
  if (skinBlobFill < 0.3) return 0;
  return Math.min(1, skinBlobShare * 5);
}

/** Each class's evidence (exported so the bench and the dev page can show why a picture was classed as it was). */
export function classificationScores({ text, image }: ImageFeatures): ClassificationScores {
  // Text counts only when OCR was confident enough that it is text, not texture read as letters.
  const readable = text.words >= 4 && text.confidence >= 40 ? 1 : 0;
  const lens = Math.min(text.lensValues, 6) + text.lensTerms;
  return {
    Prescription: readable * (2 * text.rxTerms + 0.5 * lens - 1.5 * text.boxTerms - text.otherTerms),
    Box: readable * (2.5 * text.boxTerms + 0.5 * lens - 1.5 * Math.max(0, text.rxTerms - 1) - text.otherTerms),
    Human: 6 * faceEvidence(image) - (readable ? 2 : 0),
    Other: 2 + readable * text.otherTerms,
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
