/**
 * USPS-style standardisation of a US address (Publication 28, the common part of it): street suffixes and
 * directionals abbreviated, unit designators abbreviated, periods dropped, everything upper-cased. Also the spec's
 * rule for when two addresses are the same for shipping (spec 2 §5). Pure: the verifier adapter uses it to build
 * its suggestion, the address step to decide whether a suggestion is worth showing.
 */

/** Standard suffix → the spellings that mean it (the full word first). */
const SUFFIX_SPELLINGS: Record<string, readonly string[]> = {
  ALY: ["ALLEY", "ALLEE", "ALLY"],
  AVE: ["AVENUE", "AV", "AVEN", "AVENU", "AVN", "AVNUE"],
  BLVD: ["BOULEVARD", "BOUL", "BOULV"],
  BR: ["BRANCH", "BRNCH"],
  BRG: ["BRIDGE", "BRDGE"],
  BYP: ["BYPASS", "BYPA", "BYPAS", "BYPS"],
  CIR: ["CIRCLE", "CIRC", "CIRCL", "CRCL", "CRCLE"],
  CT: ["COURT"],
  CTR: ["CENTER", "CEN", "CENT", "CENTR", "CENTRE", "CNTER", "CNTR"],
  CV: ["COVE"],
  CRES: ["CRESCENT", "CRSNT"],
  DR: ["DRIVE", "DRIV", "DRV"],
  EXPY: ["EXPRESSWAY", "EXP", "EXPR", "EXPRESS", "EXPW"],
  EXT: ["EXTENSION", "EXTN", "EXTNSN"],
  FWY: ["FREEWAY", "FREEWY", "FRWAY", "FRWY"],
  GDNS: ["GARDENS", "GRDNS"],
  GRV: ["GROVE", "GROV"],
  HOLW: ["HOLLOW", "HLLW", "HOLLOWS", "HOLWS"],
  HTS: ["HEIGHTS", "HT"],
  HWY: ["HIGHWAY", "HIGHWY", "HIWAY", "HIWY", "HWAY"],
  HL: ["HILL"],
  HLS: ["HILLS"],
  JCT: ["JUNCTION", "JCTION", "JCTN", "JUNCTN", "JUNCTON"],
  LN: ["LANE"],
  LOOP: ["LOOPS"],
  MDWS: ["MEADOWS", "MDW", "MEDOWS"],
  PARK: ["PARKS", "PRK"],
  PASS: [],
  PATH: ["PATHS"],
  PIKE: ["PIKES"],
  PKWY: ["PARKWAY", "PARKWY", "PKWAY", "PKY", "PARKWAYS", "PKWYS"],
  PL: ["PLACE"],
  PLZ: ["PLAZA", "PLZA"],
  PT: ["POINT"],
  RDG: ["RIDGE", "RDGE"],
  RD: ["ROAD"],
  ROW: [],
  RTE: ["ROUTE"],
  RUN: [],
  SQ: ["SQUARE", "SQR", "SQRE", "SQU"],
  ST: ["STREET", "STRT", "STR"],
  TER: ["TERRACE", "TERR"],
  TPKE: ["TURNPIKE", "TRNPK", "TURNPK"],
  TRCE: ["TRACE", "TRACES"],
  TRL: ["TRAIL", "TRAILS", "TRLS"],
  VLY: ["VALLEY", "VALLY", "VLLY"],
  VW: ["VIEW"],
  WALK: ["WALKS"],
  WAY: ["WY"],
  XING: ["CROSSING", "CRSSNG"],
};

const DIRECTIONAL_SPELLINGS: Record<string, readonly string[]> = {
  N: ["NORTH"],
  S: ["SOUTH"],
  E: ["EAST"],
  W: ["WEST"],
  NE: ["NORTHEAST"],
  NW: ["NORTHWEST"],
  SE: ["SOUTHEAST"],
  SW: ["SOUTHWEST"],
};

