import type { RxEyeReading } from "./rx-analysis";
import { findBrand, findColor, normalizeBrand, normalizeColor } from "./rx-text-brands";
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
 * Reading one eye's values out of a piece of text (rx-text.ts finds the pieces): a table row under a header, a
 * sentence ("Right eye (OD): Acuvue Oasys, power -2.25, BC 8.4"), the clinical shorthand ("-2.25 -1.25 x 180") or a
 * box label's parameter line ("BC 8.6 DIA 14.2 PWR -3.00"). Labels pair with the value beside them; a table row's
 * unlabelled values are aligned to the header's columns; anything else is placed by what kind of value it is.
 */

export type NumericField = "sphere" | "cylinder" | "axis" | "add" | "baseCurve" | "diameter";
export type Field = NumericField | "color" | "brand";

export const NORMALIZERS: Record<NumericField, (raw: string) => string | null> = {
  sphere: normalizeSphere,
  cylinder: normalizeCylinder,
  axis: normalizeAxis,
  add: normalizeAdd,
  baseCurve: normalizeBaseCurve,
  diameter: normalizeDiameter,
};
export const NUMERIC_FIELDS = Object.keys(NORMALIZERS) as NumericField[];

export function isNumericField(field: Field): field is NumericField {
  return field !== "brand" && field !== "color";
}

const LABEL_SOURCE: Record<Field, string> = {
  sphere: "sph\\s?/\\s?pwr|pwr\\s?/\\s?sph|pwr\\s?/\\s?d|sphere|spherical|sph|power|powr|p0wer|pwr",
  cylinder: "cylinder|cyl|cy1|cvl",
  axis: "axis|ax1s|axs|ax",
  add: "add\\s+power|add\\s+pwr|add",
  baseCurve: "base\\s*curve|b\\.\\s?c\\.?|bc|8c|b/c",
  diameter: "diameter|diam|dia|d1a|0ia",
  color: "colou?r|tint",
  brand:
    "brand\\s?/\\s?lens|manufacturer\\s?/\\s?brand|lens\\s+brand|brand|lens\\s+(?:name|type|prescribed)|contact\\s+lens(?=\\s*:)|lens(?=\\s*:)|manufacturer",
};

function labelPattern(sources: Record<Field, string>): RegExp {
  const alternatives = Object.entries(sources).map(([field, source]) => `(?<${field}>${source})`);
  return new RegExp(`(?<![A-Za-z0-9])(?:${alternatives.join("|")})(?![A-Za-z0-9])\\.?\\s*[:=]?`, "gi");
}
const LABEL = labelPattern(LABEL_SOURCE);
/** In a header row "Lens" alone names the brand column (in prose it is just a word). */
export const HEADER_LABEL = labelPattern({
  ...LABEL_SOURCE,
  brand: `${LABEL_SOURCE.brand}|lens`,
  // A narrow header cell wraps "BASE CURVE" onto two lines.
  baseCurve: `${LABEL_SOURCE.baseCurve}|base|curve`,
});
/** A box prints "D -3.00" for the power and "Ø 14.2" (often read as 0 or @) for the diameter. */
const BOX_LABEL = labelPattern({
  ...LABEL_SOURCE,
  sphere: `${LABEL_SOURCE.sphere}|d`,
  diameter: `${LABEL_SOURCE.diameter}|ø|@|©`,
});

/** An empty cell: a dash, N/A, or DS/SPH in a cylinder column ("dioptres sphere": no astigmatism). */
export const BLANK = /^(?:-{1,3}|—|_|n\/?a|none|nil|DS|SPH)$/i;
const ADD_WORD = /^(?:LOW|LO|MID|MED|MEDIUM|HIGH|HI)$/i;
/** A row's brand cell saying there is no lens for that eye. */
const NO_LENS = /\b(?:no (?:contact )?lens|not prescribed|none|n\/?a)\b/i;

export interface Token {
  text: string;
  start: number;
}

export interface Label {
  field: Field;
  start: number;
  end: number;
}

export interface EyeDraft extends RxEyeReading {
  unsignedSphere?: boolean;
}

export type LabelSet = "row" | "header" | "box";

/** A label run into its value on a box ("BC8.6", "PWR/D+3.00", "AXIS110"). */
const GLUED_LABEL = /(?<![A-Za-z])(B\.?C\.?|DIAM?|PWR(?:\/D)?|SPH|CYL|AXIS|AX|ADD)(?=[-+\u2212]?\d)/gi;

