import type { OcrBox, OcrPage, OcrWord } from "./ocr-page";

/**
 * The geometry the layout parser (rx-layout.ts) reads from: the page's words grouped into rows (the OCR's own lines
 * when it gives them, else words whose boxes share a band of height), each row's words left to right. A row knows
 * its words' boxes, so a value can be put under the label or eye heading it sits beneath.
 */

export interface Row {
  words: OcrWord[];
  text: string;
  box: OcrBox;
  index: number;
}

function unionBox(words: readonly OcrWord[]): OcrBox {
  return {
    x0: Math.min(...words.map((word) => word.box.x0)),
    y0: Math.min(...words.map((word) => word.box.y0)),
    x1: Math.max(...words.map((word) => word.box.x1)),
    y1: Math.max(...words.map((word) => word.box.y1)),
  };
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function makeRow(words: OcrWord[], index: number): Row {
  const sorted = [...words].sort((a, b) => a.box.x0 - b.box.x0);
  return { words: sorted, text: sorted.map((word) => word.text).join(" "), box: unionBox(sorted), index };
}

/** Words in a band: each word joins the row whose vertical centre is nearest, within half a line's height. */
function clusterRows(words: readonly OcrWord[]): OcrWord[][] {
  const height = median(words.map((word) => word.box.y1 - word.box.y0)) || 1;
  const sorted = [...words].sort((a, b) => a.box.y0 + a.box.y1 - (b.box.y0 + b.box.y1));
  const rows: Array<{ centre: number; words: OcrWord[] }> = [];
  for (const word of sorted) {
    const centre = (word.box.y0 + word.box.y1) / 2;
    const last = rows[rows.length - 1];
    if (last && Math.abs(centre - last.centre) <= height * 0.5) {
      last.words.push(word);
      last.centre = (last.centre * (last.words.length - 1) + centre) / last.words.length;
    } else rows.push({ centre, words: [word] });
  }
  return rows.map((row) => row.words);
}

/** The page's rows, top to bottom. */
export function rowsOf(page: OcrPage): Row[] {
  const words = page.words.filter((word) => word.text.trim() !== "");
  if (words.length === 0) return [];
  const byLine = words.every((word) => word.line !== undefined);
  let groups: OcrWord[][];
  if (byLine) {
    const lines = new Map<number, OcrWord[]>();
    for (const word of words) lines.set(word.line!, [...(lines.get(word.line!) ?? []), word]);
    groups = [...lines.entries()].sort(([a], [b]) => a - b).map(([, group]) => group);
  } else groups = clusterRows(words);
  return groups.map((group, index) => makeRow(group, index));
}

/** One character's width in a page built from text, and a line's height. */
const CHAR = 10;
const LINE = 20;

/**
 * A page from plain text (a PDF's text layer, or a test): each line a row, each word boxed by its character
 * position, so columns aligned with spaces line up as they would on paper. Confidence 1: the text is what it says.
 */
export function pageFromText(text: string): OcrPage {
  const words: OcrWord[] = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  lines.forEach((line, lineIndex) => {
    for (const match of line.matchAll(/\S+/g)) {
      const x0 = match.index * CHAR;
      words.push({
        text: match[0],
        confidence: 1,
        box: { x0, y0: lineIndex * LINE, x1: x0 + match[0].length * CHAR, y1: lineIndex * LINE + LINE * 0.8 },
        line: lineIndex,
        block: 0,
      });
    }
  });
  const width = Math.max(1, ...lines.map((line) => line.length)) * CHAR;
  return { width, height: lines.length * LINE, text, words, confidence: 1 };
}

export function centreX(box: OcrBox): number {
  return (box.x0 + box.x1) / 2;
}

/** How much of the shorter of two horizontal spans the other covers, 0–1. */
export function xOverlap(a: OcrBox, b: OcrBox): number {
  const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const shorter = Math.min(a.x1 - a.x0, b.x1 - b.x0);
  return shorter <= 0 ? 0 : Math.max(0, overlap) / shorter;
}

/** The row's typical word height (a line's height on this page). */
export function rowHeight(row: Row): number {
  return median(row.words.map((word) => word.box.y1 - word.box.y0));
}

export function boxOf(words: readonly OcrWord[]): OcrBox {
  return unionBox(words);
}
