import { READING_PARAMETERS } from "./ai-result";
import type { Eye } from "./line-item-group";
import { isConfident, type RxAnalysis, type RxEyeKey, type RxEyeReading } from "./rx-analysis";

/**
 * The queued reading of an uploaded prescription (decision 46), as the pages show it: the row's state, what the
 * shopper sees while it runs, and the fields that were read, each marked confident (pre-filled) or 'please check'.
 */

/**
 * `skipped`: a photo of a person, nothing to read. `not-requested`: the AI prescription reader test's control path
 * (submit-and-skip, decision 67) asked for no reading; staff take the prescription from the image.
 */
export const READING_STATES = [
  "pending",
  "reading",
  "read",
  "failed",
  "timed-out",
  "skipped",
  "not-requested",
] as const;
export type ReadingState = (typeof READING_STATES)[number];

export function isReadingState(value: unknown): value is ReadingState {
  return typeof value === "string" && (READING_STATES as readonly string[]).includes(value);
}

/**
 * How long the reader may take to read (spec 2 §7 analyzeRxImage: "30 s timeout"; spec 2 §9: exam AI timeout 30 s);
 * past it the upload stays usable, without a reading.
 */
export const READER_TIMEOUT_MS = 30_000;

/** How often the result page asks again while the reading runs (meta refresh without JavaScript, polling with). */
export const READING_REFRESH_SECONDS = 3;
/**
 * How long the page waits for a reading before it stops asking: the reader's own limit (30 s) plus a queue's worth of
 * waiting. Past it the page shows the upload without values (the spec's null result); a reading that still finishes
 * later shows on the next visit.
 */
export const READING_WAIT_SECONDS = 90;

export const READING_WORDS = {
  reading: "Reading your prescription…",
  readingLead: "This usually takes a few seconds. The page updates by itself.",
  unread:
    "We couldn't read the values from your image. Please enter them from your prescription; our team will check them against the image.",
  spectaclesOnly:
    "This looks like a glasses prescription. Contact lens prescriptions list a base curve and diameter, and often the lens brand. Please upload your contact lens prescription, or enter its values.",
  pleaseCheck: "please check",
  readLead:
    "Here is what we read. Values marked 'please check' were hard to read: compare them with your prescription.",
  notRequested:
    "There's nothing more to enter: our team will take the values from your prescription and check them with your eye doctor.",
} as const;

/**
 * What the shopper sees of a reading now: still running (and the page waits), done with values, or done without; or
 * none asked for (submit-and-skip: the image goes to the store's team as it is).
 */
export type ReadingPhase = "reading" | "read" | "unread" | "not-requested";

export function readingPhase(
  image: { readingState: string; createdAt: Date | string },
  hasValues: boolean,
  now: Date = new Date(),
): ReadingPhase {
  if (image.readingState === "not-requested") return "not-requested";
  if (image.readingState === "pending" || image.readingState === "reading") {
    const age = now.getTime() - new Date(image.createdAt).getTime();
    return age < READING_WAIT_SECONDS * 1000 ? "reading" : "unread";
  }
  return image.readingState === "read" && hasValues ? "read" : "unread";
}

export const EYE_READING_FIELDS = [
  ["sphere", "Sphere (power)"],
  ["cylinder", "Cylinder"],
  ["axis", "Axis"],
  ["add", "Add"],
  ["baseCurve", "Base curve"],
  ["diameter", "Diameter"],
  ["color", "Colour"],
  ["brand", "Brand"],
] as const satisfies ReadonlyArray<readonly [keyof RxEyeReading, string]>;

const EYE_TITLES: Record<RxEyeKey, string> = { OD: "Right eye (OD)", OS: "Left eye (OS)", unknownEye1: "Eye" };

export interface ReadField {
  /** The confidence path ("OD.sphere", "prescriber.npi"). */
  path: string;
  label: string;
  value: string;
  confident: boolean;
}

export interface ReadEye {
  key: RxEyeKey;
  title: string;
  fields: ReadField[];
}

export interface ReadingView {
  eyes: ReadEye[];
  /** Patient, dates, prescriber and clinic. */
  other: ReadField[];
  spectaclesOnly: boolean;
}

const field = (analysis: RxAnalysis, path: string, label: string, value: string | undefined): ReadField[] =>
  value && value.trim() ? [{ path, label, value: value.trim(), confident: isConfident(analysis, path) }] : [];

/** Every field the reader found, in reading order, each with whether it is confident enough to pre-fill. */
export function readingView(analysis: RxAnalysis): ReadingView {
  const eyes = (["OD", "OS", "unknownEye1"] as const).flatMap((key) => {
    const eye = analysis.prescription[key];
    if (!eye) return [];
    const fields = EYE_READING_FIELDS.flatMap(([name, label]) => field(analysis, `${key}.${name}`, label, eye[name]));
    return fields.length > 0 ? [{ key, title: EYE_TITLES[key], fields }] : [];
  });
  const { patient, prescriber = {} } = analysis;
  const name = [patient.firstName, patient.lastName].filter(Boolean).join(" ");
  const nameConfident = isConfident(analysis, "patient.firstName") && isConfident(analysis, "patient.lastName");
  const other: ReadField[] = [
    ...(name ? [{ path: "patient.name", label: "Patient", value: name, confident: nameConfident }] : []),
    ...field(analysis, "patient.dateOfBirth", "Date of birth", patient.dateOfBirth),
    ...field(analysis, "issueDate", "Issued", analysis.issueDate),
    ...field(analysis, "expirationDate", "Expires", analysis.expirationDate),
    ...field(analysis, "prescriber.name", "Prescriber", prescriber.name),
    ...field(analysis, "prescriber.clinicName", "Clinic", prescriber.clinicName),
    ...field(analysis, "prescriber.phone", "Phone", prescriber.phone),
    ...field(analysis, "prescriber.license", "Licence", prescriber.license),
    ...field(analysis, "prescriber.npi", "NPI", prescriber.npi),
  ];
  return { eyes, other, spectaclesOnly: analysis.spectaclesOnly === true };
}

/** The reading an eye of the group took its values from: OD for the right, OS for the left, else the unnamed eye. */
export function readingKeyFor(prescription: RxAnalysis["prescription"], eye: Eye): RxEyeKey {
  const key = eye === "right" ? "OD" : "OS";
  const read = prescription[key];
  return read && Object.values(read).some((value) => typeof value === "string" && value.trim()) ? key : "unknownEye1";
}

/**
 * Of an eye's looked-up pre-fill, the parameters to pre-fill (the reader is confident of the value it read, or the
 * lens has one option and nothing was read) and those the shopper must check (read, but not confidently: left
 * unselected, with the read value shown beside them).
 */
export function confidentSelection(
  analysis: RxAnalysis,
  eye: Eye,
  selected: Readonly<Record<string, string>>,
): { selected: Record<string, string>; toCheck: string[] } {
  const key = readingKeyFor(analysis.prescription, eye);
  const read = analysis.prescription[key] ?? {};
  const kept: Record<string, string> = {};
  const toCheck: string[] = [];
  for (const [parameter, value] of Object.entries(selected)) {
    const field = (Object.keys(READING_PARAMETERS) as Array<keyof typeof READING_PARAMETERS>).find(
      (name) => READING_PARAMETERS[name] === parameter,
    );
    const readValue = field ? read[field] : undefined;
    if (!readValue?.trim() || isConfident(analysis, `${key}.${field}`)) kept[parameter] = value;
    else toCheck.push(parameter);
  }
  return { selected: kept, toCheck };
}
