import { describe, expect, it } from "vitest";
import type { ExperimentDefinition } from "./definitions";
import { assignCampaigns, assignmentKey, inCampaign } from "./engine";
import { definition, facts, seededVisitorIds } from "./test-helpers";

const codes = (result: { problems: Array<{ code: number }> }) => result.problems.map((problem) => problem.code);

describe("assignCampaigns", () => {
  it("gives a visitor the same variation every time, and different visitors different ones", () => {
    const definitions = [definition("price-books")];
    const first = assignCampaigns(definitions, facts({ visitorId: "v-1" }));
    expect(assignCampaigns(definitions, facts({ visitorId: "v-1" }))).toEqual(first);
    const seen = new Set(
      seededVisitorIds(50).map(
        (visitorId) => assignCampaigns(definitions, facts({ visitorId })).variations["price-books"],
      ),
    );
    expect([...seen].sort()).toEqual(["A", "default"]);
  });

  it("returns the actions of the visitor's variations, in the definitions' order", () => {
    const definitions = [
      definition("price-books", {}, [{ id: "B", ratio: 1, actions: [{ type: "price_book", price_book: "low" }] }]),
      definition("exam-price", {}, [
        {
          id: "A",
          ratio: 1,
          actions: [
            { type: "override_exam_price", cents: 1500 },
            { type: "override_exam_complete_experience", experience: "brand-choice" },
          ],
        },
      ]),
    ];
    const result = assignCampaigns(definitions, facts());
    expect(result.variations).toEqual({ "price-books": "B", "exam-price": "A" });
    expect(result.actions).toEqual([
      { type: "price_book", price_book: "low" },
      { type: "override_exam_price", cents: 1500 },
      { type: "override_exam_complete_experience", experience: "brand-choice" },
    ]);
    expect(result.problems).toEqual([]);
  });

  it("gives ineligible visitors the excluded variation when allowed, else no variation", () => {
    const conditions = [{ type: "previous_shipped_customer" as const }];
    const withExcluded = definition("home-split", { conditions, supports_excluded: true });
    const without = definition("brand-split", { conditions });
    const outside = assignCampaigns([withExcluded, without], facts());
    expect(outside.variations).toEqual({ "home-split": "excluded" });
    expect(outside.actions).toEqual([]);
    const inside = assignCampaigns([withExcluded, without], facts({ hasPreviousShippedOrder: true }));
    expect(Object.keys(inside.variations).sort()).toEqual(["brand-split", "home-split"]);
  });

  it("sends a primary_with_alternate alternate straight to its variation, whatever the ratios", () => {
    const paidSearch = definition(
      "paid-search-new-customer-discount",
      {
        conditions: [
          {
            type: "primary_with_alternate",
            primary: { type: "traffic_channel", channels: ["SearchNonBrand"] },
            alternate: { type: "referral_branding", codes: ["paid-social"] },
            alternate_variation: "A",
          },
        ],
      },
      [
        { id: "default", ratio: 1, actions: [] },
        { id: "A", ratio: 0, actions: [] },
      ],
    );
    const assign = (change: Parameters<typeof facts>[0]) => assignCampaigns([paidSearch], facts(change)).variations;
    expect(assign({ trafficChannel: "SearchNonBrand" })).toEqual({ "paid-search-new-customer-discount": "default" });
    expect(assign({ referralBrandingCode: "paid-social" })).toEqual({ "paid-search-new-customer-discount": "A" });
    expect(assign({})).toEqual({});
  });

  it("leaves paused and manual campaigns unassigned unless overridden", () => {
    const paused = definition("price-books", { status: "paused" });
    const manual = definition("calibration", {
      options: { assignment: "manual", algorithm: "fnv1a32", cache_preferences: "none" },
    });
    expect(assignCampaigns([paused, manual], facts()).variations).toEqual({});
    const overridden = assignCampaigns([paused, manual], facts(), {
      overrides: { "price-books": "A", calibration: "A" },
    });
    expect(overridden.variations).toEqual({ "price-books": "A", calibration: "A" });
  });

  it("evaluates required campaigns first, whatever the listed order", () => {
    const dependent = definition("rebate-pricing", {
      conditions: [{ type: "required_campaign", campaign_id: "price-books", variations: ["A"] }],
    });
    const priceBooks = definition("price-books", {}, [{ id: "A", ratio: 1, actions: [] }]);
    expect(assignCampaigns([dependent, priceBooks], facts()).variations).toEqual({
      "price-books": "A",
      "rebate-pricing": expect.any(String),
    });
    const notA = assignCampaigns([dependent, priceBooks], facts(), { overrides: { "price-books": "default" } });
    expect(codes(notA)).toEqual([9]); // price-books offers no default here: the override is refused
  });
});

