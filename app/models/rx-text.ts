import type { RxAnalysis, RxEyeKey, RxEyeReading } from "./rx-analysis";
import { findBrand, findColor, normalizeBrand, normalizeColor } from "./rx-text-brands";
import { readExpiration, readPatient, readPrescriber } from "./rx-text-fields";
import {
  hasExplicitSign,
  normalizeAdd,
  normalizeAxis,
  normalizeBaseCurve,
  normalizeCylinder,
  normalizeDiameter,
  normalizeSphere,
  parseNumberToken,
} from "./rx-text-values";

/**
 * OCR text (or a PDF's text layer) → the prescription it holds (spec 2 §3 AI analysis result), pure and forgiving.
 * Lens values come per eye from three shapes: a table (a header row of labels, then one row per eye: OD/OS, Right/
 * Left), a transposed table (a header of eyes, then one row per label) and prose or a box label ("BC 8.6",
 * "Power: -2.25"). A row's unlabelled values are aligned to the header's columns, keeping only plausible ones, so a
 * blank cell or a stray mark shifts nothing. Without a stated eye the values go to unknownEye1.
 */

type NumericField = "sphere" | "cylinder" | "axis" | "add" | "baseCurve" | "diameter";
type Field = NumericField | "color" | "brand";
type EyeCode = "OD" | "OS" | "OU";

/** What the text is: a prescription (eyes, patient, prescriber) or a lens box (one eye's values and a brand). */
export type RxTextKind = "prescription" | "box";

const NORMALIZERS: Record<NumericField, (raw: string) => string | null> = {
  sphere: normalizeSphere,
  cylinder: normalizeCylinder,
  axis: normalizeAxis,
  add: normalizeAdd,
  baseCurve: normalizeBaseCurve,
  diameter: normalizeDiameter,
};
const NUMERIC_FIELDS = Object.keys(NORMALIZERS) as NumericField[];

const LABEL_SOURCE: Record<Field, string> = {
  sphere: "sph\\s?/\\s?pwr|pwr\\s?/\\s?sph|sphere|spherical|sph|power|powr|p0wer|pwr",
  cylinder: "cylinder|cyl|cy1|cvl",
  axis: "axis|ax1s|axs|ax",
  add: "add\\s+power|add\\s+pwr|add",
  baseCurve: "base\\s*curve|b\\.\\s?c\\.?|bc|8c|b/c",
  diameter: "diameter|diam|dia|d1a|0ia",
  color: "colou?r|tint",
  brand: "brand\\s?/\\s?lens|manufacturer\\s?/\\s?brand|brand|lens\\s+(?:name|brand|type)|lens(?=\\s*:)|product|manufacturer",
};
function labelPattern(sources: Record<Field, string>): RegExp {
  const alternatives = Object.entries(sources).map(([field, source]) => `(?<${field}>${source})`);
  return new RegExp(`(?<![A-Za-z0-9])(?:${alternatives.join("|")})(?![A-Za-z0-9])\\.?\\s*[:=]?`, "gi");
}
const LABEL = labelPattern(LABEL_SOURCE);
/** In a header row "Lens" alone names the brand column (in prose it is just a word). */
const HEADER_LABEL = labelPattern({ ...LABEL_SOURCE, brand: `${LABEL_SOURCE.brand}|lens` });

