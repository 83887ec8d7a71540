import { and, asc, eq, or, sql, type SQL } from "drizzle-orm";
import zipcodes from "zipcodes";
import {
  ADD_DOCTOR_MESSAGES,
  describeLocation,
  DOCTOR_SEARCH_ERROR_FIELD,
  DOCTOR_SEARCH_LIMIT,
  DOCTOR_SEARCH_MESSAGES,
  doctorSearchSchema,
  parseDistance,
  parseLocation,
  parseSearchTerm,
  type ClinicFields,
  type Coordinates,
  type DoctorLocation,
  type DoctorSearchError,
  type DoctorSearchTerm,
  type NewDoctorInput,
} from "~/models/doctor-search";
import type { Database, Executor } from "../db/client.server";
import { clinics, doctors } from "../db/schema";

/**
 * The eye-doctor directory (spec 2 §3 Doctor, §7 eyeCareProviders): search by name or phone near a location, a
 * clinic with its doctors, and a doctor a shopper adds (group-doctors.server.ts sets a cart group's doctor).
 * Locations are placed with the ZIP-code dataset's coordinates; results are sorted by distance from them.
 */

export interface ClinicView extends ClinicFields {
  id: number;
}

export interface DoctorView {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  canUseForPassiveVerification: boolean;
}

export interface DoctorResult {
  doctor: DoctorView;
  clinic: ClinicView;
  /** Miles from the searched location; null for a state search, no location, or a clinic without coordinates. */
  distanceMiles: number | null;
}

/** A location placed on the map (a state search has no point: its clinics are listed by name). */
export type ResolvedLocation = DoctorLocation & { coordinates: Coordinates | null };

export type DoctorSearchOutcome =
  | {
      ok: true;
      results: DoctorResult[];
      term: DoctorSearchTerm | null;
      location: ResolvedLocation | null;
      /** True when the empty location was filled in from the primary address. */
      usedPrimaryAddress: boolean;
      /** The distance the results were kept within, when it applied (a name search near a ZIP or a city). */
      withinMiles: number | null;
    }
  | { ok: false; error: DoctorSearchError };

const DATASET_CITY_ALIASES: ReadonlyArray<[RegExp, string]> = [
  [/^st /, "saint "],
  [/^ft /, "fort "],
  [/^mt /, "mount "],
];

