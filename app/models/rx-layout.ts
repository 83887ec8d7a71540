import type { OcrPage } from "./ocr-page";
import type { RxAnalysis, RxConfidence, RxEyeKey, RxEyeReading } from "./rx-analysis";
import {
  type Cell,
  type EyeCells,
  type LensField,
  readGrid,
  readOrphanRow,
  type Reading,
  wordConfidence,
} from "./rx-layout-grid";
import { fieldLines } from "./rx-layout-fields";
import { rowsOf } from "./rx-layout-rows";
import { filterNonLens } from "./rx-nonlens";
import { isBalance, rewriteNotation } from "./rx-notation";
import { eyeDifference, gridScore, mapAddLabel } from "./rx-plausibility";
import { readExpiration, readIssueDate, readLicense, readNpi, readPatient, readPrescriber } from "./rx-text-fields";
import { normalizeText, readLineEyes, type RxTextKind } from "./rx-text-lines";

/**
 * OCR word boxes (or a PDF's text layer, as a page) → the prescription they hold (spec 2 §3 AI analysis result).
 * Two readers look at the lens rows (non-lens lines such as acuity, keratometry, PD and spectacle prescriptions are
 * taken out first, rx-nonlens.ts): one by geometry (rx-layout-grid.ts: which label or eye heading each value sits
 * under), one by line patterns (rx-text-lines.ts: prose, shorthand, tables as text). Where they agree the value is
 * sure; where only one read it, it keeps that reader's certainty; where they differ, geometry wins, unsure. Every
 * field gets a confidence from that certainty, the OCR's confidence in the word, the value's grid, and how the
 * eyes compare.
 */

export interface ParseOptions {
  correlationId: string;
  kind?: RxTextKind;
  /** The product's own ADD labels ("LOW", "MID", "HIGH"), to map an ADD word onto. */
  addLabels?: readonly string[];
}

const LENS_FIELDS: readonly LensField[] = [
  "sphere",
  "cylinder",
  "axis",
  "add",
  "baseCurve",
  "diameter",
  "brand",
  "color",
];
const EYE_KEYS: readonly RxEyeKey[] = ["OD", "OS", "unknownEye1"];

/** What the line reader read, as cells (its certainty is lower: it places values by order and kind). */
function lineReading(page: OcrPage, rowsText: string, kind: RxTextKind): Reading {
  const prescription = readLineEyes(rowsText, kind);
  const reading: Reading = {};
  for (const key of EYE_KEYS) {
    const eye = prescription[key];
    if (!eye) continue;
    const cells: EyeCells = {};
    for (const [field, value] of Object.entries(eye)) {
      if (typeof value !== "string") continue;
      const certainty = key === "unknownEye1" && kind === "prescription" ? 0.75 : 0.85;
      cells[field as LensField] = { value, certainty, ocr: wordConfidence(page.words, field as LensField, value) };
    }
    // With no eye named, a lone number after a word like "spherical" (a bill's "per lens 2") is not a power.
    if (key === "unknownEye1" && kind === "prescription" && !printedDecimal(page, cells)) continue;
    reading[key] = cells;
  }
  return reading;
}

/** Whether some power or millimetre value was printed with its decimal point ("-2.25", "8.6"). */
function printedDecimal(page: OcrPage, cells: EyeCells): boolean {
  // Prices ("$102.00") are not powers.
  const decimals = page.words
    .filter((word) => /\d[.,]\d/.test(word.text) && !/[$€£]/.test(word.text))
    .map((word) =>
      word.text
        .replace(/^[-+\u2212]/, "")
        .replace(",", ".")
        .replace(/[:;,.]$/, ""),
    );
  return (["sphere", "cylinder", "baseCurve", "diameter"] as const).some((field) => {
    const value = cells[field]?.value;
    return value !== undefined && decimals.includes(value.replace(/^[+-]/, ""));
  });
}

const NUMERIC: ReadonlySet<LensField> = new Set(["sphere", "cylinder", "axis", "add", "baseCurve", "diameter"]);

function numericCount(cells: EyeCells): number {
  return Object.keys(cells).filter((field) => NUMERIC.has(field as LensField)).length;
}

/** A heading run into an eye's row ("CL Rx: OD Acuvue Oasys -0.50 DS …"): the row starts at its eye. */
function withoutLead(text: string): string {
  return text.replace(/^[^\d:]{1,30}:\s*(?=(?:O\.?\s?D|O\.?\s?S|Right|Left|RIGHT|LEFT)\b)/, "");
}

