import type * as PdfJsModule from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * A PDF's text layer as lines (no OCR: a prescription PDF from a clinic's software has its text). pdfjs-dist's
 * legacy build is the one that runs in Node; it is loaded on first use, so a server that never sees a PDF never pays
 * for it. pdfjs parses in this thread (its "fake worker"); a text layer takes milliseconds, and the page count read
 * is capped so a hostile file cannot keep it busy.
 */

const MAX_PAGES = 3;
/** Two text items closer than this (in PDF points) vertically are on the same line. */
const SAME_LINE = 3;

interface TextItem {
  str: string;
  x: number;
  y: number;
}

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjs;
}

/** Items → lines, top to bottom, each left to right (a table's row becomes one line, as OCR would give it). */
export function itemsToLines(items: readonly TextItem[]): string[] {
  const sorted = items.filter((item) => item.str.trim()).sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: TextItem[][] = [];
  for (const item of sorted) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(line[0]!.y - item.y) <= SAME_LINE) line.push(item);
    else lines.push([item]);
  }
  return lines.map((line) =>
    line
      .sort((a, b) => a.x - b.x)
      .map((item) => item.str.trim())
      .join(" "),
  );
}

/** The text of the first pages; rejects for a file pdfjs cannot open (the reader turns that into null). */
export async function readPdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    // pdfjs takes ownership of (and detaches) the buffer it is given: hand it a copy.
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const items = content.items.flatMap((item) =>
        "str" in item ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number }] : [],
      );
      pages.push(itemsToLines(items).join("\n"));
    }
    return pages.join("\n");
  } finally {
    await task.destroy();
  }
}
