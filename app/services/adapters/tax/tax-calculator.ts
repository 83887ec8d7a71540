/**
 * Sales tax for the cart's order summary (`taxAmount`). The embedded default applies each state's base rate from a
 * table (state-rates.ts); a real provider adapter (local rates, address-level jurisdictions) would implement the
 * same interface. Amounts are integer cents.
 */
export interface TaxLine {
  itemId: string;
  /** "lens": prescription contact lenses; "solution": lens care products. */
  classification: "lens" | "solution";
  /** after discounts */
  amountCents: number;
}

export interface TaxRequest {
  /** Two-letter code of the shipping address's state (or DC, or a military AA/AE/AP). */
  state: string;
  lines: TaxLine[];
  shippingCents: number;
}

export interface TaxResult {
  taxCents: number;
  /** basis points applied to taxable goods (0 if none); may be a half basis point, e.g. 687.5 for 6.875 % */
  rateBasisPoints: number;
  exemptItemIds: string[];
}

export interface TaxCalculator {
  calculate(request: TaxRequest): Promise<TaxResult>;
}
