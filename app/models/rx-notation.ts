/**
 * The clinical shorthand of a narrative prescription, rewritten into labelled form before an eye's text is read
 * (rx-text-row.ts pairs labels with values): "-2.00 -2.25 x 90" is sphere, cylinder and axis; "-0.50 DS" or
 * "-0.50 sph" is a sphere with no cylinder (DS: dioptres sphere); "PL"/"plano" is 0.00; "BAL" (a balance lens)
 * carries no value for that eye. Without this, "DS" read as an empty cylinder cell and "sph" as a sphere label
 * pairing with the next number ("BC 8.6" became a sphere of +8.00).
 */

const DIOPTRE = String.raw`(?:[-+\u2212]\s?\d{1,2}[.,]\d{2}|\d{1,2}[.,]\d{2}|PL(?:ANO)?|plano|Plano)`;
/** "-2.00 -2.25 x 90", "-2.00/-2.25x090", "+1.00 -0.50 X 180°". */
const SPHERE_CYLINDER_AXIS = new RegExp(
  String.raw`(?<![\w.])(${DIOPTRE})\s*(?:/\s*)?([-\u2212]\s?\d{1,2}[.,]\d{2})\s*(?:D\s*)?(?:cyl\w*\s*)?[x×X*]\s*(\d{1,3})°?(?![\w.])`,
  "g",
);
/** "-0.50 DS", "-0.50 D.S.", "-0.50 sph", "+1.25 sphere", "plano DS". */
const SPHERE_ONLY = new RegExp(
  String.raw`(?<![\w.])(${DIOPTRE})\s*(?:D\.?\s?S\.?|DS|sph\.?|sphere|spherical)(?![\w])`,
  "gi",
);
const BALANCE = /(?<![\w])(?:BAL|BALANCE|balance(?:\s+lens)?)(?![\w])/g;

export function rewriteNotation(text: string): string {
  return text
    .replace(SPHERE_CYLINDER_AXIS, (_, sphere: string, cylinder: string, axis: string) => {
      return ` Sphere ${sphere} Cylinder ${cylinder.replace(/\s/g, "")} Axis ${axis} `;
    })
    .replace(SPHERE_ONLY, (_, sphere: string) => ` Sphere ${sphere.replace(/\s/g, "")} `)
    .replace(BALANCE, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** An eye written as a balance lens ("OS: BAL"): nothing to read for it. */
export function isBalance(text: string): boolean {
  return new RegExp(BALANCE.source).test(text);
}
