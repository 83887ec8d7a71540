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

// Built once: constructing an Intl.NumberFormat costs far more than formatting with one.
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}

/** The spec's price books: none (control), high, low. A shopper in no price-book group pays "none". */
export const PRICE_BOOKS = ["none", "high", "low"] as const;
export type PriceBook = (typeof PRICE_BOOKS)[number];

export function isPriceBook(value: unknown): value is PriceBook {
  return typeof value === "string" && (PRICE_BOOKS as readonly string[]).includes(value);
}

/** Product types as stored (spec: lens = 1, solution = 2). */
export const PRODUCT_TYPE = { lens: 1, solution: 2 } as const;

/** A stored product type as the rules name it (promotions, rebates, quantities): a solution, else a lens. */
export function productKind(productType: number | undefined): "lens" | "solution" {
  return productType === PRODUCT_TYPE.solution ? "solution" : "lens";
}