const EYE_START: ReadonlyArray<[EyeCode, RegExp]> = [
  ["OD", /^(?:[Rr]ight(?:\s+[Ee]ye)?|RIGHT(?:\s+EYE)?|O\.\s?D\.?|[O0Q]D|RE|R\.E\.|R(?=:?\s+[-+\dtPp—]))(?![A-Za-z0-9/])/],
  ["OS", /^(?:[Ll]eft(?:\s+[Ee]ye)?|LEFT(?:\s+EYE)?|O\.\s?S\.?|[O0Q][S5]|Os|LE|L\.E\.|L(?=:?\s+[-+\dtPp—]))(?![A-Za-z0-9/])/],
  ["OU", /^(?:O\.\s?U\.?|[O0]U|[Bb]oth\s+[Ee]yes|BOTH\s+EYES)(?![A-Za-z0-9/])/],
];
const EYE_ANYWHERE: ReadonlyArray<[EyeCode, RegExp]> = [
  ["OD", /(?<![A-Za-z0-9])(?:O\.?\s?D\.?|[0Q]D|Right(?:\s+Eye)?|RIGHT)(?![A-Za-z0-9])/g],
  ["OS", /(?<![A-Za-z0-9])(?:O\.?\s?S\.?|[0Q]S|Left(?:\s+Eye)?|LEFT)(?![A-Za-z0-9])/g],
];
/** Another eye's label inside a row ("OD: -2.25 8.6 14.2   OS: -2.50 8.6 14.2"). */
const EYE_INSIDE = /\s(?=(?:O\.\s?S\.?|[O0Q]S|Left(?:\s+[Ee]ye)?|LE|O\.\s?D\.?|[O0Q]D|Right(?:\s+[Ee]ye)?)(?:\s*[:(]|\s+[-+\dt]))/;
const AFTER_EYE = /^\s*(?:eye\b)?\s*(?:\([^)]{0,16}\)|\b(?:right|left)(?:\s+eye)?\b)?\s*(?:[:;|]|-(?=\s))?\s*/i;
/** An empty cell: a dash, N/A, or DS/SPH in a cylinder column ("dioptres sphere": no astigmatism). */
const BLANK = /^(?:-{1,3}|—|_|n\/?a|none|nil|DS|SPH)$/i;
const ADD_WORD = /^(?:LOW|LO|MID|MED|MEDIUM|HIGH|HI)$/i;

interface Token {
  text: string;
  start: number;
}

interface Label {
  field: Field;
  start: number;
  end: number;
}

interface EyeDraft extends RxEyeReading {
  unsignedSphere?: boolean;
}

function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    // A dash before a digit is a minus; a dash alone is an empty cell.
    .replace(/[\u2212\u2010-\u2015](?=\s?\d)/g, "-")
    .replace(/[\u2013-\u2015]/g, "—")
    .replace(/[\u2212\u2010-\u2012]/g, "-")
    .replace(/\bN\/A\b/gi, "NA")
    .replace(/[\u00a0\t]/g, " ")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/ﬁ/g, "fi")
    .replace(/ﬂ/g, "fl")
    .replace(/ +/g, " ");
}

/** Splits glued values apart ("-2.25-0.75", "-0.75x180", "- 2.25") before tokenising. */
function prepareRow(text: string): string {
  return text
    .replace(/(\d),(\d\d)(?!\d)/g, "$1.$2")
    .replace(/(\d)\s*[x×]\s*(\d)/g, "$1 x$2")
    .replace(/(\d)([+-]\d)/g, "$1 $2");
}

function tokenize(text: string): Token[] {
  return [...text.matchAll(/[^\s|;,/()[\]{}]+/g)].map((m) => ({ text: m[0], start: m.index }));
}

function findLabels(text: string, pattern = LABEL): Label[] {
  return [...text.matchAll(pattern)].map((m) => ({
    field: Object.entries(m.groups ?? {}).find(([, value]) => value !== undefined)![0] as Field,
    start: m.index,
    end: m.index + m[0].length,
  }));
}

function isValue(token: string): boolean {
  return BLANK.test(token) || ADD_WORD.test(token) || /^PL(?:ANO)?$/i.test(token) || parseNumberToken(token) !== null;
}

function setValue(eye: EyeDraft, field: NumericField, raw: string): boolean {
  if (eye[field] !== undefined || BLANK.test(raw)) return false;
  const value = NORMALIZERS[field](raw);
  if (value === null) return false;
  eye[field] = value;
  if (field === "sphere") eye.unsignedSphere = !hasExplicitSign(raw) && value !== "0.00";
  return true;
}

