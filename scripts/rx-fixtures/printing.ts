/**
 * How paper prints values, and the normalised form the truth uses. Power values are kept as integer hundredths
 * of a dioptre until printed, so "-2.25" never meets floating-point rounding. Each document draws one
 * PrintStyle, so a page is consistent with itself (one minus sign, one date format) the way real forms are.
 */
import { type Rng } from "./random";

export type DateFormat = "MM/DD/YYYY" | "M/D/YYYY" | "MMMM D, YYYY" | "MMM D, YYYY" | "YYYY-MM-DD" | "MM-DD-YYYY";
export type NameFormat = "First Last" | "LAST, FIRST" | "Last, First" | "FIRST LAST";

export interface PrintStyle {
  /** "-" (hyphen-minus) or "−" (U+2212, what word processors and some EHRs print). */
  minus: "-" | "\u2212";
  /** Positive powers printed without their "+" ("1.25" meaning +1.25). */
  omitPlus: boolean;
  /** How a sphere of 0.00 prints. */
  plano: "PL" | "Plano" | "PLANO" | "0.00" | "pl";
  /** Axis printed with three digits ("090"), as many phoropters and EHRs do. */
  axisZeroPad: boolean;
  /** Base curve and diameter printed with two decimals ("8.60", "14.20"). */
  twoDecimalFit: boolean;
  /** Add levels printed upper case ("HIGH") or title case ("High"). */
  addCase: "upper" | "title";
  dateFormat: DateFormat;
  nameFormat: NameFormat;
}

export function pickPrintStyle(rng: Rng): PrintStyle {
  return {
    minus: rng.chance(0.3) ? "\u2212" : "-",
    omitPlus: rng.chance(0.2),
    plano: rng.weighted([
      ["PL", 3],
      ["Plano", 3],
      ["PLANO", 1],
      ["0.00", 2],
      ["pl", 1],
    ]),
    axisZeroPad: rng.chance(0.3),
    twoDecimalFit: rng.chance(0.1),
    addCase: rng.chance(0.6) ? "upper" : "title",
    dateFormat: pickDateFormat(rng),
    nameFormat: rng.weighted([
      ["First Last", 5],
      ["LAST, FIRST", 2],
      ["Last, First", 2],
      ["FIRST LAST", 1],
    ]),
  };
}

export function pickDateFormat(rng: Rng): DateFormat {
  return rng.weighted([
    ["MM/DD/YYYY", 5],
    ["M/D/YYYY", 2],
    ["MMMM D, YYYY", 2],
    ["MMM D, YYYY", 1],
    ["YYYY-MM-DD", 1],
    ["MM-DD-YYYY", 1],
  ]);
}

/** Truth form of a power: "+1.25", "-2.50", "0.00". */
export function normalPower(hundredths: number): string {
  if (hundredths === 0) return "0.00";
  return (hundredths > 0 ? "+" : "-") + (Math.abs(hundredths) / 100).toFixed(2);
}

/** Printed form of a power (sphere, cylinder or numeric add) under the document's style. */
export function printPower(hundredths: number, style: PrintStyle, isSphere = true): string {
  if (hundredths === 0) return isSphere ? style.plano : "0.00";
  const digits = (Math.abs(hundredths) / 100).toFixed(2);
  if (hundredths < 0) return style.minus + digits;
  return style.omitPlus ? digits : `+${digits}`;
}

export function printAxis(axis: number, style: PrintStyle): string {
  return style.axisZeroPad ? String(axis).padStart(3, "0") : String(axis);
}

/** Base curve or diameter, stored as "8.6" / "14.2". */
export function printFit(value: string, style: PrintStyle): string {
  return style.twoDecimalFit ? Number(value).toFixed(2) : value;
}

/** An add: numeric adds follow the power style, levels follow addCase. */
export function printAdd(add: string, style: PrintStyle): string {
  if (/^[+-]?\d/.test(add)) {
    const hundredths = Math.round(Number(add) * 100);
    return printPower(hundredths, style, false);
  }
  return style.addCase === "upper" ? add : add.charAt(0) + add.slice(1).toLowerCase();
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Prints an ISO date ("2027-04-12") in one of the US formats prescriptions use. */
export function printDate(iso: string, format: DateFormat): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const mm = String(m).padStart(2, "0");
  const dd = String(d).padStart(2, "0");
  const month = MONTHS[m - 1]!;
  switch (format) {
    case "MM/DD/YYYY":
      return `${mm}/${dd}/${y}`;
    case "M/D/YYYY":
      return `${m}/${d}/${y}`;
    case "MMMM D, YYYY":
      return `${month} ${d}, ${y}`;
    case "MMM D, YYYY":
      // "Sept." is common on paper, but three letters is the usual abbreviation; keep it regular.
      return `${month.slice(0, 3)} ${d}, ${y}`;
    case "YYYY-MM-DD":
      return iso;
    case "MM-DD-YYYY":
      return `${mm}-${dd}-${y}`;
  }
}

export function printName(first: string, last: string, format: NameFormat): string {
  switch (format) {
    case "First Last":
      return `${first} ${last}`;
    case "LAST, FIRST":
      return `${last}, ${first}`.toUpperCase();
    case "Last, First":
      return `${last}, ${first}`;
    case "FIRST LAST":
      return `${first} ${last}`.toUpperCase();
  }
}

/** ISO date arithmetic in UTC (no time zones: a date on paper has none). */
export function addYears(iso: string, years: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  // Feb 29 + 1 year → Feb 28, as prescribers' software does.
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return toIso(y + years, m, Math.min(d, lastDay));
}

export function randomDate(rng: Rng, fromIso: string, toIso_: string): string {
  const from = Date.parse(`${fromIso}T00:00:00Z`);
  const to = Date.parse(`${toIso_}T00:00:00Z`);
  const day = 86_400_000;
  const t = from + rng.int(0, Math.round((to - from) / day)) * day;
  return new Date(t).toISOString().slice(0, 10);
}

function toIso(y: number, m: number, d: number): string {
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
