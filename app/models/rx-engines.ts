import { isConfident, type RxAnalysis, type RxConfidence, type RxEyeKey, type RxEyeReading } from "./rx-analysis";

/**
 * Two OCR engines' readings of one image, merged field by field (decision 0045): each engine misreads different
 * words (tesseract loses handwriting and photos' shaded corners; PaddleOCR runs values together and drops signs), so
 * a field either read is kept, a field both read alike is surer than either alone, and a field they read
 * differently keeps the surer engine's value, made unsure.
 */

const EYES: readonly RxEyeKey[] = ["OD", "OS", "unknownEye1"];
const LENS_FIELDS = ["sphere", "cylinder", "axis", "add", "baseCurve", "diameter"] as const;
/** Two independent engines agreeing: the chance both misread alike is small, but not nothing. */
const AGREED_CAP = 0.99;
/** Two engines disagreeing: the surer one's value is kept at this share of its confidence. */
const DISAGREED = 0.7;

type Field = { value: string; confidence: number };

function pick(a: Field | undefined, b: Field | undefined): Field | undefined {
  if (!a) return b;
  if (!b) return a;
  if (a.value === b.value) {
    return { value: a.value, confidence: Math.min(AGREED_CAP, 1 - (1 - a.confidence) * (1 - b.confidence)) };
  }
  const surer = b.confidence > a.confidence ? b : a;
  return { value: surer.value, confidence: surer.confidence * DISAGREED };
}

function fieldOf(analysis: RxAnalysis, path: string, value: string | undefined): Field | undefined {
  return value === undefined ? undefined : { value, confidence: analysis.confidence?.[path] ?? 0 };
}

/** Merges a flat record of string fields (the patient, the prescriber, an eye) under a path prefix. */
function mergeRecord<T extends object>(
  prefix: string,
  a: { analysis: RxAnalysis; record: T | undefined },
  b: { analysis: RxAnalysis; record: T | undefined },
  confidence: RxConfidence,
): T {
  const out: Record<string, string> = {};
  const left = (a.record ?? {}) as Record<string, string | undefined>;
  const right = (b.record ?? {}) as Record<string, string | undefined>;
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
    const path = `${prefix}${key}`;
    const field = pick(fieldOf(a.analysis, path, left[key]), fieldOf(b.analysis, path, right[key]));
    if (!field) continue;
    out[key] = field.value;
    confidence[path] = Math.round(field.confidence * 100) / 100;
  }
  return out as T;
}

/**
 * One analysis from two engines' analyses of the same image. Eyes are merged by key; when either engine named the
 * eyes (OD or OS), an eye-less reading (unknownEye1) is dropped, as the parser does for one engine. A glasses-only
 * answer stands only when neither engine read lens values.
 */
export function mergeReadings(a: RxAnalysis, b: RxAnalysis): RxAnalysis {
  const confidence: RxConfidence = {};
  const prescription: RxAnalysis["prescription"] = {};
  const named = (analysis: RxAnalysis) => Boolean(analysis.prescription.OD || analysis.prescription.OS);
  for (const eye of EYES) {
    if (eye === "unknownEye1" && (named(a) || named(b))) continue;
    const merged = mergeRecord<RxEyeReading>(
      `${eye}.`,
      { analysis: a, record: a.prescription[eye] },
      { analysis: b, record: b.prescription[eye] },
      confidence,
    );
    if (Object.keys(merged).length > 0) prescription[eye] = merged;
  }
  const patient = mergeRecord(
    "patient.",
    { analysis: a, record: a.patient },
    { analysis: b, record: b.patient },
    confidence,
  );
  const prescriber = mergeRecord(
    "prescriber.",
    { analysis: a, record: a.prescriber },
    { analysis: b, record: b.prescriber },
    confidence,
  );
  const dates = mergeRecord(
    "",
    { analysis: a, record: { expirationDate: a.expirationDate, issueDate: a.issueDate } },
    { analysis: b, record: { expirationDate: b.expirationDate, issueDate: b.issueDate } },
    confidence,
  );
  const hasLens = Object.keys(prescription).length > 0;
  return {
    prescription,
    patient,
    ...(dates.expirationDate ? { expirationDate: dates.expirationDate } : {}),
    ...(dates.issueDate ? { issueDate: dates.issueDate } : {}),
    ...(Object.keys(prescriber).length > 0 ? { prescriber } : {}),
    confidence,
    ...(!hasLens && (a.spectaclesOnly || b.spectaclesOnly) ? { spectaclesOnly: true } : {}),
    correlationId: a.correlationId,
  };
}

/** The lens values read with a confidence to pre-fill them: how two engines' readings are compared. */
export function confidentLensFields(analysis: RxAnalysis | null): number {
  if (!analysis) return 0;
  let count = 0;
  for (const eye of EYES) {
    for (const field of LENS_FIELDS) {
      if (analysis.prescription[eye]?.[field] !== undefined && isConfident(analysis, `${eye}.${field}`)) count++;
    }
  }
  return count;
}

/**
 * Every lens value the first engine read is sure enough to pre-fill, and every eye it read has its power: a second
 * engine has nothing to add. Anything less (no values, an unsure one, an eye without its sphere) is worth a second
 * reading.
 */
export function completeAndSure(analysis: RxAnalysis | null): boolean {
  if (!analysis) return false;
  let read = 0;
  for (const eye of EYES) {
    const values = analysis.prescription[eye];
    if (!values) continue;
    if (values.sphere === undefined) return false;
    for (const field of LENS_FIELDS) {
      if (values[field] === undefined) continue;
      read++;
      if (!isConfident(analysis, `${eye}.${field}`)) return false;
    }
  }
  return read > 0;
}
