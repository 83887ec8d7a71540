/**
 * The Lenslane demo catalog: brands, contact lenses and lens-care solutions.
 *
 * Lens specs (materials, water content, Dk/t, base curves, diameters, power/cylinder/axis/add ranges) follow the
 * real US product lines as closely as practical, trimmed where needed so that every product stays well under
 * 6,000 parameter combinations (the seed writes one SKU per combination). Descriptions are our own copy.
 * Prices are demo prices in cents per box.
 */
import type { LensCategory, LensParameterName, SeedBrand, SeedParameterOption, SeedProduct } from "./catalog-types";

// ---------------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------------

type Parameter = SeedProduct["parameters"][number];
type PowerRange = [from: number, to: number];

/** Options whose label is the value itself. */
function opts(values: string[]): SeedParameterOption[] {
  return values.map((value) => ({ value, label: value }));
}

function param(name: LensParameterName, options: SeedParameterOption[]): Parameter {
  return { name, options };
}

/** Signed dioptre string from hundredths: -225 → "-2.25", 150 → "+1.50", 0 → "0.00". */
function dioptres(hundredths: number): string {
  if (hundredths === 0) return "0.00";
  return (hundredths > 0 ? "+" : "-") + (Math.abs(hundredths) / 100).toFixed(2);
}

/**
 * Sphere powers for one or more inclusive ranges (in dioptres, e.g. [-12, -0.5], [0.5, 8]): 0.25 D steps up to
 * ±6.00, 0.50 D steps beyond. Sorted from the strongest minus to the strongest plus; 0.00 is labelled "Plano".
 */
function powers(...ranges: PowerRange[]): Parameter {
  const values = new Set<number>();
  for (const [from, to] of ranges) {
    for (let c = Math.round(from * 100); c <= Math.round(to * 100); c += 25) {
      if (Math.abs(c) <= 600 || c % 50 === 0) values.add(c);
    }
  }
  const sorted = [...values].sort((a, b) => a - b);
  return param(
    "power",
    sorted.map((c) => ({ value: dioptres(c), label: c === 0 ? "Plano" : dioptres(c) })),
  );
}

/** Power, base curve and diameter: the first three parameters of every lens. */
function fit(powerRanges: PowerRange[], baseCurves: string[], diameter: string): Parameter[] {
  return [powers(...powerRanges), param("baseCurve", opts(baseCurves)), param("diameter", opts([diameter]))];
}

/** Cylinder options from dioptre numbers: cylinders(-0.75, -1.25) → "-0.75", "-1.25". */
function cylinders(...values: number[]): Parameter {
  return param("cylinder", opts(values.map((v) => dioptres(Math.round(v * 100)))));
}

/** Toric axis options "10".."180" in `step` degree steps, or an explicit list of axes. */
function axes(stepOrList: number | number[] = 10): Parameter {
  const list =
    typeof stepOrList === "number"
      ? Array.from({ length: Math.floor(180 / stepOrList) }, (_, i) => (i + 1) * stepOrList)
      : stepOrList;
  return param("axis", opts(list.map(String)));
}

/** Numeric add powers: addPowers(1, 1.5, 2, 2.5) → "+1.00" … "+2.50". */
function addPowers(...values: number[]): Parameter {
  return param("addPower", opts(values.map((v) => dioptres(Math.round(v * 100)))));
}

/** Named add levels, e.g. ["LOW", "Low"], ["HIGH", "High"]. */
function addLevels(...levels: Array<[value: string, label: string]>): Parameter {
  return param(
    "addPower",
    levels.map(([value, label]) => ({ value, label })),
  );
}

const ADD_LOW_MID_HIGH = addLevels(["LOW", "Low"], ["MID", "Mid"], ["HIGH", "High"]); // Acuvue
const ADD_LOW_MED_HIGH = addLevels(["LOW", "Low"], ["MED", "Medium"], ["HIGH", "High"]); // Alcon
const ADD_LOW_HIGH = addLevels(["LOW", "Low"], ["HIGH", "High"]); // clariti, Bausch + Lomb Ultra

const MONOVISION = param("monovisionCode", [
  { value: "D", label: "D (dominant)" },
  { value: "N", label: "N (non-dominant)" },
]);

function colors(...names: string[]): Parameter {
  return param("color", opts(names));
}

/** Price book prices from the control price: high ≈ +8 %, low ≈ −7 %, both ending in 9. */
function usd(control: number, highPct = 8, lowPct = 7): SeedProduct["prices"] {
  const endIn9 = (cents: number) => Math.round(cents / 10) * 10 - 1;
  return { control, high: endIn9(control * (1 + highPct / 100)), low: endIn9(control * (1 - lowPct / 100)) };
}

/** The usual lens specification rows, in product-page order. */
function lensSpecs(s: {
  material: string;
  water: string;
  dkt?: string;
  uv?: string;
  replacement: string;
  extra?: [label: string, value: string];
}): SeedProduct["specifications"] {
  const rows: SeedProduct["specifications"] = [
    { label: "Material", value: s.material },
    { label: "Water content", value: s.water },
  ];
  if (s.dkt) rows.push({ label: "Oxygen transmissibility (Dk/t)", value: s.dkt });
  if (s.uv) rows.push({ label: "UV blocking", value: s.uv });
  if (s.extra) rows.push({ label: s.extra[0], value: s.extra[1] });
  rows.push({ label: "Replacement schedule", value: s.replacement });
  return rows;
}

type LensInput = Omit<SeedProduct, "productType" | "allowsAutoReorder" | "stock"> & {
  allowsAutoReorder?: boolean;
  stock?: SeedProduct["stock"];
};

function lens(p: LensInput): SeedProduct {
  const { allowsAutoReorder = true, stock = "plenty", ...rest } = p;
  return { productType: "lens", allowsAutoReorder, stock, ...rest };
}

type SolutionInput = Omit<SeedProduct, "productType" | "categories" | "parameters" | "allowsAutoReorder" | "stock"> & {
  stock?: SeedProduct["stock"];
};

function solution(p: SolutionInput): SeedProduct {
  const { stock = "plenty", ...rest } = p;
  return { productType: "solution", categories: [], parameters: [], allowsAutoReorder: true, stock, ...rest };
}

const DAILY: LensCategory[] = ["daily-disposables"];
const TWO_WEEK: LensCategory[] = ["weekly-disposables"];
const MONTHLY: LensCategory[] = ["monthly-disposables"];

// Common power ranges.
const MINUS12_PLUS8: PowerRange[] = [
  [-12, -0.5],
  [0.5, 8],
];
const MINUS12_PLUS6: PowerRange[] = [
  [-12, -0.5],
  [0.5, 6],
];
const MINUS10_PLUS6: PowerRange[] = [
  [-10, -0.5],
  [0.5, 6],
];
const TORIC_MINUS9_PLUS4: PowerRange[] = [[-9, 4]];

// Brand-ish colours for the generated product images.
const COLORS = {
  oasys1Day: { background: "#0B5CAB", accent: "#9ED3F2" },
  oasysMax: { background: "#14397A", accent: "#5CC6E8" },
  moist: { background: "#00857C", accent: "#B7E4DF" },
  oasys: { background: "#00539B", accent: "#7AB8E0" },
  acuvue2: { background: "#1F4E9A", accent: "#C7D9F0" },
  vita: { background: "#4A2C7A", accent: "#F2A900" },
  define: { background: "#8A5A44", accent: "#F1C7A8" },
  advance: { background: "#2C5F9E", accent: "#A9C8E8" },
  airOptix: { background: "#4B2A85", accent: "#00A3E0" },
  airOptixColors: { background: "#6D3FA0", accent: "#2BB673" },
  nightDay: { background: "#1B2A5C", accent: "#7FB2E5" },
  total1: { background: "#003B71", accent: "#00A9CE" },
  aquaComfort: { background: "#00629B", accent: "#8DC8E8" },
  precision1: { background: "#0033A0", accent: "#00B2A9" },
  total30: { background: "#001E60", accent: "#4DC3E8" },
  biofinity: { background: "#0072BC", accent: "#8CC63F" },
  energys: { background: "#0072BC", accent: "#F7941D" },
  clariti: { background: "#00A0DF", accent: "#E5007D" },
  myDay: { background: "#0097D7", accent: "#FDB913" },
  proclear: { background: "#005EB8", accent: "#7DC242" },
  avaira: { background: "#00758F", accent: "#F58220" },
  biomedics: { background: "#2E3192", accent: "#ED1C24" },
  biotrue: { background: "#5E9E2F", accent: "#E3F1D4" },
  infuse: { background: "#3F2A77", accent: "#4FC3E8" },
  ultra: { background: "#003DA5", accent: "#8DC63F" },
  pureVision: { background: "#003A70", accent: "#00AEEF" },
  freshLook: { background: "#D6336C", accent: "#7ACC29" },
  lenslane: { background: "#1D3557", accent: "#F4A261" },
  optiFree: { background: "#0055A5", accent: "#7FCCEB" },
  clearCare: { background: "#008C95", accent: "#E6F4F5" },
  renu: { background: "#0A7CC1", accent: "#D2EAF7" },
  boston: { background: "#1D428A", accent: "#E87722" },
  lenslaneSolution: { background: "#1D3557", accent: "#A8DADC" },
} satisfies Record<string, SeedProduct["imageColors"]>;

// ---------------------------------------------------------------------------------------------------------------
// Brands
// ---------------------------------------------------------------------------------------------------------------

