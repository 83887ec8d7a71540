import type { OcrBox, OcrWord } from "./ocr-page";
import type { RxEyeKey, RxEyeReading } from "./rx-analysis";
import { centreX, type Row } from "./rx-layout-rows";
import { rewriteNotation } from "./rx-notation";
import { findBrand, findColor, normalizeBrand } from "./rx-text-brands";
import { hasExplicitSign } from "./rx-text-values";
import { type EyeCode, eyeAtStart } from "./rx-text-lines";
import {
  alignToColumns,
  BLANK,
  type EyeDraft,
  type Field,
  findLabels,
  isNumericField,
  isValue,
  NORMALIZERS,
  type NumericField,
  prepareRow,
  readEyeText,
  tokenize,
} from "./rx-text-row";

/**
 * Reading lens values by geometry (rx-layout.ts runs these on the page's rows): a table with eyes as rows (a header
 * of labels; each value goes to the label it sits under), a table with eyes as columns (a header of eye names; each
 * value goes to the eye it sits under, each row's label says which field), and sections under an eye heading (a
 * card, a receipt: "Right Eye (OD)" then "Sphere -2.00" lines, or labelled boxes with the value under its label).
 * Each value carries how sure the assignment was.
 */

export type LensField = keyof RxEyeReading;

export interface Cell {
  value: string;
  /** How unambiguous the assignment was, 0–1. */
  certainty: number;
  /** The OCR's confidence in the word the value came from, 0–1 (undefined: not known). */
  ocr?: number;
  /** A sphere printed without a sign (OCR may have lost a minus). */
  unsigned?: boolean;
}

export type EyeCells = Partial<Record<LensField, Cell>>;
export type Reading = Partial<Record<RxEyeKey, EyeCells>>;

/** A token of a row with its own box (a word split where OCR glued values: "-2.25-0.75"). */
export interface Piece {
  text: string;
  box: OcrBox;
  word: OcrWord;
}

export function piecesOf(words: readonly OcrWord[]): Piece[] {
  return words.flatMap((word) => {
    const text = prepareRow(word.text);
    const width = word.box.x1 - word.box.x0;
    const length = Math.max(1, text.length);
    return tokenize(text).map((token) => ({
      text: token.text,
      word,
      box: {
        ...word.box,
        x0: word.box.x0 + (width * token.start) / length,
        x1: word.box.x0 + (width * (token.start + token.text.length)) / length,
      },
    }));
  });
}

interface Located {
  field: Field;
  box: OcrBox;
  words: OcrWord[];
}

/** The lens labels of a row with their boxes ("BASE CURVE" spans two words). */
export function labelsOf(row: Row): Located[] {
  let offset = 0;
  const spans = row.words.map((word) => {
    const span = { word, start: offset, end: offset + word.text.length };
    offset += word.text.length + 1;
    return span;
  });
  return findLabels(row.text, "header").map((label) => {
    const words = spans.filter((span) => span.start < label.end && span.end > label.start).map((span) => span.word);
    const box = words.length > 0 ? boxOfWords(words) : row.box;
    return { field: label.field, box, words };
  });
}

function boxOfWords(words: readonly OcrWord[]): OcrBox {
  return {
    x0: Math.min(...words.map((word) => word.box.x0)),
    y0: Math.min(...words.map((word) => word.box.y0)),
    x1: Math.max(...words.map((word) => word.box.x1)),
    y1: Math.max(...words.map((word) => word.box.y1)),
  };
}

function valuePieces(row: Row, skip: ReadonlySet<OcrWord> = new Set()): Piece[] {
  return piecesOf(row.words.filter((word) => !skip.has(word))).filter(
    (piece) => isValue(piece.text) && !BLANK.test(piece.text),
  );
}

export function valueCountOf(row: Row): number {
  return valuePieces(row).length;
}

