import type { LensParameter } from "./lens-parameters";
import type { Eye } from "./line-item-group";
import { boxSupplyDays } from "./supply";

/**
 * Find my perfect brand: which lenses in the catalog are made in the shopper's current per-eye parameters, and how
 * they rank. Pure: the service (services/catalog/brand-finder.server.ts) reads the catalog and hands it in.
 * docs/decisions/0035-find-my-perfect-brand.md explains the equivalences and the ranking.
 */

/** What the finder knows about one lens of the catalog. */
export interface FinderLens {
  id: number;
  vanityUrl: string;
  displayName: string;
  brandName: string;
  descriptorPackSize: string;
  wearTimeDays: number;
  quantityPerPackage: number;
  /** The product page's rows: "Material", "Oxygen transmissibility (Dk/t)", ... */
  specifications: ReadonlyArray<{ label: string; value: string }>;
  /** One box in the shopper's price book; null when the lens has no price there. */
  unitPriceCents: number | null;
  parameters: readonly LensParameter[];
}

/** One eye's chosen parameters, by parameter name ("power" → "-2.25"). */
export interface EyeParameters {
  eye: Eye;
  parameters: Record<string, string>;
}

/** Soft lenses of a neighbouring base curve or diameter fit alike; the eye doctor confirms (decision 35). */
export const BASE_CURVE_TOLERANCE_MM = 0.2;
export const DIAMETER_TOLERANCE_MM = 0.3;

/**
 * Named add powers as dioptre ranges. A maker with three levels (Low/Mid or Medium/High) splits the adds more
 * finely than one with two (Low/High); a numeric add ("+1.50") is its own one-point range.
 */
export const ADD_LEVELS_THREE: Readonly<Record<string, readonly [number, number]>> = {
  LOW: [0.75, 1.25],
  MID: [1.5, 2],
  MED: [1.5, 2],
  HIGH: [2.25, 2.5],
};
export const ADD_LEVELS_TWO: Readonly<Record<string, readonly [number, number]>> = {
  LOW: [0.75, 1.5],
  HIGH: [1.75, 2.5],
};

/**
 * A parameter that belongs to one lens's multifocal design (CooperVision's D/N): the shopper's value does not
 * carry over to a lens without it, and a lens that needs one is only matched when the shopper has one.
 */
const DESIGN_PARAMETERS = new Set(["monovisionCode"]);
const NUMERIC_PARAMETERS = new Set(["power", "cylinder", "axis"]);

const EPSILON = 1e-6;

