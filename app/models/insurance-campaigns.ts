import type { VariantName } from "./experiments/names";

/**
 * The insurance campaigns of spec 3 §9 (decision 65), as the pages read them from the visitor's variations: which
 * insurance entry point the cart, checkout and rapid-reorder pages offer, whether a coupon combines with an insurance
 * benefit, and which eligibility service the storefront platform campaign names (its `insurance_provider` action).
 */

export const STOREFRONT_PLATFORM_INSURANCE_CAMPAIGN = "storefront-platform-insurance";
export const INSURANCE_WITH_DISCOUNT_CAMPAIGN = "insurance-with-discount";

/**
 * How a page offers insurance:
 * - `offered`: the insurance panel — 'Check my benefits' (the member benefit search), and on the cart the passive
 *   search's offer;
 * - `link`: one compact line, 'Use your insurance', linking to the vision insurance page (which comes back here);
 * - `none`: no way in from this page.
 * A benefit already applied counts in the money whatever the page offers (the order summary's insurance row).
 */
export type InsuranceEntry = "offered" | "link" | "none";

export const INSURANCE_PAGES = ["cart", "checkout", "rapid-reorder"] as const;
export type InsurancePage = (typeof INSURANCE_PAGES)[number];

interface InsuranceSwitch {
  campaign: string;
  variants: Partial<Record<VariantName, InsuranceEntry>>;
  /**
   * Without a variation (the campaign paused or gone, or a variant it does not name, `excluded` among them): the page
   * as the store had it before the campaign was read (decision 54: the cart offers insurance, checkout and the rapid
   * reorder do not).
   */
  unassigned: InsuranceEntry;
}

/** The three switches of spec 3 §9: cart control 0, A 1, B 0; checkout control 1, A 0; rapid reorder control 0, A 1, B 0. */
export const INSURANCE_SWITCHES: Readonly<Record<InsurancePage, InsuranceSwitch>> = {
  cart: {
    campaign: "cart-insurance-switch",
    variants: { default: "none", A: "offered", B: "link" },
    unassigned: "offered",
  },
  checkout: {
    campaign: "checkout-insurance-switch",
    variants: { default: "none", A: "offered" },
    unassigned: "none",
  },
  "rapid-reorder": {
    campaign: "rapid-reorder-insurance-switch",
    variants: { default: "none", A: "offered", B: "link" },
    unassigned: "none",
  },
};

/** The insurance entry point a page offers this visitor. */
export function insuranceEntry(page: InsurancePage, variations: Readonly<Record<string, VariantName>>): InsuranceEntry {
  const { campaign, variants, unassigned } = INSURANCE_SWITCHES[page];
  const variant = variations[campaign];
  return (variant !== undefined ? variants[variant] : undefined) ?? unassigned;
}

export type InsurancePost = "remove-insurance" | "apply-insurance-offer";

/**
 * Whether a page's action takes an insurance post: exactly the forms the page renders. Removing a benefit is offered
 * wherever the page lists the applied benefit (the cart always lists it: the shopper can always take it off the
 * money; checkout only when it offers insurance); the passive search's offer is applied only on a cart that offers
 * insurance (the offer is the cart's). The rapid reorder takes none (it changes no cart).
 */
export function acceptsInsurancePost(page: InsurancePage, entry: InsuranceEntry, post: InsurancePost): boolean {
  if (page === "cart") return post === "remove-insurance" || entry === "offered";
  if (page === "checkout") return post === "remove-insurance" && entry === "offered";
  return false;
}

/**
 * Whether a coupon's discount stays on a cart with an insurance benefit applied (insurance-with-discount: control 0,
 * A 1). Path A, and a visitor without a variation (the store as it always was), keep both; the control path lets the
 * benefit win: the coupon stays on the cart but takes nothing off until the benefit is removed.
 */
export function couponCombinesWithInsurance(variation: VariantName | undefined): boolean {
  return variation !== "default";
}

/** The pages a benefit search started from a page comes back to after 'Apply to my cart' (no other path is taken). */
export const INSURANCE_RETURN_PATHS = ["/cart", "/checkout", "/rapid-reorder"] as const;
export type InsuranceReturnPath = (typeof INSURANCE_RETURN_PATHS)[number];

/** A return path from a form or a URL, when it is one of INSURANCE_RETURN_PATHS; else null (the cart is the default). */
export function insuranceReturnPath(raw: unknown): InsuranceReturnPath | null {
  return (INSURANCE_RETURN_PATHS as readonly unknown[]).includes(raw) ? (raw as InsuranceReturnPath) : null;
}

/** The query part that carries a return path onwards ("" for none or the cart, the default). */
export function returnQuery(returnTo: InsuranceReturnPath | null, join: "?" | "&" = "?"): string {
  return returnTo && returnTo !== "/cart" ? `${join}returnTo=${encodeURIComponent(returnTo)}` : "";
}
