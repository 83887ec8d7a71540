/**
 * What OCR saw on a page, with positions: the reader parses prescriptions from the word boxes (where each word is),
 * not from the text lines alone, so tables with eyes as rows or columns, cards, receipts and forms can be told apart.
 * Coordinates are pixels of the image the OCR read, origin top left. A PDF's text layer gives the same shape (its
 * glyph runs as words, confidence 1).
 */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  /** 0–1. */
  confidence: number;
  box: OcrBox;
  /** The OCR's own grouping, when it has one: the index of the line and of the block (paragraph area) it put the word in. */
  line?: number;
  block?: number;
}

export interface OcrPage {
  width: number;
  height: number;
  /** The OCR's text in reading order (lines joined by "\n"). */
  text: string;
  words: OcrWord[];
  /** Mean word confidence, 0–1. */
  confidence: number;
}
