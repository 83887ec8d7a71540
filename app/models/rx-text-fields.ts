import { US_STATES } from "./address";
import type { RxAnalysis, RxAnalysisPatient } from "./rx-analysis";
import { parseDate, parsePhone } from "./rx-text-values";

/**
 * The parts of a prescription around the lens values (rx-text.ts): the patient (name, birth date, address), the
 * expiration date and the prescriber (name, clinic, phone). A form labels them ("Patient:", "DOB", "Expires"); a
 * letter writes them in sentences that OCR wraps anywhere ("…the contact lens prescription of Jane Doe, DOB
 * 04/12/1985, of 123 Main St, Boise, ID 83702."), so sentences are read from the lines joined into one text.
 */

const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((state) => state.code));

/** Words that end a value on a labelled line ("Patient: Jane Doe DOB: ..."). */
const NEXT_LABEL =
  /\s+(?:DOB|D\.O\.B\.?|Date of Birth|Birth ?date|Born|Phone|Tel|Ph|Fax|Address|Addr|Exp\w*|Issued|Exam\w*|Date|Sex|Gender|Age|NPI|Lic\w*|Patient|Prescriber|Doctor|Clinic|Signature|Signed|Valid|Rx)\b.*$/i;
const NAME_WORD = "[A-Z][A-Za-z'-]+";
const PERSON = `${NAME_WORD}(?:\\s+[A-Z]\\.)?(?:\\s+${NAME_WORD}){1,2}`;

