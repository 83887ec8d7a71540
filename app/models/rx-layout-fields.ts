import type { OcrWord } from "./ocr-page";
import type { Row } from "./rx-layout-rows";

/**
 * A form's boxes put a field's label above its value ("NAME   DATE OF BIRTH" over "ANDERSON, LAUREN  06/09/1948").
 * The text readers (rx-text-fields.ts) read "Label: value" lines, so a row of labels and the row under it become
 * one such line per label, each value taken from under its label.
 */

const FIELD_LABELS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:patient(?:'s)?\s+name|patient|name)$/i, "Patient"],
  [/^(?:date\s+of\s+birth|birth\s*date|DOB|D\.O\.B\.?)$/i, "DOB"],
  [/^(?:patient\s+)?address$/i, "Address"],
  [/^(?:exp(?:iration|iry)?\.?\s+date|expires|expiration|valid\s+until|rx\s+expires)$/i, "Expires"],
  [/^(?:date|exam\s+date|date\s+of\s+exam|issue\s+date|date\s+issued|issued|exam)$/i, "Exam Date"],
  [/^(?:license\s*(?:#|no\.?|number)?|lic\.?\s*#?|state\s+license)$/i, "License #"],
  [/^(?:NPI(?:\s*#)?)$/i, "NPI"],
  [/^(?:phone|tel|telephone)$/i, "Phone"],
  [/^(?:prescribing\s+(?:doctor|physician|optometrist)|prescriber|doctor|physician|optometrist)$/i, "Prescriber"],
  [/^(?:clinic|practice)(?:\s+name)?$/i, "Clinic"],
  [/^signature$/i, "Signature"],
];

interface Span {
  name: string;
  x0: number;
  words: OcrWord[];
}

/** A row made of field labels only, as spans (longest label first: "DATE OF BIRTH" before "DATE"). */
function labelSpans(row: Row): Span[] | null {
  if (row.words.some((word) => /\d/.test(word.text))) return null;
  const spans: Span[] = [];
  let index = 0;
  while (index < row.words.length) {
    let matched = 0;
    for (let length = Math.min(4, row.words.length - index); length >= 1 && matched === 0; length--) {
      const words = row.words.slice(index, index + length);
      const text = words.map((word) => word.text.replace(/[:]$/, "")).join(" ");
      const label = FIELD_LABELS.find(([pattern]) => pattern.test(text));
      if (label) {
        spans.push({ name: label[1], x0: words[0]!.box.x0, words });
        matched = length;
      }
    }
    if (matched === 0) return null;
    index += matched;
  }
  return spans.length > 0 ? spans : null;
}

/**
 * The rows' texts for the field readers: a row of labels followed by a row of values becomes "Label: value"
 * lines (the value row is consumed); every other row is its text.
 */
export function fieldLines(rows: readonly Row[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    const spans = labelSpans(row);
    const next = rows[index + 1];
    if (!spans || !next || labelSpans(next)) {
      out.push(row.text);
      continue;
    }
    const height = Math.max(1, row.box.y1 - row.box.y0);
    // The value sits within a couple of lines under its label.
    if (next.box.y0 - row.box.y1 > height * 4) {
      out.push(row.text);
      continue;
    }
    const values = spans.map(() => [] as string[]);
    for (const word of next.words) {
      // Each value under the label that starts at or left of it (a little slack for a box's padding).
      let owner = 0;
      spans.forEach((span, position) => {
        if (span.x0 <= word.box.x0 + height) owner = position;
      });
      values[owner]!.push(word.text);
    }
    spans.forEach((span, position) => {
      if (values[position]!.length === 0) return;
      // Under "Signature" is a scrawl or the signer's printed name: kept as a line of its own.
      const value = values[position]!.join(" ");
      out.push(span.name === "Signature" ? value : `${span.name}: ${value}`);
    });
    index++;
  }
  return out;
}
