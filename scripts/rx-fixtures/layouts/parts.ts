/**
 * Text pieces the clinic form and the letter share: the clinic's address and phone lines, the prescriber's
 * printed name, the expiration label. Each returns one of several real-world spellings.
 */
import { type Rng } from "../random";
import { type RxDoc } from "../values";
import { esc } from "./common";

export function clinicStreetLine(doc: RxDoc): string {
  const { street, suite } = doc.clinic;
  return suite ? `${street}, ${suite}` : street;
}

export function cityLine(place: { city: string; state: string; zip: string }): string {
  return `${place.city}, ${place.state} ${place.zip}`;
}

/** "Phone (208) 555-0142 · Fax (208) 555-0199" and its variants. */
export function phoneLine(doc: RxDoc, rng: Rng): string {
  const [tel, fax] = rng.pick([
    ["Phone", "Fax"],
    ["Tel", "Fax"],
    ["Ph:", "Fax:"],
    ["P:", "F:"],
    ["Phone:", "Fax:"],
  ] as const);
  const sep = rng.pick([" \u00b7 ", " | ", "&nbsp;&nbsp;&nbsp;", " \u2022 "]);
  const phone = `${tel} ${doc.clinic.phone}`;
  return doc.clinic.fax ? esc(phone) + sep + esc(`${fax} ${doc.clinic.fax}`) : esc(phone);
}

/** The prescriber as printed: "Dr. Ann Lee, OD", "Ann Lee, O.D.", "ANN LEE, OD". */
export function prescriberName(doc: RxDoc, rng: Rng): string {
  const { firstName, lastName, credential } = doc.doctor;
  return rng.weighted([
    [`Dr. ${firstName} ${lastName}, ${credential}`, 4],
    [`${firstName} ${lastName}, ${credential}`, 3],
    [`Dr. ${firstName} ${lastName}`, 2],
    [`${firstName} ${lastName}, ${credential}`.toUpperCase(), 1],
  ]);
}

export const EXPIRATION_LABELS = [
  "Expires",
  "Exp. Date",
  "Expiration Date",
  "Valid until",
  "Rx Expires",
  "Expiration",
] as const;

export const EXAM_DATE_LABELS = ["Exam Date", "Date of Exam", "Date", "Issued", "Exam"] as const;

export const DOB_LABELS = ["DOB", "Date of Birth", "Birthdate", "D.O.B."] as const;

export const NAME_LABELS = ["Patient", "Patient Name", "Name"] as const;

export const TITLES = [
  "CONTACT LENS PRESCRIPTION",
  "Contact Lens Prescription",
  "Contact Lens Rx",
  "Soft Contact Lens Prescription",
  "CONTACT LENS Rx",
  "Final Contact Lens Prescription",
] as const;