const RIGHT_WORD = /^\(?(?:right|R|OD|O\.D\.?|[O0Q]D|RE|R\.E\.)\)?[:.,]?$/i;
const LEFT_WORD = /^\(?(?:left|L|OS|O\.S\.?|[O0Q][S5]|LE|L\.E\.)\)?[:.,]?$/i;
/**
 * An eye's code and name read as one word, as OCR glues "OD (Right)" on a photo: "OD(Right)", "os(Lef)" (the name cut
 * short), "Right(OD)".
 */
const RIGHT_GLUED = /^(?:(?:O\.?D\.?|[O0Q]D)\(R[a-z]{0,4}\)?|Right\((?:O\.?D\.?|[O0Q]D)\)?)[:.,]?$/i;
const LEFT_GLUED = /^(?:(?:O\.?S\.?|[O0Q][S5])\(L[a-z]{0,3}\)?|Left\((?:O\.?S\.?|[O0Q][S5])\)?)[:.,]?$/i;
const EYE_FILLER = /^\(?(?:eye|eyes|rx|lens|contact|\(|\)|:|-|—|\|)\)?[:.,]?$/i;

function eyeOfWord(text: string): EyeCode | null {
  if (RIGHT_WORD.test(text) || RIGHT_GLUED.test(text)) return "OD";
  if (LEFT_WORD.test(text) || LEFT_GLUED.test(text)) return "OS";
  return null;
}

/**
 * A row naming one eye and nothing else ("Right Eye (OD)", "OD (RIGHT)", "LEFT EYE:"), or one eye and its lens
 * ("Right Eye (OD): Acuvue Oasys"): a section's heading.
 */
export function eyeHeading(row: Row): EyeCode | null {
  const eyes = new Set<EyeCode>();
  const others: OcrWord[] = [];
  for (const word of row.words) {
    const eye = eyeOfWord(word.text);
    if (eye) eyes.add(eye);
    else if (!EYE_FILLER.test(word.text)) others.push(word);
  }
  if (others.length > 0) {
    // Only a lens name may follow the eye, and only after it.
    const text = others.map((word) => word.text).join(" ");
    const first = row.words.findIndex((word) => eyeOfWord(word.text));
    if (first !== 0 || /\d/.test(text.replace(/\b(?:1-?day|1|2|55|38|30)\b/gi, "")) || !findBrand(text)) return null;
  }
  // A lone "R" or "L" is too easily a stray letter to open a section.
  if (eyes.size !== 1 || (row.words.length === 1 && /^[RL]$/i.test(row.words[0]!.text))) return null;
  return [...eyes][0]!;
}

/** A row of two eye names and no values ("Right Eye (OD)   Left Eye (OS)", "Eye  OD  OS"): columns by eye. */
export function eyeColumns(row: Row): Array<{ eye: EyeCode; x: number }> | null {
  if (valueCountOf(row) > 0 || labelsOf(row).length > 0) return null;
  const found: Array<{ eye: EyeCode; x: number }> = [];
  let others = 0;
  for (const word of row.words) {
    const eye = eyeOfWord(word.text);
    if (eye && !found.some((column) => column.eye === eye)) found.push({ eye, x: centreX(word.box) });
    // A corner cell's word ("Parameter", "Measure") before the eyes; anything more is a sentence.
    else if (!eye && !EYE_FILLER.test(word.text) && (++others > 1 || found.length > 0)) return null;
  }
  return found.length === 2 ? found : null;
}

function setCell(cells: EyeCells, field: LensField, cell: Cell): void {
  const old = cells[field];
  if (!old || old.certainty < cell.certainty) cells[field] = cell;
}