/** Plausible values of a row without labels, by kind: signed dioptres, then a cylinder, an axis, BC and DIA. */
function assignByKind(eye: EyeDraft, values: readonly Token[]): void {
  for (const { text } of values) {
    if (BLANK.test(text)) continue;
    const number = parseNumberToken(text.replace(/^x/, ""));
    if (/^x/.test(text) || (number && number.fraction === null && number.sign === null && eye.cylinder)) {
      if (setValue(eye, "axis", text)) continue;
    }
    if (ADD_WORD.test(text) && setValue(eye, "add", text)) continue;
    const oneDecimal = number?.fraction?.length === 1 && number.sign === null;
    if (oneDecimal && (setValue(eye, "baseCurve", text) || setValue(eye, "diameter", text))) continue;
    if (!eye.sphere && !oneDecimal && setValue(eye, "sphere", text)) continue;
    if (eye.sphere && number?.sign !== "+" && number?.fraction?.length === 2 && setValue(eye, "cylinder", text)) {
      continue;
    }
    if (eye.sphere && number?.sign !== "-" && setValue(eye, "add", text)) continue;
    if (number && number.fraction === null) setValue(eye, "axis", text);
  }
}

/**
 * Unlabelled row values against the header's columns: the order-keeping assignment with the most plausible values
 * (a dynamic programme like an edit distance: a column may stay empty, a stray token may be skipped).
 */
function alignToColumns(eye: EyeDraft, values: readonly Token[], columns: readonly NumericField[]): void {
  const score = (column: NumericField, token: string) =>
    BLANK.test(token) ? 0.5 : NORMALIZERS[column](token) !== null ? 1 : -Infinity;
  const best: number[][] = Array.from({ length: columns.length + 1 }, () => new Array(values.length + 1).fill(0));
  for (let i = columns.length - 1; i >= 0; i--) {
    for (let j = values.length - 1; j >= 0; j--) {
      best[i]![j] = Math.max(
        best[i + 1]![j]!,
        best[i]![j + 1]! - 0.01,
        best[i + 1]![j + 1]! + score(columns[i]!, values[j]!.text),
      );
    }
  }
  let i = 0;
  let j = 0;
  while (i < columns.length && j < values.length) {
    const here = best[i]![j]!;
    if (here === best[i + 1]![j + 1]! + score(columns[i]!, values[j]!.text)) {
      setValue(eye, columns[i]!, values[j]!.text);
      i++;
      j++;
    } else if (here === best[i + 1]![j]!) i++;
    else j++;
  }
}

function readWords(eye: EyeDraft, words: string, columns: readonly Field[]): void {
  if (!/[A-Za-z]{3}/.test(words)) return;
  const color = findColor(words);
  if (color && !eye.color && (columns.includes("color") || columns.length === 0)) eye.color = color.name;
  const rest = color ? words.slice(0, color.start) + words.slice(color.end) : words;
  if (!eye.brand && (columns.includes("brand") || findBrand(rest))) {
    const brand = columns.includes("brand") ? normalizeBrand(rest) : findBrand(rest)?.name;
    if (brand) eye.brand = brand;
  }
}

