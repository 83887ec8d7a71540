import { z } from "zod";
import type { EyeParameters } from "./brand-finder-match";
import type { LensParameter } from "./lens-parameters";
import type { Eye } from "./line-item-group";
import { checkEyeParameters, EYE_CHOICES, eyesFor, fieldName } from "./product-order";

/**
 * The find-my-perfect-brand URL: `productId` names the current lens and `right-{param}` / `left-{param}` its
 * per-eye parameters (spec 2.1's guard keys), so every step and the results can be rebuilt from the link alone.
 * The parameters step is a GET form with the same names plus `eyes` (both, right or left).
 */

export const BRAND_FINDER_BASE = "/try-contact-lens-brands";
export const BRAND_FINDER_PATHS = {
  search: `${BRAND_FINDER_BASE}/search`,
  parameters: `${BRAND_FINDER_BASE}/parameters`,
  calculating: `${BRAND_FINDER_BASE}/calculating`,
  ineligible: `${BRAND_FINDER_BASE}/ineligible`,
  results: (slug: string) => `${BRAND_FINDER_BASE}/results/${encodeURIComponent(slug)}`,
} as const;

export const BRAND_FINDER_MESSAGES = {
  unknownLens: "We couldn't find that lens. Search for your current lens again.",
  chooseEyes: "Choose which eyes you wear this lens in.",
} as const;

const EYES: readonly Eye[] = ["right", "left"];

/** The catalog's productId from the query: 1 to 6 digits, else null. */
export function productIdFrom(query: URLSearchParams): number | null {
  const raw = (query.get("productId") ?? "").trim();
  return /^\d{1,6}$/.test(raw) ? Number(raw) : null;
}

/** The eyes the query has any parameter for, in right-then-left order. */
export function eyesInQuery(query: URLSearchParams): Eye[] {
  const keys = [...query.entries()].filter(([, value]) => value.trim() !== "").map(([key]) => key);
  return EYES.filter((eye) => keys.some((key) => key.startsWith(`${eye}-`)));
}

/** Whether the shopper has sent the parameters form (or a link carries parameters): then it is validated. */
export function hasParameterInput(query: URLSearchParams): boolean {
  return query.has("eyes") || eyesInQuery(query).length > 0;
}

/**
 * One schema per lens (its parameters), for the browser (Conform) and the server alike. `eyes` is optional so a
 * shared link without it still reads: the eyes are then those the link has parameters for. A parameter with a
 * single option needs no choosing (the form preselects it; a hand-made link may leave it out).
 */
export function brandFinderParametersSchema(parameters: readonly LensParameter[]) {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const eye of EYES) {
    for (const parameter of parameters) shape[fieldName(eye, parameter.name)] = z.string().trim().optional();
  }
  return z
    .object({ productId: z.string().optional(), eyes: z.string().optional(), ...shape })
    .transform((value) => {
      const fields = { ...value } as Record<string, string | undefined>;
      for (const eye of EYES) {
        for (const parameter of parameters) {
          const name = fieldName(eye, parameter.name);
          if (!fields[name] && parameter.options.length === 1) fields[name] = parameter.options[0]!.value;
        }
      }
      return fields;
    })
    .superRefine((fields, ctx) => {
      const eyes = chosenEyes(fields, parameters);
      if (!eyes) {
        ctx.addIssue({ code: "custom", path: ["eyes"], message: BRAND_FINDER_MESSAGES.chooseEyes });
        return;
      }
      const offered = parameters.filter((parameter) => parameter.options.length > 0);
      for (const eye of eyes) checkEyeParameters(ctx, fields, eye, offered);
    })
    .transform((fields): EyeParameters[] =>
      (chosenEyes(fields, parameters) ?? []).map((eye) => ({
        eye,
        parameters: Object.fromEntries(
          parameters
            .filter((parameter) => parameter.options.length > 0)
            .map((parameter) => [parameter.name, fields[fieldName(eye, parameter.name)] as string]),
        ),
      })),
    );
}

/** The eyes the input asks for: `eyes` when sent, else those with a value chosen (not just preselected). */
function chosenEyes(fields: Record<string, string | undefined>, parameters: readonly LensParameter[]): Eye[] | null {
  const choice = fields.eyes;
  if (choice !== undefined && choice !== "") {
    return (EYE_CHOICES as readonly string[]).includes(choice) ? eyesFor(choice as (typeof EYE_CHOICES)[number]) : null;
  }
  const given = EYES.filter((eye) =>
    parameters.some((parameter) => parameter.options.length > 1 && !!fields[fieldName(eye, parameter.name)]),
  );
  return given.length > 0 ? given : null;
}

/** The canonical query of a finder step: productId, then each chosen eye's parameters (no `eyes`). */
export function brandFinderQuery(productId: number, eyes: readonly EyeParameters[]): string {
  const query = new URLSearchParams({ productId: String(productId) });
  for (const { eye, parameters } of eyes) {
    for (const [name, value] of Object.entries(parameters)) query.set(fieldName(eye, name), value);
  }
  return query.toString();
}
