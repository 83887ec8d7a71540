import { z } from "zod";
import { allParametersSelected, type LensParameter, type LensParameterName } from "./lens-parameters";
import type { Eye } from "./line-item-group";
import { FULL_NAME_MAX, hasFullName, patientFirstNameSchema, patientLastNameSchema, type PatientName } from "./patient";
import type { RxAnalysis, RxEyeKey, RxEyeReading } from "./rx-analysis";

/**
 * AI result handling (spec 2 §4): what the prescription reader's result does to a line item group. It applies only
 * on some pages; without a prescription it does nothing; otherwise the patient's name is stored when the group has
 * no full name yet, and each eye's read values are matched to its lens's options and looked up as a UPC. With both
 * eyes in the cart both must be found before either is used; with one eye, a found one is used. The result pre-fills
 * the prescription form the shopper confirms: nothing is ordered from a reading nobody saw.
 */

export const AI_RESULT_PAGES = ["RxDetails", "UploadSuccess", "Patient", "Dashboard", "RxWallet"] as const;
export type AiResultPage = (typeof AI_RESULT_PAGES)[number];

/** Spec 2 §4: it applies only on RxDetails, UploadSuccess, Patient, Dashboard and RxWallet. */
export function appliesOn(page: string): page is AiResultPage {
  return (AI_RESULT_PAGES as readonly string[]).includes(page);
}

/** Where each read value goes among the catalog's lens parameters. */
export const READING_PARAMETERS = {
  sphere: "power",
  cylinder: "cylinder",
  axis: "axis",
  add: "addPower",
  baseCurve: "baseCurve",
  diameter: "diameter",
  color: "color",
} as const satisfies Partial<Record<keyof RxEyeReading, LensParameterName>>;

/** Parameters that take the lens's only option when the reading has none (most lenses have one BC and one DIA). */
const DEFAULTED_WHEN_SINGLE: ReadonlySet<LensParameterName> = new Set(["baseCurve", "diameter"]);

const reading = z
  .object({
    sphere: z.string().max(20),
    cylinder: z.string().max(20),
    axis: z.string().max(20),
    add: z.string().max(20),
    baseCurve: z.string().max(20),
    diameter: z.string().max(20),
    color: z.string().max(60),
    brand: z.string().max(120),
  })
  .partial();

/** The stored analysis (a jsonb column) read back safely; anything else counts as no analysis. */
export const rxAnalysisSchema = z.object({
  prescription: z.object({ OD: reading, OS: reading, unknownEye1: reading }).partial(),
  patient: z
    .object({ firstName: z.string().max(100), lastName: z.string().max(100) })
    .partial()
    .loose(),
  expirationDate: z.string().max(40).optional(),
  issueDate: z.string().max(40).optional(),
  prescriber: z
    .object({
      name: z.string().max(200),
      clinicName: z.string().max(200),
      phone: z.string().max(40),
      license: z.string().max(40),
      npi: z.string().max(20),
    })
    .partial()
    .optional(),
  confidence: z.record(z.string().max(60), z.number().min(0).max(1)).optional(),
  spectaclesOnly: z.boolean().optional(),
  correlationId: z.string().max(200).optional(),
});

export function parseAnalysis(value: unknown): RxAnalysis | null {
  const parsed = rxAnalysisSchema.safeParse(value);
  return parsed.success ? ({ correlationId: "", ...parsed.data } as RxAnalysis) : null;
}

const hasValues = (eye: RxEyeReading | undefined): eye is RxEyeReading =>
  !!eye && Object.values(eye).some((value) => typeof value === "string" && value.trim() !== "");

/** Whether the reading holds any prescription value (spec: "no prescription" otherwise). */
export function hasPrescription(analysis: Pick<RxAnalysis, "prescription"> | null | undefined): boolean {
  if (!analysis) return false;
  return (["OD", "OS", "unknownEye1"] as RxEyeKey[]).some((key) => hasValues(analysis.prescription[key]));
}

/**
 * The reading for each of the group's eyes: OD is the right eye, OS the left; an eye read without a side
 * (unknownEye1) goes to every eye of the group when neither OD nor OS was read.
 */
export function readingsByEye(
  prescription: RxAnalysis["prescription"],
  eyes: readonly Eye[],
): Partial<Record<Eye, RxEyeReading>> {
  const result: Partial<Record<Eye, RxEyeReading>> = {};
  const od = hasValues(prescription.OD) ? prescription.OD : undefined;
  const os = hasValues(prescription.OS) ? prescription.OS : undefined;
  if (od && eyes.includes("right")) result.right = od;
  if (os && eyes.includes("left")) result.left = os;
  const unknown = prescription.unknownEye1;
  if (!od && !os && hasValues(unknown)) for (const eye of eyes) result[eye] = unknown;
  return result;
}

/** A dioptre, axis or millimetre value as a number: "-2.50", "+1.25", "−0.75", "090", "8,6", "PL"/"Plano" → 0. */
export function readNumber(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/[\u2212\u2013\u2014]/g, "-")
    .replace(/\s+/g, "")
    .replace(",", ".")
    .replace(/(?:D|mm|°)$/i, "");
  if (/^(?:pl|plano|plan|0)$/i.test(cleaned)) return 0;
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/**
 * The option of `parameter` that `read` names: the same value or label (ignoring case and spaces), else the same
 * number ("-2.5" is "-2.50", "90" is "090"). Null when none matches.
 */