/** The two readers' cells, one per field. */
function merge(grid: Reading, lines: Reading): Reading {
  const gridEyes = grid.OD || grid.OS;
  const out: Reading = {};
  for (const key of EYE_KEYS) {
    // Geometry that found the eyes overrules a line reading that could not tell which eye.
    if (key === "unknownEye1" && gridEyes) continue;
    const a = grid[key] ?? {};
    const b = lines[key] ?? {};
    const cells: EyeCells = {};
    for (const field of LENS_FIELDS) {
      const fromGrid = a[field];
      const fromLines = b[field];
      if (
        fromGrid &&
        fromLines &&
        field === "brand" &&
        fromGrid.value !== fromLines.value &&
        fromGrid.certainty >= 0.9
      ) {
        cells[field] = { ...fromGrid, certainty: fromGrid.certainty * 0.9 };
      } else if (fromGrid?.unsigned && fromLines && fromLines.value === fromGrid.value.replace("+", "-")) {
        // The line reader lent this sphere the other eye's minus.
        cells[field] = { ...fromLines, certainty: 0.7 };
      } else if (
        fromGrid &&
        fromLines &&
        (field === "brand" || field === "color") &&
        fromGrid.value !== fromLines.value
      ) {
        // A brand cell wraps above and below its row; the line reader joins the wrapped pieces.
        cells[field] = { ...fromLines, certainty: fromLines.certainty * 0.9 };
      } else if (fromGrid && fromLines) {
        cells[field] =
          fromGrid.value === fromLines.value
            ? { ...fromGrid, certainty: Math.max(fromGrid.certainty, fromLines.certainty, 0.98) }
            : // A value under its label by geometry outweighs the line reader's guess by order; a loose one less so.
              { ...fromGrid, certainty: fromGrid.certainty * (fromGrid.certainty >= 0.95 ? 0.9 : 0.75) };
      } else if (fromGrid) cells[field] = fromGrid;
      else if (fromLines && !(NUMERIC.has(field) && numericCount(a) >= 2)) {
        // An eye the geometry read well: a value only the line reader saw is more likely misplaced than missed.
        cells[field] = fromLines;
      }
    }
    if (Object.keys(cells).length > 0) out[key] = cells;
  }
  return out;
}