function numericCell(field: LensField, piece: Piece, certainty: number): Cell | null {
  if (!isNumericField(field as Field)) return null;
  const value = NORMALIZERS[field as keyof typeof NORMALIZERS](piece.text);
  if (value === null) return null;
  // A value OCR had to repair ("225" for "-2.25", "l4.2") is less sure than one read as printed.
  const asPrinted = /^[-+]?\d*\.?\d+$/.test(piece.text.replace(/^x/, "").replace(/\u2212/, "-"));
  const unsigned = field === "sphere" && !hasExplicitSign(piece.text) && value !== "0.00";
  return {
    value,
    certainty: asPrinted ? certainty : certainty * 0.85,
    ocr: piece.word.confidence,
    ...(unsigned ? { unsigned } : {}),
  };
}

function eyeKeys(eye: EyeCode): RxEyeKey[] {
  return eye === "OU" ? ["OD", "OS"] : [eye];
}

function cellsFor(reading: Reading, eye: EyeCode): EyeCells[] {
  return eyeKeys(eye).map((key) => (reading[key] ??= {}));
}

/** The column a piece sits in: the nearest by centre, sure when the boxes overlap. */
function nearestColumn<T extends { box: OcrBox }>(piece: Piece, columns: readonly T[]): { column: T; sure: boolean } {
  let best = columns[0]!;
  let distance = Infinity;
  for (const column of columns) {
    const d = Math.abs(centreX(piece.box) - centreX(column.box));
    if (d < distance) {
      distance = d;
      best = column;
    }
  }
  const sure = Math.min(piece.box.x1, best.box.x1) > Math.max(piece.box.x0, best.box.x0);
  return { column: best, sure };
}

/** The row's words that overlap characters start..end of its text. */
function wordsIn(row: Row, start: number, end: number): OcrWord[] {
  let offset = 0;
  const out: OcrWord[] = [];
  for (const word of row.words) {
    const wordEnd = offset + word.text.length;
    if (offset < end && wordEnd > start) out.push(word);
    offset = wordEnd + 1;
  }
  return out;
}

/** A row's cells: its values and its empty cells ("—", "DS", "N/A"), which hold a column's place. */
function cellPieces(row: Row, skip: ReadonlySet<OcrWord>): Piece[] {
  return piecesOf(row.words.filter((word) => !skip.has(word))).filter((piece) => isValue(piece.text));
}

/**
 * Cells to their columns: each under the label it overlaps when every value overlaps one, alone; otherwise (text
 * whose columns do not line up, a photo's skew) in order, the assignment that reads the most plausible values.
 */
function assign(pieces: readonly Piece[], columns: readonly Located[], certainty: number): Array<[LensField, Cell]> {
  const numeric = columns.filter((column) => isNumericField(column.field)).sort((a, b) => a.box.x0 - b.box.x0);
  const out: Array<[LensField, Cell]> = [];
  if (numeric.length === 0) return out;
  const placed = pieces.map((piece) => ({ piece, ...nearestColumn(piece, numeric) }));
  const taken = new Set(placed.map((place) => place.column));
  if (placed.every((place) => place.sure) && taken.size === placed.length) {
    for (const { piece, column } of placed) {
      if (BLANK.test(piece.text)) continue;
      const cell = numericCell(column.field, piece, certainty);
      if (cell) out.push([column.field as LensField, cell]);
    }
    return out;
  }
  const draft: EyeDraft = {};
  const tokens = pieces.map((piece, index) => ({ text: piece.text, start: index }));
  alignToColumns(
    draft,
    tokens,
    numeric.map((column) => column.field as NumericField),
  );
  for (const [field, value] of Object.entries(draft)) {
    if (field === "unsignedSphere" || typeof value !== "string") continue;
    const piece = pieces.find((candidate) => NORMALIZERS[field as NumericField](candidate.text) === value);
    out.push([
      field as LensField,
      {
        value,
        certainty: certainty * 0.85,
        ...(piece ? { ocr: piece.word.confidence } : {}),
        ...(draft.unsignedSphere && field === "sphere" ? { unsigned: true } : {}),
      },
    ]);
  }
  return out;
}