function numberOf(value: string): number | null {
  const trimmed = value.trim();
  if (/^plano$/i.test(trimmed)) return 0;
  if (!/^[+-]?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The dioptre range an add power stands for, given the options of the lens it belongs to. */
export function addPowerRange(
  value: string,
  options: ReadonlyArray<{ value: string }>,
): readonly [number, number] | null {
  const numeric = numberOf(value);
  if (numeric !== null) return [numeric, numeric];
  const level = value.trim().toUpperCase();
  const threeLevels = options.some((option) => ["MID", "MED"].includes(option.value.toUpperCase()));
  return (threeLevels ? ADD_LEVELS_THREE : ADD_LEVELS_TWO)[level] ?? null;
}

/** The candidate's option nearest to a chosen value within `tolerance` (exact numbers when 0), or null. */
function nearestNumericOption(chosen: string, options: ReadonlyArray<{ value: string }>, tolerance: number) {
  const target = numberOf(chosen);
  if (target === null) return null;
  let best: { value: string; distance: number } | null = null;
  for (const option of options) {
    const candidate = numberOf(option.value);
    if (candidate === null) continue;
    const distance = Math.abs(candidate - target);
    if (distance <= tolerance + EPSILON && (!best || distance < best.distance - EPSILON)) {
      best = { value: option.value, distance };
    }
  }
  return best?.value ?? null;
}

/** The add power option whose range overlaps most with the chosen one's; ties go to the nearest middle. */
function equivalentAddPower(chosen: string, current: LensParameter, candidate: LensParameter): string | null {
  const wanted = addPowerRange(chosen, current.options);
  if (!wanted) return null;
  const middle = (range: readonly [number, number]) => (range[0] + range[1]) / 2;
  let best: { value: string; overlap: number; distance: number } | null = null;
  for (const option of candidate.options) {
    const range = addPowerRange(option.value, candidate.options);
    if (!range) continue;
    const overlap = Math.min(range[1], wanted[1]) - Math.max(range[0], wanted[0]);
    if (overlap < -EPSILON) continue;
    const distance = Math.abs(middle(range) - middle(wanted));
    if (
      !best ||
      overlap > best.overlap + EPSILON ||
      (Math.abs(overlap - best.overlap) <= EPSILON && distance < best.distance - EPSILON)
    ) {
      best = { value: option.value, overlap, distance };
    }
  }
  return best?.value ?? null;
}

/**
 * The candidate's value equivalent to the shopper's chosen value of one parameter, or null when the candidate is
 * not made in it: powers, cylinders and axes are the same number ("+0.00" is "0.00"); base curve and diameter the
 * nearest within their tolerance; add powers by overlapping ranges; colours and anything else the same name.
 */
export function equivalentValue(
  name: string,
  chosen: string,
  current: LensParameter,
  candidate: LensParameter,
): string | null {
  if (NUMERIC_PARAMETERS.has(name)) return nearestNumericOption(chosen, candidate.options, 0);
  if (name === "baseCurve") return nearestNumericOption(chosen, candidate.options, BASE_CURVE_TOLERANCE_MM);
  if (name === "diameter") return nearestNumericOption(chosen, candidate.options, DIAMETER_TOLERANCE_MM);
  if (name === "addPower") return equivalentAddPower(chosen, current, candidate);
  const wanted = chosen.trim().toLowerCase();
  return candidate.options.find((option) => option.value.trim().toLowerCase() === wanted)?.value ?? null;
}

const offered = (lens: FinderLens) => lens.parameters.filter((parameter) => parameter.options.length > 0);

/** Why a candidate is not made in the shopper's parameters: the lens's type differs, or one eye's value. */
export type Miss = { kind: "lens-type" } | { kind: "parameter"; eye: Eye; parameter: string };

/** A chosen value the candidate is made in only as its nearest equivalent (base curve 8.6 for 8.5). */
export interface FitDifference {
  label: string;
  chosen: string;
  value: string;
}

export type CandidateFit =
  { fits: true; eyes: EyeParameters[]; exact: boolean; differences: FitDifference[] } | { fits: false; miss: Miss };

/**
 * Whether a candidate is made in the shopper's parameters, and in which of its own values. Its lens type must be
 * the same (the same parameters: a toric for a toric, a multifocal for a multifocal, a colour for a colour), and
 * every chosen value of every chosen eye must have an equivalent among its options.
 */
export function fitCandidate(current: FinderLens, eyes: readonly EyeParameters[], candidate: FinderLens): CandidateFit {
  const currentParameters = new Map(offered(current).map((parameter) => [parameter.name as string, parameter]));
  const candidateParameters = new Map(offered(candidate).map((parameter) => [parameter.name as string, parameter]));
  const needed = (names: Iterable<string>) => [...names].filter((name) => !DESIGN_PARAMETERS.has(name)).sort();
  if (needed(currentParameters.keys()).join() !== needed(candidateParameters.keys()).join()) {
    return { fits: false, miss: { kind: "lens-type" } };
  }
  // A design parameter the candidate needs must come from the shopper.
  for (const name of candidateParameters.keys()) {
    if (DESIGN_PARAMETERS.has(name) && !currentParameters.has(name))
      return { fits: false, miss: { kind: "lens-type" } };
  }
  const differences = new Map<string, FitDifference>();
  const fitted: EyeParameters[] = [];
  for (const { eye, parameters } of eyes) {
    const values: Record<string, string> = {};
    for (const [name, candidateParameter] of candidateParameters) {
      const chosen = parameters[name];
      const currentParameter = currentParameters.get(name);
      const value =
        chosen === undefined || !currentParameter
          ? null
          : equivalentValue(name, chosen, currentParameter, candidateParameter);
      if (value === null) return { fits: false, miss: { kind: "parameter", eye, parameter: name } };
      values[name] = value;
      if (!sameValue(value, chosen!)) {
        differences.set(`${name}|${chosen}|${value}`, {
          label: candidateParameter.displayName,
          chosen: labelOf(currentParameter!, chosen!),
          value: labelOf(candidateParameter, value),
        });
      }
    }
    fitted.push({ eye, parameters: values });
  }
  return { fits: true, eyes: fitted, exact: differences.size === 0, differences: [...differences.values()] };
}

function labelOf(parameter: LensParameter, value: string): string {
  return parameter.options.find((option) => option.value === value)?.label ?? value;
}

function sameValue(a: string, b: string): boolean {
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== null && y !== null) return Math.abs(x - y) < EPSILON;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The lens without its pack size: "Acuvue Oasys 1-Day 90 pack" and its 30 pack are one lens line. */
export function lensLine(lens: Pick<FinderLens, "displayName" | "descriptorPackSize">): string {
  const name = lens.displayName.trim();
  const pack = lens.descriptorPackSize.trim();
  const line = pack && name.toLowerCase().endsWith(pack.toLowerCase()) ? name.slice(0, -pack.length) : name;
  return line.trim().toLowerCase();
}

export type MaterialFamily = "silicone hydrogel" | "hydrogel";

/** The lens material as the catalog writes it ("comfilcon A (silicone hydrogel)"): its name and family. */
export function lensMaterial(lens: Pick<FinderLens, "specifications">): {
  name: string | null;
  family: MaterialFamily | null;
} {
  const value = specification(lens, "Material");
  if (!value) return { name: null, family: null };
  const match = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(value);
  const name = (match ? match[1]! : value).trim() || null;
  const text = (match ? match[2]! : value).toLowerCase();
  const family = text.includes("silicone hydrogel")
    ? "silicone hydrogel"
    : text.includes("hydrogel")
      ? "hydrogel"
      : null;
  return { name, family };
}

/** Oxygen transmissibility (Dk/t) from the catalog, or null when it does not say. */
export function oxygenTransmissibility(lens: Pick<FinderLens, "specifications">): number | null {
  const value = specification(lens, "Oxygen transmissibility (Dk/t)");
  const match = value ? /\d+(\.\d+)?/.exec(value) : null;
  return match ? Number(match[0]) : null;
}

function specification(lens: Pick<FinderLens, "specifications">, label: string): string | null {
  return lens.specifications.find((row) => row.label.toLowerCase() === label.toLowerCase())?.value ?? null;
}

/**
 * What wearing the lens costs a day, in cents (not rounded), for the given number of eyes: one box's price over
 * the days it lasts one eye (the store's supply rule: lenses × wear days, a 2-week lens counting 15).
 */
export function pricePerDayCents(
  lens: Pick<FinderLens, "unitPriceCents" | "wearTimeDays" | "quantityPerPackage">,
  eyeCount: number,
): number | null {
  if (lens.unitPriceCents === null) return null;
  const days = boxSupplyDays(lens);
  return days > 0 ? (lens.unitPriceCents / days) * eyeCount : null;
}

/** "$1.23" from cents that may carry fractions (rounded to the cent). */
export function formatDailyCents(cents: number): string {
  return `$${(Math.round(cents) / 100).toFixed(2)}`;
}

export interface Reason {
  /** material | oxygen | price | fit */
  kind: "material" | "oxygen" | "price" | "fit";
  text: string;
  /** Whether this reason counts toward the lens's rank (decision 35: one point each). */
  point: boolean;
}

export interface BrandMatch {
  lens: FinderLens;
  /** The lens's own values for each chosen eye: what to pick on its product page. */
  eyes: EyeParameters[];
  exactFit: boolean;
  material: ReturnType<typeof lensMaterial>;
  dkt: number | null;
  pricePerDayCents: number | null;
  reasons: Reason[];
  score: number;
  /** The same lens line in other pack sizes that fit too (dearer a day, or the same). */
  otherPacks: FinderLens[];
}

export interface BrandFinderResult {
  /** Lenses with the same replacement schedule that the finder compared (other lens lines, buyable). */
  considered: number;
  matches: BrandMatch[];
}

const EYE_WORD = (count: number) => (count === 1 ? "for one eye" : "for both eyes");

/** The reasons a match is suggested, compared with the shopper's current lens. */
export function reasonsFor(
  current: FinderLens,
  candidate: FinderLens,
  eyeCount: number,
  differences: readonly FitDifference[],
): Reason[] {
  const reasons: Reason[] = [];
  const material = lensMaterial(candidate);
  const currentMaterial = lensMaterial(current);
  if (material.family) {
    const named = material.name ? ` (${material.name})` : "";
    const siliconeHydrogel = material.family === "silicone hydrogel";
    const text = siliconeHydrogel
      ? currentMaterial.family === "hydrogel"
        ? `Silicone hydrogel${named}: lets more oxygen through than the hydrogel of your current lens.`
        : `Silicone hydrogel${named}, a breathable material.`
      : `Hydrogel${named}: soft and moist, with less oxygen than silicone hydrogel.`;
    reasons.push({ kind: "material", text, point: siliconeHydrogel });
  }

  const dkt = oxygenTransmissibility(candidate);
  const currentDkt = oxygenTransmissibility(current);
  if (dkt === null) {
    reasons.push({ kind: "oxygen", text: "Oxygen transmissibility (Dk/t): not published.", point: false });
  } else if (currentDkt === null) {
    reasons.push({ kind: "oxygen", text: `Oxygen transmissibility (Dk/t) ${dkt}.`, point: false });
  } else if (dkt > currentDkt) {
    reasons.push({
      kind: "oxygen",
      text: `More oxygen: Dk/t ${dkt}, against ${currentDkt} for your current lens.`,
      point: true,
    });
  } else if (dkt === currentDkt) {
    reasons.push({ kind: "oxygen", text: `As much oxygen as your current lens: Dk/t ${dkt}.`, point: true });
  } else {
    reasons.push({
      kind: "oxygen",
      text: `Less oxygen: Dk/t ${dkt}, against ${currentDkt} for your current lens.`,
      point: false,
    });
  }

  const perDay = pricePerDayCents(candidate, eyeCount);
  const currentPerDay = pricePerDayCents(current, eyeCount);
  if (perDay !== null) {
    const base = `${formatDailyCents(perDay)} a day ${EYE_WORD(eyeCount)}`;
    if (currentPerDay === null) {
      reasons.push({ kind: "price", text: `${base}.`, point: false });
    } else {
      const difference = Math.round(currentPerDay) - Math.round(perDay);
      const text =
        difference > 0
          ? `${base}: ${formatDailyCents(difference)} a day less than your current lens.`
          : difference < 0
            ? `${base}: ${formatDailyCents(-difference)} a day more than your current lens.`
            : `${base}: the same as your current lens.`;
      reasons.push({ kind: "price", text, point: difference >= 0 });
    }
  }

  reasons.push(
    differences.length === 0
      ? { kind: "fit", text: "Made in exactly the parameters of your current lens.", point: true }
      : {
          kind: "fit",
          text: `Made in your parameters, with the nearest ${differences
            .map((difference) => `${difference.label} ${difference.value} (yours: ${difference.chosen})`)
            .join(", ")}: your eye doctor confirms the fit.`,
          point: false,
        },
  );
  return reasons;
}

/** Rank order: more points first, then cheaper a day, then more oxygen, then name. */
export function compareMatches(a: BrandMatch, b: BrandMatch): number {
  if (a.score !== b.score) return b.score - a.score;
  const price = (match: BrandMatch) => match.pricePerDayCents ?? Number.POSITIVE_INFINITY;
  if (price(a) !== price(b)) return price(a) - price(b);
  const dkt = (match: BrandMatch) => match.dkt ?? -1;
  if (dkt(a) !== dkt(b)) return dkt(b) - dkt(a);
  return a.lens.displayName.localeCompare(b.lens.displayName, "en", { sensitivity: "base", numeric: true });
}

/**
 * The lenses a shopper could switch to: the catalog's lenses with the current lens's replacement schedule, other
 * than the current lens line (in any pack size) and with a price, made in every chosen value of every chosen eye;
 * one per lens line (its best pack), ranked with their reasons.
 */
export function findBrandMatches(
  current: FinderLens,
  eyes: readonly EyeParameters[],
  catalog: readonly FinderLens[],
): BrandFinderResult {
  const currentLine = lensLine(current);
  const candidates = catalog.filter(
    (lens) =>
      lens.id !== current.id &&
      lens.wearTimeDays === current.wearTimeDays &&
      lens.unitPriceCents !== null &&
      lensLine(lens) !== currentLine,
  );
  const eyeCount = eyes.length;
  const fitted: BrandMatch[] = [];
  for (const lens of candidates) {
    const fit = fitCandidate(current, eyes, lens);
    if (!fit.fits) continue;
    const reasons = reasonsFor(current, lens, eyeCount, fit.differences);
    fitted.push({
      lens,
      eyes: fit.eyes,
      exactFit: fit.exact,
      material: lensMaterial(lens),
      dkt: oxygenTransmissibility(lens),
      pricePerDayCents: pricePerDayCents(lens, eyeCount),
      reasons,
      score: reasons.filter((reason) => reason.point).length,
      otherPacks: [],
    });
  }
  fitted.sort(compareMatches);
  const byLine = new Map<string, BrandMatch>();
  for (const match of fitted) {
    const line = lensLine(match.lens);
    const best = byLine.get(line);
    if (best) best.otherPacks.push(match.lens);
    else byLine.set(line, match);
  }
  return { considered: new Set(candidates.map(lensLine)).size, matches: [...byLine.values()] };
}

/** The replacement schedule in words ("daily", "2-week", "monthly") for a lens's wear days. */
export function replacementSchedule(wearTimeDays: number): string {
  if (wearTimeDays === 1) return "daily";
  if (wearTimeDays === 14) return "2-week";
  if (wearTimeDays === 30) return "monthly";
  return `${wearTimeDays}-day`;
}

/** The lens list of the same replacement schedule (/lenses/{facet}), or all lenses. */
export function scheduleListPath(wearTimeDays: number): string {
  if (wearTimeDays === 1) return "/lenses/daily-disposables";
  if (wearTimeDays === 14) return "/lenses/weekly-disposables";
  if (wearTimeDays === 30) return "/lenses/monthly-disposables";
  return "/lenses";
}

/** Each eye's values as the lens's page shows them ("BC 8.6"), in the lens's parameter order. */
export function describeEyes(
  parameters: readonly LensParameter[],
  eyes: readonly EyeParameters[],
): Array<{ eye: Eye; values: Array<{ name: string; label: string; value: string }> }> {
  return eyes.map(({ eye, parameters: chosen }) => ({
    eye,
    values: parameters
      .filter((parameter) => chosen[parameter.name] !== undefined)
      .map((parameter) => {
        const value = chosen[parameter.name]!;
        const option = parameter.options.find((candidate) => candidate.value === value);
        return { name: parameter.name, label: parameter.displayName, value: option?.label ?? value };
      }),
  }));
}
