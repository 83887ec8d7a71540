import { createEmbeddedTaxCalculator } from "./embedded-tax.server";
import type { TaxCalculator } from "./tax-calculator";

/** Chosen once at start-up. Only the embedded table exists for now; a tax provider's client would be chosen here. */
export function createTaxCalculator(): TaxCalculator {
  return createEmbeddedTaxCalculator();
}
