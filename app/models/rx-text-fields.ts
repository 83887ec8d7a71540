import { US_STATES } from "./address";
import type { RxAnalysis, RxAnalysisPatient } from "./rx-analysis";
import { parseDate, parsePhone } from "./rx-text-values";

/**
 * The parts of a prescription around the lens values (rx-text.ts): the patient (name, birth date, address), the
 * expiration date and the prescriber (name, clinic, phone), from labelled lines ("Patient:", "DOB", "Expires") or
 * the usual shapes of a letter ("the prescription for Jane Doe", "Dr. Maria Lopez, OD"). Lines come normalised
 * (one space, ASCII minus).
 */

const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((state) => state.code));

/** Words that end a value on a labelled line ("Patient: Jane Doe DOB: ..."). */
const NEXT_LABEL =
  /\s+(?:DOB|D\.O\.B\.?|Date of Birth|Birth ?date|Born|Phone|Tel|Ph|Fax|Address|Addr|Exp\w*|Issued|Exam|Date|Sex|Gender|Age|NPI|Lic\w*|Patient|Prescriber|Doctor|Clinic|Signature|Signed)\b.*$/i;

const PATIENT_LABEL =
  /(?<![A-Za-z])(?:patient(?:'s)?(?:\s+name)?|pt\.?\s+name|name\s+of\s+patient|(?<!(?:doctor|prescriber|clinic|practice|office|lens|brand|product)\s*)name)\s*[:;.]\s*|(?:patient(?:'s)?(?:\s+name)?)\s+(?=[A-Z])/i;
const LETTER_PATIENT =
  /(?:prescription\s+(?:is\s+)?for|issued\s+to|prescribed\s+for|patient,?|Dear)\s+(?:(?:Mr|Mrs|Ms|Miss|Mx)\.?\s+)?([A-Z][A-Za-z'-]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][A-Za-z'-]+){1,2})/;
const DOB_LABEL = /\b(?:DOB|D\.\s?O\.\s?B\.?|Date\s+of\s+Birth|Birth\s*date|Born(?:\s+on)?)\b\s*[:;.]?\s*/i;
const EXPIRATION_LABEL =
  /\b(?:exp(?:iration|ires|iry|ire|\.)?(?:\s+(?:date|on))?|valid\s+(?:until|through|thru|to)|good\s+(?:until|through|thru)|use\s+by)\b\s*[:;.]?\s*/i;
const ADDRESS_LABEL = /\b(?:address|addr\.?)\s*[:;.]?\s*/i;
const PRESCRIBER_LABEL =
  /\b(?:prescriber|prescribing\s+(?:doctor|physician|optometrist|provider)|doctor|physician|optometrist|provider|examined\s+by|signed|signature)\b(?:\s+name)?\s*[:;.]?\s*/i;
const CLINIC_LABEL = /\b(?:clinic|practice|office)(?:\s+name)?\s*[:;]\s*/i;
const CLINIC_WORDS =
  /\b(?:eye|eyes|vision|optometry|optometric|optical|optics|eyecare|ophthalmology|clinic|associates|sight|lens\s+center)\b/i;
