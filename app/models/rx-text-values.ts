/**
 * Reading one prescription value from OCR text (rx-text.ts): a sphere, cylinder, axis, add, base curve, diameter,
 * date or phone number, normalised to the catalog's option formats, or null when the token is not a plausible value
 * of that kind. OCR swaps look-alike characters (O↔0, l/I↔1, S↔5, B↔8), reads "+" as "t", drops decimal points and
 * uses typographic minus signs; these are repaired here, but only in a numeric context, and only where the result is
 * plausible — an implausible value is dropped rather than guessed (a wrong power pre-filled is worse than none).
 */

/** Letters OCR gives for digits. Only applied to a token that is already mostly digits. */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = {
  O: "0",
  o: "0",
  Q: "0",
  D: "0",
  U: "0",
  l: "1",
  I: "1",
  i: "1",
  "|": "1",
  "!": "1",
  S: "5",
  s: "5",
  $: "5",
  B: "8",
  Z: "2",
  z: "2",
  g: "9",
  q: "9",
  G: "6",
  b: "6",
};

/** Unicode minus, dashes, tilde and underscore, which OCR gives for "-". */
const MINUS_SIGNS = /^[-\u2212\u2010-\u2015~_=]+/;
/** "+" and what OCR reads it as. */
const PLUS_SIGNS = /^(?:\+|t|T|\*|±|«)/;

export interface ParsedNumber {
  sign: "+" | "-" | null;
  /** The digits before the decimal point (may be empty: ".75"). */
  whole: string;
  /** The digits after the decimal point, or null when there was no point. */
  fraction: string | null;
}

/** Repairs look-alike characters in a numeric token and splits it into sign, whole and fraction; null if not one. */
export function parseNumberToken(raw: string): ParsedNumber | null {
  // Units and the degree sign after a value: "8.6mm", "-2.25D", "90°".
  let text = raw
    .trim()
    .replace(/mm\.?$/i, "")
    .replace(/(\.\d\d)(?:D|dpt)\.?$/, "$1")
    .replace(/[°º]$/, "");
  let sign: ParsedNumber["sign"] = null;
  const minus = MINUS_SIGNS.exec(text);
  if (minus) {
    sign = "-";
    text = text.slice(minus[0].length);
  } else {
    const plus = PLUS_SIGNS.exec(text);
    // "t" only counts as "+" before a digit-ish remainder ("t1.25"), not in a word.
    if (plus && /^[\d.,OolISB|]/.test(text.slice(plus[0].length))) {
      sign = "+";
      text = text.slice(plus[0].length);
    }
  }
  text = text.replace(/^\s+/, "").replace(/,/g, ".");
  if (!text) return null;
  // Mostly digits: at least one real digit, and look-alikes in at most half of the token ("l8O" is 180, "BIO" a word).
  if (!/\d/.test(text)) return null;
  const lookalikes = [...text].filter((c) => DIGIT_LOOKALIKES[c] !== undefined).length;
  if (lookalikes > Math.ceil(text.replace(/\./g, "").length / 2)) return null;
  const fixed = [...text].map((c) => DIGIT_LOOKALIKES[c] ?? c).join("");
  const match = /^(\d*)(?:\.(\d+))?$/.exec(fixed);
  if (!match || (match[1] === "" && match[2] === undefined)) return null;
  return { sign, whole: match[1]!, fraction: match[2] ?? null };
}

function toNumber(whole: string, fraction: string | null): number {
  return Number(`${whole || "0"}.${fraction ?? "0"}`);
}

function onStep(value: number, step: number): boolean {
  return Math.abs(value / step - Math.round(value / step)) < 1e-6;
}

function formatDioptres(value: number): string {
  if (Math.abs(value) < 1e-9) return "0.00";
  return (value > 0 ? "+" : "-") + Math.abs(value).toFixed(2);
}

/**
 * The unsigned magnitudes a dioptre token could mean, most likely first: as written; with its dropped decimal point
 * restored ("225" → 2.25, "1000" → 10.00, "50" → 0.50); and, for "+" read as "4", without the leading 4.
 */