export const seedBrands: SeedBrand[] = [
  { slug: "acuvue", name: "Acuvue", manufacturerName: "Johnson & Johnson Vision" },
  { slug: "air-optix", name: "Air Optix", manufacturerName: "Alcon" },
  { slug: "dailies", name: "Dailies", manufacturerName: "Alcon" },
  { slug: "precision1", name: "Precision1", manufacturerName: "Alcon" },
  { slug: "total", name: "Total30", manufacturerName: "Alcon" },
  { slug: "freshlook", name: "FreshLook", manufacturerName: "Alcon" },
  { slug: "biofinity", name: "Biofinity", manufacturerName: "CooperVision" },
  { slug: "clariti", name: "clariti", manufacturerName: "CooperVision" },
  { slug: "coopervision", name: "CooperVision", manufacturerName: "CooperVision" },
  { slug: "bausch-lomb", name: "Bausch + Lomb", manufacturerName: "Bausch + Lomb" },
  { slug: "lenslane", name: "Lenslane", manufacturerName: "Lenslane" },
  { slug: "opti-free", name: "Opti-Free", manufacturerName: "Alcon" },
  { slug: "clear-care", name: "Clear Care", manufacturerName: "Alcon" },
  { slug: "biotrue", name: "Biotrue", manufacturerName: "Bausch + Lomb" },
  { slug: "renu", name: "renu", manufacturerName: "Bausch + Lomb" },
  { slug: "boston", name: "Boston", manufacturerName: "Bausch + Lomb" },
];

// ---------------------------------------------------------------------------------------------------------------
// Contact lenses (ids 1001–1999)
// ---------------------------------------------------------------------------------------------------------------