/** Fields a column can be told by its values alone: printed with a decimal point, on a range no other field shares. */
const VALUE_RANGES: ReadonlyArray<[NumericField, number, number]> = [
  ["baseCurve", 7, 10],
  ["diameter", 12, 16],
];

/**
 * A header word OCR misread ("fight" for "BC") over a column of values: when every value nearest to it is on the range
 * of one field that has no column yet (base curve 7.0–10.0, diameter 12.0–16.0, with a decimal point), the column is
 * that field's. The columns come back left to right.
 */
function withUnlabelledColumns(header: Row, columns: readonly Located[], below: readonly Row[]): Located[] {
  const labelled = new Set(columns.flatMap((column) => column.words));
  const out = [...columns];
  const headerWords = header.words;
  const nearestHeaderWord = (piece: Piece) =>
    headerWords.reduce((best, word) =>
      Math.abs(centreX(word.box) - centreX(piece.box)) < Math.abs(centreX(best.box) - centreX(piece.box)) ? word : best,
    );
  const pieces = below.flatMap((row) => valuePieces(row));
  for (const word of headerWords) {
    if (labelled.has(word) || eyeOfWord(word.text) || /\d/.test(word.text)) continue;
    // Numbers only: an eye's name OCR'd with a zero ("(0S)") is not a value of the column.
    const under = pieces.filter(
      (piece) => nearestHeaderWord(piece) === word && /^[-+]?\d+(?:[.,]\d+)?$/.test(piece.text),
    );
    if (under.length === 0) continue;
    for (const [field, min, max] of VALUE_RANGES) {
      if (out.some((column) => column.field === field)) continue;
      const onRange = under.every((piece) => {
        if (!/^\d{1,2}[.,]\d{1,2}$/.test(piece.text)) return false;
        const value = Number(piece.text.replace(",", "."));
        return value >= min && value <= max;
      });
      if (onRange) {
        out.push({ field, box: word.box, words: [word] });
        break;
      }
    }
  }
  return out.sort((a, b) => a.box.x0 - b.box.x0);
}

/** A table of labels over one row per eye ("Eye PWR CYL AXIS BC DIA Brand" / "OD -2.25 …"). */
function readRowTable(rows: readonly Row[], start: number, reading: Reading): number {
  const header = rows[start]!;
  const columns = withUnlabelledColumns(header, labelsOf(header), rows.slice(start + 1, start + 5));
  let last = start;
  let lastEye: EyeCode | null = null;
  let misses = 0;
  for (let index = start + 1; index < Math.min(rows.length, start + 10); index++) {
    const row = rows[index]!;
    if (isHeader(row)) break;
    const values = valuePieces(row);
    const started = eyeAtStart(row.text, true);
    let eye: EyeCode | null = started?.eye ?? null;
    let certainty = 1;
    if (!eye && values.length >= 2 && lastEye === "OD" && !reading.OS) {
      // The left eye's row whose label OCR lost.
      eye = "OS";
      certainty = 0.8;
    }
    if (!eye && values.length >= 2 && lastEye === null) {
      // The right eye's row whose label OCR lost, above the left eye's.
      const below = rows.slice(index + 1, index + 3).map((candidate) => eyeAtStart(candidate.text, true)?.eye);
      if (below.includes("OS")) {
        eye = "OD";
        certainty = 0.8;
      }
    }
    if (!eye) {
      // The eye's lens on a line of its own under its row ("Lens: clariti 1 day"), a wrapped brand cell
      // ("Astigmatism") or the eye's second line ("(OD)").
      if (values.length === 0 && lastEye && row.words.length <= 6) {
        const own = findBrand(row.text.replace(/^[.,]?[Ll]?ens:?(?=[A-Z])/, "").replace(/^(?:lens|brand)\s*:\s*/i, ""));
        if (own && !/astigmatism|toric|multifocal/i.test(row.words[0]!.text)) {
          for (const cells of cellsFor(reading, lastEye)) {
            setCell(cells, "brand", { value: own.name, certainty: 0.85, ocr: minConfidence(row.words) });
          }
        }
        continue;
      }
      if (++misses > 1 || lastEye) break;
      continue;
    }
    lastEye = eye;
    last = index;
    const eyeWords = new Set(
      row.words.filter((word) => word.box.x1 <= (columns[0]?.box.x0 ?? 0) || eyeOfWord(word.text)),
    );
    // A brand's own digits ("clariti 1 day") are not values.
    const brand = findBrand(row.text);
    if (brand) for (const word of wordsIn(row, brand.start, brand.end)) eyeWords.add(word);
    const pieces = cellPieces(row, eyeWords);
    for (const cells of cellsFor(reading, eye)) {
      for (const [field, cell] of assign(pieces, columns, certainty)) setCell(cells, field, cell);
      const brandColumn = columns.find((column) => column.field === "brand");
      if (brandColumn) {
        const words = [row, rows[index + 1]]
          .filter((candidate): candidate is Row => candidate !== undefined)
          .filter((candidate, position) => position === 0 || !eyeAtStart(candidate.text, true))
          .flatMap((candidate) =>
            candidate.words.filter(
              (word) =>
                !isValue(word.text) &&
                nearestColumn({ text: word.text, box: word.box, word }, columns).column === brandColumn,
            ),
          );
        const text = words.map((word) => word.text).join(" ");
        const brand = findBrand(text)?.name ?? (/[A-Za-z]{3}/.test(text) ? normalizeBrand(text) : undefined);
        // A brand cell wraps above and below its row: less sure than a column table's.
        if (brand) setCell(cells, "brand", { value: brand, certainty: 0.8, ocr: minConfidence(words) });
      }
    }
  }
  return last;
}

