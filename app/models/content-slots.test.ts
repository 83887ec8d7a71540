import { describe, expect, it } from "vitest";
import {
  chooseSlotContent,
  CONTENT_DECISION_TIMEOUT_MS,
  DEFAULT_CONTENT_CONTEXT,
  promotionsForVisitor,
  SLOT_READY_TIMEOUT_MS,
  slotConfigSchema,
  slotContentSchema,
  slotCustomerGroups,
  slotsOfExperience,
  type SlotAudience,
} from "./content-slots";

const config = slotConfigSchema.parse({
  campaign_id: "home-offer",
  configs: [
    { content_id: "cyber-week", customer_groups: ["NewCustomer"], promotion_ids: [17] },
    {
      content_id: "trial",
      promotion_ids: [13],
      variations: [
        { variation_id: "A", content_id: "trial-price" },
        { variation_id: "B", content_id: "" },
      ],
    },
    { content_id: "lead", customer_groups: ["Lead"] },
    { content_id: "welcome-back", customer_groups: ["ReturningCustomer"], customer_group_override: true },
    { content_id: "returning-auto-reorder", customer_groups: ["ReturningCustomer"], promotion_ids: [20] },
    { content_id: "free-shipping", is_default: true },
  ],
});

const audience = (over: Partial<SlotAudience> = {}): SlotAudience => ({
  customerGroups: ["NewCustomer"],
  activePromotionIds: [],
  variations: {},
  ...over,
});

describe("chooseSlotContent", () => {
  it("picks content by promotion, needing every condition a choice names", () => {
    expect(chooseSlotContent(config, audience({ activePromotionIds: [17, 13] })).contentId).toBe("cyber-week");
    // Promotion 17 runs, but the cyber-week choice is also for new customers only.
    const returning = audience({ customerGroups: ["ReturningCustomer"], activePromotionIds: [17] });
    expect(chooseSlotContent(config, returning).contentId).toBe("welcome-back");
    expect(chooseSlotContent(config, audience({ activePromotionIds: [13] })).contentId).toBe("trial");
  });

  it("picks content by customer group when no promotion content matches", () => {
    expect(chooseSlotContent(config, audience({ customerGroups: ["NewCustomer", "Lead"] })).contentId).toBe("lead");
  });

  it("ranks promotion content above group content, and a customer-group override above both", () => {
    const lead = audience({ customerGroups: ["NewCustomer", "Lead"], activePromotionIds: [13] });
    expect(chooseSlotContent(config, lead).contentId).toBe("trial");
    // The returning customer matches returning-auto-reorder (group and promotion) but welcome-back overrides it.
    const returning = audience({ customerGroups: ["ReturningCustomer"], activePromotionIds: [20] });
    expect(chooseSlotContent(config, returning)).toEqual({
      contentId: "welcome-back",
      isDefault: false,
      variationId: null,
    });
    const withoutOverride = slotConfigSchema.parse({
      configs: config.configs.map((choice) => ({ ...choice, customer_group_override: false })),
    });
    expect(chooseSlotContent(withoutOverride, returning).contentId).toBe("returning-auto-reorder");
  });

  it("swaps in the visitor's variation of the slot's campaign", () => {
    const trial = { activePromotionIds: [13] };
    expect(chooseSlotContent(config, audience({ ...trial, variations: { "home-offer": "A" } }))).toEqual({
      contentId: "trial-price",
      isDefault: false,
      variationId: "A",
    });
    // A variant the choice has no content for, or another campaign's variant: the choice's own content.
    expect(chooseSlotContent(config, audience({ ...trial, variations: { "home-offer": "C" } })).contentId).toBe(
      "trial",
    );
    expect(chooseSlotContent(config, audience({ ...trial, variations: { other: "A" } })).contentId).toBe("trial");
  });

  it("falls back to the default content on a blank decision", () => {
    expect(chooseSlotContent(config, audience())).toEqual({
      contentId: "free-shipping",
      isDefault: true,
      variationId: null,
    });
    // A variation whose content id is blank.
    const blank = audience({ activePromotionIds: [13], variations: { "home-offer": "B" } });
    expect(chooseSlotContent(config, blank)).toEqual({
      contentId: "free-shipping",
      isDefault: true,
      variationId: null,
    });
    // No config at all (missing or invalid): no decision, the built-in default.
    expect(chooseSlotContent(null, audience())).toEqual({ contentId: null, isDefault: true, variationId: null });
    const noDefault = slotConfigSchema.parse({ configs: [{ content_id: "lead", customer_groups: ["Lead"] }] });
    expect(chooseSlotContent(noDefault, audience()).contentId).toBeNull();
  });

  it("validates configs: the spec's fields, known customer groups, one default at most", () => {
    expect(slotConfigSchema.safeParse({ configs: [{ content_id: "a", customer_groups: ["Nobody"] }] }).success).toBe(
      false,
    );
    expect(
      slotConfigSchema.safeParse({ configs: [{ content_id: "../etc/passwd" }] }).success,
      "a content id names a file",
    ).toBe(false);
    const twoDefaults = {
      configs: [
        { content_id: "a", is_default: true },
        { content_id: "b", is_default: true },
      ],
    };
    expect(slotConfigSchema.safeParse(twoDefaults).success).toBe(false);
    expect(slotConfigSchema.safeParse({ configs: [] }).success).toBe(false);
    expect(slotContentSchema.safeParse({ heading: "Hi", cta: { label: "Go", href: "https://x.test" } }).success).toBe(
      false,
    );
  });
});

