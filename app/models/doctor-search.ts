import { z } from "zod";
import { normalizePhone, phoneSchema } from "./account";
import { ADDRESS_LINE_MAX, ADDRESS_MESSAGES, addressFormSchema, normalizeUsZip, US_STATES } from "./address";

/**
 * Doctor search and the doctor a shopper adds (spec 2 §3 Doctor, §4 Doctor rules, §5): a phone-shaped term is
 * searched by phone (formatting removed), otherwise by name; the location is a ZIP (its first 5 digits),
 * 'city, state', a state name or code, or a mix ('Boise, Idaho 83702'); anything else is 'invalidLocation'.
 * Pure: the service resolves a parsed location to coordinates with the ZIP-code dataset.
 */

export const SEARCH_TERM_MAX = 60;
export const SEARCH_LOCATION_MAX = 60;
export const DOCTOR_NAME_MAX = 30;
export const CLINIC_NAME_MAX = 60;
/** Results a search shows at most. */
export const DOCTOR_SEARCH_LIMIT = 25;
/** The farthest `distanceInMiles` a search takes (spec 1 §2.3 names the parameter), and the form's choices. */
export const SEARCH_DISTANCE_MAX = 500;
export const SEARCH_DISTANCE_CHOICES = [5, 10, 25, 50, 100] as const;

export type DoctorSearchError = "invalidLocation" | "invalidPhone" | "invalidName" | "emptySearch";

/** Shopper-facing messages; the spec's error code for a location is 'invalidLocation'. */
export const DOCTOR_SEARCH_MESSAGES = {
  invalidLocation: "Enter a ZIP code, a city and state, or a state.",
  invalidPhone: "Enter your doctor's 10-digit phone number, or search by name.",
  invalidName: "Search by your doctor's name (letters only) or phone number.",
  emptySearch: "Enter your doctor's name or phone number, or a location.",
  termTooLong: `Searches can be at most ${SEARCH_TERM_MAX} characters.`,
  locationTooLong: `Locations can be at most ${SEARCH_LOCATION_MAX} characters.`,
  invalidDistance: `Choose a distance from 1 to ${SEARCH_DISTANCE_MAX} miles.`,
  /** Spec 2 §5: setting a doctor needs one that exists. */
  invalidDoctor: "Must provide a valid doctor for line item group",
} as const;

/** Which field of the search form an error belongs to. */
export const DOCTOR_SEARCH_ERROR_FIELD: Record<DoctorSearchError, "q" | "location"> = {
  invalidLocation: "location",
  invalidPhone: "q",
  invalidName: "q",
  emptySearch: "q",
};

// ---------------------------------------------------------------------------------------------------------------
// The search term

export type DoctorSearchTerm = { kind: "phone"; phone: string } | { kind: "name"; words: string[] };

export type TermParse =
  { ok: true; term: DoctorSearchTerm | null } | { ok: false; error: "invalidPhone" | "invalidName" };