const PHONE_LABEL = /\b(?:phone|tel(?:ephone)?|ph|p)\b\.?\s*[:;.#]?\s*/i;
const CREDENTIALS = /,?\s*\b(?:O\.?\s?D\.?|M\.?\s?D\.?|D\.?O\.?|FAAO|F\.A\.A\.O\.)(?![A-Za-z])/g;
const DOCTOR_NAME = /\bDr\.?\s+([A-Z][A-Za-z'-]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][A-Za-z'-]+){1,2})/;
const CREDENTIALED_NAME = /\b([A-Z][A-Za-z'-]+(?:\s+[A-Z]\.)?\s+[A-Z][A-Za-z'-]+),?\s+(?:O\.?\s?D|M\.?\s?D)\b\.?/;
const STREET = /^(\d{1,6}[A-Za-z]?\s+[A-Za-z0-9][A-Za-z0-9 .'#-]*?)\s*$/;
const CITY_STATE_ZIP = /([A-Za-z][A-Za-z .'-]*?),?\s+([A-Z]{2})\.?,?\s+([0-9OIlS]{5})(?:-[0-9]{4})?\b/;

function clean(value: string): string {
  return value
    .replace(/\s+/g, " ")
    .replace(/^[\s:;,.|-]+|[\s:;,|-]+$/g, "")
    .trim();
}

/** "SMITH" → "Smith", "O'BRIEN" → "O'Brien", "MCALLISTER" → "McAllister" (a name printed in capitals). */
function titleCase(word: string): string {
  if (word !== word.toUpperCase() || word.length <= 1) return word;
  return word
    .toLowerCase()
    .replace(/(^|['-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/^Mc([a-z])/, (_, letter: string) => `Mc${letter.toUpperCase()}`);
}

/** "Smith, Jane" or "Jane A. Smith" → first and last (a middle initial is dropped). */
export function splitPersonName(raw: string): { firstName?: string; lastName?: string } {
  const text = clean(raw.replace(/\b(?:Mr|Mrs|Ms|Miss|Mx)\.?\s+/g, "").replace(/[^A-Za-z ,.'-]/g, " "));
  if (!text) return {};
  const comma = text.indexOf(",");
  if (comma > 0) {
    const last = clean(text.slice(0, comma));
    const first = clean(text.slice(comma + 1)).split(" ")[0];
    return first && last ? { firstName: titleCase(first), lastName: titleCase(last) } : {};
  }
  const words = text.split(" ").filter((word) => !/^[A-Z]\.?$/.test(word) && /[A-Za-z]{2}/.test(word));
  if (words.length < 2) return {};
  return { firstName: titleCase(words[0]!), lastName: titleCase(words[words.length - 1]!) };
}

interface LabelHit {
  index: number;
  rest: string;
}

function findLabel(lines: readonly string[], label: RegExp, from = 0): LabelHit | null {
  for (let index = from; index < lines.length; index++) {
    const match = label.exec(lines[index]!);
    if (match) return { index, rest: lines[index]!.slice(match.index + match[0].length) };
  }
  return null;
}

function readAddress(lines: readonly string[], start: number, end: number): Partial<RxAnalysisPatient> {
  for (let index = start; index < Math.min(end, lines.length); index++) {
    const line = lines[index]!;
    const labelled = ADDRESS_LABEL.exec(line);
    const text = clean(labelled ? line.slice(labelled.index + labelled[0].length) : line);
    const cityLine = CITY_STATE_ZIP.exec(text);
    if (cityLine && STATE_CODES.has(cityLine[2]!)) {
      const before = clean(text.slice(0, cityLine.index));
      const street = before ? STREET.exec(before) : index > start ? STREET.exec(clean(lines[index - 1]!)) : null;
      // "123 Main St, Boise, ID": the city is the part after the street's last comma.
      const cityParts = clean(cityLine[1]!).split(",");
      return {
        ...(street ? { address1: clean(street[1]!) } : {}),
        city: clean(cityParts[cityParts.length - 1]!),
        state: cityLine[2]!,
        postalCode: cityLine[3]!.replace(/O/g, "0").replace(/[Il]/g, "1").replace(/S/g, "5"),
      };
    }
    if (labelled && STREET.test(text)) {
      const next = index + 1 < lines.length ? readAddress(lines, index + 1, index + 2) : {};
      return { ...next, address1: text };
    }
  }
  return {};
}

/** The patient: a labelled name (or a letter's "prescription for ..."), the birth date, the address near them. */
export function readPatient(lines: readonly string[]): { patient: RxAnalysisPatient; anchor: number } {
  const patient: RxAnalysisPatient = {};
  let anchor = -1;
  const labelled = findLabel(lines, PATIENT_LABEL);
  if (labelled) {
    anchor = labelled.index;
    const name = clean(labelled.rest.replace(NEXT_LABEL, ""));
    Object.assign(patient, splitPersonName(name || (lines[labelled.index + 1] ?? "").replace(NEXT_LABEL, "")));
  }
  if (!patient.lastName) {
    for (let index = 0; index < lines.length; index++) {
      const match = LETTER_PATIENT.exec(lines[index]!);
      if (!match) continue;
      const name = splitPersonName(match[1]!.replace(CREDENTIALS, ""));
      if (name.lastName) {
        Object.assign(patient, name);
        if (anchor < 0) anchor = index;
        break;
      }
    }
  }
  const dob = findLabel(lines, DOB_LABEL);
  if (dob) {
    const date = parseDate(dob.rest, "birth") ?? parseDate(lines[dob.index + 1] ?? "", "birth");
    if (date) patient.dateOfBirth = date;
    if (anchor < 0) anchor = dob.index;
  }
  const addressLabel = findLabel(lines, ADDRESS_LABEL);
  const address =
    addressLabel && !PRESCRIBER_LABEL.test(lines[addressLabel.index - 1] ?? "")
      ? readAddress(lines, addressLabel.index, addressLabel.index + 3)
      : anchor >= 0
        ? readAddress(lines, anchor, anchor + 5)
        : {};
  Object.assign(patient, address);
  return { patient, anchor };
}

export function readExpiration(lines: readonly string[]): string | undefined {
  for (let index = 0; index < lines.length; index++) {
    const match = EXPIRATION_LABEL.exec(lines[index]!);
    if (!match) continue;
    const rest = lines[index]!.slice(match.index + match[0].length);
    const date = parseDate(rest, "expiration") ?? parseDate(lines[index + 1] ?? "", "expiration");
    if (date) return date;
  }
  return undefined;
}

function prescriberName(text: string): string | undefined {
  const doctor = DOCTOR_NAME.exec(text);
  if (doctor) return `Dr. ${clean(doctor[1]!.replace(CREDENTIALS, ""))}`;
  const credentialed = CREDENTIALED_NAME.exec(text);
  if (credentialed) return `Dr. ${clean(credentialed[1]!)}`;
  return undefined;
}

/** The prescriber: a labelled or "Dr." name, the clinic (a labelled or eye-care-sounding line), a phone not a fax. */
export function readPrescriber(lines: readonly string[], patientAnchor: number): RxAnalysis["prescriber"] {
  const prescriber: NonNullable<RxAnalysis["prescriber"]> = {};
  const labelled = findLabel(lines, PRESCRIBER_LABEL);
  const fromLabel = labelled ? clean(labelled.rest.replace(NEXT_LABEL, "")) : "";
  const name =
    (fromLabel ? (prescriberName(fromLabel) ?? prescriberName(`Dr. ${fromLabel.replace(/^Dr\.?\s*/, "")}`)) : null) ??
    lines.map(prescriberName).find(Boolean);
  if (name) prescriber.name = name;

  const clinicLabel = findLabel(lines, CLINIC_LABEL);
  const clinicLine = clinicLabel
    ? clean(clinicLabel.rest)
    : lines.slice(0, patientAnchor >= 0 ? patientAnchor : 6).find((line) => CLINIC_WORDS.test(line) && !/\d{3}/.test(line));
  if (clinicLine) {
    const clinicName = clean(clinicLine.replace(DOCTOR_NAME, "").replace(/\s[-|]\s.*$/, ""));
    if (clinicName && /[A-Za-z]{3}/.test(clinicName)) prescriber.clinicName = clinicName;
  }

  const phones = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => !/\bfax\b/i.test(line) || PHONE_LABEL.test(line.split(/fax/i)[0]!));
  const labelledPhone = phones.find(({ line, index }) => {
    if (!PHONE_LABEL.test(line)) return false;
    // The patient's own phone sits in the patient's block; the prescriber's is elsewhere.
    return patientAnchor < 0 || index < patientAnchor || index > patientAnchor + 3;
  });
  const phone =
    (labelledPhone ? parsePhone(labelledPhone.line.split(/fax/i)[0]!) : null) ??
    phones.map(({ line }) => parsePhone(line.split(/fax/i)[0]!)).find(Boolean);
  if (phone) prescriber.phone = phone;
  return Object.keys(prescriber).length > 0 ? prescriber : undefined;
}