/** 0–1 from the OCR's word confidence: a clearly read word keeps the value's certainty, a doubtful one lowers it. */
function ocrFactor(confidence: number | undefined): number {
  if (confidence === undefined) return 0.9;
  return Math.min(1, 0.4 + (0.6 * confidence) / 0.9);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Cells → values and confidences: off-grid values dropped, the eyes compared, ADD words mapped. */
function finish(
  reading: Reading,
  options: ParseOptions,
): { prescription: RxAnalysis["prescription"]; confidence: RxConfidence } {
  const prescription: RxAnalysis["prescription"] = {};
  const confidence: RxConfidence = {};
  const cellsOf = new Map<string, Cell>();
  for (const key of EYE_KEYS) {
    const cells = reading[key];
    if (!cells) continue;
    const eye: RxEyeReading = {};
    for (const field of LENS_FIELDS) {
      const cell = cells[field];
      if (!cell) continue;
      let value = cell.value;
      let factor = gridScore(field, value);
      if (factor === 0) continue;
      if (field === "add" && /^[A-Z]+$/i.test(value)) {
        const mapped = mapAddLabel(value, options.addLabels);
        if (mapped === null) factor *= 0.5;
        else value = mapped;
      }
      eye[field] = value;
      cellsOf.set(`${key}.${field}`, { ...cell, certainty: cell.certainty * factor });
    }
    if (Object.keys(eye).length > 0) prescription[key] = eye;
  }
  // A brand read without its last words ("1-Day Acuvue Moist" for "… for Astigmatism") shows in the values: a
  // cylinder wants a toric lens, an ADD a multifocal one.
  for (const key of EYE_KEYS) {
    const eye = prescription[key];
    const brand = eye?.brand;
    if (!eye || !brand || !cellsOf.has(`${key}.brand`)) continue;
    const toricMissing = eye.cylinder !== undefined && !/astigmatism|toric/i.test(brand);
    const multifocalMissing = eye.add !== undefined && !/multifocal|presbyopia/i.test(brand);
    if (toricMissing || multifocalMissing) {
      const cell = cellsOf.get(`${key}.brand`)!;
      cellsOf.set(`${key}.brand`, { ...cell, certainty: cell.certainty * 0.7 });
    }
  }
  const apart = eyeDifference(prescription);
  for (const [path, cell] of cellsOf) {
    const field = path.split(".")[1] as keyof typeof apart;
    const eyes = apart[field] ?? 1;
    confidence[path] = round(cell.certainty * ocrFactor(cell.ocr) * eyes);
  }
  return { prescription, confidence };
}

function hasAny(reading: Reading): boolean {
  return EYE_KEYS.some((key) => Object.keys(reading[key] ?? {}).length > 0);
}

/**
 * Null when no lens value was found (junk, a face, an appointment card) and the page is not a glasses
 * prescription; a glasses-only prescription answers `spectaclesOnly` with no lens values.
 */
export function parseRxPage(page: OcrPage, options: ParseOptions): RxAnalysis | null {
  const kind = options.kind ?? "prescription";
  const rows = rowsOf({
    ...page,
    words: page.words
      .map((word) => ({ ...word, text: normalizeText(word.text).trim() }))
      // A table's rules read as "|" or brackets: not words.
      .filter((word) => word.text && !/^[|¦[\]{}]+$/.test(word.text)),
  });
  const allLines = fieldLines(rows);
  const filtered = kind === "box" ? { lens: rows, spectacles: false } : filterNonLens(rows);
  const lensRows = filtered.lens.filter((row) => !(isBalance(row.text) && !/\d/.test(row.text.replace(/^\S+/, ""))));
  const grid = kind === "box" ? {} : readGrid(lensRows);
  const lines = lineReading(
    page,
    lensRows.map((row) => (kind === "box" ? row.text : rewriteNotation(withoutLead(row.text)))).join("\n"),
    kind,
  );
  const merged = merge(grid, lines);
  if (kind === "prescription") Object.assign(merged, readOrphanRow(lensRows, merged));
  if (!hasAny(merged) && !filtered.spectacles) return null;
  const finished = finish(merged, options);
  const { confidence } = finished;
  let { prescription } = finished;
  if (kind === "box") {
    if (Object.keys(prescription).length === 0) return null;
    return { prescription, patient: {}, confidence, correlationId: options.correlationId };
  }
  // A brand without a value ("Lens type: SV distance" on a glasses Rx, a product on a bill) is no prescription.
  const spectaclesOnly = !hasLensValues({ prescription });
  if (spectaclesOnly) {
    if (!filtered.spectacles) return null;
    prescription = {};
    for (const path of Object.keys(confidence)) delete confidence[path];
  }

  const { patient, anchor, nameCertainty } = readPatient(allLines);
  const expirationDate = readExpiration(allLines);
  const issueDate = readIssueDate(allLines);
  const prescriber = readPrescriber(allLines, anchor) ?? {};
  const license = readLicense(allLines);
  const npi = readNpi(allLines);
  if (license) prescriber.license = license;
  if (npi) prescriber.npi = npi;
  const sure = (path: string, value: string | undefined, certainty: number) => {
    if (value) confidence[path] = round(certainty * ocrFactor(textConfidence(page, value)));
  };
  for (const [field, value] of Object.entries(patient)) {
    const certainty = field === "firstName" || field === "lastName" ? nameCertainty : field === "address1" ? 0.85 : 0.9;
    sure(`patient.${field}`, value, certainty);
  }
  sure("expirationDate", expirationDate, 0.9);
  sure("issueDate", issueDate, 0.85 * datesAgree(issueDate, expirationDate));
  for (const [field, value] of Object.entries(prescriber)) {
    // A practice's name has two words or more and no path separator ("Records / Vision" is a portal's menu).
    const unlikelyClinic = field === "clinicName" && (/\//.test(value) || value.split(/\s+/).length < 2);
    sure(`prescriber.${field}`, value, unlikelyClinic ? 0.6 : 0.9);
  }
  return {
    prescription,
    patient,
    ...(expirationDate ? { expirationDate } : {}),
    ...(issueDate ? { issueDate } : {}),
    ...(Object.keys(prescriber).length > 0 ? { prescriber } : {}),
    confidence,
    ...(spectaclesOnly ? { spectaclesOnly: true } : {}),
    correlationId: options.correlationId,
  };
}

/**
 * 1 when the exam date sits before the expiration by at most three years (a prescription runs one or two), lower
 * when it does not (a birth date read as the exam's).
 */
function datesAgree(issueDate: string | undefined, expirationDate: string | undefined): number {
  if (!issueDate) return 1;
  if (Number(issueDate.slice(0, 4)) < 2000) return 0.5;
  if (!expirationDate) return 1;
  const years = (Date.parse(expirationDate) - Date.parse(issueDate)) / (365.25 * 86_400_000);
  return years > 0 && years <= 3 ? 1 : 0.5;
}

/** The lowest OCR confidence of the words that spell a text value ("Jane", "Doe"), when they are found. */
function textConfidence(page: OcrPage, value: string): number | undefined {
  const parts = value
    .toLowerCase()
    .split(/[\s,()-]+/)
    .filter((part) => part.length >= 2);
  const found = parts
    .map((part) => page.words.filter((word) => word.text.toLowerCase().includes(part)).map((word) => word.confidence))
    .filter((list) => list.length > 0)
    .map((list) => Math.max(...list));
  return found.length === 0 ? undefined : Math.min(...found);
}

/** Whether the analysis holds any lens value (what makes an image a prescription rather than an appointment card). */
export function hasLensValues(analysis: Pick<RxAnalysis, "prescription"> | null | undefined): boolean {
  return EYE_KEYS.some((key) => {
    const eye = analysis?.prescription[key];
    return (
      eye !== undefined &&
      (["sphere", "cylinder", "axis", "add", "baseCurve", "diameter"] as const).some(
        (field) => eye[field] !== undefined,
      )
    );
  });
}
