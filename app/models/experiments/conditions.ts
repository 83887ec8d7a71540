import type { Condition } from "./conditions-schema";
import type { ExperimentFacts } from "./facts";
import type { VariantName } from "./names";

/** What a condition says about a visitor. */
export interface ConditionResult {
  holds: boolean;
  /** Set by `primary_with_alternate` when only its alternate holds: the visitor goes to this variation. */
  forced: VariantName | null;
}

/** Another campaign's variation, as already assigned (`undefined`: no variation; `null`: no such campaign). */
export type AssignedLookup = (campaignId: string) => VariantName | undefined | null;

const HOLDS: ConditionResult = { holds: true, forced: null };
const FAILS: ConditionResult = { holds: false, forced: null };
const of = (holds: boolean): ConditionResult => (holds ? HOLDS : FAILS);

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Evaluates one condition. Codes (affiliate, referral branding, customer groups) compare without regard to case, as
 * the visit's query string may spell them either way.
 */
export function evaluateCondition(
  condition: Condition,
  facts: ExperimentFacts,
  assigned: AssignedLookup,
): ConditionResult {
  switch (condition.type) {
    case "affiliate_code": {
      const code = facts.affiliateCode;
      if (!code) return FAILS;
      const lower = code.toLowerCase();
      return of(
        (condition.codes ?? []).some((candidate) => same(candidate, code)) ||
          (condition.prefixes ?? []).some((prefix) => lower.startsWith(prefix.toLowerCase())),
      );
    }
    case "referral_branding": {
      const code = facts.referralBrandingCode;
      return of(code !== null && condition.codes.some((candidate) => same(candidate, code)));
    }
    case "customer_group":
      return of(condition.groups.some((group) => facts.customerGroups.some((own) => same(own, group))));
    case "authentication_status":
      return of(facts.signedIn === (condition.status === "signed_in"));
    case "required_campaign": {
      const variation = assigned(condition.campaign_id);
      return of(variation !== null && variation !== undefined && condition.variations.includes(variation));
    }
    case "device_type":
      return of(facts.isMobile === (condition.device === "mobile"));
    case "traffic_channel":
      return of(
        facts.trafficChannel !== null && (condition.channels as readonly string[]).includes(facts.trafficChannel),
      );
    case "exclude_environment":
      return of(!condition.environments.includes(facts.environment));
    case "unauthenticated_returning_customer":
      // Signed out, but the browser has signed in or ordered before: a customer we do not know yet on this visit.
      return of(!facts.signedIn && (facts.hasPreviousSignIn || facts.hasPreviousOrder));
    case "previous_shipped_customer":
      return of(facts.hasPreviousShippedOrder);
    case "previous_sign_in_customer":
      return of(facts.hasPreviousSignIn);
    case "previous_order_customer":
      return of(facts.hasPreviousOrder);
    case "exam_price": {
      const cents = facts.examPriceCents;
      if (cents === null) return FAILS;
      return of(
        (condition.min_cents === undefined || cents >= condition.min_cents) &&
          (condition.max_cents === undefined || cents <= condition.max_cents),
      );
    }
    case "not":
      // A forced variation inside a negation means nothing: only whether it holds is kept.
      return of(!evaluateCondition(condition.condition, facts, assigned).holds);
    case "or": {
      for (const inner of condition.conditions) {
        const result = evaluateCondition(inner, facts, assigned);
        if (result.holds) return result;
      }
      return FAILS;
    }
    case "primary_with_alternate": {
      // Decision 0058: the primary audience takes part as the ratios say; a visitor outside it who matches the
      // alternate is still eligible, and goes straight to the alternate's variation (paid-social referral branding
      // → path A of the paid-search discount).
      const primary = evaluateCondition(condition.primary, facts, assigned);
      if (primary.holds) return primary;
      const alternate = evaluateCondition(condition.alternate, facts, assigned);
      return alternate.holds ? { holds: true, forced: condition.alternate_variation } : FAILS;
    }
  }
}

/** All of a campaign's conditions together: every one must hold; the first forced variation wins. */
export function evaluateConditions(
  conditions: readonly Condition[],
  facts: ExperimentFacts,
  assigned: AssignedLookup,
): ConditionResult {
  let forced: VariantName | null = null;
  for (const condition of conditions) {
    const result = evaluateCondition(condition, facts, assigned);
    if (!result.holds) return FAILS;
    forced ??= result.forced;
  }
  return { holds: true, forced };
}

/** The campaigns a campaign's conditions read (required_campaign), at any depth. */
export function requiredCampaigns(conditions: readonly Condition[]): string[] {
  const found = new Set<string>();
  const visit = (condition: Condition) => {
    if (condition.type === "required_campaign") found.add(condition.campaign_id);
    else if (condition.type === "not") visit(condition.condition);
    else if (condition.type === "or") condition.conditions.forEach(visit);
    else if (condition.type === "primary_with_alternate") {
      visit(condition.primary);
      visit(condition.alternate);
    }
  };
  conditions.forEach(visit);
  return [...found];
}
