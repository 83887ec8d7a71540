import type { TaxRequest, TaxResult } from "./tax-calculator";

/**
 * The embedded tax table: each state's state-level base sales tax rate, and whether it exempts prescription contact
 * lenses.
 *
 * Rates: the state rates in the Tax Foundation's "State and Local Sales Tax Rates, 2025" (rates as of 1 January
 * 2025; Louisiana's 5 % took effect that day). As that table does, California, Utah and Virginia include their
 * mandatory statewide local add-ons. Local (city, county, district) rates are NOT included: a real provider adapter
 * would add them, so this table under-collects wherever a local rate applies.
 *
 * Prescription lenses default to exempt (corrective lenses / prescription medical devices in most states). They are
 * marked taxable only where the state's own rule says a retailer's sale of prescription contact lenses is taxed:
 * - AL: Code of Ala. § 40-23-1 taxes "ophthalmic materials, including … contact lenses" (an exemption bill, HB 15,
 *   was pending for 1 September 2026);
 * - AR: Rule GR-38.3 exempts corrective lenses only when sold by the prescribing doctor; eyewear retailers collect;
 * - MI: Mich. Admin. Code R 205.104: "Contact lenses are taxable" (prescription eyeglasses are not);
 * - SC: S.C. Code Regs. 117-332: eyeglasses and contact lenses are outside the prosthetic-device exemption.
 * Not modelled: Illinois taxes medical appliances at a reduced 1 % state rate (left exempt here). This list must be
 * confirmed with a tax provider before launch (see docs/decisions/0013-shipping-and-tax.md).
 *
 * Lens solution is taxable goods everywhere a sales tax applies. Shipping is never taxed by this table, although
 * some states tax delivery charges.
 */
export interface StateTaxRule {
  /** State-level base rate in basis points (1 bp = 0.01 %); a few states' rates need a half basis point. */
  rateBasisPoints: number;
  /** Prescription contact lenses are exempt from the state's sales tax. */
  rxLensesExempt: boolean;
}

const rxExempt = (rateBasisPoints: number): StateTaxRule => ({ rateBasisPoints, rxLensesExempt: true });
const rxTaxable = (rateBasisPoints: number): StateTaxRule => ({ rateBasisPoints, rxLensesExempt: false });

/** All 50 states and DC. Military (AA, AE, AP), territories and anything else are not here and pay no tax. */
export const STATE_TAX_RULES: Readonly<Record<string, StateTaxRule>> = Object.freeze({
  AL: rxTaxable(400),
  AK: rxExempt(0),
  AZ: rxExempt(560),
  AR: rxTaxable(650),
  CA: rxExempt(725),
  CO: rxExempt(290),
  CT: rxExempt(635),
  DE: rxExempt(0),
  DC: rxExempt(600),
  FL: rxExempt(600),
  GA: rxExempt(400),
  HI: rxExempt(400),
  ID: rxExempt(600),
  IL: rxExempt(625),
  IN: rxExempt(700),
  IA: rxExempt(600),
  KS: rxExempt(650),
  KY: rxExempt(600),
  LA: rxExempt(500),
  ME: rxExempt(550),
  MD: rxExempt(600),
  MA: rxExempt(625),
  MI: rxTaxable(600),
  MN: rxExempt(687.5),
  MS: rxExempt(700),
  MO: rxExempt(422.5),
  MT: rxExempt(0),
  NE: rxExempt(550),
  NV: rxExempt(685),
  NH: rxExempt(0),
  NJ: rxExempt(662.5),
  NM: rxExempt(487.5),
  NY: rxExempt(400),
  NC: rxExempt(475),
  ND: rxExempt(500),
  OH: rxExempt(575),
  OK: rxExempt(450),
  OR: rxExempt(0),
  PA: rxExempt(600),
  RI: rxExempt(700),
  SC: rxTaxable(600),
  SD: rxExempt(420),
  TN: rxExempt(700),
  TX: rxExempt(625),
  UT: rxExempt(610),
  VT: rxExempt(600),
  VA: rxExempt(530),
  WA: rxExempt(650),
  WV: rxExempt(600),
  WI: rxExempt(500),
  WY: rxExempt(400),
});

/** The rule for a state code, trimmed and upper-cased; undefined for anything not in the table. */
export function stateTaxRule(state: string): StateTaxRule | undefined {
  const code = state.trim().toUpperCase();
  return Object.hasOwn(STATE_TAX_RULES, code) ? STATE_TAX_RULES[code] : undefined;
}

/**
 * Tax = round-half-up(sum of taxable line amounts × rate / 10 000), rounded once per order so the total never
 * drifts from the rate by summing per-line roundings. Lines at or below zero contribute nothing.
 */
export function calculateStateTax(request: TaxRequest): TaxResult {
  const rule = stateTaxRule(request.state);
  if (!rule || rule.rateBasisPoints === 0) return { taxCents: 0, rateBasisPoints: 0, exemptItemIds: [] };

  const exemptItemIds: string[] = [];
  let taxableCents = 0;
  let hasTaxableGoods = false;
  for (const line of request.lines) {
    if (line.classification === "lens" && rule.rxLensesExempt) {
      exemptItemIds.push(line.itemId);
      continue;
    }
    hasTaxableGoods = true;
    if (Number.isFinite(line.amountCents) && line.amountCents > 0) taxableCents += line.amountCents;
  }
  if (!hasTaxableGoods) return { taxCents: 0, rateBasisPoints: 0, exemptItemIds };

  // In tenths of a basis point the rate is a whole number (687.5 bp → 6875), so the product stays an exact integer.
  const rateTenths = Math.round(rule.rateBasisPoints * 10);
  const taxCents = Math.floor((taxableCents * rateTenths + 50_000) / 100_000);
  return { taxCents, rateBasisPoints: rule.rateBasisPoints, exemptItemIds };
}