function dioptreCandidates(parsed: ParsedNumber): Array<{ magnitude: number; viaFour: boolean }> {
  const { whole, fraction } = parsed;
  const candidates: Array<{ magnitude: number; viaFour: boolean }> = [];
  if (fraction !== null) {
    candidates.push({ magnitude: toNumber(whole, fraction), viaFour: false });
    if (parsed.sign === null && whole.length >= 2 && whole.startsWith("4")) {
      candidates.push({ magnitude: toNumber(whole.slice(1), fraction), viaFour: true });
    }
  } else if (whole.length > 0) {
    if (whole.length <= 2) candidates.push({ magnitude: Number(whole), viaFour: false });
    if (whole.length >= 2) candidates.push({ magnitude: Number(whole) / 100, viaFour: false });
    if (parsed.sign === null && whole.length >= 4 && whole.startsWith("4")) {
      candidates.push({ magnitude: Number(whole.slice(1)) / 100, viaFour: true });
    }
  }
  return candidates;
}

const PLANO = /^(?:PL|PLANO|PLAN0|P1ANO|PLNO|0\.00|O\.OO|\+?0\.?00?)$/i;

/** Sphere (power): -20..+20 in 0.25 steps; "PL"/"Plano" is "0.00"; unsigned is "+". */
export function normalizeSphere(raw: string): string | null {
  if (PLANO.test(raw.trim())) return "0.00";
  const parsed = parseNumberToken(raw);
  // Powers print two decimals; an unsigned "14.0" or "8.6" is a diameter or base curve.
  if (!parsed || (parsed.sign === null && parsed.fraction?.length === 1)) return null;
  // A power whose decimal point OCR dropped ("225") has usually lost its minus with it (measured on the fixtures:
  // 12 of 13 such tokens were minus powers), while an unsigned "2.25" is usually a plus power printed without "+".
  const lostPoint = parsed.sign === null && parsed.fraction === null && parsed.whole.length >= 3;
  for (const { magnitude, viaFour } of dioptreCandidates(parsed)) {
    const value = (parsed.sign === "-" || (lostPoint && !viaFour) ? -1 : 1) * magnitude;
    if (Math.abs(value) <= 20 && onStep(value, 0.25)) {
      // A sphere is written with two decimals; a lone "4" prefix must still leave a plausible "+x.xx".
      if (viaFour && magnitude === 0) continue;
      return formatDioptres(value);
    }
  }
  return null;
}

/** Whether the token carried an explicit sign (an unsigned sphere may borrow the other eye's). */
export function hasExplicitSign(raw: string): boolean {
  return parseNumberToken(raw)?.sign != null;
}

/** Cylinder: -6..-0.25 in 0.25 steps (minus-cylinder notation); an unsigned value lost its minus. */
export function normalizeCylinder(raw: string): string | null {
  const parsed = parseNumberToken(raw);
  if (!parsed || parsed.sign === "+") return null;
  for (const { magnitude, viaFour } of dioptreCandidates(parsed)) {
    if (viaFour) continue;
    if (magnitude > 0 && magnitude <= 6 && onStep(magnitude, 0.25)) return formatDioptres(-magnitude);
  }
  return null;
}

/** Axis: an integer 1..180 without leading zeros ("090" → "90"; "x180" → "180"). */
export function normalizeAxis(raw: string): string | null {
  const text = raw.trim().replace(/^[x×X*]\s*/, "");
  const parsed = parseNumberToken(text);
  if (!parsed || parsed.sign !== null || parsed.fraction !== null || parsed.whole.length > 3) return null;
  const value = Number(parsed.whole);
  return value >= 1 && value <= 180 ? String(value) : null;
}

const ADD_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:LOW|LO|L0W|L0)$/, "LOW"],
  [/^(?:MID|M1D|MlD)$/, "MID"],
  [/^(?:MED|MEDIUM|MEDIUN)$/, "MED"],
  [/^(?:HIGH|HI|H1GH|HlGH|HIGN|H1)$/, "HIGH"],
];

