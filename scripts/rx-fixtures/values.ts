/**
 * Prescriptions with known truth: the values a document prints (as numbers, for the layouts to format) and the
 * normalised truth a reader should return. Pure: everything comes from the Rng passed in.
 *
 * Rates follow the brief: about 35% toric, 20% multifocal, a few colour lenses, the rest spherical; a few
 * prescriptions are for one eye only. The truth holds only what the document prints: when a layout leaves the
 * patient's address off, the truth has no address either.
 */
import { type Lens, lensesOfKind, type LensKind, MED_ADD_LENSES } from "./lenses";
import {
  pickClinicName,
  pickPerson,
  pickPhone,
  pickPlace,
  pickStreet,
  pickSuite,
  type Person,
  type Place,
} from "./people";
import { addYears, normalPower, pickPrintStyle, type PrintStyle, randomDate } from "./printing";
import { type Rng } from "./random";
import { type Eye, type EyeKey, type Truth } from "./types";

/** One eye's values as numbers (powers in hundredths of a dioptre). */
export interface EyeValues {
  lens: Lens;
  sphere: number;
  cylinder?: number;
  axis?: number;
  add?: string;
  baseCurve: string;
  diameter: string;
  color?: string;
}

export interface RxDoc {
  eyes: Partial<Record<"OD" | "OS", EyeValues>>;
  patient: Person & { dateOfBirth: string; street: string; place: Place };
  clinic: { name: string; street: string; suite?: string; place: Place; phone: string; fax?: string };
  doctor: Person & { credential: "OD" | "O.D." | "MD" | "M.D."; license: string; npi: string };
  examDate: string;
  expirationDate: string;
  /** Which optional parts this document prints (the truth follows them). */
  shows: { dateOfBirth: boolean; patientAddress: boolean; expiration: boolean };
  style: PrintStyle;
}

export interface BoxDoc {
  eye: EyeValues;
  lot: string;
  /** The lenses' own use-by date, "2028-06": not a prescription expiry, so not in the truth. */
  lensExpiry: string;
  count: number;
  style: PrintStyle;
}

/** Valid sphere steps: 0.25 D to ±6.00, 0.50 D beyond. */
export function snapSphere(hundredths: number): number {
  if (Math.abs(hundredths) <= 600) return Math.round(hundredths / 25) * 25;
  return Math.round(hundredths / 50) * 50;
}

function clampToLens(hundredths: number, lens: Lens): number {
  const [lo, hi] = lens.sphere;
  return snapSphere(Math.min(hi * 100, Math.max(lo * 100, hundredths)));
}

/** Mostly myopes between -0.50 and -6.00, some hyperopes, a few high powers, a little plano. */
function drawSphere(rng: Rng, lens: Lens): number {
  if (lens.kind === "color" && rng.chance(0.5)) return 0;
  const d = rng.weighted<[number, number]>([
    [[-600, -25], 62],
    [[-1200, -650], 10],
    [[25, 400], 18],
    [[450, 800], 4],
    [[0, 0], 3],
  ]);
  return clampToLens(rng.int(d[0], d[1]), lens);
}

function pickKind(rng: Rng): LensKind {
  return rng.weighted<LensKind>([
    ["toric", 35],
    ["multifocal", 20],
    ["color", 6],
    ["sphere", 39],
  ]);
}

/** With-the-rule (near 180) and against-the-rule (near 90) astigmatism are the common ones. */
function drawAxis(rng: Rng): number {
  const center = rng.weighted([
    [180, 5],
    [90, 3],
    [rng.int(1, 17) * 10, 3],
  ]);
  const axis = center + rng.pick([-20, -10, 0, 0, 0, 10, 20]);
  return axis <= 0 ? axis + 180 : axis > 180 ? axis - 180 : axis;
}

function drawEye(rng: Rng, lens: Lens, base?: EyeValues): EyeValues {
  const sphere = base ? clampToLens(base.sphere + rng.pick([-50, -25, 0, 0, 0, 25, 50]), lens) : drawSphere(rng, lens);
  const eye: EyeValues = {
    lens,
    sphere,
    baseCurve: base?.lens === lens ? base.baseCurve : rng.pick(lens.baseCurves),
    diameter: lens.diameter,
  };
  if (lens.kind === "toric") {
    eye.cylinder = -rng.pick([75, 125, 175, 225]);
    eye.axis = drawAxis(rng);
  }
  if (lens.adds) eye.add = base?.add && lens.adds.includes(base.add) ? base.add : rng.pick(lens.adds);
  if (lens.colors) eye.color = base?.color && rng.chance(0.9) ? base.color : rng.pick(lens.colors);
  return eye;
}

/** What a layout printed beyond the doc's own `shows` (the truth follows it). */
export interface Printed {
  /** The exam (issue) date is on the page. */
  issueDate?: boolean;
  /** The licence number as printed ("OPT12345"). */
  license?: string;
  /** The NPI as printed. */
  npi?: string;
}

/**
 * `oneEyeRate`: how often the prescription is for one eye only (4 % on the original layouts). `medAdds`: the
 * multifocals include Alcon's LOW/MED/HIGH lenses (the newer families; the original ones never draw them).
 * `kind`: a family that needs a lens kind more often than the usual mix draws it first and passes it.
 */