describe("the visitor's promotions and groups", () => {
  const promotion = (id: number, conditions: object) => ({ id, conditions });
  it("keeps running promotions whose shopper conditions hold", () => {
    const running = [
      promotion(13, { customerGroups: ["NewCustomer"] }),
      promotion(20, {}),
      promotion(30, { priceBooks: ["high"] }),
    ];
    const ids = (groups: string[], priceBook: "none" | "high") =>
      promotionsForVisitor(running, { customerGroups: groups, priceBook }).map((found) => found.id);
    expect(ids(["NewCustomer"], "none")).toEqual([13, 20]);
    expect(ids(["ReturningCustomer"], "high")).toEqual([20, 30]);
  });

  it("trusts the store's new or returning over a client's, keeps other known groups and reads NI and RI", () => {
    expect(slotCustomerGroups(["ReturningCustomer"], { signedIn: true, customerGroups: ["NI", "Lead"] })).toEqual([
      "ReturningCustomer",
      "Lead",
    ]);
    expect(slotCustomerGroups(["NewCustomer"], { signedIn: true, hasPreviousOrder: true })).toEqual(["NewCustomer"]);
    // Signed out, a client that has ordered before is a returning customer; unknown names are dropped.
    expect(
      slotCustomerGroups(["NewCustomer"], { signedIn: false, hasPreviousOrder: true, customerGroups: ["RI", "Nope"] }),
    ).toEqual(["ReturningCustomer"]);
  });
});

describe("experiences and constants", () => {
  it("lists each experience's slots; the default context is dlp", () => {
    expect(DEFAULT_CONTENT_CONTEXT).toBe("dlp");
    expect(slotsOfExperience("home")).toEqual(["home-offer"]);
    expect(slotsOfExperience("cart")).toEqual(["cart-banner"]);
    expect(slotsOfExperience("dlp")).toEqual(["home-offer"]);
    expect(slotsOfExperience("nowhere")).toEqual([]);
    expect(slotsOfExperience("toString")).toEqual([]);
  });

  it("has spec 9's timeouts", () => {
    expect(SLOT_READY_TIMEOUT_MS).toBe(3000);
    expect(CONTENT_DECISION_TIMEOUT_MS).toBe(3000);
  });
});