/** Add: "+0.75".."+4.00" in 0.25 steps, or the lens's add labels LOW, MID, MED, HIGH. */
export function normalizeAdd(raw: string): string | null {
  const word = raw
    .trim()
    .replace(/[.:,]$/, "")
    .toUpperCase();
  for (const [pattern, label] of ADD_WORDS) if (pattern.test(word)) return label;
  const parsed = parseNumberToken(raw);
  if (!parsed || parsed.sign === "-") return null;
  for (const { magnitude } of dioptreCandidates(parsed)) {
    if (magnitude >= 0.75 && magnitude <= 4 && onStep(magnitude, 0.25)) return formatDioptres(magnitude);
  }
  return null;
}

/** A one-decimal measure in mm within [min, max]; "86" → 8.6, "142" → 14.2, "8.60" → 8.6, "14" → 14.0. */
function normalizeMillimetres(raw: string, min: number, max: number): string | null {
  const parsed = parseNumberToken(raw);
  if (!parsed || parsed.sign !== null) return null;
  const candidates =
    parsed.fraction !== null
      ? [toNumber(parsed.whole, parsed.fraction)]
      : [Number(parsed.whole), Number(parsed.whole) / 10, Number(parsed.whole) / 100];
  for (const value of candidates) {
    if (value >= min && value <= max && onStep(value, 0.05)) return value.toFixed(1);
  }
  return null;
}

export function normalizeBaseCurve(raw: string): string | null {
  return normalizeMillimetres(raw, 7, 10);
}

export function normalizeDiameter(raw: string): string | null {
  return normalizeMillimetres(raw, 12, 16);
}

// ---------------------------------------------------------------------------------------------------------
// Dates and phones

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Two-digit years: a birth date is last century unless that would make it recent; anything else is this one. */
function fullYear(text: string, kind: DateKind): number {
  const value = Number(text);
  if (text.length !== 2) return value;
  if (kind === "birth") return value > 30 ? 1900 + value : 2000 + value;
  return 2000 + value;
}

export type DateKind = "birth" | "expiration" | "other";

function digitsOnly(text: string): string {
  return [...text].map((c) => DIGIT_LOOKALIKES[c] ?? c).join("");
}

const MONTH_NAME = "(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
/**
 * A month's name as OCR may misread it on a photo: a digit for a look-alike letter ("0ctober", "Apri1"), or a letter
 * or two wrong in a long name ("0otober", "Septenber"). Checked by monthIndex, which accepts only near spellings.
 */
const MONTH_WORD = "([A-Za-z01][A-Za-z01]{2,9})\\.?";
const FULL_MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const NUMERIC_PART = "[0-9OoIlSB|]";

/**
 * The first date in `text` as ISO YYYY-MM-DD: 04/12/2027, 4-12-27, 04.12.2027, 2027-04-12, April 12, 2027,
 * 12 April 2027; a month and year only (04/2027, April 2027) is that month's last day (how an "Exp 04/2027" reads).
 * US order: month first.
 */