/** Unit designators that take an identifier after them ("APT 4B"). */
const UNIT_SPELLINGS: Record<string, readonly string[]> = {
  APT: ["APARTMENT"],
  BLDG: ["BUILDING"],
  DEPT: ["DEPARTMENT"],
  FL: ["FLOOR"],
  HNGR: ["HANGAR"],
  LOT: [],
  RM: ["ROOM"],
  SPC: ["SPACE"],
  STE: ["SUITE"],
  TRLR: ["TRAILER"],
  UNIT: [],
};

/** Unit designators that stand alone ("REAR"). */
const STANDALONE_UNIT_SPELLINGS: Record<string, readonly string[]> = {
  BSMT: ["BASEMENT"],
  FRNT: ["FRONT"],
  LBBY: ["LOBBY"],
  LOWR: ["LOWER"],
  OFC: ["OFFICE"],
  PH: ["PENTHOUSE"],
  REAR: [],
  SIDE: [],
  UPPR: ["UPPER"],
};

/** Every spelling (and the standard form itself) → the standard form. */
function lookupTable(spellings: Record<string, readonly string[]>): ReadonlyMap<string, string> {
  const table = new Map<string, string>();
  for (const [standard, variants] of Object.entries(spellings)) {
    table.set(standard, standard);
    for (const variant of variants) table.set(variant, standard);
  }
  return table;
}

export const STREET_SUFFIXES = lookupTable(SUFFIX_SPELLINGS);
export const DIRECTIONALS = lookupTable(DIRECTIONAL_SPELLINGS);
export const UNIT_DESIGNATORS = lookupTable(UNIT_SPELLINGS);
export const STANDALONE_UNIT_DESIGNATORS = lookupTable(STANDALONE_UNIT_SPELLINGS);

/** A unit's identifier: has a digit ("4", "4B", "B-12") or is a single letter ("C"). */
const UNIT_IDENTIFIER = /^(?:[A-Z0-9-]*\d[A-Z0-9-]*|[A-Z])$/;
const HOUSE_NUMBER = /^\d/;