function minConfidence(words: readonly OcrWord[]): number | undefined {
  return words.length === 0 ? undefined : Math.min(...words.map((word) => word.confidence));
}

/** A header: two or more value labels and no values. */
export function isHeader(row: Row): boolean {
  const labels = labelsOf(row).filter((label) => isNumericField(label.field));
  return labels.length >= 2 && valueCountOf(row) === 0 && !eyeAtStart(row.text);
}

/** Labels as rows, eyes as columns ("Sphere  -2.25  -2.50"). */
function readColumnTable(rows: readonly Row[], start: number, reading: Reading): number {
  const eyes = eyeColumns(rows[start]!)!;
  const columns = eyes.map((eye) => ({ ...eye, box: { x0: eye.x - 1, x1: eye.x + 1, y0: 0, y1: 0 } }));
  let last = start;
  let skipped = 0;
  // A word cell that wrapped ("Acuvue Oasys for" / "Lens Astigmatism"): the previous row's words, per eye.
  let previous: { field: Field; words: OcrWord[][] } | null = null;
  for (let index = start + 1; index < Math.min(rows.length, start + 16); index++) {
    const row = rows[index]!;
    const labels = labelsOf(row);
    const first = labels[0];
    const leftmost = row.words[0];
    if (!first || !leftmost || first.words[0] !== leftmost) {
      if (++skipped > 1) break;
      continue;
    }
    skipped = 0;
    last = index;
    const labelWords = new Set(labels.flatMap((label) => label.words));
    if (isNumericField(first.field)) {
      previous = null;
      const pieces = cellPieces(row, labelWords);
      // One cell per eye ("-4.50 —"): in order; otherwise each under the eye it sits beneath.
      const byOrder = pieces.length === eyes.length;
      pieces.forEach((piece, position) => {
        if (BLANK.test(piece.text)) return;
        const eye = byOrder ? eyes[position]! : nearestColumn(piece, columns).column;
        const cell = numericCell(first.field, piece, 0.95);
        if (cell) for (const cells of cellsFor(reading, eye.eye)) setCell(cells, first.field, cell);
      });
      continue;
    }
    // The words' cells: split where the gap between two words is widest (the column boundary).
    const rest = row.words.filter((word) => !labelWords.has(word));
    let cut = rest.length;
    let widest = -Infinity;
    for (let at = 1; at < rest.length; at++) {
      const gap = rest[at]!.box.x0 - rest[at - 1]!.box.x1;
      if (gap > widest) {
        widest = gap;
        cut = at;
      }
    }
    const halves = [rest.slice(0, cut), rest.slice(cut)];
    const wrapped = previous?.field === first.field || (previous !== null && first.field === "brand");
    halves.forEach((own, position) => {
      const eye = [...eyes].sort((a, b) => a.x - b.x)[position]!;
      const words = wrapped ? [...(previous!.words[position] ?? []), ...own] : own;
      const text = words.map((word) => word.text).join(" ");
      const found = first.field === "brand" ? findBrand(text) : findColor(text);
      if (!found) return;
      // A name that goes on past what was matched ("Acuvue Oasys for …") may be a longer product's.
      const cut = /^\s*(?:for|with|plus|\+)\b/i.test(text.slice(found.end));
      for (const cells of cellsFor(reading, eye.eye)) {
        const cell = { value: found.name, certainty: cut ? 0.7 : 0.9, ocr: minConfidence(words) };
        if (wrapped) cells[first.field as LensField] = cell;
        else setCell(cells, first.field as LensField, cell);
      }
    });
    previous = { field: first.field, words: halves };
    continue;
  }
  return last;
}