/** One eye's text (a table row or a sentence): labelled values, then the rest by the header or by kind. */
function readEyeText(eye: EyeDraft, raw: string, columns: readonly Field[], labelledOnly = false): void {
  const text = prepareRow(raw);
  // In a table row, "SPH" or "DS" in the cylinder column is an empty cell, not a label.
  const labels = findLabels(text).filter(
    (label) => columns.length === 0 || !BLANK.test(text.slice(label.start, label.end).trim()),
  );
  const tokens = tokenize(text).filter((token) => !labels.some((l) => token.start >= l.start && token.start < l.end));
  const used = new Set<Token>();
  if (labels.length > 0) {
    const firstValue = tokens.find((token) => isValue(token.text));
    const after = !firstValue || labels[0]!.start <= firstValue.start;
    labels.forEach((label, index) => {
      const from = after ? label.end : index > 0 ? labels[index - 1]!.end : 0;
      const to = after ? (labels[index + 1]?.start ?? text.length) : label.start;
      const region = tokens.filter((token) => token.start >= from && token.start < to && !used.has(token));
      if (label.field === "brand" || label.field === "color") {
        const words = region.filter((token) => !isValue(token.text)).map((token) => token.text);
        const value = label.field === "brand" ? normalizeBrand(words.join(" ")) : normalizeColor(words.join(" "));
        if (value && !eye[label.field]) eye[label.field] = value;
        return;
      }
      const ordered = after ? region : [...region].reverse();
      const hit = ordered.find((token) => isValue(token.text) && NORMALIZERS[label.field as NumericField](token.text));
      if (hit && setValue(eye, label.field as NumericField, hit.text)) used.add(hit);
    });
  }
  const rest = tokens.filter((token) => !used.has(token));
  const values = rest.filter((token) => isValue(token.text));
  if (!labelledOnly) {
    const numericColumns = columns.filter((c): c is NumericField => (NUMERIC_FIELDS as string[]).includes(c));
    if (labels.length === 0 && numericColumns.length > 0) alignToColumns(eye, values, numericColumns);
    else assignByKind(eye, values);
  }
  if (!labelledOnly || labels.length > 0) {
    readWords(eye, rest.filter((token) => !isValue(token.text)).map((t) => t.text).join(" "), columns);
  }
}

function eyeAtStart(line: string): { eye: EyeCode; rest: string } | null {
  const text = line.replace(/^[\s|[\]{}*•·>]+/, "");
  for (const [eye, pattern] of EYE_START) {
    const match = pattern.exec(text);
    if (!match) continue;
    const rest = text.slice(match[0].length);
    return { eye, rest: rest.replace(AFTER_EYE, "") };
  }
  return null;
}

function headerColumns(line: string): Field[] | null {
  const text = prepareRow(line);
  const labels = findLabels(text, HEADER_LABEL);
  const numeric = labels.filter((label) => (NUMERIC_FIELDS as string[]).includes(label.field));
  const values = tokenize(text).filter((token) => isValue(token.text) && !BLANK.test(token.text));
  return numeric.length >= 2 && values.length <= 1 ? labels.map((label) => label.field) : null;
}

function eyesInLine(line: string): EyeCode[] {
  return EYE_ANYWHERE.flatMap(([eye, pattern]) => [...line.matchAll(pattern)].map((m) => ({ eye, at: m.index })))
    .sort((a, b) => a.at - b.at)
    .map(({ eye }) => eye);
}

type Eyes = Partial<Record<RxEyeKey, EyeDraft>>;

function draft(eyes: Eyes, code: EyeCode): EyeDraft[] {
  const keys: RxEyeKey[] = code === "OU" ? ["OD", "OS"] : [code];
  return keys.map((key) => (eyes[key] ??= {}));
}

/** A table of one row per label and one column per eye: "Sphere -2.25 -2.50". */
function readTransposed(eyes: Eyes, lines: readonly string[], start: number, order: EyeCode[]): number {
  let index = start;
  for (; index < Math.min(lines.length, start + 12); index++) {
    const text = prepareRow(lines[index]!);
    const label = findLabels(text)[0];
    if (!label || label.start > 3) break;
    const tokens = tokenize(text.slice(label.end));
    if (label.field === "brand" || label.field === "color") {
      let rest = text.slice(label.end);
      for (const code of order) {
        const found = label.field === "brand" ? findBrand(rest) : findColor(rest);
        if (!found) break;
        for (const eye of draft(eyes, code)) eye[label.field] ??= found.name;
        rest = rest.slice(found.end);
      }
      continue;
    }
    const values = tokens.filter((token) => isValue(token.text));
    order.forEach((code, position) => {
      const value = values[position];
      if (value) for (const eye of draft(eyes, code)) setValue(eye, label.field as NumericField, value.text);
    });
  }
  return index - 1;
}