/** "Patient: …", "Name: …"; without its colon (OCR drops it) only before a capitalised name. */
const PATIENT_LABEL =
  /(?<![A-Za-z])(?:patient(?:'s)?(?:\s+name)?|pt\.?\s+name|(?<!(?:doctor|prescriber|clinic|practice|office|lens|brand|product)\s*)name)\s*[:;]\s*(?=[A-Za-z])/i;
const BARE_PATIENT_LABEL = /(?<![A-Za-z])(?:Patient(?:\s+Name)?|PATIENT(?:\s+NAME)?|Name|NAME)\s+(?=[A-Z])/;
const LETTER_PATIENT: readonly RegExp[] = [
  new RegExp(`prescription\\s+(?:is\\s+)?(?:for|of)\\s+(?:(?:Mr|Mrs|Ms|Miss|Mx)\\.?\\s+)?(${PERSON})`),
  new RegExp(`(?:concern|Dear)\\s*[:,]?\\s+(?:(?:Mr|Mrs|Ms|Miss|Mx)\\.?\\s+)?(${PERSON})`),
  new RegExp(
    `(${NAME_WORD}\\s+${NAME_WORD})(?=,?\\s+(?:\\(?DOB|\\(?date of birth|born|was examined|is a patient|of\\s+\\d|residing))`,
  ),
];
const DOB_LABEL = /\b(?:D[O0]B|D\.\s?[O0]\.\s?B\.?|Date\s+of\s+Birth|Birth\s*date|Born(?:\s+on)?)\b\s*[:;.]?\s*/i;
const EXPIRATION_LABEL =
  /\b(?:exp(?:iration|ires|iry|ire|\.)?(?:\s+(?:date|on))?|[a-z]{0,2}pires|valid\s+(?:until|through|thru|to)|good\s+(?:until|through|thru)|use\s+by)\b\s*[:;.]?\s*/i;
const PRESCRIBER_LABEL =
  /\b(?:prescriber|prescribing\s+(?:doctor|physician|optometrist|provider)|doctor|physician|optometrist|provider|examined\s+by|signed|signature)\b(?:\s+name)?\s*[:;.]?\s*/i;
const CLINIC_LABEL = /\b(?:clinic|practice|office)(?:\s+name)?\s*[:;]\s*/i;
const CLINIC_WORDS =
  /\b(?:eye|eyes|vision|optometry|optometric|optical|optics|eyecare|eyewear|ophthalmology|clinic|associates|sight|contact\s+lens\s+center)\b/i;
const PHONE_LABEL = /\b(?:phone|tel(?:ephone)?|ph|p|office)\b\.?\s*[:;.#]?\s*/i;
const FAX = /\b(?:fax|F:)/i;
const CREDENTIAL = "(?:O\\.?\\s?D|M\\.?\\s?D)\\.?(?![A-Za-z])";
const DOCTOR_NAME = new RegExp(`\\bDr\\.?\\s+(${PERSON})`);
const CREDENTIALED_NAME = new RegExp(`\\b(${NAME_WORD}(?:\\s+[A-Z]\\.)?\\s+${NAME_WORD}),?\\s+${CREDENTIAL}`);
const STREET = `\\d{1,6}\\s+(?:[NSEW]\\.?\\s+)?(?:${NAME_WORD}\\s+){1,3}(?:St|Street|Ave|Avenue|Dr|Drive|Rd|Road|Ln|Lane|Blvd|Way|Ct|Court|Pl|PI|Place|Pkwy|Hwy|Cir|Ter|Trl)\\b\\.?`;
/** "123 N Maple St, Boise, ID 83702", with OCR's commas, label debris ("City/State/ZIP:") or a line break between. */
const ADDRESS = new RegExp(
  `(${STREET})(?:,?\\s+(?:(?:Apt|Unit|#)\\s*\\w+,?\\s+)?)(?:City\\s*[/,]?\\s*State\\s*[/,]?\\s*(?:Zip|ZIP)\\s*:?\\s*)?` +
    `([A-Z][A-Za-z.'-]*(?:\\s+[A-Z][A-Za-z.'-]*){0,3}),?\\s+([A-Z]{2})\\.?,?` +
    // A form's two-column grid can wrap the ZIP under the next field ("…, PA Issued: 10/8/2025" / "19103").
    `(?:\\s+[A-Z][A-Za-z ]{1,20}:\\s*[\\w/.,-]+(?:\\s[\\w,]+){0,2}?)?\\s+([0-9OIlS]{5})(?:-\\d{4})?\\b`,
  "g",
);

function clean(value: string): string {
  return value
    .replace(/\s+/g, " ")
    .replace(/^[\s:;,.|•·-]+|[\s:;,|•·-]+$/g, "")
    .trim();
}

const SMALL_WORDS = new Set(["of", "and", "the", "at", "for", "&"]);

/** "SMITH" → "Smith", "O'BRIEN" → "O'Brien", "MCALLISTER" → "McAllister" (a name printed in capitals). */
function titleCase(word: string, index = 0): string {
  if (word !== word.toUpperCase() || !/[A-Z]{2}/.test(word)) return word;
  const lower = word.toLowerCase();
  if (index > 0 && SMALL_WORDS.has(lower)) return lower;
  return lower
    .replace(/(^|['-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/^Mc([a-z])/, (_, letter: string) => `Mc${letter.toUpperCase()}`);
}

function titleCaseWords(text: string): string {
  return text
    .split(" ")
    .map((word, index) => titleCase(word, index))
    .join(" ");
}

/**
 * "Smith, Jane" or "Jane A. Smith" → first and last (a middle initial is dropped), with how sure the order is: a
 * comma says "Last, First"; a period or semicolon after a first word that is not an initial is read as a comma
 * OCR got wrong, but unsure; a name in capitals without a comma may be "LAST FIRST" whose comma was lost.
 */
export function splitPersonName(raw: string): { firstName?: string; lastName?: string; orderCertainty?: number } {
  const text = clean(raw.replace(/\b(?:Mr|Mrs|Ms|Miss|Mx)\.?\s+/g, "").replace(/[^A-Za-z ,.;'-]/g, " "));
  if (!text) return {};
  const comma = text.indexOf(",");
  const misread = /^([A-Za-z'-]{2,})\s?[.;]\s+(?=[A-Za-z]{2})/.exec(text);
  const at = comma > 0 ? comma : misread ? misread[1]!.length : -1;
  if (at > 0) {
    const last = clean(text.slice(0, at));
    const first = clean(text.slice(at + 1).replace(/^[.;]\s*/, "")).split(" ")[0];
    if (!(first && last && !/\s/.test(last))) return {};
    return { firstName: titleCase(first), lastName: titleCase(last), orderCertainty: comma > 0 ? 0.95 : 0.6 };
  }
  const words = text
    .replace(/[.;]/g, " ")
    .split(/\s+/)
    .filter((word) => !/^[A-Z]$/.test(word) && /[A-Za-z]{2}/.test(word));
  if (words.length < 2 || words.length > 3) return {};
  const capitals = words.every((word) => word === word.toUpperCase());
  return {
    firstName: titleCase(words[0]!),
    lastName: titleCase(words[words.length - 1]!),
    orderCertainty: capitals ? 0.75 : 0.9,
  };
}

function findLabel(lines: readonly string[], label: RegExp): { index: number; rest: string } | null {
  for (let index = 0; index < lines.length; index++) {
    const match = label.exec(lines[index]!);
    if (match) return { index, rest: lines[index]!.slice(match.index + match[0].length) };
  }
  return null;
}

function digits(text: string): string {
  return text.replace(/O/g, "0").replace(/[Il]/g, "1").replace(/S/g, "5");
}

/** The first full address at or after `from` in the joined text (the clinic's letterhead comes before the patient). */
function readAddress(joined: string, from: number): Partial<RxAnalysisPatient> {
  for (const match of joined.matchAll(ADDRESS)) {
    if (match.index < from || !STATE_CODES.has(match[3]!)) continue;
    return {
      // "Pl" is often read "PI"; no street type is spelled that way.
      address1: clean(match[1]!).replace(/\bPI\b\.?$/, "Pl"),
      city: clean(match[2]!),
      state: match[3]!,
      postalCode: digits(match[4]!),
    };
  }
  return {};
}

/** The patient: a labelled name (or a letter's "prescription for ..."), the birth date, the address after the name. */
export function readPatient(lines: readonly string[]): {
  patient: RxAnalysisPatient;
  anchor: number;
  nameCertainty: number;
} {
  const joined = lines.join(" ");
  const patient: RxAnalysisPatient = {};
  let anchor = -1;
  let nameCertainty = 0;
  const labelled = findLabel(lines, PATIENT_LABEL) ?? findLabel(lines, BARE_PATIENT_LABEL);
  if (labelled) {
    const { orderCertainty, ...name } = splitPersonName(clean(labelled.rest.replace(NEXT_LABEL, "")));
    if (name.lastName) {
      Object.assign(patient, name);
      nameCertainty = orderCertainty ?? 0.8;
      anchor = labelled.index;
    }
  }
  let namePosition = anchor >= 0 ? lines.slice(0, anchor).join(" ").length : -1;
  if (!patient.lastName) {
    for (const pattern of LETTER_PATIENT) {
      const match = pattern.exec(joined);
      const { orderCertainty, ...name } = match ? splitPersonName(match[1]!) : {};
      if (match && name.lastName) {
        Object.assign(patient, name);
        nameCertainty = (orderCertainty ?? 0.8) * 0.95;
        namePosition = match.index;
        anchor = lineAt(lines, match.index);
        break;
      }
    }
  }
  const dob = DOB_LABEL.exec(joined);
  if (dob) {
    const date = parseDate(joined.slice(dob.index + dob[0].length, dob.index + dob[0].length + 40), "birth");
    if (date) patient.dateOfBirth = date;
  }
  Object.assign(patient, readAddress(joined, Math.max(0, namePosition)));
  return { patient, anchor, nameCertainty };
}

function lineAt(lines: readonly string[], position: number): number {
  let end = 0;
  for (let index = 0; index < lines.length; index++) {
    end += lines[index]!.length + 1;
    if (position < end) return index;
  }
  return lines.length - 1;
}

export function readExpiration(lines: readonly string[]): string | undefined {
  const joined = lines.join(" ");
  for (const match of joined.matchAll(new RegExp(EXPIRATION_LABEL.source, "gi"))) {
    const after = joined.slice(match.index + match[0].length, match.index + match[0].length + 40);
    const date = parseDate(after, "expiration");
    if (date) return date;
  }
  return undefined;
}

function prescriberName(text: string): string | undefined {
  const found = DOCTOR_NAME.exec(text)?.[1] ?? CREDENTIALED_NAME.exec(text)?.[1];
  if (!found) return undefined;
  return `Dr. ${titleCaseWords(clean(found.replace(new RegExp(`,?\\s*${CREDENTIAL}`, "g"), "")))}`;
}

/** Words a practice's name ends with ("Summit Eye Care", "Clark Family Optometry", "Madison Vision Center"). */
const NAME_END =
  /^(?:Care|Center|Centre|Optometry|Associates|Clinic|Vision|Eyewear|Eyecare|Optical|Optics|Ophthalmology|Eyes|Eye|Sight|Health)/i;

/** "… Optometry New Orleans, LA 70112": the city line a letterhead printed beside the name, dropped. */
function withoutCityLine(text: string): string {
  const city = /,\s*[A-Z]{2}\.?\s+[0-9OIlS:]{3,6}\b.*$/.exec(text);
  if (!city) return text;
  const words = text.slice(0, city.index).split(" ");
  let keep = words.length;
  while (keep > 1 && words.length - keep < 3 && /^[A-Z][a-z.'-]+$/.test(words[keep - 1]!)) {
    if (NAME_END.test(words[keep - 1]!) && NAME_END.exec(words[keep - 1]!)![0].length === words[keep - 1]!.length)
      break;
    keep--;
  }
  return words.slice(0, keep).join(" ");
}

/**
 * Debris after the name on the letterhead's line (a logo, the right-hand column read into it): the name ends at
 * its last "Care", "Center", "Optometry", …; "Eye Health of Tampa" ends with its city's capitalised words.
 */
function withoutDebris(text: string): string {
  const of = /^(.*\b(?:of|OF))((?:\s+[A-Z][A-Za-z]+){1,3})/.exec(text);
  if (of && /\b(?:health|vision|eye care)\s+of$/i.test(of[1]!)) return of[1]! + of[2]!;
  const words = text.split(" ");
  for (let end = words.length; end > 1 && end >= words.length - 3; end--) {
    const ending = NAME_END.exec(words[end - 1]!);
    if (ending) return [...words.slice(0, end - 1), ending[0]].join(" ");
  }
  return text;
}

function clinicNameOf(line: string, lines: readonly string[]): string | undefined {
  const name = clean(
    withoutDebris(withoutCityLine(line))
      // The logo, read as a letter or two of debris before the name.
      .replace(/^[^A-Za-z]*(?:(?!Dr\.)[A-Za-z]{1,2}[^A-Za-z\s]*\s+)?(?=[A-Z])/, "")
      .replace(/^[Il|](?=[A-Z][a-z])/, "")
      .replace(/\s+\d{1,6}\s+.*$/, "")
      .replace(/\s[-|·•]\s.*$/, ""),
  );
  if (!/[A-Za-z]{3}/.test(name)) return undefined;
  if (name !== name.toUpperCase()) return name;
  // A letterhead in capitals: the signature block may print the same name in its own case.
  const mixed = lines.map(clean).find((other) => other.toUpperCase() === name && other !== name);
  return mixed ?? titleCaseWords(name);
}

function isClinicLine(line: string): boolean {
  return CLINIC_WORDS.test(line) && !/\b(?:PWR|SPH|BC|DIA|CYL|AXIS)\b/i.test(line);
}

/** The prescriber: a "Dr." or credentialed name, the clinic (a labelled or eye-care-sounding line), a phone not a fax. */
export function readPrescriber(lines: readonly string[], patientAnchor: number): RxAnalysis["prescriber"] {
  const prescriber: NonNullable<RxAnalysis["prescriber"]> = {};
  const labelled = findLabel(lines, PRESCRIBER_LABEL);
  const fromLabel = labelled ? prescriberName(clean(labelled.rest.replace(NEXT_LABEL, ""))) : undefined;
  const name =
    fromLabel ??
    lines.map((line) => (DOCTOR_NAME.test(line) ? prescriberName(line) : undefined)).find(Boolean) ??
    lines.map(prescriberName).find(Boolean);
  if (name) prescriber.name = name;

  const clinicLabel = findLabel(lines, CLINIC_LABEL);
  const top = lines.slice(0, patientAnchor >= 0 ? patientAnchor : 6);
  // A table's header ("Eye PWR BC") is not a clinic.
  const clinicLine =
    clinicLabel && /[A-Za-z]{3}/.test(clinicLabel.rest)
      ? clinicLabel.rest
      : (top.find(isClinicLine) ??
        // A page without a letterhead names the practice by the signature ("Focal Point Vision - (313) 555-0109").
        lines.slice(Math.max(0, patientAnchor)).find((line) => isClinicLine(line) && parsePhone(line) !== null));
  const clinicName = clinicLine ? clinicNameOf(clinicLine, lines) : undefined;
  if (clinicName) prescriber.clinicName = clinicName;

  const phoneLines = lines.map((line, index) => ({ text: line.split(FAX)[0]!, index }));
  const labelledPhone = phoneLines.find(
    // The patient's own phone sits in the patient's block; the prescriber's is elsewhere.
    ({ text, index }) =>
      PHONE_LABEL.test(text) && parsePhone(text) && (index < patientAnchor || index > patientAnchor + 3),
  );
  const phone = parsePhone(labelledPhone?.text ?? "") ?? phoneLines.map(({ text }) => parsePhone(text)).find(Boolean);
  if (phone) prescriber.phone = phone;
  return Object.keys(prescriber).length > 0 ? prescriber : undefined;
}

const ISSUE_LABEL =
  /\b(?:exam(?:ination)?\s+date|date\s+of\s+(?:exam(?:ination)?|issue|visit|service)|issued(?:\s+on)?|issue\s+date|exam(?:ined)?(?:\s+on)?|(?:date\s+)?written(?:\s+on)?|prescribed\s+on|rx\s+date|visit\s+date|DOS|date)\b\s*[:;.]?\s*/gi;

/** The date the prescription was written: an "Exam Date", "Issued", "Date" label's date (not a birth or expiry). */
export function readIssueDate(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    for (const match of line.matchAll(new RegExp(ISSUE_LABEL.source, "gi"))) {
      const before = line.slice(Math.max(0, match.index - 12), match.index);
      const after = line.slice(match.index + match[0].length);
      if (/(?:exp\w*|birth|valid|until|through)\s*$/i.test(before) || /^of\s+(?:birth|exp)/i.test(after)) continue;
      const date = parseDate(line.slice(match.index + match[0].length, match.index + match[0].length + 40));
      if (date) return date;
    }
  }
  // A letter's date, on its own line near the top (not a birth date whose label OCR lost).
  for (const line of lines.slice(0, 10)) {
    const date = parseDate(line);
    if (!date || date < "2000" || line.replace(/[\s,.]/g, "").length > 20) continue;
    if (!/\b(?:DOB|birth|exp|valid)/i.test(line)) return date;
  }
  return undefined;
}

/** "License # OPT12345", "Lic. OD60545", "State Lic: 12345": the licence as printed. */
export function readLicense(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    const match =
      /\b(?:lic(?:ense|ence)?|st\.?\s*lic)\b\.?\s*(?:no\.?|number|#)?\s*[:#.]?\s*([A-Z]{0,4}[-\s]?\d[\dA-Z-]{2,14})/i.exec(
        line,
      );
    // A letter prefix read as a digit ("0D30953" is "OD30953").
    if (match) return match[1]!.replace(/\s/g, "").replace(/^0(?=[A-Z])/, "O");
  }
  return undefined;
}

/** The prescriber's NPI: ten digits after "NPI". */
export function readNpi(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    const match = /\bNPI\b\s*(?:no\.?|number|#)?\s*[:#.]?\s*([0-9OIlS]{10})(?![0-9])/i.exec(line);
    if (match) return match[1]!.replace(/O/g, "0").replace(/[Il]/g, "1").replace(/S/g, "5");
  }
  return undefined;
}