const acuvueLenses: SeedProduct[] = [
  lens({
    productId: 1001,
    vanityUrl: "acuvue-oasys-1-day-90-pack",
    displayName: "Acuvue Oasys 1-Day 90 pack",
    displayNameSubHeading: "with HydraLuxe Technology",
    brandSlug: "acuvue",
    categories: DAILY,
    searchTerms: ["oasis 1 day", "accuvue oasys", "acuvue oasys one day", "hydraluxe"],
    descriptorPackSize: "90 pack",
    wearTimeDays: 1,
    quantityPerPackage: 90,
    maximumQuantity: 8,
    prices: usd(10499),
    description:
      "A silicone hydrogel daily lens built for long screen days and dry office air. A fresh pair every morning means no cleaning routine, and a 90 pack covers one eye for about three months.",
    specifications: lensSpecs({
      material: "senofilcon A (silicone hydrogel)",
      water: "38%",
      dkt: "121",
      uv: "Class 1",
      replacement: "Daily",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.5", "9.0"], "14.3"),
    imageColors: COLORS.oasys1Day,
  }),
  lens({
    productId: 1002,
    vanityUrl: "acuvue-oasys-1-day-30-pack",
    displayName: "Acuvue Oasys 1-Day 30 pack",
    displayNameSubHeading: "with HydraLuxe Technology",
    brandSlug: "acuvue",
    categories: DAILY,
    searchTerms: ["oasis 1 day", "accuvue oasys 30", "acuvue oasys one day"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(4299),
    description:
      "The same breathable daily silicone hydrogel lens in a one-month box. A good way to try the lens before committing to the larger pack.",
    specifications: lensSpecs({
      material: "senofilcon A (silicone hydrogel)",
      water: "38%",
      dkt: "121",
      uv: "Class 1",
      replacement: "Daily",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.5", "9.0"], "14.3"),
    imageColors: COLORS.oasys1Day,
  }),
  lens({
    productId: 1003,
    vanityUrl: "acuvue-oasys-max-1-day-30-pack",
    displayName: "Acuvue Oasys MAX 1-Day 30 pack",
    displayNameSubHeading: "with TearStable Technology and OptiBlue Light Filter",
    brandSlug: "acuvue",
    categories: DAILY,
    searchTerms: ["oasys max", "acuvue max", "oasis max", "blue light contacts"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(4999),
    description:
      "Acuvue's newest daily silicone hydrogel lens adds a filter for high-energy blue-violet light and a formula meant to keep the tear film stable late into the day. It suits wearers who spend long hours on screens or driving at night.",
    specifications: lensSpecs({
      material: "senofilcon A (silicone hydrogel)",
      water: "38%",
      dkt: "121",
      uv: "Class 1",
      extra: ["Blue-violet light filter", "Filters about 60%"],
      replacement: "Daily",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.5"], "14.3"),
    imageColors: COLORS.oasysMax,
  }),
  lens({
    productId: 1004,
    vanityUrl: "acuvue-oasys-max-1-day-90-pack",
    displayName: "Acuvue Oasys MAX 1-Day 90 pack",
    displayNameSubHeading: "with TearStable Technology and OptiBlue Light Filter",
    brandSlug: "acuvue",
    categories: DAILY,
    searchTerms: ["oasys max 90", "acuvue max", "oasis max"],
    descriptorPackSize: "90 pack",
    wearTimeDays: 1,
    quantityPerPackage: 90,
    maximumQuantity: 8,
    prices: usd(12999),
    description:
      "A three-month supply of Acuvue's blue-violet filtering daily lens. Every lens is worn once, so there is nothing to clean and no case to replace.",
    specifications: lensSpecs({
      material: "senofilcon A (silicone hydrogel)",
      water: "38%",
      dkt: "121",
      uv: "Class 1",
      extra: ["Blue-violet light filter", "Filters about 60%"],
      replacement: "Daily",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.5"], "14.3"),
    imageColors: COLORS.oasysMax,
  }),
  lens({
    productId: 1005,
    vanityUrl: "1-day-acuvue-moist-30-pack",
    displayName: "1-Day Acuvue Moist 30 pack",
    displayNameSubHeading: "with Lacreon Technology",
    brandSlug: "acuvue",
    categories: DAILY,
    searchTerms: ["acuvue moist", "one day acuvue moist", "accuvue moist", "1 day moist"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(2999),
    description:
      "A soft, high-water hydrogel daily lens with a wetting agent bound into the material. It is a long-standing choice for first-time wearers and people with sensitive eyes.",
    specifications: lensSpecs({
      material: "etafilcon A (hydrogel)",
      water: "58%",
      dkt: "33.3",
      uv: "Class 2",
      replacement: "Daily",
    }),
    parameters: fit(MINUS12_PLUS6, ["8.5", "9.0"], "14.2"),
    imageColors: COLORS.moist,
  }),
  lens({
    productId: 1006,
    vanityUrl: "1-day-acuvue-moist-90-pack",
    displayName: "1-Day Acuvue Moist 90 pack",
    displayNameSubHeading: "with Lacreon Technology",
    brandSlug: "acuvue",
    categories: DAILY,
    searchTerms: ["acuvue moist 90", "one day acuvue moist", "accuvue moist"],
    descriptorPackSize: "90 pack",
    wearTimeDays: 1,
    quantityPerPackage: 90,
    maximumQuantity: 8,
    prices: usd(7999),
    description:
      "Three months of 1-Day Acuvue Moist in a single box for one eye. Buying the larger pack lowers the cost per day compared with the 30 pack.",
    specifications: lensSpecs({
      material: "etafilcon A (hydrogel)",
      water: "58%",
      dkt: "33.3",
      uv: "Class 2",
      replacement: "Daily",
    }),
    parameters: fit(MINUS12_PLUS6, ["8.5", "9.0"], "14.2"),
    imageColors: COLORS.moist,
  }),
  lens({
    productId: 1007,
    vanityUrl: "acuvue-oasys-6-pack",
    displayName: "Acuvue Oasys 6 pack",
    displayNameSubHeading: "with Hydraclear Plus",
    brandSlug: "acuvue",
    categories: TWO_WEEK,
    searchTerms: ["acuvue oasis", "oasys 2 week", "accuvue oasys", "hydraclear"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 14,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(3799),
    description:
      "One of the most prescribed two-week lenses in the US, made from a silicone hydrogel that lets plenty of oxygen through. Remove, clean and store the lenses each night and start a fresh pair every two weeks.",
    specifications: lensSpecs({
      material: "senofilcon A (silicone hydrogel)",
      water: "38%",
      dkt: "147",
      uv: "Class 1",
      replacement: "Every 2 weeks",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.4", "8.8"], "14.0"),
    imageColors: COLORS.oasys,
  }),
  lens({
    productId: 1008,
    vanityUrl: "acuvue-oasys-12-pack",
    displayName: "Acuvue Oasys 12 pack",
    displayNameSubHeading: "with Hydraclear Plus",
    brandSlug: "acuvue",
    categories: TWO_WEEK,
    searchTerms: ["acuvue oasis 12", "oasys 2 week", "accuvue oasys"],
    descriptorPackSize: "12 pack",
    wearTimeDays: 14,
    quantityPerPackage: 12,
    maximumQuantity: 8,
    prices: usd(6999),
    description:
      "Six months of two-week Acuvue Oasys lenses for one eye in a single box. Same lens as the 6 pack, at a lower price per lens.",
    specifications: lensSpecs({
      material: "senofilcon A (silicone hydrogel)",
      water: "38%",
      dkt: "147",
      uv: "Class 1",
      replacement: "Every 2 weeks",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.4", "8.8"], "14.0"),
    imageColors: COLORS.oasys,
  }),
  lens({
    productId: 1009,
    vanityUrl: "acuvue-2-6-pack",
    displayName: "Acuvue 2 6 pack",
    displayNameSubHeading: "Two-week hydrogel lens",
    brandSlug: "acuvue",
    categories: TWO_WEEK,
    searchTerms: ["acuvue two", "accuvue 2", "acuvue2"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 14,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(2499),
    description:
      "A classic two-week hydrogel lens that many long-time wearers still prefer. It is an affordable option for people whose eye doctor is happy with a conventional material.",
    specifications: lensSpecs({
      material: "etafilcon A (hydrogel)",
      water: "58%",
      dkt: "25.5",
      uv: "Class 2",
      replacement: "Every 2 weeks",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.3", "8.7"], "14.0"),
    stock: "mixed",
    imageColors: COLORS.acuvue2,
  }),
  lens({
    productId: 1010,
    vanityUrl: "acuvue-vita-6-pack",
    displayName: "Acuvue Vita 6 pack",
    displayNameSubHeading: "with HydraMax Technology",
    brandSlug: "acuvue",
    categories: MONTHLY,
    searchTerms: ["acuvue vita monthly", "accuvue vita", "vita contacts"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(5499),
    description:
      "Acuvue's monthly silicone hydrogel lens, designed to hold its moisture through the whole month of wear. A 6 pack lasts one eye half a year.",
    specifications: lensSpecs({
      material: "senofilcon C (silicone hydrogel)",
      water: "41%",
      dkt: "147",
      uv: "Class 1",
      replacement: "Monthly",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.4", "8.8"], "14.0"),
    imageColors: COLORS.vita,
  }),
  lens({
    productId: 1011,
    vanityUrl: "acuvue-oasys-for-astigmatism-6-pack",
    displayName: "Acuvue Oasys for Astigmatism 6 pack",
    displayNameSubHeading: "with Hydraclear Plus",
    brandSlug: "acuvue",
    categories: ["weekly-disposables", "toric-astigmatism"],
    searchTerms: ["acuvue oasys toric", "oasis astigmatism", "accuvue toric"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 14,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(4499),
    description:
      "A two-week toric lens that uses Acuvue's eyelid-stabilized design to keep the astigmatism correction lined up when you blink or look around. Crisp vision for reading, screens and sports alike.",
    specifications: lensSpecs({
      material: "senofilcon A (silicone hydrogel)",
      water: "38%",
      dkt: "129",
      uv: "Class 1",
      replacement: "Every 2 weeks",
    }),
    parameters: [...fit(TORIC_MINUS9_PLUS4, ["8.6"], "14.5"), cylinders(-0.75, -1.25, -1.75, -2.25), axes(10)],
    imageColors: COLORS.oasys,
  }),
  lens({
    productId: 1012,
    vanityUrl: "1-day-acuvue-moist-for-astigmatism-30-pack",
    displayName: "1-Day Acuvue Moist for Astigmatism 30 pack",
    displayNameSubHeading: "with Lacreon Technology",
    brandSlug: "acuvue",
    categories: ["daily-disposables", "toric-astigmatism"],
    searchTerms: ["acuvue moist toric", "moist astigmatism", "accuvue moist toric"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(3899),
    description:
      "The comfortable 1-Day Acuvue Moist material in a toric design for astigmatism. Each lens settles quickly into the right orientation, and you throw it away at the end of the day.",
    specifications: lensSpecs({
      material: "etafilcon A (hydrogel)",
      water: "58%",
      dkt: "23.8",
      uv: "Class 2",
      replacement: "Daily",
    }),
    parameters: [...fit(TORIC_MINUS9_PLUS4, ["8.5"], "14.5"), cylinders(-0.75, -1.25, -1.75, -2.25), axes(10)],
    imageColors: COLORS.moist,
  }),
  lens({
    productId: 1013,
    vanityUrl: "acuvue-oasys-multifocal-6-pack",
    displayName: "Acuvue Oasys Multifocal 6 pack",
    displayNameSubHeading: "with Pupil Optimized Design",
    brandSlug: "acuvue",
    categories: ["weekly-disposables", "multifocal-bifocal"],
    searchTerms: ["acuvue oasys bifocal", "oasis multifocal", "accuvue multifocal"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 14,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(5999),
    description:
      "A two-week multifocal whose optics are matched to how pupil size changes with age and prescription. It helps people over 40 see near, middle and far distances without reaching for readers.",
    specifications: lensSpecs({
      material: "senofilcon A (silicone hydrogel)",
      water: "38%",
      dkt: "147",
      uv: "Class 1",
      replacement: "Every 2 weeks",
    }),
    parameters: [...fit([[-9, 6]], ["8.4"], "14.3"), ADD_LOW_MID_HIGH],
    imageColors: COLORS.oasys,
  }),
  lens({
    productId: 1014,
    vanityUrl: "1-day-acuvue-moist-multifocal-30-pack",
    displayName: "1-Day Acuvue Moist Multifocal 30 pack",
    displayNameSubHeading: "with Pupil Optimized Design",
    brandSlug: "acuvue",
    categories: ["daily-disposables", "multifocal-bifocal"],
    searchTerms: ["acuvue moist bifocal", "moist multifocal", "accuvue moist multifocal"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(4799),
    description:
      "A daily multifocal for presbyopia made from the same soft material as 1-Day Acuvue Moist. Fitting usually takes just a few lenses, so it is a common first step into multifocal contacts.",
    specifications: lensSpecs({
      material: "etafilcon A (hydrogel)",
      water: "58%",
      dkt: "33.3",
      uv: "Class 2",
      replacement: "Daily",
    }),
    parameters: [...fit([[-9, 6]], ["8.4"], "14.3"), ADD_LOW_MID_HIGH],
    imageColors: COLORS.moist,
  }),
  lens({
    productId: 1015,
    vanityUrl: "acuvue-oasys-max-1-day-multifocal-30-pack",
    displayName: "Acuvue Oasys MAX 1-Day Multifocal 30 pack",
    displayNameSubHeading: "with TearStable Technology and OptiBlue Light Filter",
    brandSlug: "acuvue",
    categories: ["daily-disposables", "multifocal-bifocal"],
    searchTerms: ["oasys max multifocal", "acuvue max bifocal", "oasis max multifocal"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(5799),
    description:
      "Acuvue's premium daily multifocal pairs the MAX material and blue-violet light filter with optics tuned to your pupil size. A fresh pair each day keeps deposits from building up on the near zone.",
    specifications: lensSpecs({
      material: "senofilcon A (silicone hydrogel)",
      water: "38%",
      dkt: "121",
      uv: "Class 1",
      extra: ["Blue-violet light filter", "Filters about 60%"],
      replacement: "Daily",
    }),
    parameters: [...fit([[-9, 6]], ["8.4"], "14.3"), ADD_LOW_MID_HIGH],
    stock: "out",
    imageColors: COLORS.oasysMax,
  }),
  lens({
    productId: 1016,
    vanityUrl: "1-day-acuvue-define-30-pack",
    displayName: "1-Day Acuvue Define 30 pack",
    displayNameSubHeading: "with Lacreon Technology",
    brandSlug: "acuvue",
    categories: ["daily-disposables", "color"],
    searchTerms: ["acuvue define", "accuvue define", "limbal ring contacts", "define natural shimmer"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(3999),
    description:
      "Daily lenses with a soft limbal ring and subtle tint that make eyes look a little larger and brighter without changing their colour outright. Available with or without vision correction.",
    specifications: lensSpecs({
      material: "etafilcon A (hydrogel)",
      water: "58%",
      dkt: "30",
      uv: "Class 2",
      extra: ["Effect", "Enhancing limbal ring"],
      replacement: "Daily",
    }),
    parameters: [
      ...fit(
        [
          [-9, -0.5],
          [0, 0],
        ],
        ["8.5"],
        "14.2",
      ),
      colors("Natural Shimmer", "Natural Sparkle", "Natural Shine"),
    ],
    allowsAutoReorder: false,
    imageColors: COLORS.define,
  }),
  lens({
    productId: 1017,
    vanityUrl: "acuvue-advance-6-pack",
    displayName: "Acuvue Advance 6 pack",
    displayNameSubHeading: "with Hydraclear",
    brandSlug: "acuvue",
    categories: TWO_WEEK,
    searchTerms: ["acuvue advance", "accuvue advance", "advance hydraclear"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 14,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(3199),
    description:
      "An early Acuvue silicone hydrogel two-week lens that the manufacturer no longer makes. We are selling the remaining boxes; ask your eye doctor about Acuvue Oasys as a replacement.",
    specifications: lensSpecs({
      material: "galyfilcon A (silicone hydrogel)",
      water: "47%",
      dkt: "86",
      uv: "Class 1",
      replacement: "Every 2 weeks",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.3", "8.7"], "14.0"),
    discontinuedInCatalog: true,
    allowsAutoReorder: false,
    stock: "low",
    imageColors: COLORS.advance,
  }),
];

const alconLenses: SeedProduct[] = [
  lens({
    productId: 1101,
    vanityUrl: "air-optix-plus-hydraglyde-6-pack",
    displayName: "Air Optix plus HydraGlyde 6 pack",
    displayNameSubHeading: "Monthly silicone hydrogel lens",
    brandSlug: "air-optix",
    categories: MONTHLY,
    searchTerms: ["air optics", "airoptix", "ao hydraglyde", "air optix aqua"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(5999),
    description:
      "A monthly silicone hydrogel lens with a plasma-treated surface that resists deposits, paired with a moisture layer that lasts through the day. A 6 pack covers one eye for six months.",
    specifications: lensSpecs({
      material: "lotrafilcon B (silicone hydrogel)",
      water: "33%",
      dkt: "138",
      replacement: "Monthly",
    }),
    parameters: fit(
      [
        [-12, -0.25],
        [0.25, 8],
      ],
      ["8.6"],
      "14.2",
    ),
    imageColors: COLORS.airOptix,
  }),
  lens({
    productId: 1102,
    vanityUrl: "air-optix-plus-hydraglyde-for-astigmatism-6-pack",
    displayName: "Air Optix plus HydraGlyde for Astigmatism 6 pack",
    displayNameSubHeading: "with Precision Balance 8|4 design",
    brandSlug: "air-optix",
    categories: ["monthly-disposables", "toric-astigmatism"],
    searchTerms: ["air optix toric", "air optics astigmatism", "ao toric"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(7499),
    description:
      "Alcon's monthly toric lens is weighted to settle in the same position blink after blink, so astigmatism correction stays steady. The deposit-resistant surface helps it feel consistent from week one to week four.",
    specifications: lensSpecs({
      material: "lotrafilcon B (silicone hydrogel)",
      water: "33%",
      dkt: "108",
      replacement: "Monthly",
    }),
    parameters: [...fit([[-10, 4]], ["8.7"], "14.5"), cylinders(-0.75, -1.25, -1.75, -2.25), axes(10)],
    imageColors: COLORS.airOptix,
  }),
  lens({
    productId: 1103,
    vanityUrl: "air-optix-plus-hydraglyde-multifocal-6-pack",
    displayName: "Air Optix plus HydraGlyde Multifocal 6 pack",
    displayNameSubHeading: "with Precision Profile design",
    brandSlug: "air-optix",
    categories: ["monthly-disposables", "multifocal-bifocal"],
    searchTerms: ["air optix bifocal", "air optics multifocal", "ao multifocal"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(7699),
    description:
      "A monthly multifocal with a gradual change in power from the centre of the lens outward, giving a smooth transition between near and distance. Choose Low, Medium or High add as prescribed.",
    specifications: lensSpecs({
      material: "lotrafilcon B (silicone hydrogel)",
      water: "33%",
      dkt: "138",
      replacement: "Monthly",
    }),
    parameters: [...fit([[-10, 6]], ["8.6"], "14.2"), ADD_LOW_MED_HIGH],
    imageColors: COLORS.airOptix,
  }),
  lens({
    productId: 1104,
    vanityUrl: "air-optix-night-and-day-aqua-6-pack",
    displayName: "Air Optix Night & Day Aqua 6 pack",
    displayNameSubHeading: "Approved for up to 30 nights of continuous wear",
    brandSlug: "air-optix",
    categories: MONTHLY,
    searchTerms: ["night and day", "air optix night & day", "extended wear contacts", "n&d aqua"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(8499),
    description:
      "A very high-oxygen monthly lens that your eye doctor may approve for sleeping in, for up to 30 nights in a row. It comes in two base curves to suit different eye shapes.",
    specifications: lensSpecs({
      material: "lotrafilcon A (silicone hydrogel)",
      water: "24%",
      dkt: "175",
      replacement: "Monthly (up to 30 nights continuous wear)",
    }),
    parameters: fit(
      [
        [-10, -0.25],
        [0.25, 6],
      ],
      ["8.4", "8.6"],
      "13.8",
    ),
    stock: "mixed",
    imageColors: COLORS.nightDay,
  }),
  lens({
    productId: 1105,
    vanityUrl: "air-optix-colors-2-pack",
    displayName: "Air Optix Colors 2 pack",
    displayNameSubHeading: "Monthly colour lenses",
    brandSlug: "air-optix",
    categories: ["monthly-disposables", "color"],
    searchTerms: ["air optix color", "air optics colors", "colored contacts", "coloured contacts"],
    descriptorPackSize: "2 pack",
    wearTimeDays: 30,
    quantityPerPackage: 2,
    maximumQuantity: 12,
    prices: usd(2799),
    description:
      "Monthly colour lenses that blend an outer ring, a main tint and an inner accent so the new shade looks natural even on dark eyes. Pick a plano power if you want the colour without vision correction.",
    specifications: lensSpecs({
      material: "lotrafilcon B (silicone hydrogel)",
      water: "33%",
      dkt: "138",
      extra: ["Colors available", "12"],
      replacement: "Monthly",
    }),
    parameters: [
      ...fit([[-8, 6]], ["8.6"], "14.2"),
      colors(
        "Amethyst",
        "Blue",
        "Brilliant Blue",
        "Brown",
        "Gemstone Green",
        "Gray",
        "Green",
        "Hazel",
        "Honey",
        "Pure Hazel",
        "Sterling Gray",
        "True Sapphire",
      ),
    ],
    allowsAutoReorder: false,
    imageColors: COLORS.airOptixColors,
  }),
  lens({
    productId: 1106,
    vanityUrl: "air-optix-colors-6-pack",
    displayName: "Air Optix Colors 6 pack",
    displayNameSubHeading: "Monthly colour lenses",
    brandSlug: "air-optix",
    categories: ["monthly-disposables", "color"],
    searchTerms: ["air optix color 6", "air optics colors", "colored contacts"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 8,
    prices: usd(6999),
    description:
      "Six months of Air Optix Colors for one eye. The breathable silicone hydrogel material makes these a comfortable choice for everyday colour wear.",
    specifications: lensSpecs({
      material: "lotrafilcon B (silicone hydrogel)",
      water: "33%",
      dkt: "138",
      extra: ["Colors available", "12"],
      replacement: "Monthly",
    }),
    parameters: [
      ...fit([[-8, 6]], ["8.6"], "14.2"),
      colors(
        "Amethyst",
        "Blue",
        "Brilliant Blue",
        "Brown",
        "Gemstone Green",
        "Gray",
        "Green",
        "Hazel",
        "Honey",
        "Pure Hazel",
        "Sterling Gray",
        "True Sapphire",
      ),
    ],
    allowsAutoReorder: false,
    imageColors: COLORS.airOptixColors,
  }),
  lens({
    productId: 1201,
    vanityUrl: "dailies-total1-30-pack",
    displayName: "Dailies Total1 30 pack",
    displayNameSubHeading: "Water Gradient daily lens",
    brandSlug: "dailies",
    categories: DAILY,
    searchTerms: ["dailies total 1", "total one", "dailys total1", "total 1 day"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(4999),
    description:
      "A daily lens with a silicone hydrogel core and a much wetter outer surface, so it breathes well yet feels cushioned on the eye. Popular with wearers who notice dryness by late afternoon.",
    specifications: lensSpecs({
      material: "delefilcon A (silicone hydrogel)",
      water: "33% core, over 80% at the surface",
      dkt: "156",
      replacement: "Daily",
    }),
    parameters: fit(MINUS12_PLUS6, ["8.5"], "14.1"),
    imageColors: COLORS.total1,
  }),
  lens({
    productId: 1202,
    vanityUrl: "dailies-total1-90-pack",
    displayName: "Dailies Total1 90 pack",
    displayNameSubHeading: "Water Gradient daily lens",
    brandSlug: "dailies",
    categories: DAILY,
    searchTerms: ["dailies total 1 90", "total one", "dailys total1"],
    descriptorPackSize: "90 pack",
    wearTimeDays: 1,
    quantityPerPackage: 90,
    maximumQuantity: 8,
    prices: usd(11999),
    description:
      "A three-month box of Dailies Total1 for one eye. The larger pack is the better value for full-time wearers.",
    specifications: lensSpecs({
      material: "delefilcon A (silicone hydrogel)",
      water: "33% core, over 80% at the surface",
      dkt: "156",
      replacement: "Daily",
    }),
    parameters: fit(MINUS12_PLUS6, ["8.5"], "14.1"),
    imageColors: COLORS.total1,
  }),
  lens({
    productId: 1203,
    vanityUrl: "dailies-total1-multifocal-30-pack",
    displayName: "Dailies Total1 Multifocal 30 pack",
    displayNameSubHeading: "Water Gradient daily multifocal",
    brandSlug: "dailies",
    categories: ["daily-disposables", "multifocal-bifocal"],
    searchTerms: ["total1 multifocal", "dailies total bifocal", "dailys multifocal"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(5899),
    description:
      "The Dailies Total1 material with a multifocal optic that shifts gradually from near to distance power. A comfortable daily option for people who need help with reading distance.",
    specifications: lensSpecs({
      material: "delefilcon A (silicone hydrogel)",
      water: "33% core, over 80% at the surface",
      dkt: "156",
      replacement: "Daily",
    }),
    parameters: [...fit([[-10, 6]], ["8.5"], "14.1"), ADD_LOW_MED_HIGH],
    imageColors: COLORS.total1,
  }),
  lens({
    productId: 1204,
    vanityUrl: "dailies-aquacomfort-plus-30-pack",
    displayName: "Dailies AquaComfort Plus 30 pack",
    displayNameSubHeading: "with blink-activated moisture",
    brandSlug: "dailies",
    categories: DAILY,
    searchTerms: ["dailies aqua comfort", "dacp", "dailys aquacomfort", "aqua comfort plus"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(2899),
    description:
      "A budget-friendly daily hydrogel lens that releases moisturizing agents each time you blink. A straightforward choice for part-time wearers and anyone new to contacts.",
    specifications: lensSpecs({
      material: "nelfilcon A (hydrogel)",
      water: "69%",
      dkt: "26",
      replacement: "Daily",
    }),
    parameters: fit(MINUS10_PLUS6, ["8.7"], "14.0"),
    imageColors: COLORS.aquaComfort,
  }),
  lens({
    productId: 1205,
    vanityUrl: "dailies-aquacomfort-plus-90-pack",
    displayName: "Dailies AquaComfort Plus 90 pack",
    displayNameSubHeading: "with blink-activated moisture",
    brandSlug: "dailies",
    categories: DAILY,
    searchTerms: ["dailies aqua comfort 90", "dacp 90", "dailys aquacomfort"],
    descriptorPackSize: "90 pack",
    wearTimeDays: 1,
    quantityPerPackage: 90,
    maximumQuantity: 8,
    prices: usd(6999),
    description:
      "Three months of Dailies AquaComfort Plus for one eye. Full-time daily wearers save noticeably per lens over the 30 pack.",
    specifications: lensSpecs({
      material: "nelfilcon A (hydrogel)",
      water: "69%",
      dkt: "26",
      replacement: "Daily",
    }),
    parameters: fit(MINUS10_PLUS6, ["8.7"], "14.0"),
    imageColors: COLORS.aquaComfort,
  }),
  lens({
    productId: 1206,
    vanityUrl: "dailies-aquacomfort-plus-toric-30-pack",
    displayName: "Dailies AquaComfort Plus Toric 30 pack",
    displayNameSubHeading: "Daily lens for astigmatism",
    brandSlug: "dailies",
    categories: ["daily-disposables", "toric-astigmatism"],
    searchTerms: ["dacp toric", "dailies toric", "aquacomfort astigmatism"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(3699),
    description:
      "A daily toric version of AquaComfort Plus for mild to moderate astigmatism. The line is made in the most commonly prescribed axes, so check your prescription against the options before ordering.",
    specifications: lensSpecs({
      material: "nelfilcon A (hydrogel)",
      water: "69%",
      dkt: "26",
      replacement: "Daily",
    }),
    parameters: [
      ...fit([[-8, 4]], ["8.8"], "14.4"),
      cylinders(-0.75, -1.25, -1.75),
      axes([10, 20, 70, 80, 90, 100, 110, 160, 170, 180]),
    ],
    stock: "mixed",
    imageColors: COLORS.aquaComfort,
  }),
  lens({
    productId: 1301,
    vanityUrl: "precision1-30-pack",
    displayName: "Precision1 30 pack",
    displayNameSubHeading: "with SMARTSURFACE Technology",
    brandSlug: "precision1",
    categories: DAILY,
    searchTerms: ["precision 1", "precision one", "alcon precision1"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(3599),
    description:
      "A daily silicone hydrogel lens aimed at new and younger wearers, with a thin, very wettable surface layer. It is easy to handle and priced closer to hydrogel dailies.",
    specifications: lensSpecs({
      material: "verofilcon A (silicone hydrogel)",
      water: "51%",
      dkt: "100",
      replacement: "Daily",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.3"], "14.2"),
    imageColors: COLORS.precision1,
  }),
  lens({
    productId: 1302,
    vanityUrl: "precision1-90-pack",
    displayName: "Precision1 90 pack",
    displayNameSubHeading: "with SMARTSURFACE Technology",
    brandSlug: "precision1",
    categories: DAILY,
    searchTerms: ["precision 1 90", "precision one", "precison1"],
    descriptorPackSize: "90 pack",
    wearTimeDays: 1,
    quantityPerPackage: 90,
    maximumQuantity: 8,
    prices: usd(9499),
    description:
      "A three-month supply of Precision1 daily lenses for one eye. Same lens as the 30 pack with a lower cost per day.",
    specifications: lensSpecs({
      material: "verofilcon A (silicone hydrogel)",
      water: "51%",
      dkt: "100",
      replacement: "Daily",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.3"], "14.2"),
    imageColors: COLORS.precision1,
  }),
  lens({
    productId: 1351,
    vanityUrl: "total30-6-pack",
    displayName: "Total30 6 pack",
    displayNameSubHeading: "Water Gradient monthly lens",
    brandSlug: "total",
    categories: MONTHLY,
    searchTerms: ["total 30", "total thirty", "alcon total30 monthly"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(6999),
    description:
      "Alcon's monthly lens with a water-rich surface over a silicone hydrogel core, built to feel on day 30 much like it did on day one. A 6 pack lasts one eye six months.",
    specifications: lensSpecs({
      material: "lehfilcon A (silicone hydrogel)",
      water: "55% core, over 80% at the surface",
      dkt: "154",
      replacement: "Monthly",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.4"], "14.2"),
    imageColors: COLORS.total30,
  }),
  lens({
    productId: 1361,
    vanityUrl: "freshlook-colorblends-2-pack",
    displayName: "FreshLook Colorblends 2 pack",
    displayNameSubHeading: "Monthly colour lenses",
    brandSlug: "freshlook",
    categories: ["monthly-disposables", "color"],
    searchTerms: ["fresh look", "freshlook color blends", "colorblends", "colored contacts"],
    descriptorPackSize: "2 pack",
    wearTimeDays: 30,
    quantityPerPackage: 2,
    maximumQuantity: 12,
    prices: usd(2599),
    description:
      "Long-running colour lenses with a three-layer tint that can turn even brown eyes a noticeably lighter shade. Available in plano for colour only, or with a minus power.",
    specifications: lensSpecs({
      material: "phemfilcon A (hydrogel)",
      water: "55%",
      dkt: "20",
      extra: ["Colors available", "12"],
      replacement: "Monthly",
    }),
    parameters: [
      ...fit([[-8, 0]], ["8.6"], "14.5"),
      colors(
        "Amethyst",
        "Blue",
        "Brilliant Blue",
        "Brown",
        "Gemstone Green",
        "Gray",
        "Green",
        "Honey",
        "Pure Hazel",
        "Sterling Gray",
        "True Sapphire",
        "Turquoise",
      ),
    ],
    allowsAutoReorder: false,
    stock: "mixed",
    imageColors: COLORS.freshLook,
  }),
  lens({
    productId: 1362,
    vanityUrl: "freshlook-colorblends-6-pack",
    displayName: "FreshLook Colorblends 6 pack",
    displayNameSubHeading: "Monthly colour lenses",
    brandSlug: "freshlook",
    categories: ["monthly-disposables", "color"],
    searchTerms: ["fresh look 6 pack", "freshlook color blends", "colorblends"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 8,
    prices: usd(6499),
    description:
      "Six months of FreshLook Colorblends for one eye. A good buy once you have settled on a favourite shade.",
    specifications: lensSpecs({
      material: "phemfilcon A (hydrogel)",
      water: "55%",
      dkt: "20",
      extra: ["Colors available", "12"],
      replacement: "Monthly",
    }),
    parameters: [
      ...fit([[-8, 0]], ["8.6"], "14.5"),
      colors(
        "Amethyst",
        "Blue",
        "Brilliant Blue",
        "Brown",
        "Gemstone Green",
        "Gray",
        "Green",
        "Honey",
        "Pure Hazel",
        "Sterling Gray",
        "True Sapphire",
        "Turquoise",
      ),
    ],
    allowsAutoReorder: false,
    imageColors: COLORS.freshLook,
  }),
];

const cooperLenses: SeedProduct[] = [
  lens({
    productId: 1401,
    vanityUrl: "biofinity-6-pack",
    displayName: "Biofinity 6 pack",
    displayNameSubHeading: "with Aquaform Technology",
    brandSlug: "biofinity",
    categories: MONTHLY,
    searchTerms: ["biofinty", "biofinity monthly", "bioinfinity", "biofinity sphere"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(5499),
    description:
      "A monthly silicone hydrogel lens whose material holds water naturally instead of relying on a surface coating. It is one of the most widely prescribed monthly lenses in the US.",
    specifications: lensSpecs({
      material: "comfilcon A (silicone hydrogel)",
      water: "48%",
      dkt: "160",
      replacement: "Monthly",
    }),
    parameters: fit([[-12, 8]], ["8.6"], "14.0"),
    imageColors: COLORS.biofinity,
  }),
  lens({
    productId: 1402,
    vanityUrl: "biofinity-energys-6-pack",
    displayName: "Biofinity Energys 6 pack",
    displayNameSubHeading: "with Digital Zone Optics",
    brandSlug: "biofinity",
    categories: MONTHLY,
    searchTerms: ["biofinity energy", "biofinty energys", "digital eye strain contacts"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(6299),
    description:
      "A Biofinity monthly lens with a small boost in the centre of the optic to ease the strain of switching focus between screens and the room. Made for people in their 20s and 30s who spend the day on devices.",
    specifications: lensSpecs({
      material: "comfilcon A (silicone hydrogel)",
      water: "48%",
      dkt: "160",
      replacement: "Monthly",
    }),
    parameters: fit([[-12, 8]], ["8.6"], "14.0"),
    imageColors: COLORS.energys,
  }),
  lens({
    productId: 1403,
    vanityUrl: "biofinity-toric-6-pack",
    displayName: "Biofinity Toric 6 pack",
    displayNameSubHeading: "with Optimized Toric Lens Geometry",
    brandSlug: "biofinity",
    categories: ["monthly-disposables", "toric-astigmatism"],
    searchTerms: ["biofinty toric", "biofinity astigmatism", "bioinfinity toric"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(7299),
    description:
      "The Biofinity material in a toric design with a wide range of powers for astigmatism. Its uniform stabilization zone helps the lens line up quickly after insertion.",
    specifications: lensSpecs({
      material: "comfilcon A (silicone hydrogel)",
      water: "48%",
      dkt: "116",
      replacement: "Monthly",
    }),
    parameters: [...fit([[-10, 6]], ["8.7"], "14.5"), cylinders(-0.75, -1.25, -1.75, -2.25), axes(10)],
    imageColors: COLORS.biofinity,
  }),
  lens({
    productId: 1404,
    vanityUrl: "biofinity-multifocal-6-pack",
    displayName: "Biofinity Multifocal 6 pack",
    displayNameSubHeading: "with Balanced Progressive Technology",
    brandSlug: "biofinity",
    categories: ["monthly-disposables", "multifocal-bifocal"],
    searchTerms: ["biofinty multifocal", "biofinity bifocal", "biofinity mf"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(8499),
    description:
      "A monthly multifocal fitted as a pair: a D lens for the dominant eye favours distance, and an N lens for the other eye favours near. Four add powers let your eye doctor fine-tune the balance.",
    specifications: lensSpecs({
      material: "comfilcon A (silicone hydrogel)",
      water: "48%",
      dkt: "142",
      replacement: "Monthly",
    }),
    parameters: [...fit([[-10, 6]], ["8.6"], "14.0"), addPowers(1, 1.5, 2, 2.5), MONOVISION],
    imageColors: COLORS.biofinity,
  }),
  lens({
    productId: 1501,
    vanityUrl: "clariti-1-day-30-pack",
    displayName: "clariti 1 day 30 pack",
    displayNameSubHeading: "Silicone hydrogel daily lens",
    brandSlug: "clariti",
    categories: DAILY,
    searchTerms: ["clarity 1 day", "clariti one day", "claritti"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(2999),
    description:
      "An affordable silicone hydrogel daily lens, which makes it easy to move up from older hydrogel dailies without a big jump in price. A 30 pack lasts one eye a month.",
    specifications: lensSpecs({
      material: "somofilcon A (silicone hydrogel)",
      water: "56%",
      dkt: "86",
      uv: "Yes",
      replacement: "Daily",
    }),
    parameters: fit(
      [
        [-10, -0.25],
        [0.25, 8],
      ],
      ["8.6"],
      "14.1",
    ),
    imageColors: COLORS.clariti,
  }),
  lens({
    productId: 1502,
    vanityUrl: "clariti-1-day-90-pack",
    displayName: "clariti 1 day 90 pack",
    displayNameSubHeading: "Silicone hydrogel daily lens",
    brandSlug: "clariti",
    categories: DAILY,
    searchTerms: ["clarity 1 day 90", "clariti one day", "claritti"],
    descriptorPackSize: "90 pack",
    wearTimeDays: 1,
    quantityPerPackage: 90,
    maximumQuantity: 8,
    prices: usd(7999),
    description:
      "Three months of clariti 1 day for one eye in one box. The best value way to wear this daily lens full time.",
    specifications: lensSpecs({
      material: "somofilcon A (silicone hydrogel)",
      water: "56%",
      dkt: "86",
      uv: "Yes",
      replacement: "Daily",
    }),
    parameters: fit(
      [
        [-10, -0.25],
        [0.25, 8],
      ],
      ["8.6"],
      "14.1",
    ),
    imageColors: COLORS.clariti,
  }),
  lens({
    productId: 1503,
    vanityUrl: "clariti-1-day-toric-30-pack",
    displayName: "clariti 1 day toric 30 pack",
    displayNameSubHeading: "Daily lens for astigmatism",
    brandSlug: "clariti",
    categories: ["daily-disposables", "toric-astigmatism"],
    searchTerms: ["clarity toric", "clariti astigmatism", "clariti 1 day toric"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(3899),
    description:
      "A daily silicone hydrogel toric that corrects astigmatism at a price close to a standard daily. Good for people who want the convenience of dailies without paying for a premium toric.",
    specifications: lensSpecs({
      material: "somofilcon A (silicone hydrogel)",
      water: "56%",
      dkt: "57",
      uv: "Yes",
      replacement: "Daily",
    }),
    parameters: [...fit(TORIC_MINUS9_PLUS4, ["8.6"], "14.3"), cylinders(-0.75, -1.25, -1.75, -2.25), axes(10)],
    imageColors: COLORS.clariti,
  }),
  lens({
    productId: 1504,
    vanityUrl: "clariti-1-day-multifocal-30-pack",
    displayName: "clariti 1 day multifocal 30 pack",
    displayNameSubHeading: "Daily multifocal lens",
    brandSlug: "clariti",
    categories: ["daily-disposables", "multifocal-bifocal"],
    searchTerms: ["clarity multifocal", "clariti bifocal", "clariti 1 day mf"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(4499),
    description:
      "A daily multifocal with a centre-near design that comes in two add levels, which keeps fitting simple. A practical entry point for new presbyopic wearers.",
    specifications: lensSpecs({
      material: "somofilcon A (silicone hydrogel)",
      water: "56%",
      dkt: "86",
      uv: "Yes",
      replacement: "Daily",
    }),
    parameters: [...fit([[-6, 5]], ["8.6"], "14.1"), ADD_LOW_HIGH],
    stock: "mixed",
    imageColors: COLORS.clariti,
  }),
  lens({
    productId: 1601,
    vanityUrl: "myday-90-pack",
    displayName: "MyDay 90 pack",
    displayNameSubHeading: "with Smart Silicone chemistry",
    brandSlug: "coopervision",
    categories: DAILY,
    searchTerms: ["my day", "myday daily", "my day contacts"],
    descriptorPackSize: "90 pack",
    wearTimeDays: 1,
    quantityPerPackage: 90,
    maximumQuantity: 8,
    prices: usd(9499),
    description:
      "CooperVision's premium daily silicone hydrogel lens, soft enough to feel like a hydrogel while still letting plenty of oxygen through. A 90 pack is three months of wear for one eye.",
    specifications: lensSpecs({
      material: "stenfilcon A (silicone hydrogel)",
      water: "54%",
      dkt: "100",
      uv: "Yes",
      replacement: "Daily",
    }),
    parameters: fit(
      [
        [-10, -0.25],
        [0.25, 8],
      ],
      ["8.4"],
      "14.2",
    ),
    imageColors: COLORS.myDay,
  }),
  lens({
    productId: 1602,
    vanityUrl: "myday-30-pack",
    displayName: "MyDay 30 pack",
    displayNameSubHeading: "with Smart Silicone chemistry",
    brandSlug: "coopervision",
    categories: DAILY,
    searchTerms: ["my day 30", "myday daily", "my day contacts"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(3699),
    description:
      "A one-month box of MyDay daily lenses. Handy for trying the lens or for wearers who only put contacts in a few days a week.",
    specifications: lensSpecs({
      material: "stenfilcon A (silicone hydrogel)",
      water: "54%",
      dkt: "100",
      uv: "Yes",
      replacement: "Daily",
    }),
    parameters: fit(
      [
        [-10, -0.25],
        [0.25, 8],
      ],
      ["8.4"],
      "14.2",
    ),
    imageColors: COLORS.myDay,
  }),
  lens({
    productId: 1603,
    vanityUrl: "proclear-1-day-90-pack",
    displayName: "Proclear 1 Day 90 pack",
    displayNameSubHeading: "with PC Technology",
    brandSlug: "coopervision",
    categories: DAILY,
    searchTerms: ["proclear one day", "pro clear 1 day", "proclear daily"],
    descriptorPackSize: "90 pack",
    wearTimeDays: 1,
    quantityPerPackage: 90,
    maximumQuantity: 8,
    prices: usd(7499),
    description:
      "A daily hydrogel lens made with a material that attracts and holds water, which is why it is often suggested for mildly dry eyes. A 90 pack lasts one eye three months.",
    specifications: lensSpecs({
      material: "omafilcon A (hydrogel)",
      water: "60%",
      dkt: "28",
      replacement: "Daily",
    }),
    parameters: fit(
      [
        [-10, -0.5],
        [0.5, 8],
      ],
      ["8.7"],
      "14.2",
    ),
    isHidden: true,
    imageColors: COLORS.proclear,
  }),
  lens({
    productId: 1604,
    vanityUrl: "proclear-multifocal-6-pack",
    displayName: "Proclear Multifocal 6 pack",
    displayNameSubHeading: "with Balanced Progressive Technology",
    brandSlug: "coopervision",
    categories: ["monthly-disposables", "multifocal-bifocal"],
    searchTerms: ["proclear bifocal", "pro clear multifocal", "proclear mf"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(7999),
    description:
      "A monthly hydrogel multifocal fitted with a distance-favouring D lens on the dominant eye and a near-favouring N lens on the other. A long-standing choice for presbyopic wearers whose eyes tend to feel dry.",
    specifications: lensSpecs({
      material: "omafilcon B (hydrogel)",
      water: "62%",
      dkt: "21",
      replacement: "Monthly",
    }),
    parameters: [...fit([[-8, 6]], ["8.7"], "14.4"), addPowers(1, 1.5, 2, 2.5), MONOVISION],
    stock: "low",
    imageColors: COLORS.proclear,
  }),
  lens({
    productId: 1605,
    vanityUrl: "avaira-vitality-6-pack",
    displayName: "Avaira Vitality 6 pack",
    displayNameSubHeading: "with Aquaform Technology",
    brandSlug: "coopervision",
    categories: TWO_WEEK,
    searchTerms: ["avaira", "avira vitality", "avaira 2 week"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 14,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(3299),
    description:
      "A two-week silicone hydrogel lens from CooperVision with a naturally wettable material and good oxygen flow. A sensible value pick for wearers who replace lenses every two weeks.",
    specifications: lensSpecs({
      material: "fanfilcon A (silicone hydrogel)",
      water: "55%",
      dkt: "90",
      replacement: "Every 2 weeks",
    }),
    parameters: fit(MINUS12_PLUS8, ["8.4"], "14.2"),
    imageColors: COLORS.avaira,
  }),
  lens({
    productId: 1606,
    vanityUrl: "biomedics-55-evolution-6-pack",
    displayName: "Biomedics 55 Evolution 6 pack",
    displayNameSubHeading: "with aspheric optics",
    brandSlug: "coopervision",
    categories: MONTHLY,
    searchTerms: ["biomedics 55", "bio medics", "biomedix"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(2299),
    description:
      "A low-cost hydrogel lens with an aspheric front surface that helps keep vision sharp in dim light. A dependable basic lens for budget-minded wearers.",
    specifications: lensSpecs({
      material: "ocufilcon D (hydrogel)",
      water: "55%",
      dkt: "28",
      uv: "Yes",
      replacement: "Monthly or as prescribed",
    }),
    parameters: fit(
      [
        [-10, -0.25],
        [0.25, 6],
      ],
      ["8.6", "8.9"],
      "14.2",
    ),
    stock: "mixed",
    imageColors: COLORS.biomedics,
  }),
];

const bauschLenses: SeedProduct[] = [
  lens({
    productId: 1701,
    vanityUrl: "biotrue-oneday-90-pack",
    displayName: "Biotrue ONEday 90 pack",
    displayNameSubHeading: "with HyperGel material",
    brandSlug: "bausch-lomb",
    categories: DAILY,
    searchTerms: ["biotrue one day", "bio true oneday", "biotru"],
    descriptorPackSize: "90 pack",
    wearTimeDays: 1,
    quantityPerPackage: 90,
    maximumQuantity: 8,
    prices: usd(6999),
    description:
      "A high-water daily lens whose material is designed to match the water content of the cornea. Three months of lenses for one eye in a single box.",
    specifications: lensSpecs({
      material: "nesofilcon A (hydrogel)",
      water: "78%",
      dkt: "42",
      uv: "Yes",
      replacement: "Daily",
    }),
    parameters: fit(
      [
        [-12, -0.25],
        [0.25, 6],
      ],
      ["8.6"],
      "14.2",
    ),
    imageColors: COLORS.biotrue,
  }),
  lens({
    productId: 1702,
    vanityUrl: "biotrue-oneday-30-pack",
    displayName: "Biotrue ONEday 30 pack",
    displayNameSubHeading: "with HyperGel material",
    brandSlug: "bausch-lomb",
    categories: DAILY,
    searchTerms: ["biotrue one day 30", "bio true oneday", "biotru"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(2799),
    description:
      "A one-month box of Biotrue ONEday daily lenses. A good size for trying the lens or for occasional wear.",
    specifications: lensSpecs({
      material: "nesofilcon A (hydrogel)",
      water: "78%",
      dkt: "42",
      uv: "Yes",
      replacement: "Daily",
    }),
    parameters: fit(
      [
        [-12, -0.25],
        [0.25, 6],
      ],
      ["8.6"],
      "14.2",
    ),
    imageColors: COLORS.biotrue,
  }),
  lens({
    productId: 1703,
    vanityUrl: "biotrue-oneday-for-astigmatism-30-pack",
    displayName: "Biotrue ONEday for Astigmatism 30 pack",
    displayNameSubHeading: "with HyperGel material",
    brandSlug: "bausch-lomb",
    categories: ["daily-disposables", "toric-astigmatism"],
    searchTerms: ["biotrue toric", "bio true astigmatism", "biotrue one day toric"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(3999),
    description:
      "The high-water Biotrue ONEday material in a toric design for astigmatism. A peri-ballast shape helps each lens find its orientation quickly.",
    specifications: lensSpecs({
      material: "nesofilcon A (hydrogel)",
      water: "78%",
      dkt: "42",
      uv: "Yes",
      replacement: "Daily",
    }),
    parameters: [...fit(TORIC_MINUS9_PLUS4, ["8.4"], "14.5"), cylinders(-0.75, -1.25, -1.75, -2.25), axes(10)],
    imageColors: COLORS.biotrue,
  }),
  lens({
    productId: 1704,
    vanityUrl: "bausch-lomb-infuse-30-pack",
    displayName: "Bausch + Lomb INFUSE 30 pack",
    displayNameSubHeading: "with ProBalance Technology",
    brandSlug: "bausch-lomb",
    categories: DAILY,
    searchTerms: ["infuse", "b&l infuse", "bausch and lomb infuse", "bausch lomb infuse"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(3899),
    description:
      "A daily silicone hydrogel lens that releases ingredients found in eye drops to support the tear film during wear. Designed with contact-lens dryness in mind.",
    specifications: lensSpecs({
      material: "kalifilcon A (silicone hydrogel)",
      water: "55%",
      dkt: "134",
      replacement: "Daily",
    }),
    parameters: fit(MINUS12_PLUS6, ["8.6"], "14.2"),
    imageColors: COLORS.infuse,
  }),
  lens({
    productId: 1705,
    vanityUrl: "bausch-lomb-ultra-6-pack",
    displayName: "Bausch + Lomb Ultra 6 pack",
    displayNameSubHeading: "with MoistureSeal Technology",
    brandSlug: "bausch-lomb",
    categories: MONTHLY,
    searchTerms: ["ultra contacts", "b&l ultra", "bausch ultra monthly"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(5999),
    description:
      "A monthly silicone hydrogel lens built to hold on to its moisture for the full wear cycle. Often recommended for people who work long hours at a computer.",
    specifications: lensSpecs({
      material: "samfilcon A (silicone hydrogel)",
      water: "46%",
      dkt: "163",
      replacement: "Monthly",
    }),
    parameters: fit(MINUS12_PLUS6, ["8.5"], "14.2"),
    imageColors: COLORS.ultra,
  }),
  lens({
    productId: 1706,
    vanityUrl: "bausch-lomb-ultra-for-astigmatism-6-pack",
    displayName: "Bausch + Lomb Ultra for Astigmatism 6 pack",
    displayNameSubHeading: "with MoistureSeal Technology",
    brandSlug: "bausch-lomb",
    categories: ["monthly-disposables", "toric-astigmatism"],
    searchTerms: ["ultra toric", "b&l ultra astigmatism", "bausch ultra toric"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(7499),
    description:
      "The Ultra monthly material in a toric lens stabilized to resist rotation. It keeps astigmatic vision steady through reading, screens and driving.",
    specifications: lensSpecs({
      material: "samfilcon A (silicone hydrogel)",
      water: "46%",
      dkt: "104",
      replacement: "Monthly",
    }),
    parameters: [...fit(TORIC_MINUS9_PLUS4, ["8.6"], "14.5"), cylinders(-0.75, -1.25, -1.75, -2.25), axes(10)],
    imageColors: COLORS.ultra,
  }),
  lens({
    productId: 1707,
    vanityUrl: "bausch-lomb-ultra-for-presbyopia-6-pack",
    displayName: "Bausch + Lomb Ultra for Presbyopia 6 pack",
    displayNameSubHeading: "with 3-Zone Progressive design",
    brandSlug: "bausch-lomb",
    categories: ["monthly-disposables", "multifocal-bifocal"],
    searchTerms: ["ultra multifocal", "ultra presbyopia", "b&l ultra bifocal"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(7999),
    description:
      "A monthly multifocal with separate zones for near, intermediate and distance vision. Two add levels keep the fitting process short.",
    specifications: lensSpecs({
      material: "samfilcon A (silicone hydrogel)",
      water: "46%",
      dkt: "163",
      replacement: "Monthly",
    }),
    parameters: [...fit([[-10, 6]], ["8.5"], "14.2"), ADD_LOW_HIGH],
    imageColors: COLORS.ultra,
  }),
  lens({
    productId: 1708,
    vanityUrl: "purevision2-6-pack",
    displayName: "PureVision2 6 pack",
    displayNameSubHeading: "with High Definition Optics",
    brandSlug: "bausch-lomb",
    categories: MONTHLY,
    searchTerms: ["pure vision 2", "purevision hd", "pure vision contacts"],
    descriptorPackSize: "6 pack",
    wearTimeDays: 30,
    quantityPerPackage: 6,
    maximumQuantity: 12,
    prices: usd(4999),
    description:
      "A monthly silicone hydrogel lens with optics designed to reduce halos and glare, especially at night. Your eye doctor may also approve it for extended wear.",
    specifications: lensSpecs({
      material: "balafilcon A (silicone hydrogel)",
      water: "36%",
      dkt: "130",
      replacement: "Monthly",
    }),
    parameters: fit(
      [
        [-12, -0.5],
        [0.5, 6],
      ],
      ["8.6"],
      "14.0",
    ),
    stock: "mixed",
    imageColors: COLORS.pureVision,
  }),
];

const lenslaneLenses: SeedProduct[] = [
  lens({
    productId: 1901,
    vanityUrl: "lenslane-daily-15-pack",
    displayName: "Lenslane Daily 15 pack",
    displayNameSubHeading: "Our own daily lens",
    brandSlug: "lenslane",
    categories: DAILY,
    searchTerms: ["lenslane", "lens lane daily", "lenslane 1 day", "store brand contacts"],
    descriptorPackSize: "15 pack",
    wearTimeDays: 1,
    quantityPerPackage: 15,
    maximumQuantity: 24,
    prices: usd(1299),
    description:
      "Lenslane's own daily lens: a soft, moist hydrogel lens at a friendly price. The 15 pack is a low-commitment way to see if it works for you.",
    specifications: lensSpecs({
      material: "hioxifilcon A (hydrogel)",
      water: "59%",
      dkt: "28",
      uv: "Yes",
      replacement: "Daily",
    }),
    parameters: fit(MINUS10_PLUS6, ["8.6"], "14.2"),
    isPrivateLabel: true,
    imageColors: COLORS.lenslane,
  }),
  lens({
    productId: 1902,
    vanityUrl: "lenslane-daily-30-pack",
    displayName: "Lenslane Daily 30 pack",
    displayNameSubHeading: "Our own daily lens",
    brandSlug: "lenslane",
    categories: DAILY,
    searchTerms: ["lenslane", "lens lane daily", "lenslane 30", "store brand contacts"],
    descriptorPackSize: "30 pack",
    wearTimeDays: 1,
    quantityPerPackage: 30,
    maximumQuantity: 24,
    prices: usd(2299),
    description:
      "A month of Lenslane Daily lenses for one eye. Fresh, comfortable lenses every morning for less than most name-brand dailies.",
    specifications: lensSpecs({
      material: "hioxifilcon A (hydrogel)",
      water: "59%",
      dkt: "28",
      uv: "Yes",
      replacement: "Daily",
    }),
    parameters: fit(MINUS10_PLUS6, ["8.6"], "14.2"),
    isPrivateLabel: true,
    imageColors: COLORS.lenslane,
  }),
];

// ---------------------------------------------------------------------------------------------------------------
// Lens-care solutions (ids 2001–2999)
// ---------------------------------------------------------------------------------------------------------------

const solutions: SeedProduct[] = [
  solution({
    productId: 2001,
    vanityUrl: "opti-free-puremoist-2-pack",
    displayName: "Opti-Free PureMoist Multi-Purpose Solution 2 pack",
    displayNameSubHeading: "with HydraGlyde Moisture Matrix",
    brandSlug: "opti-free",
    searchTerms: ["optifree", "opti free pure moist", "optifree puremoist"],
    descriptorPackSize: "2 × 10 oz",
    wearTimeDays: 30,
    quantityPerPackage: 2,
    maximumQuantity: 6,
    prices: usd(2199),
    description:
      "A multi-purpose solution that cleans, rinses, disinfects and stores soft lenses, including silicone hydrogels. Each 10 oz bottle lasts about a month and comes with a fresh lens case.",
    specifications: [
      { label: "Type", value: "Multi-purpose disinfecting solution" },
      { label: "For", value: "Soft and silicone hydrogel lenses" },
      { label: "Bottle size", value: "10 fl oz (300 mL)" },
      { label: "Minimum soak time", value: "6 hours" },
    ],
    imageColors: COLORS.optiFree,
  }),
  solution({
    productId: 2002,
    vanityUrl: "clear-care-plus-12-oz",
    displayName: "Clear Care Plus 12 oz",
    displayNameSubHeading: "Hydrogen peroxide cleaning system with HydraGlyde",
    brandSlug: "clear-care",
    searchTerms: ["clearcare", "clear care peroxide", "hydrogen peroxide contact solution"],
    descriptorPackSize: "12 oz",
    wearTimeDays: 30,
    quantityPerPackage: 1,
    maximumQuantity: 12,
    prices: usd(1399),
    description:
      "A preservative-free hydrogen peroxide system that deep-cleans and disinfects while your lenses sit overnight in the included case. Never put the solution directly in your eyes; the case neutralizes it into saline over six hours.",
    specifications: [
      { label: "Type", value: "Hydrogen peroxide (3%) disinfecting system" },
      { label: "For", value: "Soft, silicone hydrogel and gas permeable lenses" },
      { label: "Bottle size", value: "12 fl oz (360 mL)" },
      { label: "Neutralizing time", value: "6 hours in the supplied lens case" },
    ],
    imageColors: COLORS.clearCare,
  }),
  solution({
    productId: 2003,
    vanityUrl: "clear-care-plus-3-pack",
    displayName: "Clear Care Plus 3 pack",
    displayNameSubHeading: "Hydrogen peroxide cleaning system with HydraGlyde",
    brandSlug: "clear-care",
    searchTerms: ["clearcare 3 pack", "clear care triple pack", "peroxide solution"],
    descriptorPackSize: "3 × 12 oz",
    wearTimeDays: 30,
    quantityPerPackage: 3,
    maximumQuantity: 6,
    prices: usd(3699),
    description:
      "Three months of Clear Care Plus with a new neutralizing lens case in each box. Replace the case with every bottle so the peroxide is fully neutralized.",
    specifications: [
      { label: "Type", value: "Hydrogen peroxide (3%) disinfecting system" },
      { label: "For", value: "Soft, silicone hydrogel and gas permeable lenses" },
      { label: "Bottle size", value: "12 fl oz (360 mL)" },
      { label: "Neutralizing time", value: "6 hours in the supplied lens case" },
    ],
    imageColors: COLORS.clearCare,
  }),
  solution({
    productId: 2004,
    vanityUrl: "biotrue-multi-purpose-solution-2-pack",
    displayName: "Biotrue Multi-Purpose Solution 2 pack",
    displayNameSubHeading: "with hyaluronan",
    brandSlug: "biotrue",
    searchTerms: ["bio true solution", "biotrue mps", "biotru solution"],
    descriptorPackSize: "2 × 10 oz",
    wearTimeDays: 30,
    quantityPerPackage: 2,
    maximumQuantity: 6,
    prices: usd(1799),
    description:
      "A multi-purpose solution balanced to the pH of healthy tears, with a lubricant that helps lenses stay moist. It cleans, conditions, disinfects and stores soft lenses in one step.",
    specifications: [
      { label: "Type", value: "Multi-purpose disinfecting solution" },
      { label: "For", value: "Soft and silicone hydrogel lenses" },
      { label: "Bottle size", value: "10 fl oz (300 mL)" },
      { label: "Minimum soak time", value: "4 hours" },
    ],
    imageColors: COLORS.biotrue,
  }),
  solution({
    productId: 2005,
    vanityUrl: "renu-advanced-formula-12-oz",
    displayName: "renu Advanced Formula 12 oz",
    displayNameSubHeading: "Multi-purpose solution with triple disinfection",
    brandSlug: "renu",
    searchTerms: ["renu", "re nu solution", "renew contact solution"],
    descriptorPackSize: "12 oz",
    wearTimeDays: 30,
    quantityPerPackage: 1,
    maximumQuantity: 12,
    prices: usd(1099),
    description:
      "An inexpensive multi-purpose solution that uses three disinfecting agents to keep soft lenses clean. A basic, reliable choice for daily lens care.",
    specifications: [
      { label: "Type", value: "Multi-purpose disinfecting solution" },
      { label: "For", value: "Soft and silicone hydrogel lenses" },
      { label: "Bottle size", value: "12 fl oz (355 mL)" },
      { label: "Minimum soak time", value: "4 hours" },
    ],
    imageColors: COLORS.renu,
  }),
  solution({
    productId: 2006,
    vanityUrl: "boston-simplus-3-5-oz",
    displayName: "Boston Simplus Multi-Action Solution 3.5 oz",
    displayNameSubHeading: "For gas permeable (RGP) lenses",
    brandSlug: "boston",
    searchTerms: ["boston simplus", "rgp solution", "hard contact lens solution", "gas permeable solution"],
    descriptorPackSize: "3.5 oz",
    wearTimeDays: 30,
    quantityPerPackage: 1,
    maximumQuantity: 12,
    prices: usd(1399),
    description:
      "A one-bottle system for rigid gas permeable lenses that cleans, conditions, disinfects and cushions them for insertion. Not for use with soft lenses.",
    specifications: [
      { label: "Type", value: "Multi-action solution for gas permeable lenses" },
      { label: "For", value: "Rigid gas permeable (RGP) lenses only" },
      { label: "Bottle size", value: "3.5 fl oz (105 mL)" },
      { label: "Minimum soak time", value: "4 hours" },
    ],
    stock: "mixed",
    imageColors: COLORS.boston,
  }),
  solution({
    productId: 2007,
    vanityUrl: "lenslane-multi-purpose-solution-2-pack",
    displayName: "Lenslane Multi-Purpose Solution 2 pack",
    displayNameSubHeading: "Our own all-in-one lens care",
    brandSlug: "lenslane",
    searchTerms: ["lenslane solution", "lens lane solution", "store brand contact solution"],
    descriptorPackSize: "2 × 12 oz",
    wearTimeDays: 30,
    quantityPerPackage: 2,
    maximumQuantity: 6,
    prices: usd(1299),
    description:
      "Lenslane's own multi-purpose solution for soft and silicone hydrogel lenses, with a lens case in every box. It cleans, rinses, disinfects and stores for about the price of a single name-brand bottle.",
    specifications: [
      { label: "Type", value: "Multi-purpose disinfecting solution" },
      { label: "For", value: "Soft and silicone hydrogel lenses" },
      { label: "Bottle size", value: "12 fl oz (355 mL)" },
      { label: "Minimum soak time", value: "6 hours" },
    ],
    isPrivateLabel: true,
    imageColors: COLORS.lenslaneSolution,
  }),
];

// ---------------------------------------------------------------------------------------------------------------
// Exports
// ---------------------------------------------------------------------------------------------------------------

export const seedProducts: SeedProduct[] = [
  ...acuvueLenses,
  ...alconLenses,
  ...cooperLenses,
  ...bauschLenses,
  ...lenslaneLenses,
  ...solutions,
];