function draftToCells(draft: EyeDraft, certainty: number, row: Row): EyeCells {
  const cells: EyeCells = {};
  for (const [field, value] of Object.entries(draft)) {
    if (field === "unsignedSphere" || typeof value !== "string") continue;
    cells[field as LensField] = { value, certainty, ocr: wordConfidence(row.words, field as LensField, value) };
  }
  return cells;
}

/** The OCR confidence of the word a value was read from (the word that normalises to it), when one does. */
export function wordConfidence(words: readonly OcrWord[], field: LensField, value: string): number | undefined {
  const matches: number[] = [];
  for (const piece of piecesOf(words)) {
    if (isNumericField(field as Field)) {
      if (NORMALIZERS[field as keyof typeof NORMALIZERS](piece.text) === value) matches.push(piece.word.confidence);
    } else if (value.toLowerCase().includes(piece.text.toLowerCase()) && piece.text.length >= 3) {
      matches.push(piece.word.confidence);
    }
  }
  return matches.length === 0 ? undefined : Math.max(...matches);
}

/** A section under an eye heading: label/value lines, labelled boxes (the value under its label), shorthand. */
function readSection(rows: readonly Row[], start: number, eye: EyeCode, reading: Reading): number {
  let last = start;
  let read = 0;
  const heading = findBrand(rows[start]!.text);
  if (heading) {
    for (const cells of cellsFor(reading, eye)) setCell(cells, "brand", { value: heading.name, certainty: 0.9 });
  }
  // Values one per line without labels ("-2.50" / "8.6" / "14.2"), read together by kind at the end.
  const loose: Row[] = [];
  for (let index = start + 1; index < Math.min(rows.length, start + 12); index++) {
    const row = rows[index]!;
    if (eyeHeading(row) || eyeColumns(row) || eyeAtStart(row.text)) break;
    const labels = labelsOf(row);
    const values = valuePieces(row);
    const next = rows[index + 1];
    if (labels.length > 0 && values.length === 0 && next && valueCountOf(next) > 0 && labelsOf(next).length === 0) {
      // Labelled boxes: the labels on this row, their values on the next, each under its label.
      for (const cells of cellsFor(reading, eye)) {
        for (const piece of valuePieces(next)) {
          const { column, sure } = nearestColumn(piece, labels);
          const cell = numericCell(column.field, piece, sure ? 0.95 : 0.8);
          if (cell) setCell(cells, column.field, cell);
        }
      }
      read++;
      last = index + 1;
      index++;
      continue;
    }
    if (labels.length === 0 && values.length === 0) {
      const brand = findBrand(row.text);
      if (brand && read < 8) {
        for (const cells of cellsFor(reading, eye)) setCell(cells, "brand", { value: brand.name, certainty: 0.85 });
        last = index;
        continue;
      }
      if (read > 0) break;
      continue;
    }
    if (labels.length === 0 && values.length === 1) {
      loose.push(row);
      last = index;
      continue;
    }
    const draft: EyeDraft = {};
    readEyeText(draft, rewriteNotation(row.text), { labelledOnly: labels.length > 0 || values.length < 2 });
    const found = draftToCells(draft, labels.length > 0 ? 0.95 : 0.85, row);
    for (const cells of cellsFor(reading, eye)) {
      for (const [field, cell] of Object.entries(found)) setCell(cells, field as LensField, cell);
    }
    if (Object.keys(found).length > 0) {
      read++;
      last = index;
    } else if (read > 0 && labels.length === 0) break;
  }
  if (loose.length >= 2) {
    const draft: EyeDraft = {};
    readEyeText(draft, loose.map((row) => row.text).join(" "));
    for (const cells of cellsFor(reading, eye)) {
      for (const [field, cell] of Object.entries(draftToCells(draft, 0.75, loose[0]!))) {
        setCell(cells, field as LensField, {
          ...cell,
          ocr: wordConfidence(
            loose.flatMap((row) => row.words),
            field as LensField,
            cell.value,
          ),
        });
      }
    }
    read++;
  }
  return read > 0 || heading ? last : start;
}

