/**
 * The lens brands prescriptions name, with each lens's real fitting values (base curves, diameter, power range,
 * add style, colours). MED_ADD_LENSES below are only drawn by the newer families. Names match the store's catalog product names without the pack size, so a reader that
 * maps a brand to a product can use the same spelling. Alcon's multifocals (LO/MED/HI adds) are left out on
 * purpose: the truth's add levels are LOW/MID/HIGH only, and "MED" would make the truth ambiguous.
 */

export type LensKind = "sphere" | "toric" | "multifocal" | "color";

export interface Lens {
  brand: string;
  manufacturer: string;
  kind: LensKind;
  baseCurves: readonly string[];
  diameter: string;
  /** Sphere range in dioptres, inclusive. */
  sphere: readonly [number, number];
  /** Multifocal adds: numeric "+1.00".."+2.50", or level names. */
  adds?: readonly string[];
  colors?: readonly string[];
  /** Lenses per box, for box labels. */
  boxCounts: readonly number[];
  replacement: "Daily" | "2 weeks" | "Monthly";
}

const NUMERIC_ADDS = ["+1.00", "+1.50", "+2.00", "+2.50"] as const;
const LOW_MID_HIGH = ["LOW", "MID", "HIGH"] as const;
const LOW_HIGH = ["LOW", "HIGH"] as const;
const DAILY = [30, 90] as const;
const SIX = [6] as const;

export const LENSES: readonly Lens[] = [
  // Spherical
  lens("Acuvue Oasys", "Johnson & Johnson Vision", "sphere", ["8.4", "8.8"], "14.0", [-12, 8], SIX, "2 weeks"),
  lens("Acuvue Oasys 1-Day", "Johnson & Johnson Vision", "sphere", ["8.5", "9.0"], "14.3", [-12, 8], DAILY, "Daily"),
  lens("1-Day Acuvue Moist", "Johnson & Johnson Vision", "sphere", ["8.5", "9.0"], "14.2", [-12, 6], DAILY, "Daily"),
  lens("Acuvue Vita", "Johnson & Johnson Vision", "sphere", ["8.4", "8.8"], "14.0", [-12, 8], SIX, "Monthly"),
  lens("Biofinity", "CooperVision", "sphere", ["8.6"], "14.0", [-12, 8], SIX, "Monthly"),
  lens("Biofinity Energys", "CooperVision", "sphere", ["8.6"], "14.0", [-12, 8], SIX, "Monthly"),
  lens("Dailies Total1", "Alcon", "sphere", ["8.5"], "14.1", [-12, 6], DAILY, "Daily"),
  lens("Dailies AquaComfort Plus", "Alcon", "sphere", ["8.7"], "14.0", [-10, 6], DAILY, "Daily"),
  lens("Air Optix plus HydraGlyde", "Alcon", "sphere", ["8.6"], "14.2", [-12, 8], SIX, "Monthly"),
  lens("Precision1", "Alcon", "sphere", ["8.3"], "14.2", [-12, 8], DAILY, "Daily"),
  lens("Total30", "Alcon", "sphere", ["8.4"], "14.2", [-12, 8], SIX, "Monthly"),
  lens("clariti 1 day", "CooperVision", "sphere", ["8.6"], "14.1", [-10, 8], DAILY, "Daily"),
  lens("MyDay", "CooperVision", "sphere", ["8.4"], "14.2", [-12, 8], DAILY, "Daily"),
  lens("Proclear 1 Day", "CooperVision", "sphere", ["8.7"], "14.2", [-12, 8], DAILY, "Daily"),
  lens("Bausch + Lomb Ultra", "Bausch + Lomb", "sphere", ["8.5"], "14.2", [-12, 6], SIX, "Monthly"),
  lens("Bausch + Lomb INFUSE", "Bausch + Lomb", "sphere", ["8.6"], "14.2", [-12, 6], DAILY, "Daily"),
  lens("Biotrue ONEday", "Bausch + Lomb", "sphere", ["8.6"], "14.2", [-12, 6], DAILY, "Daily"),
  // Toric (astigmatism)
  lens("Acuvue Oasys for Astigmatism", "Johnson & Johnson Vision", "toric", ["8.6"], "14.5", [-9, 4], SIX, "2 weeks"),
  lens(
    "1-Day Acuvue Moist for Astigmatism",
    "Johnson & Johnson Vision",
    "toric",
    ["8.5"],
    "14.5",
    [-9, 4],
    DAILY,
    "Daily",
  ),
  lens("Biofinity Toric", "CooperVision", "toric", ["8.7"], "14.5", [-10, 6], SIX, "Monthly"),
  lens("Air Optix plus HydraGlyde for Astigmatism", "Alcon", "toric", ["8.7"], "14.5", [-10, 4], SIX, "Monthly"),
  lens("Dailies AquaComfort Plus Toric", "Alcon", "toric", ["8.8"], "14.4", [-8, 4], DAILY, "Daily"),
  lens("clariti 1 day toric", "CooperVision", "toric", ["8.6"], "14.3", [-9, 4], DAILY, "Daily"),
  lens("Biotrue ONEday for Astigmatism", "Bausch + Lomb", "toric", ["8.4"], "14.5", [-9, 4], DAILY, "Daily"),
  lens("Bausch + Lomb Ultra for Astigmatism", "Bausch + Lomb", "toric", ["8.6"], "14.5", [-9, 4], SIX, "Monthly"),
  // Multifocal
  {
    ...lens(
      "Acuvue Oasys Multifocal",
      "Johnson & Johnson Vision",
      "multifocal",
      ["8.4"],
      "14.3",
      [-9, 6],
      SIX,
      "2 weeks",
    ),
    adds: LOW_MID_HIGH,
  },
  {
    ...lens(
      "1-Day Acuvue Moist Multifocal",
      "Johnson & Johnson Vision",
      "multifocal",
      ["8.4"],
      "14.3",
      [-9, 6],
      DAILY,
      "Daily",
    ),
    adds: LOW_MID_HIGH,
  },
  {
    ...lens("Biofinity Multifocal", "CooperVision", "multifocal", ["8.6"], "14.0", [-10, 6], SIX, "Monthly"),
    adds: NUMERIC_ADDS,
  },
  {
    ...lens("Proclear Multifocal", "CooperVision", "multifocal", ["8.7"], "14.4", [-8, 6], SIX, "Monthly"),
    adds: NUMERIC_ADDS,
  },
  {
    ...lens("clariti 1 day multifocal", "CooperVision", "multifocal", ["8.6"], "14.1", [-6, 5], DAILY, "Daily"),
    adds: LOW_HIGH,
  },
  {
    ...lens(
      "Bausch + Lomb Ultra for Presbyopia",
      "Bausch + Lomb",
      "multifocal",
      ["8.5"],
      "14.2",
      [-10, 6],
      SIX,
      "Monthly",
    ),
    adds: LOW_HIGH,
  },
  // Colour
  {
    ...lens("Air Optix Colors", "Alcon", "color", ["8.6"], "14.2", [-8, 6], [2, 6], "Monthly"),
    colors: [
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
      "Turquoise",
    ],
  },
  {
    ...lens("FreshLook Colorblends", "Alcon", "color", ["8.6"], "14.5", [-8, 0], [2, 6], "Monthly"),
    colors: [
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
    ],
  },
];