/** Digits and the characters people format phone numbers with, and at least one digit. */
const PHONE_SHAPED = /^(?=.*\d)[\d\s().+-]+$/;
/** A word of a name: letters (with accents), apostrophes, hyphens and periods. */
const NAME_WORD = /^[\p{L}][\p{L}\p{M}'’.-]*$/u;
/** Honorifics and credentials people type around a doctor's name; they are not part of it. */
const NAME_NOISE = new Set(["dr", "doctor", "od", "md", "o.d", "m.d", "ophthalmologist", "optometrist"]);

export function isPhoneShaped(raw: string): boolean {
  return PHONE_SHAPED.test(raw.trim());
}

/**
 * Spec 2 §5: a phone-shaped term is searched by phone, formatting removed (10 digits; a leading 1 is dropped);
 * anything else by name, as lower-case words (honorifics and credentials dropped). An empty term is null.
 */
export function parseSearchTerm(raw: string): TermParse {
  const text = raw.trim();
  if (text.length === 0) return { ok: true, term: null };
  if (isPhoneShaped(text)) {
    const phone = normalizePhone(text);
    return phone ? { ok: true, term: { kind: "phone", phone } } : { ok: false, error: "invalidPhone" };
  }
  const words = text
    .toLowerCase()
    .split(/[\s,&/]+/)
    .map((word) => word.replace(/^[.'’-]+|[.'’-]+$/g, ""))
    .filter((word) => word.length > 0 && !NAME_NOISE.has(word));
  if (words.length === 0) return { ok: true, term: null };
  if (!words.every((word) => NAME_WORD.test(word))) return { ok: false, error: "invalidName" };
  return { ok: true, term: { kind: "name", words } };
}

// ---------------------------------------------------------------------------------------------------------------
// The location

/** States a clinic can be in: the 50 states, DC and the territories (not the military "states"). */
export const CLINIC_STATES = US_STATES.filter((state) => !["AA", "AE", "AP", "UM"].includes(state.code));
export type ClinicStateCode = (typeof CLINIC_STATES)[number]["code"];
const CLINIC_STATE_CODES = CLINIC_STATES.map((state) => state.code) as [ClinicStateCode, ...ClinicStateCode[]];

export function stateName(code: string): string {
  return CLINIC_STATES.find((state) => state.code === code)?.name ?? code;
}

export type DoctorLocation =
  | { kind: "postalCode"; postalCode: string; city?: string; state?: ClinicStateCode }
  | { kind: "cityState"; city: string; state: ClinicStateCode }
  | { kind: "state"; state: ClinicStateCode };

export type LocationParse = { ok: true; location: DoctorLocation | null } | { ok: false; error: "invalidLocation" };

/** State names and codes, lower case, longest first (so "west virginia" is tried before "virginia"). */
const STATE_SPELLINGS = CLINIC_STATES.flatMap((state) => [
  { text: state.name.toLowerCase(), code: state.code },
  { text: state.code.toLowerCase(), code: state.code },
]).sort((a, b) => b.text.length - a.text.length);

const CITY_PATTERN = /^[\p{L}][\p{L}\p{M} .'’-]*$/u;
const COUNTRY_SUFFIX = /[\s,]+(usa|us|u\.s\.a?\.?|united states(?: of america)?)$/i;
const INVALID_LOCATION = { ok: false, error: "invalidLocation" } as const;

/** "city state", "city, state" or "state" (a name or a code); null when no state ends the text. */
function parsePlace(text: string): { city?: string; state: ClinicStateCode } | null {
  const lower = text.toLowerCase();
  for (const spelling of STATE_SPELLINGS) {
    if (lower === spelling.text) return { state: spelling.code };
    if (!lower.endsWith(spelling.text)) continue;
    const before = text.slice(0, text.length - spelling.text.length);
    if (!/[\s,]$/.test(before)) continue;
    const city = before.replace(/[\s,]+$/, "").trim();
    if (city.length === 0 || !CITY_PATTERN.test(city)) return null;
    return { city, state: spelling.code };
  }
  return null;
}

/**
 * Spec 2 §5: a postal code (its first 5 digits), 'city, state', a state name (or code), or a mix of them. A ZIP
 * wins over the words around it. An empty location is null (the caller falls back to the primary address).
 */
export function parseLocation(raw: string): LocationParse {
  const text = raw.trim().replace(/\s+/g, " ").replace(COUNTRY_SUFFIX, "");
  if (text.length === 0) return { ok: true, location: null };
  const digits = /\d[\d-]*/.exec(text);
  if (digits) {
    const zip = digits[0].replace(/-/g, "");
    if (zip.length < 5) return INVALID_LOCATION;
    const rest = `${text.slice(0, digits.index)} ${text.slice(digits.index + digits[0].length)}`
      .replace(/^[\s,]+|[\s,]+$/g, "")
      .replace(/\s+/g, " ");
    if (/\d/.test(rest)) return INVALID_LOCATION;
    const place = rest.length > 0 ? parsePlace(rest) : null;
    return { ok: true, location: { kind: "postalCode", postalCode: zip.slice(0, 5), ...place } };
  }
  const place = parsePlace(text.replace(/[\s,]+$/, ""));
  if (!place) return INVALID_LOCATION;
  return {
    ok: true,
    location: place.city
      ? { kind: "cityState", city: place.city, state: place.state }
      : { kind: "state", state: place.state },
  };
}

/**
 * How a location reads in a heading: "near 83702", "near Boise, ID", "in Idaho"; within a distance, "within 25 miles
 * of 83702".
 */
export function describeLocation(location: DoctorLocation, withinMiles: number | null = null): string {
  const near = withinMiles === null ? "near" : `within ${withinMiles} ${withinMiles === 1 ? "mile" : "miles"} of`;
  switch (location.kind) {
    case "postalCode":
      return `${near} ${location.postalCode}`;
    case "cityState":
      return `${near} ${location.city}, ${location.state}`;
    case "state":
      return `in ${stateName(location.state)}`;
  }
}

/**
 * `distanceInMiles` as a search takes it: empty is any distance (null); a whole number of miles from 1 to
 * SEARCH_DISTANCE_MAX; anything else is refused (undefined).
 */
export function parseDistance(raw: string): number | null | undefined {
  const text = raw.trim();
  if (text === "") return null;
  if (!/^\d{1,3}$/.test(text)) return undefined;
  const miles = Number(text);
  return miles >= 1 && miles <= SEARCH_DISTANCE_MAX ? miles : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Distance

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The great-circle distance in miles (haversine). */
export function distanceMiles(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "0.4 mi", "12 mi", "1,203 mi". */
export function formatDistance(miles: number): string {
  const rounded = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
  return `${rounded.toLocaleString("en-US")} mi`;
}

// ---------------------------------------------------------------------------------------------------------------
// Forms

/**
 * The search form (a GET form: `?q=&location=`, and `distanceInMiles` when a link gave one). The refinement applies
 * the term, location and distance rules, so the browser (with JavaScript) and the server give the same messages.
 */
export const doctorSearchSchema = z
  .object({
    q: z.string().trim().max(SEARCH_TERM_MAX, { error: DOCTOR_SEARCH_MESSAGES.termTooLong }).default(""),
    location: z.string().trim().max(SEARCH_LOCATION_MAX, { error: DOCTOR_SEARCH_MESSAGES.locationTooLong }).default(""),
    distanceInMiles: z.string().trim().default(""),
  })
  .superRefine((value, ctx) => {
    const term = parseSearchTerm(value.q);
    if (!term.ok) ctx.addIssue({ code: "custom", path: ["q"], message: DOCTOR_SEARCH_MESSAGES[term.error] });
    const location = parseLocation(value.location);
    if (!location.ok)
      ctx.addIssue({ code: "custom", path: ["location"], message: DOCTOR_SEARCH_MESSAGES.invalidLocation });
    if (parseDistance(value.distanceInMiles) === undefined)
      ctx.addIssue({ code: "custom", path: ["distanceInMiles"], message: DOCTOR_SEARCH_MESSAGES.invalidDistance });
  });
export type DoctorSearchForm = z.output<typeof doctorSearchSchema>;

export const ADD_DOCTOR_MESSAGES = {
  firstNameRequired: "Enter the doctor's first name.",
  lastNameRequired: "Enter the doctor's last name.",
  nameInvalid: "Names can contain only letters, spaces, hyphens, apostrophes and periods.",
  nameTooLong: `Names can be at most ${DOCTOR_NAME_MAX} characters.`,
  clinicNameRequired: "Enter the clinic or practice name.",
  clinicNameInvalid: "Clinic names can contain letters, numbers, spaces and . , ' & - /",
  clinicNameTooLong: `Clinic names can be at most ${CLINIC_NAME_MAX} characters.`,
  phoneRequired: "Enter the clinic's phone number.",
  zipUnknown: "We couldn't find that ZIP code. Check it and try again.",
  zipWrongState: (state: string) => `That ZIP code is in ${stateName(state)}. Check the state or the ZIP code.`,
} as const;

const DOCTOR_NAME_PATTERN = /^[\p{L}][\p{L}\p{M} .'’-]*$/u;
const CLINIC_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'’&/-]*$/u;

function doctorNameSchema(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(DOCTOR_NAME_MAX, { error: ADD_DOCTOR_MESSAGES.nameTooLong })
    .regex(DOCTOR_NAME_PATTERN, { error: ADD_DOCTOR_MESSAGES.nameInvalid });
}

/** Where a chosen doctor goes: one line item group, or every group the spec's rule picks. */
export const doctorTargetSchema = z.string().trim().min(1).max(64);

/**
 * The doctor a shopper adds when a phone search found none (spec 2 §7: POST api/eyeCareProviders). A US clinic:
 * the street, city and ZIP follow the address book's rules; the phone is the clinic's (and the doctor's).
 */
export const addDoctorSchema = z.object({
  intent: z.literal("add-doctor"),
  groupId: doctorTargetSchema,
  firstName: doctorNameSchema(ADD_DOCTOR_MESSAGES.firstNameRequired),
  lastName: doctorNameSchema(ADD_DOCTOR_MESSAGES.lastNameRequired),
  clinicName: z
    .string({ error: ADD_DOCTOR_MESSAGES.clinicNameRequired })
    .trim()
    .min(1, { error: ADD_DOCTOR_MESSAGES.clinicNameRequired })
    .max(CLINIC_NAME_MAX, { error: ADD_DOCTOR_MESSAGES.clinicNameTooLong })
    .regex(CLINIC_NAME_PATTERN, { error: ADD_DOCTOR_MESSAGES.clinicNameInvalid }),
  phone: z
    .string({ error: ADD_DOCTOR_MESSAGES.phoneRequired })
    .trim()
    .min(1, { error: ADD_DOCTOR_MESSAGES.phoneRequired })
    .pipe(phoneSchema),
  address1: addressFormSchema.shape.address1,
  address2: z.string().trim().max(ADDRESS_LINE_MAX, { error: ADDRESS_MESSAGES.addressLineTooLong }).optional(),
  city: addressFormSchema.shape.city,
  state: z.enum(CLINIC_STATE_CODES, { error: ADDRESS_MESSAGES.stateRequired }),
  postalCode: addressFormSchema.shape.postalCode.refine((value) => normalizeUsZip(value) !== null, {
    error: ADDRESS_MESSAGES.zipInvalid,
  }),
});
export type AddDoctorForm = z.output<typeof addDoctorSchema>;

/** A clinic's name, phone (digits) and address, as stored and shown. */
export interface ClinicFields {
  name: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
}

/** The doctor and clinic as the service stores them (ZIP normalised, phone as digits). */
export interface NewDoctorInput {
  firstName: string;
  lastName: string;
  phone: string;
  clinic: ClinicFields;
}

export function toNewDoctorInput(value: AddDoctorForm): NewDoctorInput {
  return {
    firstName: value.firstName,
    lastName: value.lastName,
    phone: value.phone,
    clinic: {
      name: value.clinicName,
      phone: value.phone,
      address1: value.address1,
      address2: value.address2 ?? "",
      city: value.city,
      state: value.state,
      postalCode: normalizeUsZip(value.postalCode) ?? value.postalCode,
    },
  };
}

/** The chooser's form: `intent=choose-doctor`, the doctor and the group (or "all"). */
export const chooseDoctorSchema = z.object({
  intent: z.literal("choose-doctor"),
  doctorId: z.coerce
    .number({ error: DOCTOR_SEARCH_MESSAGES.invalidDoctor })
    .int({ error: DOCTOR_SEARCH_MESSAGES.invalidDoctor })
    .positive({ error: DOCTOR_SEARCH_MESSAGES.invalidDoctor }),
  groupId: doctorTargetSchema,
});

/** A choice for every group the spec's rule picks (see setDoctorForGroups), not one group. */
export const ALL_GROUPS = "all";

// ---------------------------------------------------------------------------------------------------------------
// Setting a doctor

export interface DoctorGroup {
  id: string;
  type: "Lens" | "Solution";
  hasDoctor: boolean;
  isPrivateLabel: boolean;
}

/**
 * Spec 2 §4: setting a doctor — if every group has a doctor, all non-private-label groups are updated; otherwise
 * only the groups lacking a doctor. Solution groups never need a doctor, so only lens groups are considered.
 * Returns the ids of the groups to update.
 */
export function setDoctorForGroups(groups: readonly DoctorGroup[]): string[] {
  const lens = groups.filter((group) => group.type === "Lens");
  if (lens.length === 0) return [];
  if (lens.every((group) => group.hasDoctor))
    return lens.filter((group) => !group.isPrivateLabel).map((group) => group.id);
  return lens.filter((group) => !group.hasDoctor).map((group) => group.id);
}

/** Case-insensitive, trimmed, single-spaced full name (the spec's patient-name matching). */
export function patientKey(patient: { firstName: string; lastName: string } | null | undefined): string | null {
  if (!patient) return null;
  const key = `${patient.firstName} ${patient.lastName}`.trim().replace(/\s+/g, " ").toLowerCase();
  return key.length > 0 ? key : null;
}

export interface RecentDoctor {
  doctorId: number;
  patient: { firstName: string; lastName: string } | null;
  canUseForPassiveVerification: boolean;
}

/**
 * Spec 2 §4: patient-name matching fills a doctor from the recent-doctor lookup when that doctor can be used for
 * passive verification. `recent` is newest first; the newest usable doctor for the patient wins. Returns
 * group id → doctor id for the groups without a doctor that found one.
 */
export function doctorsByPatient(
  groups: ReadonlyArray<{ id: string; hasDoctor: boolean; patient: { firstName: string; lastName: string } | null }>,
  recent: readonly RecentDoctor[],
): Map<string, number> {
  const byPatient = new Map<string, number>();
  for (const entry of recent) {
    const key = patientKey(entry.patient);
    if (key && entry.canUseForPassiveVerification && !byPatient.has(key)) byPatient.set(key, entry.doctorId);
  }
  const found = new Map<string, number>();
  for (const group of groups) {
    const key = patientKey(group.patient);
    const doctorId = key ? byPatient.get(key) : undefined;
    if (!group.hasDoctor && doctorId !== undefined) found.set(group.id, doctorId);
  }
  return found;
}

/** "Dr. Maya Okafor". */
export function doctorDisplayName(doctor: { firstName: string; lastName: string }): string {
  return `Dr. ${doctor.firstName} ${doctor.lastName}`;
}
