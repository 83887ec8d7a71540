import { calculateStateTax } from "./state-rates";
import type { TaxCalculator } from "./tax-calculator";

/** The embedded default: the state base-rate table, no network (see state-rates.ts for what it leaves out). */
export function createEmbeddedTaxCalculator(): TaxCalculator {
  return {
    async calculate(request) {
      return calculateStateTax(request);
    },
  };
}