/**
 * Splits glued values apart and reads a decimal comma, before tokenising: "-2.25-0.75", "-0.75x180" and, where
 * handwriting left no gaps, an axis run into the base curve ("x208.5": 20 and 8.5) and a base curve run into the
 * diameter ("8.514.5": 8.5 and 14.5) — split only where each piece lands on its own grid (BC 7–9.x, DIA 12–16).
 */
export function prepareRow(text: string): string {
  return text
    .replace(GLUED_LABEL, "$1 ")
    .replace(/(\d),(\d\d)(?!\d)/g, "$1.$2")
    .replace(/(\d)\s*[x×X]\s*(\d)/g, "$1 x$2")
    .replace(/(\d)([+-]\d)/g, "$1 $2")
    .replace(/(?<![A-Za-z\d])(x\d{1,3}?)([7-9]\.\d)/g, "$1 $2")
    .replace(/(?<![\d.])([7-9]\.\d{1,2}?)(1[2-6]\.\d{1,2})(?![\d.])/g, "$1 $2");
}

export function tokenize(text: string): Token[] {
  return [...text.matchAll(/[^\s|;:=,/()[\]{}]+/g)].map((m) => ({ text: m[0], start: m.index }));
}

export function findLabels(text: string, set: LabelSet = "row"): Label[] {
  const pattern = set === "header" ? HEADER_LABEL : set === "box" ? BOX_LABEL : LABEL;
  return [...text.matchAll(pattern)].map((m) => ({
    field: Object.entries(m.groups ?? {}).find(([, value]) => value !== undefined)![0] as Field,
    start: m.index,
    end: m.index + m[0].length,
  }));
}

export function isValue(token: string): boolean {
  if (BLANK.test(token) || ADD_WORD.test(token) || /^PL(?:ANO)?$/i.test(token)) return true;
  // "x180": the axis in the shorthand "-0.75 x 180".
  return parseNumberToken(token.replace(/^x(?=\d)/, "")) !== null;
}

export function valueCount(text: string): number {
  return tokenize(prepareRow(text)).filter((token) => isValue(token.text) && !BLANK.test(token.text)).length;
}

export function setValue(eye: EyeDraft, field: NumericField, raw: string): boolean {
  if (eye[field] !== undefined || BLANK.test(raw)) return false;
  const value = NORMALIZERS[field](raw);
  if (value === null) return false;
  eye[field] = value;
  if (field === "sphere") eye.unsignedSphere = !hasExplicitSign(raw) && value !== "0.00";
  return true;
}

/** Plausible values without labels, by kind: signed dioptres (sphere, then cylinder), an axis, BC, DIA, add. */
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
 * Unlabelled values against a header's columns: the order-keeping assignment with the most plausible values (a
 * dynamic programme like an edit distance: a column may stay empty, a stray token may be skipped).
 */
export function alignToColumns(eye: EyeDraft, values: readonly Token[], columns: readonly NumericField[]): void {
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
  const unused: Token[] = [];
  while (i < columns.length && j < values.length) {
    const here = best[i]![j]!;
    if (here === best[i + 1]![j + 1]! + score(columns[i]!, values[j]!.text)) {
      setValue(eye, columns[i]!, values[j]!.text);
      i++;
      j++;
    } else if (here === best[i + 1]![j]!) i++;
    else unused.push(values[j++]!);
  }
  // A column whose header OCR lost ("Ø" read as "[7]") still has its value in the row.
  assignByKind(eye, [...unused, ...values.slice(j)]);
}

/** Labels paired with the value after them ("BC 8.6") or before them ("8.6 base curve"); how many were set. */
function pairLabels(eye: EyeDraft, text: string, labels: readonly Label[], tokens: readonly Token[], after: boolean) {
  const used = new Set<Token>();
  labels.forEach((label, index) => {
    const from = after ? label.end : index > 0 ? labels[index - 1]!.end : 0;
    const to = after ? (labels[index + 1]?.start ?? text.length) : label.start;
    const region = tokens.filter((token) => token.start >= from && token.start < to && !used.has(token));
    if (!isNumericField(label.field)) {
      const words = region.filter((token) => !isValue(token.text)).map((token) => token.text);
      const value = label.field === "brand" ? brandOf(words.join(" ")) : normalizeColor(words.join(" "));
      if (value && !eye[label.field]) eye[label.field] = value;
      return;
    }
    const field = label.field;
    const ordered = after ? region : [...region].reverse();
    const hit = ordered.find((token) => isValue(token.text) && NORMALIZERS[field](token.text) !== null);
    if (hit && setValue(eye, field, hit.text)) used.add(hit);
  });
  return used;
}

