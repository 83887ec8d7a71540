/**
 * The layout families every manifest item belongs to, with their class and whether they are held out. Held-out
 * families measure the reader on layouts it was not tuned on: no parsing rule may name them, and the parser's
 * author does not open their code (held-out/) or their pictures (the held-out/ output folder).
 */
import { type Classification } from "./types";

export interface FamilyInfo {
  classification: Classification;
  heldOut: boolean;
  /** One line for the README and the bench's listing. */
  about: string;
}

const P = "Prescription" as const;

export const FAMILIES = {
  // The original generator's layouts, split by what a reader has to do with them.
  "clinic-form": { classification: P, heldOut: false, about: "clinic form, eyes as table rows" },
  "clinic-form-transposed": { classification: P, heldOut: false, about: "clinic form, parameters as rows" },
  letter: { classification: P, heldOut: false, about: "letter, eyes in prose or labelled lines" },
  "letter-shorthand": { classification: P, heldOut: false, about: "letter, eyes in -2.25 -1.25 x 180 shorthand" },
  "box-label": { classification: "Box", heldOut: false, about: "a lens box's label, one eye" },
  "text-pdf": { classification: P, heldOut: false, about: "PDF with a text layer" },
  human: { classification: "Human", heldOut: false, about: "portrait-like pictures" },
  other: { classification: "Other", heldOut: false, about: "scenes, receipts, lists, invoices, screenshots" },
  // Training families: the parser's author may look at them and tune on them.
  "letterhead-table": { classification: P, heldOut: false, about: "letterhead, one table row per eye" },
  "portal-card": { classification: P, heldOut: false, about: "patient-portal card per eye, label/value lines" },
  "compact-note": { classification: P, heldOut: false, about: "chart note in compact notation, non-lens lines" },
  "box-form": { classification: P, heldOut: false, about: "labelled boxes, one row of boxes per eye" },
  "handwritten-pad": { classification: P, heldOut: false, about: "printed pad, values written by hand" },
  "spectacles-only": { classification: P, heldOut: false, about: "a glasses prescription: no lens values" },
  "appointment-card": { classification: "Other", heldOut: false, about: "a clinic's appointment card" },
  "clinic-bill": { classification: "Other", heldOut: false, about: "an eye clinic's bill or superbill" },
  "scanned-pdf": { classification: P, heldOut: false, about: "image-only PDF of a training page" },
  // Held-out families: never named by a parsing rule.
  "eyes-columns": { classification: P, heldOut: true, about: "eyes as columns, parameters as rows, ADD words" },
  "thermal-receipt": { classification: P, heldOut: true, about: "optical shop receipt, values under eye headings" },
  "ehr-printout": { classification: P, heldOut: true, about: "EHR chart: CL Rx, spectacle Rx, VA/K/PD lines" },
  "handwritten-slip": { classification: P, heldOut: true, about: "another pad, other handwriting, R/L by hand" },
  "referral-boxes": { classification: P, heldOut: true, about: "labelled boxes, eyes as columns of boxes" },
  "recall-postcard": { classification: "Other", heldOut: true, about: "an eye-exam reminder postcard" },
  "scanned-pdf-held-out": { classification: P, heldOut: true, about: "image-only PDF of a held-out page" },
} as const satisfies Record<string, FamilyInfo>;

export type FamilyName = keyof typeof FAMILIES;

export function familyInfo(name: string): FamilyInfo | undefined {
  return (FAMILIES as Record<string, FamilyInfo>)[name];
}