/** Every geometric structure on the page, read in turn. */
export function readGrid(rows: readonly Row[]): Reading {
  const reading: Reading = {};
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    if (eyeColumns(row)) {
      index = readColumnTable(rows, index, reading);
      continue;
    }
    if (isHeader(row)) {
      index = readRowTable(rows, index, reading);
      continue;
    }
    const eye = eyeHeading(row);
    if (eye) index = readSection(rows, index, eye, reading);
  }
  return reading;
}

/** Lens-like values in a row: signed powers and one-decimal millimetres ("-0.75", "8.8", "14.4"). */
function lensValueCount(row: Row): number {
  return piecesOf(row.words).filter((piece) => /^[-+\u2212]?\d{1,2}[.,]\d{1,2}$/.test(piece.text)).length;
}

/**
 * One eye read and the other not, when the other's row sits beside it with its name lost to OCR ("oo -0.75 -1.25
 * 10 88 144" above "os -0.75 …"): that row is the missing eye's, read by kind and unsure.
 */
export function readOrphanRow(rows: readonly Row[], reading: Reading): Reading {
  const found = reading.OD ? "OD" : reading.OS ? "OS" : null;
  if (!found || (reading.OD && reading.OS)) return {};
  const missing: EyeCode = found === "OD" ? "OS" : "OD";
  const at = rows.findIndex((row) => eyeAtStart(row.text, true)?.eye === found && lensValueCount(row) >= 2);
  if (at < 0) return {};
  const near = found === "OD" ? rows.slice(at + 1, at + 4) : rows.slice(Math.max(0, at - 3), at).reverse();
  const own = lensValueCount(rows[at]!);
  const row = near.find(
    (candidate) => !eyeAtStart(candidate.text, true) && lensValueCount(candidate) >= Math.max(2, own - 1),
  );
  if (!row || labelsOf(row).some((label) => label.words[0] === row.words[0])) return {};
  // The lost name is the row's first word when it is not a value ("oo", "(0)").
  const words = row.words.filter((word, index) => index > 0 || isValue(word.text));
  const draft: EyeDraft = {};
  readEyeText(draft, rewriteNotation(words.map((word) => word.text).join(" ")));
  const cells = draftToCells(draft, 0.7, row);
  return Object.keys(cells).length > 0 ? { [missing]: cells } : {};
}