/** Upper/lower case, punctuation and the St./Ft./Mt. abbreviations do not matter ("St. Louis" = "Saint Louis"). */
function cityKey(city: string): string {
  let key = city
    .toLowerCase()
    .replace(/[.'’-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  for (const [pattern, replacement] of DATASET_CITY_ALIASES) key = key.replace(pattern, replacement);
  return key;
}

const placed = (entry: { latitude: number; longitude: number }) => entry.latitude !== 0 || entry.longitude !== 0;

/** A ZIP's coordinates from the dataset (US only), or null when it has none. */
export function zipCoordinates(postalCode: string): (Coordinates & { city: string; state: string }) | null {
  const zip = /^\d{5}/.exec(postalCode.trim())?.[0];
  const entry = zip ? zipcodes.lookup(zip) : undefined;
  if (!entry || entry.country !== "US" || !placed(entry)) return null;
  return { latitude: entry.latitude, longitude: entry.longitude, city: entry.city, state: entry.state };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The middle of a city's ZIP codes (the median latitude and longitude, so a far-off PO-box ZIP does not pull it
 * away from town), or null when the dataset does not know the city in that state.
 */
function cityCoordinates(city: string, state: string): Coordinates | null {
  const key = cityKey(city);
  const entries = zipcodes.lookupByState(state).filter((entry) => placed(entry) && cityKey(entry.city) === key);
  if (entries.length === 0) return null;
  return {
    latitude: median(entries.map((entry) => entry.latitude)),
    longitude: median(entries.map((entry) => entry.longitude)),
  };
}

function resolveLocation(location: DoctorLocation): ResolvedLocation | null {
  switch (location.kind) {
    case "postalCode": {
      const coordinates = zipCoordinates(location.postalCode);
      return coordinates ? { ...location, coordinates } : null;
    }
    case "cityState": {
      const coordinates = cityCoordinates(location.city, location.state);
      return coordinates ? { ...location, coordinates } : null;
    }
    case "state":
      return { ...location, coordinates: null };
  }
}

/**
 * The great-circle distance in SQL, the same haversine as `distanceMiles` in the model, so the database can sort
 * and limit. Null for a clinic without coordinates (sorted last).
 */
function distanceSql(from: Coordinates): SQL<number | null> {
  const lat = sql`${from.latitude}::double precision`;
  const lng = sql`${from.longitude}::double precision`;
  return sql<number | null>`(2 * 3958.8 * asin(least(1, sqrt(
    power(sin(radians(${clinics.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${clinics.latitude})) * power(sin(radians(${clinics.longitude} - ${lng}) / 2), 2)
  ))))`;
}

function termCondition(term: DoctorSearchTerm): SQL | undefined {
  if (term.kind === "phone") return or(eq(doctors.phone, term.phone), eq(clinics.phone, term.phone));
  // Every word names the doctor (first or last name, from its start) or the clinic (anywhere in its name).
  return and(
    ...term.words.map(
      (word) =>
        sql`(lower(${doctors.firstName}) like ${`${word}%`} or lower(${doctors.lastName}) like ${`${word}%`}
          or lower(${clinics.name}) like ${`%${word}%`})`,
    ),
  );
}

const doctorColumns = {
  doctor: {
    id: doctors.id,
    firstName: doctors.firstName,
    lastName: doctors.lastName,
    phone: doctors.phone,
    canUseForPassiveVerification: doctors.canUseForPassiveVerification,
  },
  clinic: {
    id: clinics.id,
    name: clinics.name,
    phone: clinics.phone,
    address1: clinics.address1,
    address2: clinics.address2,
    city: clinics.city,
    state: clinics.state,
    postalCode: clinics.postalCode,
  },
};

/**
 * Spec 2 §5 doctor search: by phone when the term is phone-shaped, else by name, near the location (an empty
 * location uses the primary address's ZIP). ZIP and city locations sort every match by distance, and keep those
 * within `withinMiles` when given (spec 1 §2.3 `distanceInMiles`); a state lists its clinics by name (a phone search
 * is narrowed neither to the state nor to the distance). An unparseable location, or one the ZIP dataset cannot
 * place, is 'invalidLocation'.
 */
export async function searchDoctors(
  db: Database,
  input: {
    term: string;
    location: string;
    primaryPostalCode?: string | null;
    withinMiles?: number | null;
    limit?: number;
  },
): Promise<DoctorSearchOutcome> {
  const term = parseSearchTerm(input.term);
  if (!term.ok) return { ok: false, error: term.error };
  const parsedLocation = parseLocation(input.location);
  if (!parsedLocation.ok) return { ok: false, error: "invalidLocation" };

  let location: ResolvedLocation | null = null;
  let usedPrimaryAddress = false;
  if (parsedLocation.location) {
    location = resolveLocation(parsedLocation.location);
    if (!location) return { ok: false, error: "invalidLocation" };
  } else if (input.primaryPostalCode) {
    const zip = /^\d{5}/.exec(input.primaryPostalCode.trim())?.[0];
    location = zip ? resolveLocation({ kind: "postalCode", postalCode: zip }) : null;
    usedPrimaryAddress = location !== null;
  }
  if (!term.term && !location) return { ok: false, error: "emptySearch" };

  // A phone number names its doctor wherever they are: the location only orders those results, so a doctor who
  // exists is never hidden (and added a second time) because of the state typed next to the number.
  const distance = location?.coordinates ? distanceSql(location.coordinates) : null;
  const withinMiles = distance && term.term?.kind !== "phone" ? (input.withinMiles ?? null) : null;
  const conditions = [
    term.term ? termCondition(term.term) : undefined,
    location?.kind === "state" && term.term?.kind !== "phone" ? eq(clinics.state, location.state) : undefined,
    distance && withinMiles !== null ? sql`${distance} <= ${withinMiles}` : undefined,
  ];
  const rows = await db
    .select({ ...doctorColumns, distanceMiles: distance ?? sql<number | null>`null::double precision` })
    .from(doctors)
    .innerJoin(clinics, eq(clinics.id, doctors.clinicId))
    .where(and(...conditions))
    .orderBy(
      ...(distance ? [sql`${distance} asc nulls last`] : []),
      asc(clinics.name),
      asc(doctors.lastName),
      asc(doctors.firstName),
      asc(doctors.id),
    )
    .limit(input.limit ?? DOCTOR_SEARCH_LIMIT);
  return {
    ok: true,
    results: rows.map((row) => ({
      ...row,
      distanceMiles: row.distanceMiles === null ? null : Number(row.distanceMiles),
    })),
    term: term.term,
    location,
    usedPrimaryAddress,
    withinMiles,
  };
}

/** Spec 2 §7 eyeCareProviders/clinic/{clinicId}: the clinic and its doctors, or null when there is none. */
export async function clinicWithDoctors(
  db: Database,
  clinicId: number,
): Promise<{ clinic: ClinicView & Coordinates; doctors: DoctorView[] } | null> {
  if (!Number.isSafeInteger(clinicId) || clinicId <= 0 || clinicId > 2_147_483_647) return null;
  const [clinic] = await db
    .select({ ...doctorColumns.clinic, latitude: clinics.latitude, longitude: clinics.longitude })
    .from(clinics)
    .where(eq(clinics.id, clinicId));
  if (!clinic) return null;
  const doctorRows = await db
    .select(doctorColumns.doctor)
    .from(doctors)
    .where(eq(doctors.clinicId, clinicId))
    .orderBy(asc(doctors.lastName), asc(doctors.firstName), asc(doctors.id));
  return {
    clinic: { ...clinic, latitude: clinic.latitude ?? 0, longitude: clinic.longitude ?? 0 },
    doctors: doctorRows,
  };
}

export async function findDoctor(db: Executor, doctorId: number): Promise<DoctorResult | null> {
  if (!Number.isSafeInteger(doctorId) || doctorId <= 0 || doctorId > 2_147_483_647) return null;
  const [row] = await db
    .select(doctorColumns)
    .from(doctors)
    .innerJoin(clinics, eq(clinics.id, doctors.clinicId))
    .where(eq(doctors.id, doctorId));
  return row ? { ...row, distanceMiles: null } : null;
}

/**
 * A doctor as the eyeCareProviders API answers it (spec 2 §3 Doctor): id, names, phoneNumber (10 digits),
 * canUseForPassiveVerification, and the clinic with its address.
 */
export function doctorJson({ doctor, clinic }: { doctor: DoctorView; clinic: ClinicView }) {
  return {
    id: doctor.id,
    firstName: doctor.firstName,
    lastName: doctor.lastName,
    phoneNumber: doctor.phone,
    canUseForPassiveVerification: doctor.canUseForPassiveVerification,
    clinic: {
      id: clinic.id,
      name: clinic.name,
      phone: clinic.phone,
      address: {
        address1: clinic.address1,
        address2: clinic.address2,
        city: clinic.city,
        state: clinic.state,
        postalCode: clinic.postalCode,
      },
    },
  };
}
export type DoctorJson = ReturnType<typeof doctorJson>;

export type AddDoctorOutcome =
  { ok: true; doctorId: number } | { ok: false; field: "postalCode" | "state"; message: string };

/**
 * Spec 2 §7 POST eyeCareProviders: a shopper adds their doctor (offered when a phone search found none). The ZIP
 * must be one the dataset knows, in the state given; the clinic is placed at its coordinates. A clinic with the
 * same phone and ZIP is reused, and the same doctor added twice (a double submit) is found, not duplicated.
 */
export async function addDoctor(
  db: Database,
  input: NewDoctorInput,
  customerId: number | null,
): Promise<AddDoctorOutcome> {
  const place = zipCoordinates(input.clinic.postalCode);
  if (!place) return { ok: false, field: "postalCode", message: ADD_DOCTOR_MESSAGES.zipUnknown };
  if (place.state !== input.clinic.state)
    return { ok: false, field: "state", message: ADD_DOCTOR_MESSAGES.zipWrongState(place.state) };
  const zip5 = input.clinic.postalCode.slice(0, 5);
  return db.transaction(async (tx) => {
    // Serialise adds for one phone number, so two concurrent submits find each other's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`doctor-phone:${input.phone}`}))`);
    const [existingClinic] = await tx
      .select({ id: clinics.id })
      .from(clinics)
      .where(and(eq(clinics.phone, input.clinic.phone), sql`left(${clinics.postalCode}, 5) = ${zip5}`))
      .orderBy(asc(clinics.id))
      .limit(1);
    let clinicId = existingClinic?.id;
    if (clinicId !== undefined) {
      const [same] = await tx
        .select({ id: doctors.id })
        .from(doctors)
        .where(
          and(
            eq(doctors.clinicId, clinicId),
            eq(doctors.phone, input.phone),
            sql`lower(${doctors.firstName}) = lower(${input.firstName})`,
            sql`lower(${doctors.lastName}) = lower(${input.lastName})`,
          ),
        )
        .limit(1);
      if (same) return { ok: true as const, doctorId: same.id };
    } else {
      const [created] = await tx
        .insert(clinics)
        .values({ ...input.clinic, latitude: place.latitude, longitude: place.longitude })
        .returning({ id: clinics.id });
      clinicId = created!.id;
    }
    const [doctor] = await tx
      .insert(doctors)
      .values({
        clinicId,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        // A doctor nobody has verified is not used to verify a prescription passively.
        canUseForPassiveVerification: false,
        addedByCustomerId: customerId,
      })
      .returning({ id: doctors.id });
    return { ok: true as const, doctorId: doctor!.id };
  });
}

export interface DoctorSearchPage {
  /** The form as submitted, with its messages; `distanceInMiles` is null when the URL has none. */
  form: {
    q: string;
    location: string;
    distanceInMiles: string | null;
    errors: { q?: string; location?: string; distanceInMiles?: string };
  };
  /** False until the form was submitted (the URL has `q`, `nameOrPhone` or `location`). */
  submitted: boolean;
  results: DoctorResult[];
  /** "3 doctors near 83702", or null when nothing was searched. */
  heading: string | null;
  /** A phone search that found nobody: the number (10 digits), so the page can offer to add the doctor. */
  phoneNotFound: string | null;
}

/**
 * The search pages' shared step: read `?q=&location=` (the term also as the spec's `nameOrPhone`, and
 * `distanceInMiles`: spec 1 §2.3, so a link can carry them), check them with the form's schema, search, and describe
 * the outcome for the page (messages under their fields, a heading for the results).
 */
export async function doctorSearchFromQuery(
  db: Database,
  params: URLSearchParams,
  primaryPostalCode: string | null,
): Promise<DoctorSearchPage> {
  const raw = {
    q: params.get("q") ?? params.get("nameOrPhone") ?? "",
    location: params.get("location") ?? "",
    distanceInMiles: params.get("distanceInMiles"),
  };
  const idle: DoctorSearchPage = {
    form: { ...raw, errors: {} },
    submitted: false,
    results: [],
    heading: null,
    phoneNotFound: null,
  };
  if (!params.has("q") && !params.has("nameOrPhone") && !params.has("location")) return idle;
  const submitted = { ...idle, submitted: true };
  const checked = doctorSearchSchema.safeParse({ ...raw, distanceInMiles: raw.distanceInMiles ?? "" });
  if (!checked.success) {
    const errors: DoctorSearchPage["form"]["errors"] = {};
    for (const issue of checked.error.issues) {
      const field = issue.path[0] === "location" || issue.path[0] === "distanceInMiles" ? issue.path[0] : "q";
      errors[field] ??= issue.message;
    }
    return { ...submitted, form: { ...raw, errors } };
  }
  const outcome = await searchDoctors(db, {
    term: checked.data.q,
    location: checked.data.location,
    primaryPostalCode,
    withinMiles: parseDistance(checked.data.distanceInMiles) ?? null,
  });
  if (!outcome.ok) {
    const field = DOCTOR_SEARCH_ERROR_FIELD[outcome.error];
    return { ...submitted, form: { ...raw, errors: { [field]: DOCTOR_SEARCH_MESSAGES[outcome.error] } } };
  }
  const count = outcome.results.length;
  const where = outcome.location ? ` ${describeLocation(outcome.location, outcome.withinMiles)}` : "";
  const heading = count === 0 ? `No doctors found${where}` : `${count === 1 ? "1 doctor" : `${count} doctors`}${where}`;
  return {
    ...submitted,
    results: outcome.results,
    heading,
    phoneNotFound: outcome.term?.kind === "phone" && count === 0 ? outcome.term.phone : null,
  };
}