describe("overrides", () => {
  const definitions = [definition("price-books"), definition("home-split", { supports_excluded: true })];

  it("win outside production, conditions and ratios aside", () => {
    for (const environment of ["DEVELOPMENT", "STAGING", "BUTTER"] as const) {
      const result = assignCampaigns(definitions, facts({ environment }), { overrides: { "home-split": "excluded" } });
      expect(result.variations["home-split"]).toBe("excluded");
      expect(result.problems).toEqual([]);
    }
  });

  it("are refused in PRODUCTION (code 9, a warning)", () => {
    const honest = assignCampaigns(definitions, facts({ environment: "PRODUCTION" }));
    const result = assignCampaigns(definitions, facts({ environment: "PRODUCTION" }), {
      overrides: { "price-books": honest.variations["price-books"] === "A" ? "default" : "A" },
    });
    expect(result.variations).toEqual(honest.variations);
    expect(result.problems).toMatchObject([{ code: 9, reportedCode: 10009, severity: "warning" }]);
  });

  it("naming no experiment is a warning (code 7); a variation it does not offer, code 9", () => {
    const result = assignCampaigns(definitions, facts(), { overrides: { nope: "A", "price-books": "K" } });
    expect(result.problems).toMatchObject([
      { code: 7, reportedCode: 10007, severity: "warning", experimentId: "nope" },
      { code: 9, severity: "warning", experimentId: "price-books" },
    ]);
    expect(Object.keys(result.variations).sort()).toEqual(["home-split", "price-books"]);
    // excluded only where the campaign supports it
    expect(codes(assignCampaigns(definitions, facts(), { overrides: { "price-books": "excluded" } }))).toEqual([9]);
  });
});