function brandOf(text: string): string | undefined {
  const cleaned = text.replace(/\((?:both eyes|OU)\)|\bOU\b/gi, " ");
  return NO_LENS.test(cleaned) ? undefined : normalizeBrand(cleaned);
}

function filled(eye: EyeDraft): number {
  return Object.values(eye).filter((value) => typeof value === "string").length;
}

function blank(text: string, start: number, end: number): string {
  return text.slice(0, start) + " ".repeat(end - start) + text.slice(end);
}

/**
 * The row's brand, and the row without it. A brand holding digits ("clariti 1 day") is found in the text as it is;
 * one whose cell wrapped around the values ("Acuvue Oasys for … 8.6 14.5 … Astigmatism") among the words alone.
 */
function takeBrand(eye: EyeDraft, text: string): string {
  const asIs = findBrand(text);
  let words = text;
  for (const token of tokenize(text)) {
    if (isValue(token.text)) words = blank(words, token.start, token.start + token.text.length);
  }
  words = words.replace(/\((?:O\.?D|O\.?S|right|left)[^)]*\)/gi, (match) => " ".repeat(match.length));
  const apart = findBrand(words);
  if (apart && (!asIs || apart.name.length > asIs.name.length)) {
    eye.brand ??= apart.name;
    let out = text;
    for (const token of tokenize(text.slice(apart.start, apart.end))) {
      const start = apart.start + token.start;
      if (!isValue(token.text)) out = blank(out, start, start + token.text.length);
    }
    return out;
  }
  if (!asIs) return text;
  eye.brand ??= asIs.name;
  return blank(text, asIs.start, asIs.end);
}

/**
 * One eye's text: its brand first (a brand like "clariti 1 day" holds numbers that are not values), then labelled
 * values, then the rest by the header's columns or by kind. `labelledOnly` keeps a box's lot and barcode digits out.
 */
export function readEyeText(
  eye: EyeDraft,
  raw: string,
  options: { columns?: readonly Field[]; labels?: LabelSet; labelledOnly?: boolean } = {},
): void {
  const columns = options.columns ?? [];
  let text = prepareRow(raw);
  text = takeBrand(eye, text);
  // In a table row, "SPH" or "DS" in the cylinder column is an empty cell, not a label.
  const labels = findLabels(text, options.labels).filter(
    (label) => columns.length === 0 || !BLANK.test(text.slice(label.start, label.end).replace(/[:=.\s]/g, "")),
  );
  if (options.labelledOnly && labels.length === 0) return;
  const tokens = tokenize(text).filter((token) => !labels.some((l) => token.start >= l.start && token.start < l.end));
  let used = new Set<Token>();
  if (labels.length > 0) {
    // Whichever pairing reads more values is the text's habit (a sentence may put labels after values).
    const forward: EyeDraft = { ...eye };
    const backward: EyeDraft = { ...eye };
    const usedForward = pairLabels(forward, text, labels, tokens, true);
    const usedBackward = pairLabels(backward, text, labels, tokens, false);
    const useForward = filled(forward) >= filled(backward);
    Object.assign(eye, useForward ? forward : backward);
    used = useForward ? usedForward : usedBackward;
  }
  const rest = tokens.filter((token) => !used.has(token));
  const values = rest.filter((token) => isValue(token.text));
  const numericColumns = columns.filter(isNumericField);
  if (labels.length === 0 && numericColumns.length > 0) alignToColumns(eye, values, numericColumns);
  else assignByKind(eye, values);
  const words = rest
    .filter((token) => !isValue(token.text))
    .map((token) => token.text)
    .join(" ");
  if (!/[A-Za-z]{3}/.test(words)) return;
  const color = findColor(words);
  if (color && !eye.color) eye.color = color.name;
  if (!eye.brand && columns.includes("brand")) {
    const name = brandOf(color ? words.slice(0, color.start) + words.slice(color.end) : words);
    if (name) eye.brand = name;
  }
}
