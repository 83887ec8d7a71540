/** The lens-type facets of /lenses/{facet} (spec: product list with one optional facet segment). */
export const LENS_TYPE_FACETS = [
  "daily-disposables",
  "weekly-disposables",
  "monthly-disposables",
  "toric-astigmatism",
  "multifocal-bifocal",
  "color",
] as const;
export type LensTypeFacet = (typeof LENS_TYPE_FACETS)[number];

export function isLensTypeFacet(value: string): value is LensTypeFacet {
  return (LENS_TYPE_FACETS as readonly string[]).includes(value);
}

export function formatCents(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}
