import type { OcrWord } from "./ocr-page";
import type { Row } from "./rx-layout-rows";

/**
 * Lines of a prescription that are not contact lens values, found before the lens values are read: visual acuity
 * ("VA with lenses: OD 20/20 OS 20/30" gave a sphere of -20.00), keratometry ("K: 43.25/44.00 @ 180"), pupil
 * distance, vertex distance, and spectacle prescriptions (a section headed "Spectacle Rx" or "Glasses", a table
 * with PRISM/BASE columns). A row that starts with such a label is dropped; such a measure inside a lens row
 * (a VA column) loses only its own words. Patient, dates and prescriber are still read from every row.
 */

export type NonLensKind = "acuity" | "keratometry" | "pupilDistance" | "vertex" | "spectacles";

const ACUITY_LABEL = /^(?:VA|V\/A|V\.A\.?|visual|acuity|DVA|NVA|VAcc|VAsc)\b/i;
const ACUITY_VALUE = /^(?:20|6)\/\d{1,3}[-+]?\d?$/;
const KERATOMETRY_LABEL = /^(?:K|Ks|K1|K2|Kf|Ksteep|Kflat|K-?readings?|keratometry|kerat\w*|sim-?K)\b/i;
const PD_LABEL = /^(?:PD|P\.D\.?|pupil\w*|interpupillary|IPD|NPD|DPD|seg\w*)\b/i;
const VERTEX_LABEL = /^(?:vertex|VD|BVD|V\.D\.?)\b/i;
/** A glasses prescription's heading, or a refraction's (the measurement glasses are made from, not lens values). */
const SPECTACLE_WORD =
  /\b(?:spectacles?|glasses|eyeglass(?:es)?|eye\s*glass(?:es)?|specs?\.?\s*rx|(?:manifest|auto|cycloplegic)\s*refraction|refraction|MRx)\b/i;
const CONTACT_WORD = /\b(?:contact|contacts|CL\s+Rx|soft\s+lens|lens\s+prescription|lenses)\b/i;
const PRISM_WORD = /^(?:prism|Δ)$/i;
const EYE_WORD = /^(?:O\.?D\.?|O\.?S\.?|O\.?U\.?|R|L|RE|LE|right|left)[:.,]?$/i;
const VALUE = /[-+]?\d/;

/** The label a row starts with, after an eye name ("OD VA 20/20" is still acuity). */
function leadingLabel(words: readonly OcrWord[]): NonLensKind | null {
  const texts = words.map((word) => word.text.replace(/[:;,]$/, ""));
  const start = texts.findIndex((text) => !EYE_WORD.test(text) && !/^[|([\]{}*•·>-]+$/.test(text));
  const first = texts[start];
  if (first === undefined) return null;
  const two = `${first} ${texts[start + 1] ?? ""}`;
  if (ACUITY_LABEL.test(first)) return "acuity";
  if (/^visual\s+acuity|^vision\s+(?:with|w\/|cc|sc)/i.test(two)) return "acuity";
  if (KERATOMETRY_LABEL.test(first)) return "keratometry";
  if (/^(?:flat|steep)\s+K\b/i.test(two)) return "keratometry";
  if (PD_LABEL.test(first) || /^pupil(?:lary)?\s+distance/i.test(two)) return "pupilDistance";
  if (VERTEX_LABEL.test(first)) return "vertex";
  return null;
}

/** Words of a lens row that belong to a measure, not the lens: "20/20", "43.25@180", "PD 62". */
function measureWords(words: readonly OcrWord[]): Set<OcrWord> {
  const out = new Set<OcrWord>();
  words.forEach((word, index) => {
    const text = word.text.replace(/[,;]$/, "");
    if (ACUITY_VALUE.test(text) || /@/.test(text)) out.add(word);
    if (/@/.test(text) && words[index + 1] && VALUE.test(words[index + 1]!.text)) out.add(words[index + 1]!);
    if (/^(?:PD|VA|Vertex|BVD)[:]?$/i.test(text)) {
      out.add(word);
      for (const next of words.slice(index + 1, index + 3)) if (/^[\d/.mm]+$/.test(next.text)) out.add(next);
    }
  });
  return out;
}

/** Signed dioptre values in a row ("-2.00", "+1.25"): what a glasses prescription holds. */
function powers(row: Row): number {
  return row.words.filter((word) => /^[-+\u2212]\d{1,2}\.\d{2}$/.test(word.text)).length;
}

function isHeading(row: Row): boolean {
  return row.words.length <= 8 && !row.words.some((word) => /\d/.test(word.text));
}

export interface FilteredRows {
  /** The rows the lens values are read from (non-lens rows dropped, non-lens words taken out). */
  lens: Row[];
  /** Why each dropped row was dropped, by row index. */
  dropped: Map<number, NonLensKind>;
  /** A spectacle prescription was found (a section or a PRISM table). */
  spectacles: boolean;
}

/** Sorts the rows into lens rows and the rest. */
export function filterNonLens(rows: readonly Row[]): FilteredRows {
  const lens: Row[] = [];
  const dropped = new Map<number, NonLensKind>();
  /** Powers read inside glasses sections: a heading alone (or OCR noise) does not make a glasses prescription. */
  let spectaclePowers = 0;
  let inSpectacles = false;
  let spectacleValues = 0;
  for (const row of rows) {
    const text = row.text;
    const heading = isHeading(row);
    if (inSpectacles) {
      // The section ends at a contact lens heading, or at the first line after its values that is not part of it.
      const values = row.words.filter((word) => VALUE.test(word.text)).length;
      const hasEye = row.words.some((word) => EYE_WORD.test(word.text));
      if (CONTACT_WORD.test(text) && !SPECTACLE_WORD.test(text)) inSpectacles = false;
      else if (spectacleValues > 0 && values === 0 && !hasEye && !/\b(?:sph|cyl|axis|add|prism|base)\b/i.test(text)) {
        inSpectacles = false;
      } else {
        spectacleValues += values;
        spectaclePowers += powers(row);
        dropped.set(row.index, "spectacles");
        continue;
      }
    }
    if (SPECTACLE_WORD.test(text) && !CONTACT_WORD.test(text)) {
      spectaclePowers += powers(row);
      dropped.set(row.index, "spectacles");
      // A heading opens a section; a line that carries its own values ("Glasses: OD -2.00 …") is one row.
      if (heading || row.words.filter((word) => VALUE.test(word.text)).length === 0) {
        inSpectacles = true;
        spectacleValues = 0;
      }
      continue;
    }
    // A table with prism columns is a spectacle table, whatever its heading.
    if (row.words.filter((word) => PRISM_WORD.test(word.text)).length > 0 && heading) {
      inSpectacles = true;
      spectacleValues = 0;
      dropped.set(row.index, "spectacles");
      continue;
    }
    const label = leadingLabel(row.words);
    if (label) {
      dropped.set(row.index, label);
      continue;
    }
    const measures = measureWords(row.words);
    if (measures.size === 0) {
      lens.push(row);
      continue;
    }
    const words = row.words.filter((word) => !measures.has(word));
    // A row that held only eyes and measures ("OD 20/20 OS 20/25") is an acuity row.
    if (words.every((word) => EYE_WORD.test(word.text) || !VALUE.test(word.text))) {
      dropped.set(row.index, "acuity");
      continue;
    }
    lens.push({ ...row, words, text: words.map((word) => word.text).join(" ") });
  }
  return { lens, dropped, spectacles: spectaclePowers > 0 };
}
