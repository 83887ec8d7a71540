import type { OcrPage, OcrWord } from "~/models/ocr-page";
import type * as PdfJsModule from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * A PDF: its text layer (a prescription PDF from a clinic's software has its text) and its first page drawn as a PNG
 * (what staff and the shopper see in place of the PDF, and what OCR reads when there is no text layer: a scan).
 * pdfjs-dist's legacy build is the one that runs in Node; it draws on @napi-rs/canvas (prebuilt from npm). All of it
 * runs in a pixel worker thread (pixel-worker.server.ts runs `readPdfInThread`): parsing and drawing are JavaScript
 * and would hold the event loop. The page count read and the drawn size are capped, and the worker's time limit
 * ends a file that keeps it busy.
 */

/** Two text items closer than this (in PDF points) vertically are on the same line. */
const SAME_LINE = 3;
/** Fewer characters than this in the text layer: a scan (or an image-only PDF); read the drawn page instead. */
export const MIN_TEXT_CHARACTERS = 20;

export interface PdfTextItem {
  str: string;
  /** PDF points from the page's top left: the run's left edge, baseline, width and height. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfContent {
  pages: Array<{ width: number; height: number; items: PdfTextItem[] }>;
  /** The first page as a PNG, when asked for. */
  pageImage: { bytes: Uint8Array; width: number; height: number } | null;
}

export interface PdfOptions {
  maxPages: number;
  /** Draw the first page this wide (px), within maxPixels; null: do not draw. */
  render: { width: number; maxPixels: number } | null;
  timeoutMs?: number;
}

/** What the worker thread provides: pdfjs and the canvas, loaded from node_modules there. */
interface PdfThreadContext {
  importPdfJs(): Promise<typeof PdfJsModule>;
  pdfJsFolder(): string;
  requireCanvas(): { createCanvas(width: number, height: number): PdfCanvas };
}

interface PdfCanvas {
  getContext(kind: "2d"): unknown;
  toBuffer(mime: "image/png"): Uint8Array;
}

/**
 * Runs in a pixel worker thread (its source is sent there): only its arguments and globals. Rejects for a file pdfjs
 * cannot open.
 */
export async function readPdfInThread(
  context: PdfThreadContext,
  bytes: Uint8Array,
  options: PdfOptions,
): Promise<PdfContent> {
  const { getDocument } = await context.importPdfJs();
  const folder = context.pdfJsFolder();
  const task = getDocument({
    data: bytes,
    verbosity: 0,
    isEvalSupported: false,
    // No FontFace in Node: glyphs are drawn from their outlines. The 14 standard fonts come from the package.
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: `${folder}standard_fonts/`,
    cMapUrl: `${folder}cmaps/`,
    cMapPacked: true,
    stopAtErrors: false,
  });
  try {
    const document = await task.promise;
    const pages: PdfContent["pages"] = [];
    let pageImage: PdfContent["pageImage"] = null;
    for (let number = 1; number <= Math.min(document.numPages, options.maxPages); number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items: PdfTextItem[] = [];
      for (const item of content.items) {
        if (!("str" in item) || !item.str.trim()) continue;
        const [x, y] = viewport.convertToViewportPoint(item.transform[4] as number, item.transform[5] as number) as [
          number,
          number,
        ];
        items.push({
          str: item.str,
          x,
          y,
          width: item.width,
          height: item.height || Math.abs(item.transform[3] as number),
        });
      }
      pages.push({ width: viewport.width, height: viewport.height, items });
      if (number === 1 && options.render) {
        const scale = Math.min(
          options.render.width / viewport.width,
          Math.sqrt(options.render.maxPixels / (viewport.width * viewport.height)),
        );
        const drawn = page.getViewport({ scale });
        const width = Math.max(1, Math.round(drawn.width));
        const height = Math.max(1, Math.round(drawn.height));
        const canvas = context.requireCanvas().createCanvas(width, height);
        const canvasContext = canvas.getContext("2d") as CanvasRenderingContext2D;
        canvasContext.fillStyle = "#ffffff";
        canvasContext.fillRect(0, 0, width, height);
        await page.render({ canvasContext, viewport: drawn }).promise;
        const png = canvas.toBuffer("image/png");
        pageImage = { bytes: new Uint8Array(png), width, height };
      }
      page.cleanup();
    }
    return { pages, pageImage };
  } finally {
    await task.destroy();
  }
}

/** Items → lines, top to bottom, each left to right (a table's row becomes one line, as OCR would give it). */
export function itemsToLines(items: readonly PdfTextItem[]): string[] {
  return groupLines(items).map((line) => line.map((item) => item.str.trim()).join(" "));
}

/** The text layer as lines, pages one after another. */
export function pdfText(content: PdfContent): string {
  return content.pages.map((page) => itemsToLines(page.items).join("\n")).join("\n");
}

/** Characters (not spaces) in the text layer: few or none means a scan. */
export function pdfTextCharacters(content: PdfContent): number {
  return content.pages.reduce(
    (sum, page) => sum + page.items.reduce((n, item) => n + item.str.replace(/\s+/g, "").length, 0),
    0,
  );
}

/**
 * The text layer as the OCR's word boxes (confidence 1), pages stacked top to bottom: a run of several words is
 * split at its spaces, each word given its share of the run's width by its length.
 */
export function pdfToOcrPage(content: PdfContent): OcrPage {
  const words: OcrWord[] = [];
  let top = 0;
  let width = 0;
  let line = 0;
  for (const page of content.pages) {
    for (const textLine of groupLines(page.items)) {
      for (const item of textLine) {
        const parts = item.str.split(/(\s+)/);
        const perCharacter = item.width / Math.max(1, item.str.length);
        let offset = 0;
        for (const part of parts) {
          if (part.trim()) {
            const x0 = item.x + offset * perCharacter;
            words.push({
              text: part,
              confidence: 1,
              box: { x0, y0: top + item.y - item.height, x1: x0 + part.length * perCharacter, y1: top + item.y },
              line,
              block: 0,
            });
          }
          offset += part.length;
        }
      }
      line++;
    }
    top += page.height;
    width = Math.max(width, page.width);
  }
  return { width, height: top, text: pdfText(content), words, confidence: words.length ? 1 : 0 };
}

function groupLines(items: readonly PdfTextItem[]): PdfTextItem[][] {
  const sorted = items.filter((item) => item.str.trim()).sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: PdfTextItem[][] = [];
  for (const item of sorted) {
    const current = lines[lines.length - 1];
    if (current && Math.abs(current[0]!.y - item.y) <= SAME_LINE) current.push(item);
    else lines.push([item]);
  }
  return lines.map((items) => items.sort((a, b) => a.x - b.x));
}
