import type { RxAnalysis, RxEyeKey } from "./rx-analysis";
import { findBrand, findColor } from "./rx-text-brands";
import {
  alignToColumns,
  type EyeDraft,
  type Field,
  findLabels,
  isNumericField,
  isValue,
  prepareRow,
  readEyeText,
  setValue,
  tokenize,
  valueCount,
} from "./rx-text-row";

/**
 * Lens values from text lines (the layout parser, rx-layout.ts, also reads them from the word boxes' geometry).
 * Lens values come per eye from three shapes: a table (a header row of labels, then one row per eye: OD/OS, Right/
 * Left), a transposed table (a header of eyes, then one row per label) and prose ("Right eye (OD): Acuvue Oasys,
 * power -2.25, BC 8.4"). A box label's values, or a prescription's that names no eye, go to unknownEye1. The
 * patient, the expiration and the prescriber come from rx-text-fields.ts.
 */

export type EyeCode = "OD" | "OS" | "OU";

/** What the text is: a prescription (eyes, patient, prescriber) or a lens box (one eye's values and a brand). */
export type RxTextKind = "prescription" | "box";

const EYE_START: ReadonlyArray<[EyeCode, RegExp]> = [
  [
    "OD",
    /^(?:[Rr]ight(?:\s+[Ee]ye)?|RIGHT(?:\s+EYE)?|[O0]\.\s?D\.?|[O0Q]D|RE|R\.E\.|[oO0Q][dD](?=:?\s+(?:Sphere\b|[-+\dtPp—])|\s?[:(])|[oO0Q][pPbB](?=:?\s+(?:Sphere\b|[-+\dt]))|[oO][oO](?=:?\s+(?:Sphere\b|[-+]\d))|R(?=:?\s+(?:Sphere\b|[-+\dtPp—])))(?![A-Za-z0-9/])/,
  ],
  [
    "OS",
    /^(?:[Ll]eft(?:\s+[Ee]ye)?|LEFT(?:\s+EYE)?|[O0]\.\s?S\.?|[O0Q][S5]|Os|LE|L\.E\.|[oO0Q][sS5](?=:?\s+(?:Sphere\b|[-+\dtPp—])|\s?[:(])|[O0]8(?=\s?[:(])|L(?=:?\s+(?:Sphere\b|[-+\dtPp—])))(?![A-Za-z0-9/])/,
  ],
  ["OU", /^(?:O\.\s?U\.?|[O0]U|[Bb]oth\s+[Ee]yes|BOTH\s+EYES)(?![A-Za-z0-9/])/],
];
const EYE_ANYWHERE: ReadonlyArray<[EyeCode, RegExp]> = [
  ["OD", /(?<![A-Za-z0-9])(?:O\.?\s?D\.?|[0Q]D|oD|Right(?:\s+Eye)?|RIGHT)(?![A-Za-z0-9])/g],
  ["OS", /(?<![A-Za-z0-9])(?:O\.?\s?S\.?|[0Q]S|Left(?:\s+Eye)?|LEFT)(?![A-Za-z0-9])/g],
];
/** Another eye's label inside a row ("OD: -2.25 8.6 14.2   OS: -2.50 8.6 14.2"). */
const EYE_INSIDE =
  /\s(?=(?:O\.\s?S\.?|[O0Q]S|Left(?:\s+[Ee]ye)?|LE|O\.\s?D\.?|[O0Q]D|Right(?:\s+[Ee]ye)?)(?:\s*[:(]|\s+[-+\dt]))/;
const AFTER_EYE = /^\s*(?:eye\b)?\s*(?:\([^)]{0,16}\)|\b(?:right|left)(?:\s+eye)?\b)?\s*(?:[:;|]|-(?=\s))?\s*/i;

type Eyes = Partial<Record<RxEyeKey, EyeDraft>>;

export function normalizeText(text: string): string {
  return (
    text
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
      .replace(/ +/g, " ")
  );
}

/**
 * Under a table's header, a row may start with a bare "R", "L", or OD/OS as OCR misreads them ("oD", "0s", "(0)"),
 * a handwritten D read as p, b or o ("op +2.25", "ob", "oo +3.75": elsewhere only before a value),
 * followed by anything (a brand comes first in some tables). Elsewhere those need a value right after them.
 */
const TABLE_EYE_START: ReadonlyArray<[EyeCode, RegExp]> = [
  ["OD", /^(?:[oO0Q][dDo0pPbB]|R|\(0\)|\([oO0]D\))(?=[\s:(])/],
  ["OS", /^(?:[oO0Q][sS5]|L|\([oO0][sS5]\))(?=[\s:(])/],
];

export function eyeAtStart(line: string, inTable = false): { eye: EyeCode; rest: string } | null {
  const text = line.replace(/^[\s|[\]{}*•·>]+/, "");
  for (const [eye, pattern] of inTable ? [...EYE_START, ...TABLE_EYE_START] : EYE_START) {
    const match = pattern.exec(text);
    if (match) return { eye, rest: text.slice(match[0].length).replace(AFTER_EYE, "") };
  }
  return null;
}

/** A header row: two or more lens labels and (almost) no values. */
function headerColumns(line: string): Field[] | null {
  const text = prepareRow(line);
  const labels = findLabels(text, "header");
  const numeric = labels.filter((label) => isNumericField(label.field));
  return numeric.length >= 2 && valueCount(text) <= 1 ? labels.map((label) => label.field) : null;
}

/** A line of eye names only: a transposed table's header ("R L", "OD (Right) OS (Left)", "Eye Right Left"). */
const EYE_WORDS = /^(?:R|L|Rx|Eye|Right|Left|RIGHT|LEFT|[O0oQ]\.?\s?[DdSs5]\.?|\((?:[^)]{1,12})\)|[|—-])$/;

/** The eyes a line names, in order, each once ("OD (Right)  OS (Left)" → OD, OS). */
function eyesInLine(line: string): EyeCode[] {
  const words = line.trim().split(/\s+/);
  if (words.length >= 2 && words.length <= 8 && words.every((word) => EYE_WORDS.test(word))) {
    const bare = words.filter((word) => /^(?:R|L)$/.test(word));
    if (bare.length === 2) return bare.map((word) => (word === "R" ? "OD" : "OS"));
  }
  const found = EYE_ANYWHERE.flatMap(([eye, pattern]) => [...line.matchAll(pattern)].map((m) => ({ eye, at: m.index })))
    .sort((a, b) => a.at - b.at)
    .map(({ eye }) => eye);
  return [...new Set(found)];
}

function draft(eyes: Eyes, code: EyeCode): EyeDraft[] {
  const keys: RxEyeKey[] = code === "OU" ? ["OD", "OS"] : [code];
  return keys.map((key) => (eyes[key] ??= {}));
}

/** The words of a transposed table's two cells: "Acuvue Oasys for Acuvue Oasys for" → two of "Acuvue Oasys for". */
function halves(words: readonly string[]): [string, string] | null {
  if (words.length < 2 || words.length % 2 !== 0) return null;
  const half = words.length / 2;
  const first = words.slice(0, half).join(" ");
  const second = words.slice(half).join(" ");
  return first.toLowerCase() === second.toLowerCase() ? [first, second] : null;
}

/** A transposed table's brand (or colour) row; a cell that wrapped continues on the next line ("Lens Astigmatism …"). */
function readTransposedWords(eyes: Eyes, field: "brand" | "color", rest: string, next: string | undefined) {
  const order: EyeCode[] = ["OD", "OS"];
  const cells = halves(rest.trim().split(/\s+/));
  const more = next !== undefined && valueCount(next) === 0 ? halves(next.trim().split(/\s+/).slice(-2)) : null;
  if (cells) {
    cells.forEach((cell, position) => {
      const text = more ? `${cell} ${more[position]}` : cell;
      const found = field === "brand" ? findBrand(text) : findColor(text);
      if (found) for (const eye of draft(eyes, order[position]!)) eye[field] ??= found.name;
    });
    return;
  }
  let remaining = rest;
  for (const code of order) {
    const found = field === "brand" ? findBrand(remaining) : findColor(remaining);
    if (!found) break;
    for (const eye of draft(eyes, code)) eye[field] ??= found.name;
    remaining = remaining.slice(found.end);
  }
}

/** A table of one row per label and one column per eye: "Sphere -2.25 -2.50", "Brand Biofinity Biofinity". */
function readTransposed(eyes: Eyes, lines: readonly string[], start: number, order: readonly EyeCode[]): number {
  let index = start;
  for (; index < Math.min(lines.length, start + 14); index++) {
    const text = prepareRow(lines[index]!);
    const label = findLabels(text, "header")[0];
    if (!label || label.start > 3) {
      // A wrapped cell's second line ("Lens Astigmatism Astigmatism") was read with the row above it.
      if (index > start && valueCount(text) === 0 && text.split(/\s+/).length <= 6) continue;
      break;
    }
    const rest = text.slice(label.end);
    if (!isNumericField(label.field)) {
      readTransposedWords(eyes, label.field, rest, lines[index + 1]);
      continue;
    }
    const field = label.field;
    const values = tokenize(rest).filter((token) => isValue(token.text));
    order.forEach((code, position) => {
      const value = values[position];
      if (value) for (const eye of draft(eyes, code)) setValue(eye, field, value.text);
    });
  }
  return index - 1;
}

function startsWithLabel(line: string): boolean {
  const label = findLabels(prepareRow(line))[0];
  return label !== undefined && label.start <= 1 && isNumericField(label.field);
}

/** The next line carries labelled values this row has not had yet ("base" / "curve 8.5, diameter 14.5"). */
function addsLabels(text: string, following: string): boolean {
  const joined = prepareRow(`${text} ${following}`);
  const before = new Set(findLabels(prepareRow(text)).map((label) => label.field));
  return findLabels(joined).some((label) => isNumericField(label.field) && !before.has(label.field));
}

function endsWithLabel(text: string): boolean {
  const prepared = prepareRow(text).trimEnd();
  const labels = findLabels(prepared);
  const last = labels[labels.length - 1];
  return last !== undefined && prepared.slice(last.end).trim() === "" && isNumericField(last.field);
}

/**
 * The row under a table's OD row whose label OCR could not read ("(01) 8.4 14.2 +3.25", a bold "OS" on a shaded
 * cell): the left eye's, when it holds the row's values. Its debris is dropped.
 */
function leftRowAfterRight(line: string, expectLeft: boolean): { eye: EyeCode; rest: string } | null {
  if (!expectLeft) return null;
  const rest = line.replace(/^[\s|[\]{}*•·>]*(?:\(?\s*[0OoQ1lI|]{1,2}(?:\s?[0OoQ1lI|])?\s*\)?\s+)?/, "");
  return valueCount(rest) >= 2 ? { eye: "OS", rest } : null;
}

/** A line that holds values (a wrapped row's continuation) rather than the next part of the document. */
function continues(line: string): boolean {
  if (eyeAtStart(line) || headerColumns(line)) return false;
  const values = valueCount(line);
  const tokens = tokenize(prepareRow(line)).length;
  return values > 0 && (findLabels(prepareRow(line)).length > 0 || values * 2 >= tokens);
}

function readEyes(lines: readonly string[]): Eyes {
  const eyes: Eyes = {};
  let columns: Field[] = [];
  let headerAt = -Infinity;
  let lastEye: EyeCode | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const eyeOrder = eyesInLine(line);
    const namesOnly = line
      .replace(/\([^)]*\)/g, " ")
      .split(/\s+/)
      .filter((word) => !EYE_WORDS.test(word));
    if (
      eyeOrder.length >= 2 &&
      valueCount(namesOnly.join(" ")) === 0 &&
      !/[a-z]{4}/.test(line.replace(/\b(?:right|left|eye)\b/gi, ""))
    ) {
      index = readTransposed(eyes, lines, index + 1, eyeOrder.slice(0, 2));
      continue;
    }
    // A sentence naming two labels and a value ("Right eye (OD): …, Sphere 6.00, Add") is a row, not a header.
    const header = eyeAtStart(line) ? null : headerColumns(line);
    if (header) {
      columns = header;
      headerAt = index;
      continue;
    }
    const inTable = index - headerAt <= 4;
    const start: { eye: EyeCode; rest: string } | null =
      eyeAtStart(line, inTable) ?? leftRowAfterRight(line, inTable && lastEye === "OD" && !eyes.OS);
    if (!start) continue;
    lastEye = start.eye;
    let text = start.rest;
    // A row whose values wrapped onto the next line, an eye's name alone on its line with its values below, or a
    // sentence that wrapped ("…, BC 8.40," / "DIA 14.50").
    const expected = Math.max(1, columns.filter(isNumericField).length - 2);
    for (let next = index + 1; next < Math.min(lines.length, index + 3); next++) {
      const following = lines[next]!;
      const wrapped = endsWithLabel(text) || startsWithLabel(following) || addsLabels(text, following);
      if ((!wrapped && valueCount(text) >= expected) || !continues(following)) break;
      text += ` ${following}`;
      index = next;
    }
    // A brand cell whose name wrapped ("1-Day Acuvue Moist for" / "(OD) Astigmatism").
    const after = lines[index + 1];
    const brand = findBrand(text);
    if (brand && after && !eyeAtStart(after) && valueCount(after.replace(/\([^)]*\)/g, " ")) === 0) {
      // The row's values sit between the brand's first line and its wrapped end: the brand's words alone.
      const words = text
        .split(/\s+/)
        .filter((word) => !isValue(word))
        .join(" ");
      const longer = findBrand(`${words} ${after.replace(/\([^)]*\)/g, " ")}`);
      if (longer && longer.name.length > brand.name.length) {
        for (const eye of draft(eyes, start.eye)) eye.brand ??= longer.name;
      }
    }
    const parts = text.split(EYE_INSIDE);
    for (const eye of draft(eyes, start.eye)) readEyeText(eye, parts[0]!, { columns });
    for (const part of parts.slice(1)) {
      const inner = eyeAtStart(part);
      if (inner) for (const eye of draft(eyes, inner.eye)) readEyeText(eye, inner.rest, { columns });
    }
  }
  return eyes;
}

/** "Lens: Biofinity (both eyes)" under a table: the brand of every eye that has none of its own. */
function readSharedBrand(lines: readonly string[], eyes: Eyes): void {
  for (const line of lines) {
    if (eyeAtStart(line)) continue;
    const label = findLabels(line).find((found) => found.field === "brand" && found.start < 3);
    if (!label) continue;
    const shared: EyeDraft = {};
    readEyeText(shared, line.slice(label.start), { labelledOnly: true });
    if (!shared.brand) continue;
    for (const eye of Object.values(eyes)) if (eye && hasValues(eye)) eye.brand ??= shared.brand;
    return;
  }
}

/**
 * A box label, or a prescription without eyes: values only from lines that carry labels (a lot number or a barcode's
 * digits are not powers), and a header line's values from the line below it.
 */
function readUnknownEye(lines: readonly string[], kind: RxTextKind): EyeDraft {
  const eye: EyeDraft = {};
  // A box prints its brand over two or three lines ("ACUVUE OASYS" / "for Astigmatism").
  if (kind === "box") {
    const brand = findBrand(lines.join(" "));
    if (brand) eye.brand = brand.name;
  }
  const labels = kind === "box" ? "box" : "row";
  for (let index = 0; index < lines.length; index++) {
    const line = prepareRow(lines[index]!);
    const found = findLabels(line, labels);
    const next = lines[index + 1];
    if (found.filter((label) => isNumericField(label.field)).length >= 2 && valueCount(line) <= 1 && next) {
      const values = tokenize(prepareRow(next)).filter((token) => isValue(token.text));
      alignToColumns(eye, values, found.map((label) => label.field).filter(isNumericField));
      index++;
      continue;
    }
    readEyeText(eye, line, { labels, labelledOnly: true });
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

/**
 * The lens values of a text's lines, by the line patterns above (tables, transposed tables, prose, a box's labelled
 * lines): the layout parser's second reader, and the one for a box label.
 */
export function readLineEyes(text: string, kind: RxTextKind): RxAnalysis["prescription"] {
  const lines = normalizeText(text)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const eyes = kind === "box" ? {} : readEyes(lines);
  if (hasValues(eyes.OD) || hasValues(eyes.OS)) readSharedBrand(lines, eyes);
  else {
    const unknown = readUnknownEye(lines, kind);
    if (hasValues(unknown)) eyes.unknownEye1 = unknown;
  }
  return finishEyes(eyes);
}
