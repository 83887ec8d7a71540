import type { SeedParameterOption, SeedProduct } from "./catalog-types";

/**
 * Pure helpers that expand the seed catalog into rows. Kept free of I/O so they are easy to test.
 */

/** UPC-A check digit over 11 digits. */
export function upcCheckDigit(elevenDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 11; i += 1) {
    const digit = Number(elevenDigits[i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** A stable 12-digit UPC for a product's n-th parameter combination: "7" + productId (6) + index (4) + check. */
export function makeUpc(productId: number, combinationIndex: number): string {
  if (combinationIndex > 9999) throw new Error(`product ${productId} has more than 10,000 combinations`);
  const body = `7${String(productId).padStart(6, "0")}${String(combinationIndex).padStart(4, "0")}`;
  return `${body}${upcCheckDigit(body)}`;
}

export { parameterKey } from "~/models/lens-parameters";

/** Every combination of the product's parameter options (a solution has exactly one: no parameters). */
export function parameterCombinations(product: Pick<SeedProduct, "parameters">): Array<Record<string, string>> {
  let combinations: Array<Record<string, string>> = [{}];
  for (const parameter of product.parameters) {
    const next: Array<Record<string, string>> = [];
    for (const combination of combinations) {
      for (const option of parameter.options as SeedParameterOption[]) {
        next.push({ ...combination, [parameter.name]: option.value });
      }
    }
    combinations = next;
  }
  return combinations;
}

/** Deterministic 0..1 from a string (FNV-1a), so the demo stock is the same on every machine. */
export function stableFraction(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 0xffffffff;
}

/** Stock for one SKU under the product's profile (Limited Quantity is 20 or fewer). */
export function stockFor(profile: SeedProduct["stock"], upc: string): number {
  const r = stableFraction(upc);
  const s = stableFraction(`${upc}:qty`);
  const between = (low: number, high: number) => low + Math.floor(s * (high - low + 1));
  switch (profile) {
    case "out":
      return 0;
    case "low":
      return r < 0.1 ? 0 : between(1, 20);
    case "mixed":
      return r < 0.15 ? 0 : r < 0.35 ? between(1, 20) : between(21, 300);
    case "plenty":
      return r < 0.02 ? 0 : r < 0.08 ? between(1, 20) : between(40, 500);
  }
}
