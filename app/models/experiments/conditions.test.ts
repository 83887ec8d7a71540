import { describe, expect, it } from "vitest";
import { evaluateCondition, evaluateConditions, requiredCampaigns, type AssignedLookup } from "./conditions";
import { conditionSchema, type Condition } from "./conditions-schema";
import { facts } from "./test-helpers";

const none: AssignedLookup = () => undefined;
const holds = (condition: Condition, change = {}, assigned: AssignedLookup = none) =>
  evaluateCondition(conditionSchema.parse(condition), facts(change), assigned).holds;

describe("experiment conditions (spec 3 §3)", () => {
  it("affiliate_code: exact codes (any case) or prefixes; no code never matches", () => {
    const condition: Condition = { type: "affiliate_code", codes: ["PS.lenslane-search"] };
    expect(holds(condition, { affiliateCode: "PS.lenslane-search" })).toBe(true);
    expect(holds(condition, { affiliateCode: "ps.LENSLANE-search" })).toBe(true);
    expect(holds(condition, { affiliateCode: "PS.other" })).toBe(false);
    expect(holds(condition, { affiliateCode: null })).toBe(false);
    expect(holds({ type: "affiliate_code", prefixes: ["8."] }, { affiliateCode: "8.12345" })).toBe(true);
    expect(holds({ type: "affiliate_code", prefixes: ["8."] }, { affiliateCode: "7.12345" })).toBe(false);
  });

  it("referral_branding reads rb", () => {
    const condition: Condition = { type: "referral_branding", codes: ["paid-social"] };
    expect(holds(condition, { referralBrandingCode: "paid-social" })).toBe(true);
    expect(holds(condition, { referralBrandingCode: "other" })).toBe(false);
    expect(holds(condition)).toBe(false);
  });

  it("customer_group: any of the groups", () => {
    const condition: Condition = { type: "customer_group", groups: ["NewCustomer", "Lead"] };
    expect(holds(condition, { customerGroups: ["Lead"] })).toBe(true);
    expect(holds(condition, { customerGroups: ["ReturningCustomer"] })).toBe(false);
  });

  it("authentication_status and device_type", () => {
    expect(holds({ type: "authentication_status", status: "signed_in" }, { signedIn: true })).toBe(true);
    expect(holds({ type: "authentication_status", status: "signed_in" }, { signedIn: false })).toBe(false);
    expect(holds({ type: "authentication_status", status: "signed_out" }, { signedIn: false })).toBe(true);
    expect(holds({ type: "device_type", device: "mobile" }, { isMobile: true })).toBe(true);
    expect(holds({ type: "device_type", device: "desktop" }, { isMobile: true })).toBe(false);
  });

  it("traffic_channel: one of the spec's channels", () => {
    const condition: Condition = { type: "traffic_channel", channels: ["SearchBrand", "Seo"] };
    expect(holds(condition, { trafficChannel: "Seo" })).toBe(true);
    expect(holds(condition, { trafficChannel: "Direct" })).toBe(false);
    expect(holds(condition, { trafficChannel: null })).toBe(false);
    expect(conditionSchema.safeParse({ type: "traffic_channel", channels: ["Search"] }).success).toBe(false);
  });

  it("exclude_environment holds everywhere but the listed environments", () => {
    const condition: Condition = { type: "exclude_environment", environments: ["PRODUCTION"] };
    expect(holds(condition, { environment: "PRODUCTION" })).toBe(false);
    expect(holds(condition, { environment: "STAGING" })).toBe(true);
    expect(holds(condition, { environment: "BUTTER" })).toBe(true);
  });

  it("the customer-history conditions", () => {
    const returning: Condition = { type: "unauthenticated_returning_customer" };
    expect(holds(returning, { signedIn: false, hasPreviousSignIn: true })).toBe(true);
    expect(holds(returning, { signedIn: false, hasPreviousOrder: true })).toBe(true);
    expect(holds(returning, { signedIn: true, hasPreviousSignIn: true })).toBe(false);
    expect(holds(returning, { signedIn: false })).toBe(false);
    expect(holds({ type: "previous_shipped_customer" }, { hasPreviousShippedOrder: true })).toBe(true);
    expect(holds({ type: "previous_shipped_customer" }, { hasPreviousOrder: true })).toBe(false);
    expect(holds({ type: "previous_sign_in_customer" }, { hasPreviousSignIn: true })).toBe(true);
    expect(holds({ type: "previous_sign_in_customer" })).toBe(false);
    expect(holds({ type: "previous_order_customer" }, { hasPreviousOrder: true })).toBe(true);
    expect(holds({ type: "previous_order_customer" })).toBe(false);
  });

  it("exam_price: within the bounds, never without a price", () => {
    const condition: Condition = { type: "exam_price", min_cents: 1500, max_cents: 2000 };
    expect(holds(condition, { examPriceCents: 2000 })).toBe(true);
    expect(holds(condition, { examPriceCents: 1500 })).toBe(true);
    expect(holds(condition, { examPriceCents: 2001 })).toBe(false);
    expect(holds(condition, { examPriceCents: null })).toBe(false);
    expect(conditionSchema.safeParse({ type: "exam_price" }).success).toBe(false);
  });

  it("required_campaign reads another campaign's variation", () => {
    const condition: Condition = { type: "required_campaign", campaign_id: "price-books", variations: ["A", "B"] };
    expect(holds(condition, {}, () => "A")).toBe(true);
    expect(holds(condition, {}, () => "default")).toBe(false);
    expect(holds(condition, {}, () => undefined)).toBe(false);
    expect(holds(condition, {}, () => null)).toBe(false);
  });

  it("not and or", () => {
    expect(holds({ type: "not", condition: { type: "previous_order_customer" } })).toBe(true);
    expect(holds({ type: "not", condition: { type: "previous_order_customer" } }, { hasPreviousOrder: true })).toBe(
      false,
    );
    const either: Condition = {
      type: "or",
      conditions: [{ type: "previous_shipped_customer" }, { type: "affiliate_code", codes: ["PS.x"] }],
    };
    expect(holds(either, { affiliateCode: "PS.x" })).toBe(true);
    expect(holds(either, { hasPreviousShippedOrder: true })).toBe(true);
    expect(holds(either)).toBe(false);
  });

  it("primary_with_alternate: the primary audience is eligible; the alternate goes to its variation", () => {
    const condition = conditionSchema.parse({
      type: "primary_with_alternate",
      primary: { type: "traffic_channel", channels: ["SearchNonBrand"] },
      alternate: { type: "referral_branding", codes: ["paid-social"] },
      alternate_variation: "A",
    });
    expect(evaluateCondition(condition, facts({ trafficChannel: "SearchNonBrand" }), none)).toEqual({
      holds: true,
      forced: null,
    });
    expect(evaluateCondition(condition, facts({ referralBrandingCode: "paid-social" }), none)).toEqual({
      holds: true,
      forced: "A",
    });
    expect(evaluateCondition(condition, facts(), none)).toEqual({ holds: false, forced: null });
    // Inside a negation only whether it holds counts.
    expect(evaluateCondition({ type: "not", condition }, facts({ referralBrandingCode: "other" }), none)).toEqual({
      holds: true,
      forced: null,
    });
  });

  it("every condition of a campaign must hold", () => {
    const both: Condition[] = [{ type: "previous_order_customer" }, { type: "device_type", device: "mobile" }];
    expect(evaluateConditions(both, facts({ hasPreviousOrder: true, isMobile: true }), none).holds).toBe(true);
    expect(evaluateConditions(both, facts({ hasPreviousOrder: true }), none).holds).toBe(false);
    expect(evaluateConditions([], facts(), none).holds).toBe(true);
  });

  it("finds required campaigns at any depth", () => {
    const nested: Condition[] = [
      { type: "not", condition: { type: "required_campaign", campaign_id: "a", variations: ["A"] } },
      {
        type: "or",
        conditions: [
          { type: "required_campaign", campaign_id: "b", variations: ["A"] },
          {
            type: "primary_with_alternate",
            primary: { type: "required_campaign", campaign_id: "c", variations: ["A"] },
            alternate: { type: "previous_order_customer" },
            alternate_variation: "A",
          },
        ],
      },
    ];
    expect(requiredCampaigns(nested).sort()).toEqual(["a", "b", "c"]);
  });
});