describe("configuration codes (spec 3 §8, offset 10000)", () => {
  it("1: an invalid definition is skipped", () => {
    const twice = definition("twice", {}, [
      { id: "A", ratio: 1, actions: [] },
      { id: "A", ratio: 1, actions: [] },
    ]);
    const negative: ExperimentDefinition = {
      ...definition("negative"),
      variations: [{ id: "A", ratio: -1, actions: [] }],
    };
    const alternateNowhere = definition("alternate", {
      conditions: [
        {
          type: "primary_with_alternate",
          primary: { type: "previous_order_customer" },
          alternate: { type: "previous_sign_in_customer" },
          alternate_variation: "C",
        },
      ],
    });
    const result = assignCampaigns([twice, negative, alternateNowhere], facts());
    expect(result.problems).toMatchObject([
      { code: 1, reportedCode: 10001, severity: "error", experimentId: "twice" },
      { code: 1, experimentId: "negative" },
      { code: 1, experimentId: "alternate" },
    ]);
    expect(result.variations).toEqual({});
  });

  it("3: campaigns that require each other are refused, and so is one that requires them", () => {
    const a = definition("a", { conditions: [{ type: "required_campaign", campaign_id: "b", variations: ["A"] }] });
    const b = definition("b", { conditions: [{ type: "required_campaign", campaign_id: "a", variations: ["A"] }] });
    const c = definition("c", { conditions: [{ type: "required_campaign", campaign_id: "a", variations: ["A"] }] });
    const free = definition("free");
    const result = assignCampaigns([a, b, c, free], facts());
    expect(codes(result)).toEqual([3, 3, 3]);
    expect(result.problems.map((problem) => problem.experimentId).sort()).toEqual(["a", "b", "c"]);
    expect(Object.keys(result.variations)).toEqual(["free"]);
  });

  it("4: an unsupported random-assign method", () => {
    const odd = definition("odd", { options: { assignment: "random", algorithm: "md5", cache_preferences: "page" } });
    const result = assignCampaigns([odd], facts());
    expect(result.problems).toMatchObject([{ code: 4, reportedCode: 10004, severity: "error" }]);
    expect(result.variations).toEqual({});
  });

  it("5: 'No variation chosen' when every ratio is 0", () => {
    const zero = definition("zero", {}, [
      { id: "default", ratio: 0, actions: [] },
      { id: "A", ratio: 0, actions: [] },
    ]);
    const result = assignCampaigns([zero], facts());
    expect(result.problems).toMatchObject([{ code: 5, reportedCode: 10005, severity: "error" }]);
    expect(result.problems[0]!.message).toContain("No variation chosen");
    expect(result.variations).toEqual({});
  });

  it("6: a required campaign with no definition (the condition fails)", () => {
    const lonely = definition("lonely", {
      supports_excluded: true,
      conditions: [{ type: "required_campaign", campaign_id: "missing", variations: ["A"] }],
    });
    const result = assignCampaigns([lonely], facts());
    expect(result.problems).toMatchObject([{ code: 6, reportedCode: 10006, experimentId: "lonely" }]);
    expect(result.variations).toEqual({ lonely: "excluded" });
  });

  it("10: no visitor id, nothing randomly assigned (overrides still apply)", () => {
    const result = assignCampaigns([definition("x"), definition("y")], facts({ visitorId: "" }), {
      overrides: { y: "A" },
    });
    expect(codes(result)).toEqual([10]);
    expect(result.variations).toEqual({ y: "A" });
  });

  it("11: a second definition of the same id is a warning; the first is used", () => {
    const first = definition("dup", {}, [{ id: "A", ratio: 1, actions: [] }]);
    const second = definition("dup", {}, [{ id: "B", ratio: 1, actions: [] }]);
    const result = assignCampaigns([first, second], facts());
    expect(result.problems).toMatchObject([{ code: 11, reportedCode: 10011, severity: "warning" }]);
    expect(result.variations).toEqual({ dup: "A" });
  });

  it("12: no definitions at all", () => {
    const result = assignCampaigns([], facts());
    expect(result.problems).toMatchObject([{ code: 12, reportedCode: 10012, severity: "warning" }]);
    expect(result).toMatchObject({ variations: {}, actions: [] });
  });
});

describe("assignmentKey", () => {
  it("is short, stable and independent of order", () => {
    const key = assignmentKey({ "price-books": "A", "home-split": "B" });
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(assignmentKey({ "home-split": "B", "price-books": "A" })).toBe(key);
    expect(assignmentKey({ "home-split": "C", "price-books": "A" })).not.toBe(key);
    expect(assignmentKey({})).toBe("");
  });

  it("leaves out campaigns that change no cached page", () => {
    const calibration = definition("calibration", {
      options: { assignment: "random", algorithm: "fnv1a32", cache_preferences: "none" },
    });
    expect(assignmentKey({ calibration: "A", "price-books": "A" }, [calibration])).toBe(
      assignmentKey({ "price-books": "A" }),
    );
  });
});

describe("inCampaign (a menu link's required_campaign)", () => {
  it("is true for an assigned variation, false when excluded or unassigned", () => {
    const variations = { "home-split": "B", "brand-split": "excluded" } as const;
    expect(inCampaign(variations, "home-split")).toBe(true);
    expect(inCampaign(variations, "brand-split")).toBe(false);
    expect(inCampaign(variations, "price-books")).toBe(false);
  });
});