function lens(
  brand: string,
  manufacturer: string,
  kind: LensKind,
  baseCurves: readonly string[],
  diameter: string,
  sphere: readonly [number, number],
  boxCounts: readonly number[],
  replacement: Lens["replacement"],
): Lens {
  return { brand, manufacturer, kind, baseCurves, diameter, sphere, boxCounts, replacement };
}

/**
 * Alcon's multifocals, whose adds are LOW/MED/HIGH. Kept out of LENSES (and so out of the original layouts'
 * draws); the newer families draw them beside the others, so the truth's add can be "MED".
 */
export const MED_ADD_LENSES: readonly Lens[] = [
  {
    ...lens("Air Optix plus HydraGlyde Multifocal", "Alcon", "multifocal", ["8.6"], "14.2", [-10, 6], SIX, "Monthly"),
    adds: ["LOW", "MED", "HIGH"],
  },
  {
    ...lens("Dailies Total1 Multifocal", "Alcon", "multifocal", ["8.5"], "14.1", [-10, 6], DAILY, "Daily"),
    adds: ["LOW", "MED", "HIGH"],
  },
];

export function lensesOfKind(kind: LensKind): Lens[] {
  return LENSES.filter((l) => l.kind === kind);
}

export function lensByBrand(brand: string): Lens {
  const found = LENSES.find((l) => l.brand === brand);
  if (!found) throw new Error(`unknown lens brand: ${brand}`);
  return found;
}
