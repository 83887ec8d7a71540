/**
 * Supply and quantity rules (spec 3 §9, 2 §9). A box's supply is its lenses × the days each lens is worn, per
 * eye; a 14-day lens counts as 15 days.
 */

export function effectiveWearDays(wearTimeDays: number): number {
  return wearTimeDays === 14 ? 15 : wearTimeDays;
}

/** Days one box lasts one eye. */
export function boxSupplyDays(product: { wearTimeDays: number; quantityPerPackage: number }): number {
  return effectiveWearDays(product.wearTimeDays) * product.quantityPerPackage;
}

/** Quantity options by a box's days: up to 30 → 2, 6, 12; 60 or up to 90 → 1, 2, 4; up to 180 → 1, 2; else 1. */
export function quantityOptionsForDays(days: number): number[] {
  if (days <= 30) return [2, 6, 12];
  if (days <= 90) return [1, 2, 4];
  if (days <= 180) return [1, 2];
  return [1];
}

/**
 * Boxes a shopper may choose per eye. Colour lenses are 1 per chosen eye (spec). Solutions are not lenses: any
 * count up to their maximum (at most 12). Lens options never exceed the product's maximum quantity.
 */
export function quantityOptions(product: {
  productType: "lens" | "solution";
  isColor: boolean;
  wearTimeDays: number;
  quantityPerPackage: number;
  maximumQuantity: number;
}): number[] {
  if (product.productType === "solution") {
    return Array.from({ length: Math.max(1, Math.min(product.maximumQuantity, 12)) }, (_, i) => i + 1);
  }
  if (product.isColor) return [1];
  const options = quantityOptionsForDays(boxSupplyDays(product)).filter((n) => n <= product.maximumQuantity);
  return options.length > 0 ? options : [1];
}

/** The quantities a cart line may take: the product's options, plus its current quantity if that is not one. */
export function lineQuantityOptions(product: Parameters<typeof quantityOptions>[0], currentQuantity: number): number[] {
  const options = quantityOptions(product);
  return options.includes(currentQuantity) ? options : [...options, currentQuantity].sort((a, b) => a - b);
}

/** Spec: 84 and 90 read as three months, 180 and 189 as six. */
const APPROXIMATE_MONTHS: Readonly<Record<number, number>> = { 84: 3, 90: 3, 180: 6, 189: 6 };

/**
 * The supply text: '2 weeks', '1 month', 'n months' (half months: '1.5 months'); under 30 days other than two
 * weeks shows days; over 360 days shows 'over 1 year'.
 */
export function supplyText(days: number): string {
  if (days <= 0) return "0 days";
  if (days === 14 || days === 15) return "2 weeks";
  if (days < 30) return days === 1 ? "1 day" : `${days} days`;
  if (days > 360) return "over 1 year";
  const months = APPROXIMATE_MONTHS[days] ?? Math.round(days / 15) / 2;
  return months === 1 ? "1 month" : `${months} months`;
}

/** Auto-reorder frequencies (spec: subscription frequency labels). Custom is set by customer service. */
export const AUTO_REORDER_FREQUENCIES = [
  { days: 30, label: "Every month" },
  { days: 60, label: "Every 2 months" },
  { days: 90, label: "Every 3 months" },
  { days: 180, label: "Every 6 months" },
  { days: 360, label: "Every 12 months" },
] as const;
export const CUSTOM_FREQUENCY_LABEL = "Custom";

export function frequencyLabel(days: number): string {
  return AUTO_REORDER_FREQUENCIES.find((frequency) => frequency.days === days)?.label ?? CUSTOM_FREQUENCY_LABEL;
}

/** The frequency that matches a supply (spec: frequency from supply time, default one month). */
export function defaultFrequencyDays(supplyDays: number): number {
  const candidates = AUTO_REORDER_FREQUENCIES.map((frequency) => frequency.days);
  const fitting = candidates.filter((days) => days <= Math.max(supplyDays, 30));
  return fitting.at(-1) ?? 30;
}
