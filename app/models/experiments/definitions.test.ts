import { describe, expect, it } from "vitest";
import { campaignSchema, contentActionSchema, definitionFromCampaign } from "./definitions";

const base = {
  id: "price-books",
  description: "Price books",
  status: "running",
  variations: [{ id: "default", ratio: 1 }],
};

describe("campaigns as the content system holds them", () => {
  it("fills the defaults and maps to the engine's definition", () => {
    const campaign = campaignSchema.parse(base);
    expect(definitionFromCampaign(campaign)).toEqual({
      id: "price-books",
      description: "Price books",
      status: "running",
      variations: [{ id: "default", ratio: 1, actions: [] }],
      conditions: [],
      assignmentStrategy: { type: "random", algorithm: "fnv1a32" },
      useExcludedVariation: false,
      cachePreference: "page",
    });
  });

  it("refuses what the engine could not run", () => {
    const refused = [
      { ...base, id: "Price Books" },
      { ...base, status: "live" },
      { ...base, variations: [] },
      { ...base, variations: [{ id: "excluded", ratio: 1 }] },
      { ...base, variations: [{ id: "M", ratio: 1 }] },
      { ...base, variations: [{ id: "A", ratio: -1 }] },
      { ...base, conditions: [{ type: "weather" }] },
    ];
    for (const campaign of refused)
      expect(campaignSchema.safeParse(campaign).success, JSON.stringify(campaign)).toBe(false);
  });

  it("takes each content action of the spec, and refuses bad ones", () => {
    const good = [
      { type: "redirect", url: "/order-contacts/all-in-one-vision-care", keep_query: ["ac"], from: "/" },
      { type: "override_exam_price", cents: 1500 },
      { type: "override_exam_complete_experience", experience: "brand-choice" },
      { type: "insurance_provider", provider: "storefront-platform" },
      { type: "partner_site", site: "glasses" },
      { type: "price_book", price_book: "high" },
      { type: "customer_group", group: "RebateA_1123" },
    ];
    for (const action of good) expect(contentActionSchema.parse(action)).toMatchObject(action);
    expect(contentActionSchema.parse({ type: "redirect", url: "/x" })).toEqual({
      type: "redirect",
      url: "/x",
      keep_query: [],
    });
    const bad = [
      { type: "redirect", url: "//evil.example/x" },
      { type: "redirect", url: "https://evil.example/x" },
      { type: "override_exam_price", cents: 12.5 },
      { type: "override_exam_price", cents: -1 },
      { type: "price_book", price_book: "medium" },
      { type: "launch_rockets" },
    ];
    for (const action of bad) expect(contentActionSchema.safeParse(action).success, JSON.stringify(action)).toBe(false);
  });
});
