/**
 * The shape of the demo catalog the seed writes. The data itself lives in `catalog-data.server.ts`;
 * `seed.server.ts` turns it into rows (products, prices per price book, parameters and options, and one SKU
 * with a UPC for every combination of the product's parameter options).
 */

/** Lens parameter names as the spec spells them (display labels live in models/lens-parameters.ts). */
export type LensParameterName =
  "power" | "baseCurve" | "diameter" | "cylinder" | "axis" | "addPower" | "color" | "monovisionCode";

/** The lens-type facets of /lenses/{facet}. */
export type LensCategory =
  | "daily-disposables"
  | "weekly-disposables"
  | "monthly-disposables"
  | "toric-astigmatism"
  | "multifocal-bifocal"
  | "color";

export interface SeedParameterOption {
  /** The stored value, e.g. "-2.25", "8.6", "14.2", "-1.25", "180", "+1.50", "Gemstone Green", "D". */
  value: string;
  /** What the shopper sees; usually the same as value ("High" for an add power of "+2.50" is fine). */
  label: string;
}

export interface SeedProduct {
  /** Stable numeric product id, 1 to 6 digits (the spec redirects /lens/{1–6 digits} to the vanity URL). */
  productId: number;
  /** URL slug, lower-case words joined by dashes, unique: /lens/{vanityUrl} or /contact-lens-solution/{vanityUrl}. */
  vanityUrl: string;
  productType: "lens" | "solution";
  /** e.g. "Acuvue Oasys 1-Day 90 pack". */
  displayName: string;
  /** A short second line, e.g. "with HydraLuxe Technology". */
  displayNameSubHeading: string;
  /** The brand slug used in /lenses/{brand}; see SeedBrand. */
  brandSlug: string;
  /** Lens types this lens belongs to (empty for solutions). */
  categories: LensCategory[];
  /** Extra words shoppers type: misspellings, old names, abbreviations ("oasis", "ao", "1 day"). */
  searchTerms: string[];
  /** e.g. "90 pack", "6 pack", "12 oz". */
  descriptorPackSize: string;
  /** Days one lens is worn before it is replaced: 1, 14, 30 (solutions: days one bottle lasts, e.g. 30 or 90). */
  wearTimeDays: number;
  /** Lenses (or bottles) in one box. */
  quantityPerPackage: number;
  /** Most boxes per eye in one order. */
  maximumQuantity: number;
  /** Price of one box in cents for each price book (control is "none" in the spec); high > control > low. */
  prices: { control: number; high: number; low: number };
  /** Two or three sentences of original product copy. */
  description: string;
  /** Material, water content, oxygen permeability etc. as label/value pairs for the product page. */
  specifications: Array<{ label: string; value: string }>;
  /** Whether auto-reorder (subscription) may be chosen for this product. */
  allowsAutoReorder: boolean;
  isPrivateLabel?: boolean;
  isHidden?: boolean;
  discontinuedInCatalog?: boolean;
  /**
   * Parameters in display order, each with its options. Every combination of options is a valid SKU, so keep
   * ranges realistic: power in 0.25 steps to ±6.00 then 0.50 steps; toric axis in 10° steps; the total number
   * of combinations per product should stay under 6,000. Solutions have none.
   */
  parameters: Array<{ name: LensParameterName; options: SeedParameterOption[] }>;
  /**
   * Stock profile: "plenty" (most SKUs 40–500, a few low), "low" (most SKUs 1–20, shown as Limited Quantity),
   * "mixed" (a realistic mix with some out of stock), "out" (every SKU out of stock).
   */
  stock: "plenty" | "low" | "mixed" | "out";
  /** Brand colours for the generated SVG product image. */
  imageColors: { background: string; accent: string };
}

export interface SeedBrand {
  /** The /lenses/{slug} facet: acuvue, air-optix, dailies, biofinity, clariti, bausch-lomb, coopervision, ... */
  slug: string;
  /** Display name: "Acuvue", "Air Optix", ... */
  name: string;
  /** Manufacturer: "Johnson & Johnson Vision", "Alcon", "CooperVision", "Bausch + Lomb", ... */
  manufacturerName: string;
}