export function parseDate(text: string, kind: DateKind = "other"): string | null {
  const iso = new RegExp(`(${NUMERIC_PART}{4})[-/.](${NUMERIC_PART}{1,2})[-/.](${NUMERIC_PART}{1,2})(?!\\d)`).exec(
    text,
  );
  if (iso) {
    const date = isoDate(Number(digitsOnly(iso[1]!)), Number(digitsOnly(iso[2]!)), Number(digitsOnly(iso[3]!)));
    if (date) return date;
  }
  const us = new RegExp(
    `(?<![0-9])(${NUMERIC_PART}{1,2})\\s?[-/.]\\s?(${NUMERIC_PART}{1,2})\\s?[-/.]\\s?(${NUMERIC_PART}{4}|${NUMERIC_PART}{2})(?![0-9])`,
  ).exec(text);
  if (us) {
    const year = fullYear(digitsOnly(us[3]!), kind);
    const date = isoDate(year, Number(digitsOnly(us[1]!)), Number(digitsOnly(us[2]!)));
    if (date) return date;
  }
  // "August 25, 1987", and OCR's "August 25,1987", "August 25. 1987", "Aug 25.1987", "0ctober 20, 2026".
  const namedPattern = new RegExp(`${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:[,.]\\s*|\\s+)(\\d{4})`, "gi");
  for (const named of text.matchAll(namedPattern)) {
    // A label OCR glued to the month ("DateofExamJan"): the capitalised month at the word's end.
    const glued = /(?<=[a-z])[A-Z][a-z]{2,8}$/.exec(named[1]!)?.[0];
    const month = monthIndex(named[1]!) || (glued ? monthIndex(glued) : 0);
    const date = isoDate(Number(named[3]), month, Number(named[2]));
    if (date) return date;
  }
  const dayFirst = new RegExp(`(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH_NAME},?\\s+(\\d{4})`, "i").exec(text);
  if (dayFirst) {
    const date = isoDate(Number(dayFirst[3]), monthIndex(dayFirst[2]!), Number(dayFirst[1]));
    if (date) return date;
  }
  const monthYear =
    new RegExp(`(?<![0-9/])(${NUMERIC_PART}{1,2})\\s?[-/.]\\s?(${NUMERIC_PART}{4})(?![0-9])`).exec(text) ??
    (kind === "expiration"
      ? new RegExp(`(?<![0-9/])(${NUMERIC_PART}{1,2})\\s?/\\s?(${NUMERIC_PART}{2})(?![0-9/])`).exec(text)
      : null);
  if (monthYear) {
    const year = fullYear(digitsOnly(monthYear[2]!), kind);
    const month = Number(digitsOnly(monthYear[1]!));
    if (month >= 1 && month <= 12) return isoDate(year, month, daysInMonth(year, month));
  }
  const isoMonth = new RegExp(`(${NUMERIC_PART}{4})[-/.](${NUMERIC_PART}{2})(?![0-9])`).exec(text);
  if (isoMonth) {
    const year = Number(digitsOnly(isoMonth[1]!));
    const month = Number(digitsOnly(isoMonth[2]!));
    if (month >= 1 && month <= 12) return isoDate(year, month, daysInMonth(year, month));
  }
  const namedMonthYear = new RegExp(`${MONTH_NAME},?\\s+(\\d{4})`, "i").exec(text);
  if (namedMonthYear) {
    const year = Number(namedMonthYear[2]);
    const month = monthIndex(namedMonthYear[1]!);
    return isoDate(year, month, daysInMonth(year, month));
  }
  return null;
}

/** A month's number from its name (a near spelling of a long one is OCR's), else 0. */
function monthIndex(raw: string): number {
  const name = raw.toLowerCase().replace(/0/g, "o").replace(/1/g, "l");
  const exact = MONTHS.indexOf(name.slice(0, 3)) + 1;
  if (exact > 0 && (name.length === 3 || name === "sept" || FULL_MONTHS[exact - 1]!.startsWith(name))) return exact;
  if (name.length < 5) return 0;
  // One wrong letter in a name of 5 to 6 letters, two in a longer one; never closer to two months.
  const allowed = name.length <= 6 ? 1 : 2;
  const near = FULL_MONTHS.flatMap((month, index) => (editDistance(name, month) <= allowed ? [index + 1] : []));
  return near.length === 1 ? near[0]! : 0;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

const PHONE = new RegExp(
  `\\(?(${NUMERIC_PART}{3})\\)?[\\s.-]{0,3}(${NUMERIC_PART}{3})\\s?[\\s.-]\\s?(${NUMERIC_PART}{4})(?![0-9])`,
);

/** The first US phone number in `text` as "(208) 555-0142". */
export function parsePhone(text: string): string | null {
  const match = PHONE.exec(text);
  if (!match) return null;
  const [area, exchange, line] = [match[1]!, match[2]!, match[3]!].map(digitsOnly);
  if (!/^\d{3}$/.test(area!) || !/^\d{3}$/.test(exchange!) || !/^\d{4}$/.test(line!)) return null;
  if (area!.startsWith("0") || area!.startsWith("1")) return null;
  // Mostly real digits: a run of look-alike letters is a word, not a number.
  if ((match[0].match(/\d/g) ?? []).length < 7) return null;
  return `(${area}) ${exchange}-${line}`;
}