/** Upper case, periods and commas gone, '#' its own word, single spaces. */
function tokens(line: string): string[] {
  return line
    .toUpperCase()
    .replace(/\./g, "")
    .replace(/,/g, " ")
    .replace(/#/g, " # ")
    .replace(/^\s*(?:P\s*O|POST\s+OFFICE)\s+BOX\b/, "PO BOX")
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** Where a unit starts in a street line's words, or -1: a designator after the house number and a street name. */
function unitStart(words: readonly string[]): number {
  for (let index = 2; index < words.length; index++) {
    const word = words[index]!;
    // "APT # 4" counts like "APT 4".
    const next = words[index + 1] === "#" && word !== "#" ? words[index + 2] : words[index + 1];
    if ((word === "#" || UNIT_DESIGNATORS.has(word)) && next !== undefined && UNIT_IDENTIFIER.test(next)) return index;
    // A standalone designator only ends a line that already has a house number and two words of street.
    if (index >= 3 && index === words.length - 1 && STANDALONE_UNIT_DESIGNATORS.has(word)) return index;
  }
  return -1;
}

/** A unit part's words abbreviated; '#' dropped after a designator ("APT # 4" → "APT 4"). */
function standardizeUnitWords(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const next = words[index + 1];
    if (word === "#") {
      const previous = out[out.length - 1];
      if (previous !== undefined && UNIT_DESIGNATORS.has(previous)) continue;
      out.push(word);
    } else if (UNIT_DESIGNATORS.has(word) && next !== undefined && (next === "#" || UNIT_IDENTIFIER.test(next))) {
      out.push(UNIT_DESIGNATORS.get(word)!);
    } else if (STANDALONE_UNIT_DESIGNATORS.has(word) && (next === undefined || UNIT_DESIGNATORS.has(next))) {
      out.push(STANDALONE_UNIT_DESIGNATORS.get(word)!);
    } else {
      out.push(word);
    }
  }
  return out;
}

/**
 * The street words abbreviated: a post-directional (last word), the suffix (last word before it) and a
 * pre-directional (first word after the house number) — each only while a street name remains, so "123 North St"
 * keeps NORTH as its name and "1 Avenue of the Americas" keeps AVENUE.
 */
function standardizeStreetWords(words: readonly string[]): string[] {
  const out = [...words];
  const start = out.length > 0 && HOUSE_NUMBER.test(out[0]!) ? 1 : 0;
  let end = out.length;
  if (end - start >= 2 && DIRECTIONALS.has(out[end - 1]!)) {
    out[end - 1] = DIRECTIONALS.get(out[end - 1]!)!;
    end--;
  }
  if (end - start >= 2 && STREET_SUFFIXES.has(out[end - 1]!)) {
    out[end - 1] = STREET_SUFFIXES.get(out[end - 1]!)!;
    end--;
  }
  if (end - start >= 2 && DIRECTIONALS.has(out[start]!)) out[start] = DIRECTIONALS.get(out[start]!)!;
  return out;
}

/** A first street line in USPS form ("123 north Main Street apt #4" → "123 N MAIN ST APT 4"). */
export function standardizeStreetLine(line: string): string {
  const words = tokens(line);
  if (words[0] === "PO" && words[1] === "BOX") return words.join(" ");
  const unit = unitStart(words);
  const street = unit === -1 ? words : words.slice(0, unit);
  const rest = unit === -1 ? [] : words.slice(unit);
  return [...standardizeStreetWords(street), ...standardizeUnitWords(rest)].join(" ");
}

/** A second address line (usually a unit) in USPS form ("Suite 200" → "STE 200", "#4" → "# 4"). */
export function standardizeSecondaryLine(line: string): string {
  return standardizeUnitWords(tokens(line)).join(" ");
}

/** City, state and similar: upper case, single spaces. */
export function standardizeName(value: string): string {
  return value.trim().replace(/\s+/g, " ").toUpperCase();
}

/** Words a city is written with either way ("Saint Mary" = "St Mary"). */
const CITY_WORDS: Record<string, string> = {
  saint: "st",
  sainte: "ste",
  fort: "ft",
  mount: "mt",
  township: "twp",
  beach: "bch",
  heights: "hts",
  springs: "spgs",
  center: "ctr",
  junction: "jct",
};

/** A city reduced for comparison: case, punctuation, hyphens, spacing and the common abbreviations. */
export function comparableCity(city: string): string {
  return city
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[-/]/g, " ")
    .replace(/[^a-z0-9\s]/g, "")
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => CITY_WORDS[word] ?? word)
    .join("");
}

export function citiesMatch(a: string, b: string): boolean {
  return comparableCity(a) === comparableCity(b);
}

/** The fields "equal for shipping" reads. */
export interface ShippingComparable {
  firstName: string;
  lastName: string;
  address1: string;
  address2?: string | null;
  city: string;
  state: string;
  postalCode: string;
  country?: string | null;
}

const withoutCaseOrSpace = (value: string | null | undefined) => (value ?? "").toLowerCase().replace(/\s+/g, "");
const streetForComparison = (value: string | null | undefined) =>
  (value ?? "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Spec 2 §5: equal for shipping when names, postal code, city, state and country match ignoring case and
 * whitespace, and the street lines match ignoring punctuation, case and repeated spaces. A missing country is US.
 */
export function addressesEqualForShipping(a: ShippingComparable, b: ShippingComparable): boolean {
  const plain = (["firstName", "lastName", "postalCode", "city", "state"] as const).every(
    (field) => withoutCaseOrSpace(a[field]) === withoutCaseOrSpace(b[field]),
  );
  return (
    plain &&
    withoutCaseOrSpace(a.country || "US") === withoutCaseOrSpace(b.country || "US") &&
    streetForComparison(a.address1) === streetForComparison(b.address1) &&
    streetForComparison(a.address2) === streetForComparison(b.address2)
  );
}