export function drawRxDoc(
  rng: Rng,
  {
    oneEyeRate = 0.04,
    medAdds = false,
    kind: wanted,
  }: { oneEyeRate?: number; medAdds?: boolean; kind?: LensKind } = {},
): RxDoc {
  const kind = wanted ?? pickKind(rng);
  const lenses = medAdds && kind === "multifocal" ? [...lensesOfKind(kind), ...MED_ADD_LENSES] : lensesOfKind(kind);
  const odLens = rng.pick(lenses);
  // Now and then the eyes wear different lenses of the same kind (a fit trial that stuck).
  const osLens = rng.chance(0.06) ? rng.pick(lenses) : odLens;
  const od = drawEye(rng, odLens);
  const os = drawEye(rng, osLens, od);
  const oneEye = rng.chance(oneEyeRate) ? rng.pick(["OD", "OS"] as const) : undefined;

  const place = pickPlace(rng);
  const doctor = pickPerson(rng);
  const examDate = randomDate(rng, "2025-01-06", "2026-10-30");
  return {
    eyes: oneEye === "OD" ? { OD: od } : oneEye === "OS" ? { OS: os } : { OD: od, OS: os },
    patient: {
      ...pickPerson(rng),
      dateOfBirth: randomDate(rng, "1948-01-01", "2009-12-31"),
      street: pickStreet(rng),
      place: rng.chance(0.8) ? place : pickPlace(rng),
    },
    clinic: {
      name: pickClinicName(rng, place, doctor),
      street: pickStreet(rng),
      suite: rng.chance(0.5) ? pickSuite(rng) : undefined,
      place,
      phone: pickPhone(rng, place),
      fax: rng.chance(0.4) ? pickPhone(rng, place) : undefined,
    },
    doctor: {
      ...doctor,
      credential: rng.weighted([
        ["OD", 6],
        ["O.D.", 3],
        ["MD", 1],
        ["M.D.", 1],
      ]),
      license: `${rng.pick(["OPT", "OD", "ODL", ""])}${rng.int(1000, 99999)}`,
      npi: String(rng.int(1_000_000_000, 1_999_999_999)),
    },
    examDate,
    expirationDate: addYears(examDate, rng.chance(0.85) ? 1 : 2),
    shows: { dateOfBirth: rng.chance(0.9), patientAddress: rng.chance(0.75), expiration: rng.chance(0.95) },
    style: pickPrintStyle(rng),
  };
}

/** The licence number as the original layouts print it (an NPI fragment when the doctor has none on file). */
export function printedLicense(doc: RxDoc): string {
  return doc.doctor.license || doc.doctor.npi.slice(0, 6);
}

export function drawBoxDoc(rng: Rng): BoxDoc {
  const lens = rng.pick(lensesOfKind(pickKind(rng)));
  return {
    eye: drawEye(rng, lens),
    lot: rng.chance(0.5) ? String(rng.int(100_000_000, 999_999_999)) : `B${rng.int(10_000_000, 99_999_999)}`,
    lensExpiry: `${rng.int(2027, 2031)}-${String(rng.int(1, 12)).padStart(2, "0")}`,
    count: rng.pick(lens.boxCounts),
    // Boxes always print the plus sign; plano prints as 0.00 or PL.
    style: { ...pickPrintStyle(rng), omitPlus: false, plano: rng.pick(["0.00", "PL"] as const), twoDecimalFit: false },
  };
}

export function eyeTruth(eye: EyeValues): Eye {
  const truth: Eye = { sphere: normalPower(eye.sphere) };
  if (eye.cylinder !== undefined) truth.cylinder = normalPower(eye.cylinder);
  if (eye.axis !== undefined) truth.axis = String(eye.axis);
  if (eye.add !== undefined) truth.add = eye.add;
  truth.baseCurve = eye.baseCurve;
  truth.diameter = eye.diameter;
  if (eye.color !== undefined) truth.color = eye.color;
  truth.brand = eye.lens.brand;
  return truth;
}

export function rxTruth(doc: RxDoc, printed: Printed = {}): Truth {
  const prescription: Truth["prescription"] = {};
  for (const key of ["OD", "OS"] as const) {
    const eye = doc.eyes[key];
    if (eye) prescription[key satisfies EyeKey] = eyeTruth(eye);
  }
  const { patient, shows } = doc;
  return {
    prescription,
    patient: {
      firstName: patient.firstName,
      lastName: patient.lastName,
      ...(shows.dateOfBirth ? { dateOfBirth: patient.dateOfBirth } : {}),
      ...(shows.patientAddress
        ? {
            address1: patient.street,
            city: patient.place.city,
            state: patient.place.state,
            postalCode: patient.place.zip,
          }
        : {}),
    },
    ...(shows.expiration ? { expirationDate: doc.expirationDate } : {}),
    ...(printed.issueDate ? { issueDate: doc.examDate } : {}),
    prescriber: {
      name: `Dr. ${doc.doctor.firstName} ${doc.doctor.lastName}`,
      clinicName: doc.clinic.name,
      phone: doc.clinic.phone,
      ...(printed.license ? { license: printed.license } : {}),
      ...(printed.npi ? { npi: printed.npi } : {}),
    },
  };
}

export function boxTruth(doc: BoxDoc): Truth {
  return { prescription: { unknownEye1: eyeTruth(doc.eye) }, patient: {} };
}
