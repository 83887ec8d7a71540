import type { RxEyeKey, RxEyeReading } from "./rx-analysis";

/**
 * Whether a read value is a value a contact lens prescription would hold, and how much that should lower the
 * reader's confidence in it. Powers sit on a 0.25 grid (sphere within ±20.00, cylinder minus, to about -6.00),
 * axis is a whole degree 1–180, ADD is dioptres (+0.75…+4.00) or a level word, BC 7.0–10.0 mm and DIA
 * 12.0–16.0 mm (the common ranges, 8.3–9.0 and 13.8–14.5, are surer). The eyes of one person rarely differ by
 * more than a few dioptres: a large difference (+13.00 against +1.50) is more likely a misread.
 */

export type LensField = keyof RxEyeReading;

function onStep(value: number, step: number): boolean {
  return Math.abs(value / step - Math.round(value / step)) < 1e-6;
}

const ADD_WORD = /^(?:LOW|LO|MID|MED|MEDIUM|HIGH|HI|N|D)$/i;

/** 0–1: 1 on the grid and in the common range, lower in a rare range, 0 off the grid (the value is dropped). */
export function gridScore(field: LensField, value: string): number {
  const number = Number(value);
  switch (field) {
    case "sphere":
      if (!Number.isFinite(number) || Math.abs(number) > 20 || !onStep(number, 0.25)) return 0;
      return Math.abs(number) <= 10 ? 1 : 0.85;
    case "cylinder":
      if (!Number.isFinite(number) || number >= 0 || number < -10 || !onStep(number, 0.25)) return 0;
      return number >= -3 ? 1 : number >= -6 ? 0.9 : 0.6;
    case "axis":
      if (!/^\d{1,3}$/.test(value) || number < 1 || number > 180) return 0;
      // Toric lenses come in 10° steps (5° in a few): another axis is possible but rarer.
      return number % 10 === 0 ? 1 : number % 5 === 0 ? 0.95 : 0.85;
    case "add":
      if (ADD_WORD.test(value)) return 1;
      if (!Number.isFinite(number) || number < 0.75 || number > 4 || !onStep(number, 0.25)) return 0;
      return 1;
    case "baseCurve":
      if (!Number.isFinite(number) || number < 7 || number > 10) return 0;
      return number >= 8.0 && number <= 9.2 ? 1 : 0.85;
    case "diameter":
      if (!Number.isFinite(number) || number < 12 || number > 16) return 0;
      return number >= 13.5 && number <= 14.8 ? 1 : 0.85;
    default:
      return 1;
  }
}

/** Fields whose values differ more between the eyes than one person's eyes usually do: the factor to apply. */
export function eyeDifference(
  eyes: Partial<Record<RxEyeKey, RxEyeReading>>,
): Partial<Record<"sphere" | "cylinder" | "baseCurve" | "diameter", number>> {
  const right = eyes.OD;
  const left = eyes.OS;
  const out: Partial<Record<"sphere" | "cylinder" | "baseCurve" | "diameter", number>> = {};
  if (!right || !left) return out;
  const apart = (field: "sphere" | "cylinder" | "baseCurve" | "diameter") => {
    const a = Number(right[field]);
    const b = Number(left[field]);
    return right[field] !== undefined && left[field] !== undefined ? Math.abs(a - b) : 0;
  };
  // Anisometropia past 3 D is uncommon, past 6 D rare.
  const sphere = apart("sphere");
  if (sphere > 6) out.sphere = 0.5;
  else if (sphere > 3) out.sphere = 0.75;
  if (apart("cylinder") > 2.5) out.cylinder = 0.75;
  // The same lens in both eyes almost always has one base curve and diameter.
  if (right.brand && right.brand === left.brand) {
    if (apart("baseCurve") > 0) out.baseCurve = 0.8;
    if (apart("diameter") > 0) out.diameter = 0.8;
  }
  return out;
}

const ADD_LEVELS: ReadonlyArray<[RegExp, RegExp]> = [
  [/^(?:LOW|LO)$/i, /^(?:LOW|LO|L)$/i],
  [/^(?:MID|MED|MEDIUM)$/i, /^(?:MID|MED|MEDIUM|M)$/i],
  [/^(?:HIGH|HI)$/i, /^(?:HIGH|HI|H)$/i],
];

/**
 * An ADD word in the product's own labels ("MED" → "MID" for a lens sold as LOW/MID/HIGH, "HIGH" → "HI" for
 * LO/MED/HI); null when the product has no such level. Without labels the word is kept as read.
 */
export function mapAddLabel(value: string, labels: readonly string[] | undefined): string | null {
  if (!labels || labels.length === 0) return value;
  const exact = labels.find((label) => label.toUpperCase() === value.toUpperCase());
  if (exact) return exact;
  const level = ADD_LEVELS.find(([word]) => word.test(value));
  if (level) return labels.find((label) => level[1].test(label)) ?? null;
  // A numeric ADD against numeric labels: the same number written alike ("+1.50" / "1.50").
  const number = Number(value);
  if (Number.isFinite(number)) return labels.find((label) => Number(label) === number) ?? null;
  return null;
}
