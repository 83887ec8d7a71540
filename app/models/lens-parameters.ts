/** Lens parameters (spec: names and their display labels). */
export const LENS_PARAMETER_LABELS = {
  power: "Power/sphere",
  baseCurve: "BC",
  diameter: "DIA",
  cylinder: "CYL",
  axis: "Axis",
  addPower: "AddPower",
  color: "Color",
  monovisionCode: "D/N",
} as const;
export type LensParameterName = keyof typeof LENS_PARAMETER_LABELS;
export const LENS_PARAMETER_NAMES = Object.keys(LENS_PARAMETER_LABELS) as LensParameterName[];

export function isLensParameterName(value: string): value is LensParameterName {
  return Object.hasOwn(LENS_PARAMETER_LABELS, value);
}

export interface LensParameter {
  name: LensParameterName;
  displayName: string;
  options: Array<{ value: string; label: string }>;
}

/** Spec 5: parameters are all selected when every parameter having options has a value other than 'none'. */
export function allParametersSelected(
  parameters: readonly LensParameter[],
  selected: Readonly<Record<string, string | undefined>>,
): boolean {
  return parameters
    .filter((parameter) => parameter.options.length > 0)
    .every((parameter) => {
      const value = selected[parameter.name];
      return value !== undefined && value !== "" && value !== "none";
    });
}

/** Canonical lookup key for a set of chosen parameters: names sorted, "name=value" joined by ";". */
export function parameterKey(parameters: Readonly<Record<string, string>>): string {
  return Object.keys(parameters)
    .sort()
    .map((name) => `${name}=${parameters[name]}`)
    .join(";");
}

/** Eye labels on prescriptions and in the cart (spec 9). */
export const EYE_LABELS = { right: "OD", left: "OS" } as const;
export const EYE_NAMES = { right: "Right eye", left: "Left eye" } as const;