export function matchOption(parameter: LensParameter, read: string | undefined): string | null {
  const text = read?.trim() ?? "";
  if (!text) {
    return DEFAULTED_WHEN_SINGLE.has(parameter.name) && parameter.options.length === 1
      ? parameter.options[0]!.value
      : null;
  }
  const plain = (value: string) => value.replace(/\s+/g, "").toLowerCase();
  const exact = parameter.options.find(
    (option) => plain(option.value) === plain(text) || plain(option.label) === plain(text),
  );
  if (exact) return exact.value;
  const number = readNumber(text);
  if (number === null) return null;
  const numeric = parameter.options.find((option) => {
    const value = readNumber(option.value);
    return value !== null && Math.abs(value - number) < 1e-6;
  });
  if (numeric) return numeric.value;
  return parameter.name === "addPower" ? addLevelFor(parameter, number) : null;
}

/**
 * A prescription's ADD in dioptres as a lens's named ADD level, by the makers' fitting tables: a lens with LOW / MID /
 * HIGH (Acuvue) takes Low up to +1.25, Mid +1.50 to +1.75, High +2.00 to +2.50; one with LOW / MED / HIGH (Alcon)
 * takes Low up to +1.25, Medium +1.50 to +2.00, High +2.25 to +2.50. Null for a lens without named levels or an ADD
 * out of their range.
 */
export function addLevelFor(parameter: LensParameter, dioptres: number): string | null {
  if (dioptres < 0.75 || dioptres > 2.5) return null;
  const byName = new Map(parameter.options.map((option) => [option.value.trim().toUpperCase(), option.value]));
  const middle = byName.has("MID") ? "MID" : "MED";
  const middleUpTo = middle === "MID" ? 1.75 : 2;
  const level = dioptres <= 1.25 ? "LOW" : dioptres <= middleUpTo ? middle : "HIGH";
  return byName.get(level) ?? null;
}

/** An eye's read values as its lens's parameters; null unless every parameter is selected (spec: lookup waits). */
export function eyeParameters(
  parameters: readonly LensParameter[],
  eyeReading: RxEyeReading,
): Record<string, string> | null {
  const selected: Record<string, string> = {};
  const byParameter = new Map<LensParameterName, string | undefined>(
    Object.entries(READING_PARAMETERS).map(([key, name]) => [name, eyeReading[key as keyof typeof READING_PARAMETERS]]),
  );
  for (const parameter of parameters) {
    if (parameter.options.length === 0) continue;
    const value = matchOption(parameter, byParameter.get(parameter.name));
    if (value === null) return null;
    selected[parameter.name] = value;
  }
  return allParametersSelected(parameters, selected) ? selected : null;
}

export interface AiGroupLine {
  whichEye: Eye | "none";
  productId: number;
  parameters: LensParameter[];
}

export interface AiEyeCandidate {
  eye: Eye;
  productId: number;
  parameters: Record<string, string>;
}

/** The eyes whose read values name a full set of their lens's options: what is then looked up as UPCs. */
export function aiCandidates(
  analysis: Pick<RxAnalysis, "prescription">,
  lines: readonly AiGroupLine[],
): AiEyeCandidate[] {
  const eyes = lensEyes(lines);
  const readings = readingsByEye(analysis.prescription, eyes);
  return lines.flatMap((line) => {
    if (line.whichEye === "none") return [];
    const eyeReading = readings[line.whichEye];
    const parameters = eyeReading ? eyeParameters(line.parameters, eyeReading) : null;
    return parameters ? [{ eye: line.whichEye, productId: line.productId, parameters }] : [];
  });
}

const lensEyes = (lines: readonly Pick<AiGroupLine, "whichEye">[]): Eye[] =>
  lines.flatMap((line) => (line.whichEye === "none" ? [] : [line.whichEye]));

/**
 * Spec 2 §4: with both eyes in the cart, both UPCs must be found before either is set; with one eye, a found one is.
 * `found` holds the eyes whose lookup found an orderable UPC.
 */
export function usableEyes<T>(
  lines: readonly Pick<AiGroupLine, "whichEye">[],
  found: Partial<Record<Eye, T>>,
): Partial<Record<Eye, T>> {
  const eyes = lensEyes(lines);
  if (eyes.length === 0) return {};
  if (eyes.length > 1) return eyes.every((eye) => found[eye] !== undefined) ? pick(found, eyes) : {};
  return pick(found, eyes);
}

function pick<T>(found: Partial<Record<Eye, T>>, eyes: readonly Eye[]): Partial<Record<Eye, T>> {
  const result: Partial<Record<Eye, T>> = {};
  for (const eye of eyes) if (found[eye] !== undefined) result[eye] = found[eye];
  return result;
}

/** "JANE" → "Jane" (readers see printed capitals); mixed case is kept as written. */
function readableName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, " ");
  if (trimmed !== trimmed.toUpperCase()) return trimmed;
  return trimmed
    .toLowerCase()
    .replace(/(^|[\s'’-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/**
 * The name to store on the group: the read patient's, only when the group has no full name yet (spec: stored only
 * if not already complete) and only a name the Patient step itself would accept. Null otherwise.
 */
export function patientToStore(
  groupPatient: Partial<PatientName> | null | undefined,
  read: { firstName?: string; lastName?: string } | null | undefined,
): PatientName | null {
  if (hasFullName(groupPatient) || !read?.firstName || !read.lastName) return null;
  const first = patientFirstNameSchema.safeParse(readableName(read.firstName));
  const last = patientLastNameSchema.safeParse(readableName(read.lastName));
  if (!first.success || !last.success) return null;
  if (`${first.data} ${last.data}`.length > FULL_NAME_MAX) return null;
  return { firstName: first.data, lastName: last.data };
}
