import type { ImageClassification } from "./funnel";

/**
 * What the prescription reader found in an image (spec 2 §3 AI analysis result: prescription per eye OD, OS or
 * unknownEye1; the patient; a correlation id), plus the expiration date and the prescriber. Values are strings in
 * the catalog's option formats (sphere "-2.50", "+1.25", "0.00"; cylinder "-0.75"; axis "180"; base curve "8.6";
 * diameter "14.2"; add "+1.50" or the lens's add labels), so they can pre-fill the parameter form as they are.
 */
export type RxEyeKey = "OD" | "OS" | "unknownEye1";

export interface RxEyeReading {
  sphere?: string;
  cylinder?: string;
  axis?: string;
  add?: string;
  baseCurve?: string;
  diameter?: string;
  color?: string;
  brand?: string;
}

export interface RxAnalysisPatient {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  address1?: string;
  city?: string;
  state?: string;
  postalCode?: string;
}

export interface RxPrescriber {
  name?: string;
  clinicName?: string;
  phone?: string;
  /** State licence number as printed. */
  license?: string;
  /** The prescriber's 10-digit NPI. */
  npi?: string;
}

/**
 * How sure the reader is of each field it returned, 0–1, keyed by the field's path: "OD.sphere", "OS.baseCurve",
 * "unknownEye1.brand", "patient.firstName", "expirationDate", "issueDate", "prescriber.npi". A field the reader
 * returned without a confidence counts as unsure.
 */
export type RxConfidence = Record<string, number>;

export interface RxAnalysis {
  prescription: Partial<Record<RxEyeKey, RxEyeReading>>;
  patient: RxAnalysisPatient;
  /** ISO date. */
  expirationDate?: string;
  /** ISO date the prescription was written (the exam date). */
  issueDate?: string;
  prescriber?: RxPrescriber;
  confidence?: RxConfidence;
  /** The image holds a glasses (spectacle) prescription and no contact lens values: nothing to pre-fill. */
  spectaclesOnly?: boolean;
  correlationId: string;
}

/** Fields at or above this confidence are pre-filled; the others are shown for the shopper to check. */
export const PREFILL_CONFIDENCE = 0.8;

export function fieldConfidence(analysis: Pick<RxAnalysis, "confidence">, path: string): number {
  return analysis.confidence?.[path] ?? 0;
}

export function isConfident(analysis: Pick<RxAnalysis, "confidence">, path: string): boolean {
  return fieldConfidence(analysis, path) >= PREFILL_CONFIDENCE;
}

/** One read of an upload: its classification and, for a prescription, what was read from it. */
export interface RxReading {
  /** Null for a PDF (spec: an empty classification for a PDF). */
  classification: ImageClassification | null;
  /** Null when no prescription values were found. */
  analysis: RxAnalysis | null;
  /** The OCR text (kept out of logs: it is health data). */
  text: string;
}
