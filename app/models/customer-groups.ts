/**
 * Customer groups (spec 3 §3 "Traffic and audience", spec 1 §4.4): what promotions, content slots and experiments
 * aim at. Most are worked out from what the store knows (orders, the cart); a few belong to the visit (the
 * affiliate group from an `8.` link, the rebate pricing test groups chosen by campaign path) and travel with the
 * cart's session; one belongs to a campaign's variation alone (the paid-search new-customer discount's test path).
 */
export const DERIVED_GROUPS = [
  "NewCustomer",
  "ReturningCustomer",
  "AbandonedCart",
  "Inactive4Years",
  "Inactive2To4Years",
  "Inactive4To6Years",
  "Insurance_Customer",
  "Lead",
  "NewPlacedOrder",
] as const;
/** Groups a visit carries: set by links, campaigns or `api/startup`, never from the store's records. */
export const VISITOR_GROUPS = ["Affiliate", "RebateA_1123", "RebateControl_1123"] as const;
/**
 * Groups only a campaign's variation gives, for the requests it gives them (a `customer_group` action): never kept in
 * the session and never set by `api/startup`, because a discount hangs on them (decision 66).
 */
export const CAMPAIGN_GROUPS = ["PaidSearchNewCustomerDiscount"] as const;
export const CUSTOMER_GROUPS = [...DERIVED_GROUPS, ...VISITOR_GROUPS, ...CAMPAIGN_GROUPS] as const;
export type CustomerGroup = (typeof CUSTOMER_GROUPS)[number];
export type VisitorGroup = (typeof VISITOR_GROUPS)[number];
export type CampaignGroup = (typeof CAMPAIGN_GROUPS)[number];

/** Spec 3 §3: the codes of the new and returning groups. */
export const CUSTOMER_GROUP_CODES = { NewCustomer: "NI", ReturningCustomer: "RI" } as const;
/** Spec 1 §4.4 / spec 3 §9: the affiliate code prefix. */
export const AFFILIATE_CODE_PREFIX = "8.";
export const AFFILIATE_GROUP: VisitorGroup = "Affiliate";

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;
/** A cart with items left untouched this long, found again on a later visit, is an abandoned cart. */
export const ABANDONED_CART_AFTER_MS = DAY_MS;
/** An order this recent makes a NewPlacedOrder customer (they are likely here about it). */
export const NEW_PLACED_ORDER_WITHIN_MS = 7 * DAY_MS;

export function isCustomerGroup(value: unknown): value is CustomerGroup {
  return typeof value === "string" && (CUSTOMER_GROUPS as readonly string[]).includes(value);
}
export function isVisitorGroup(value: unknown): value is VisitorGroup {
  return typeof value === "string" && (VISITOR_GROUPS as readonly string[]).includes(value);
}
export function isCampaignGroup(value: unknown): value is CampaignGroup {
  return typeof value === "string" && (CAMPAIGN_GROUPS as readonly string[]).includes(value);
}
/** The groups the store's records give (worked out again wherever the records are read). */
export function isDerivedGroup(value: unknown): value is (typeof DERIVED_GROUPS)[number] {
  return typeof value === "string" && (DERIVED_GROUPS as readonly string[]).includes(value);
}

export interface GroupFacts {
  /** Signed in (or the records of a known customer). */
  known: boolean;
  /** Paid orders on record (deleted and test orders do not count). */
  lastOrderAt: Date | null;
  hasInsuranceOrder: boolean;
  /** The visit's cart. */
  cart: { itemCount: number; updatedAt: Date | null; hasInsuranceBenefit: boolean } | null;
  now: Date;
}

/**
 * The groups the store's records give. New or returning, always one of them (a visitor not signed in is new until
 * they say otherwise). Inactive bands by the last order's age: 2 to 4 years, 4 to 6 years, and 4 years or more (the
 * spec names the three; the last overlaps the second on purpose). Lead: a known customer with no order yet.
 */
export function derivedGroups(facts: GroupFacts): CustomerGroup[] {
  const groups: CustomerGroup[] = [];
  const last = facts.lastOrderAt;
  groups.push(last ? "ReturningCustomer" : "NewCustomer");
  if (facts.known && !last) groups.push("Lead");
  if (last) {
    const age = facts.now.getTime() - last.getTime();
    if (age < NEW_PLACED_ORDER_WITHIN_MS) groups.push("NewPlacedOrder");
    if (age >= 2 * YEAR_MS && age < 4 * YEAR_MS) groups.push("Inactive2To4Years");
    if (age >= 4 * YEAR_MS && age < 6 * YEAR_MS) groups.push("Inactive4To6Years");
    if (age >= 4 * YEAR_MS) groups.push("Inactive4Years");
  }
  const cart = facts.cart;
  if (
    cart &&
    cart.itemCount > 0 &&
    cart.updatedAt &&
    facts.now.getTime() - cart.updatedAt.getTime() >= ABANDONED_CART_AFTER_MS
  ) {
    groups.push("AbandonedCart");
  }
  if (facts.hasInsuranceOrder || cart?.hasInsuranceBenefit) groups.push("Insurance_Customer");
  return groups;
}

/** Spec 1 §4.4: any URL parameter value starting with '8.' adds the affiliate customer group. */
export function hasAffiliateValue(query: URLSearchParams): boolean {
  for (const value of query.values()) if (value.trim().startsWith(AFFILIATE_CODE_PREFIX)) return true;
  return false;
}

/** Adds and removes visitor groups; unknown names are ignored, and the result is in a stable order. */
export function changeVisitorGroups(
  current: readonly string[],
  add: readonly string[] = [],
  remove: readonly string[] = [],
): VisitorGroup[] {
  const kept = new Set(current.filter(isVisitorGroup));
  for (const group of add) if (isVisitorGroup(group)) kept.add(group);
  for (const group of remove) kept.delete(group as VisitorGroup);
  return VISITOR_GROUPS.filter((group) => kept.has(group));
}

/** Every group of the visit: the derived ones first, then the visit's own (its campaigns' too), each once. */
export function allGroups(derived: readonly CustomerGroup[], visitor: readonly CustomerGroup[]): CustomerGroup[] {
  return [...new Set<CustomerGroup>([...derived, ...visitor])];
}
