/**
 * One eye's values as a document prints them, and the label spellings layouts choose from. Kept in one place so
 * the README's list of spellings and what the pictures show cannot drift apart.
 */
import { type PrintStyle, printAdd, printAxis, printFit, printPower } from "../printing";
import { type Rng } from "../random";
import { type EyeValues } from "../values";

export interface EyeText {
  sphere: string;
  cylinder?: string;
  axis?: string;
  add?: string;
  baseCurve: string;
  diameter: string;
  brand: string;
  color?: string;
}

export function eyeText(eye: EyeValues, style: PrintStyle): EyeText {
  return {
    sphere: printPower(eye.sphere, style),
    cylinder: eye.cylinder === undefined ? undefined : printPower(eye.cylinder, style, false),
    axis: eye.axis === undefined ? undefined : printAxis(eye.axis, style),
    add: eye.add === undefined ? undefined : printAdd(eye.add, style),
    baseCurve: printFit(eye.baseCurve, style),
    diameter: printFit(eye.diameter, style),
    brand: eye.lens.brand,
    color: eye.color,
  };
}

export type ParamKey = "sphere" | "cylinder" | "axis" | "add" | "baseCurve" | "diameter" | "brand" | "color";

/** Label spellings seen on US contact lens prescriptions. */
export const LABELS: Record<ParamKey, readonly string[]> = {
  sphere: ["PWR", "SPH", "Sphere", "Power", "Sph", "POWER"],
  cylinder: ["CYL", "Cyl", "Cylinder"],
  axis: ["AXIS", "Axis", "AX"],
  add: ["ADD", "Add", "Add Power"],
  baseCurve: ["BC", "B.C.", "Base Curve", "BASE CURVE"],
  diameter: ["DIA", "Diam", "Diameter", "DIAM"],
  brand: ["Brand", "Lens", "Lens Brand", "Brand / Lens", "Manufacturer / Brand"],
  color: ["Color", "Tint", "COLOR"],
};

export function pickLabels(rng: Rng): Record<ParamKey, string> {
  const out = {} as Record<ParamKey, string>;
  for (const key of Object.keys(LABELS) as ParamKey[]) out[key] = rng.pick(LABELS[key]);
  return out;
}

/** How the right and left eye are labelled: rows of a form, or headings in a letter. */
export const EYE_LABELS: ReadonlyArray<readonly [od: string, os: string]> = [
  ["OD", "OS"],
  ["OD", "OS"],
  ["OD (Right)", "OS (Left)"],
  ["Right (OD)", "Left (OS)"],
  ["RIGHT", "LEFT"],
  ["R", "L"],
  ["O.D.", "O.S."],
];

/** What a cell shows when the value does not apply (axis of a spherical lens, add of a single-vision one). */
export const EMPTY_CELLS = ["", "", "\u2014", "N/A"] as const;
/** The same for the cylinder column, where "DS" / "SPH" (dioptres sphere: no astigmatism) are common. */
export const EMPTY_CYLINDER_CELLS = ["", "\u2014", "DS", "SPH", "N/A"] as const;