function readEyes(lines: readonly string[]): Eyes {
  const eyes: Eyes = {};
  let columns: Field[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const header = headerColumns(line);
    const eyeOrder = eyesInLine(line);
    const hasValue = tokenize(prepareRow(line)).some((token) => isValue(token.text) && !BLANK.test(token.text));
    if (new Set(eyeOrder).size >= 2 && !hasValue) {
      index = readTransposed(eyes, lines, index + 1, eyeOrder.slice(0, 2));
      continue;
    }
    if (header) {
      columns = header;
      continue;
    }
    const start = eyeAtStart(line);
    if (!start) continue;
    let text = start.rest;
    // A row whose values wrapped onto the next line(s), or a label alone on its line.
    const expected = Math.max(1, columns.filter((c) => c !== "brand" && c !== "color").length);
    for (let next = index + 1; next < Math.min(lines.length, index + 3); next++) {
      const count = tokenize(prepareRow(text)).filter((token) => isValue(token.text)).length;
      const following = lines[next]!;
      if (count >= expected || eyeAtStart(following) || headerColumns(following)) break;
      const tokens = tokenize(prepareRow(following));
      if (tokens.length === 0 || tokens.filter((t) => isValue(t.text)).length * 2 < tokens.length) break;
      text += ` ${following}`;
      index = next;
    }
    const parts = text.split(EYE_INSIDE);
    for (const eye of draft(eyes, start.eye)) readEyeText(eye, parts[0]!, columns);
    for (const part of parts.slice(1)) {
      const inner = eyeAtStart(part);
      if (inner) for (const eye of draft(eyes, inner.eye)) readEyeText(eye, inner.rest, columns);
    }
  }
  return eyes;
}

/** A box label, or a prescription without eyes: labelled values only (a lot number is not a power). */
function readUnknownEye(lines: readonly string[], kind: RxTextKind): EyeDraft {
  const eye: EyeDraft = {};
  for (const line of lines) readEyeText(eye, line, [], true);
  const whole = lines.join(" ");
  if (!eye.brand && kind === "box") {
    const brand = findBrand(whole);
    if (brand) eye.brand = brand.name;
  }
  return eye;
}

function hasValues(eye: EyeDraft | undefined): eye is EyeDraft {
  return eye !== undefined && Object.entries(eye).some(([key, value]) => key !== "unsignedSphere" && value);
}

/** An unsigned sphere lost its sign to OCR more often than it is "+": it borrows the other eye's minus. */
function finishEyes(eyes: Eyes): RxAnalysis["prescription"] {
  const result: RxAnalysis["prescription"] = {};
  for (const key of ["OD", "OS", "unknownEye1"] as const) {
    const eye = eyes[key];
    if (!hasValues(eye)) continue;
    const other = eyes[key === "OD" ? "OS" : "OD"];
    const { unsignedSphere, ...reading } = eye;
    if (unsignedSphere && key !== "unknownEye1" && other?.sphere?.startsWith("-") && !other.unsignedSphere) {
      reading.sphere = reading.sphere!.replace("+", "-");
    }
    result[key] = reading;
  }
  return result;
}

/** Null when no lens value was found (junk text, a photo of a face, an empty PDF). */
export function parseRxText(
  text: string,
  options: { correlationId: string; kind?: RxTextKind },
): RxAnalysis | null {
  const kind = options.kind ?? "prescription";
  const lines = normalizeText(text)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const eyes = kind === "box" ? {} : readEyes(lines);
  if (!hasValues(eyes.OD) && !hasValues(eyes.OS)) {
    const unknown = readUnknownEye(lines, kind);
    if (hasValues(unknown)) eyes.unknownEye1 = unknown;
  }
  const prescription = finishEyes(eyes);
  if (Object.keys(prescription).length === 0) return null;
  if (kind === "box") return { prescription, patient: {}, correlationId: options.correlationId };
  const { patient, anchor } = readPatient(lines);
  const expirationDate = readExpiration(lines);
  const prescriber = readPrescriber(lines, anchor);
  return {
    prescription,
    patient,
    ...(expirationDate ? { expirationDate } : {}),
    ...(prescriber ? { prescriber } : {}),
    correlationId: options.correlationId,
  };
}
