import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { examCompleteExperienceOf, isExamCompleteExperience } from "./exam-complete-experience";
import {
  campaignOfAction,
  EXAM_MIN_PRICE_CENTS,
  EXAM_STANDARD_PRICE_CENTS,
  examPriceOverride,
  overrideQuote,
  priceAsShown,
  standardQuote,
} from "./exam-price";
import { definitionFromCampaign, experimentsContentSchema, type ContentAction } from "./experiments/definitions";
import { assignCampaigns } from "./experiments/engine";
import { definition, facts } from "./experiments/test-helpers";

describe("the exam's price for a visitor (decision 64)", () => {
  it("is the spec's $20 as the standard price the exam_price condition reads", () => {
    expect(EXAM_STANDARD_PRICE_CENTS).toBe(2000);
  });

  it("takes the first override among the visitor's actions, and refuses one no card can be charged", () => {
    const actions: ContentAction[] = [
      { type: "price_book", price_book: "high" },
      { type: "override_exam_price", cents: 1500 },
      { type: "override_exam_price", cents: 2500 },
    ];
    expect(examPriceOverride(actions)).toEqual({ cents: 1500 });
    expect(examPriceOverride([{ type: "price_book", price_book: "low" }])).toBeNull();
    expect(examPriceOverride([])).toBeNull();
    expect(examPriceOverride([{ type: "override_exam_price", cents: 0 }])).toEqual({ refused: 0 });
    expect(examPriceOverride([{ type: "override_exam_price", cents: EXAM_MIN_PRICE_CENTS - 1 }])).toEqual({
      refused: EXAM_MIN_PRICE_CENTS - 1,
    });
    expect(examPriceOverride([{ type: "override_exam_price", cents: EXAM_MIN_PRICE_CENTS }])).toEqual({
      cents: EXAM_MIN_PRICE_CENTS,
    });
  });

  it("an override is the price and the original price alike; the provider's is turned into cents", () => {
    expect(overrideQuote({ cents: 2500, campaign: "exam-price:B" })).toEqual({
      priceCents: 2500,
      originalPriceCents: 2500,
      overridden: true,
      campaign: "exam-price:B",
    });
    expect(standardQuote({ price: 19.99, originalPrice: 25 })).toEqual({
      priceCents: 1999,
      originalPriceCents: 2500,
      overridden: false,
      campaign: null,
    });
  });

  it("names the campaign variation an override came from: the first in the content that carries it", () => {
    const price = (cents: number): ContentAction => ({ type: "override_exam_price", cents });
    const definitions = [
      definition("other", {}, [
        { id: "default", ratio: 1, actions: [] },
        { id: "A", ratio: 1, actions: [price(900)] },
      ]),
      definition("exam-price", {}, [
        { id: "default", ratio: 1, actions: [] },
        { id: "A", ratio: 1, actions: [price(1500)] },
        { id: "B", ratio: 1, actions: [price(2500)] },
      ]),
    ];
    const is = (cents: number) => (action: ContentAction) =>
      action.type === "override_exam_price" && action.cents === cents;
    expect(campaignOfAction(definitions, { other: "default", "exam-price": "B" }, is(2500))).toBe("exam-price:B");
    expect(campaignOfAction(definitions, { other: "A", "exam-price": "A" }, is(1500))).toBe("exam-price:A");
    expect(campaignOfAction(definitions, { other: "A", "exam-price": "A" }, is(900))).toBe("other:A");
    // The content changed since the visitor's variations were worked out: nobody carries it.
    expect(campaignOfAction(definitions, { "exam-price": "default" }, is(1500))).toBeNull();
    expect(campaignOfAction(definitions, { "exam-price": "excluded" }, is(1500))).toBeNull();
  });

  it("charges only the price the page showed", () => {
    expect(priceAsShown(1500, 1500)).toBe(true);
    expect(priceAsShown(2000, 1500)).toBe(false);
    expect(priceAsShown(1500, null)).toBe(false);
    expect(priceAsShown(1500, undefined)).toBe(false);
  });
});

describe("the exam-complete experience (decision 64)", () => {
  it("is the standard one without an action, the action's when the store knows it, else the standard one", () => {
    expect(examCompleteExperienceOf([])).toEqual({ experience: "standard", unknown: null });
    expect(
      examCompleteExperienceOf([
        { type: "override_exam_price", cents: 2500 },
        { type: "override_exam_complete_experience", experience: "brand-choice" },
      ]),
    ).toEqual({ experience: "brand-choice", unknown: null });
    expect(
      examCompleteExperienceOf([{ type: "override_exam_complete_experience", experience: "confetti-party" }]),
    ).toEqual({ experience: "standard", unknown: "confetti-party" });
    expect(isExamCompleteExperience("standard")).toBe(true);
    expect(isExamCompleteExperience("Brand-Choice")).toBe(false);
  });
});

describe("the shipped exam price experiment (content/experiments.json)", () => {
  const shipped = experimentsContentSchema
    .parse(JSON.parse(fs.readFileSync(path.resolve("content/experiments.json"), "utf8")))
    .experiments.map(definitionFromCampaign);
  const examPrice = shipped.filter((candidate) => candidate.id === "exam-price");

  it("is excluded in production, where ?experiment=exam-price:A is refused too", () => {
    const production = assignCampaigns(examPrice, facts({ environment: "PRODUCTION" }), {
      overrides: { "exam-price": "A" },
    });
    expect(production.variations).toEqual({ "exam-price": "excluded" });
    expect(production.actions).toEqual([]);
  });

  it("outside production ?experiment=exam-price:A gives $15 and B $25 with the brand-choice experience", () => {
    const a = assignCampaigns(examPrice, facts({ environment: "STAGING" }), { overrides: { "exam-price": "A" } });
    expect(a.variations).toEqual({ "exam-price": "A" });
    expect(examPriceOverride(a.actions)).toEqual({ cents: 1500 });
    expect(examCompleteExperienceOf(a.actions).experience).toBe("standard");
    const b = assignCampaigns(examPrice, facts(), { overrides: { "exam-price": "B" } });
    expect(examPriceOverride(b.actions)).toEqual({ cents: 2500 });
    expect(examCompleteExperienceOf(b.actions)).toEqual({ experience: "brand-choice", unknown: null });
    expect(campaignOfAction(shipped, b.variations, (action) => action.type === "override_exam_price")).toBe(
      "exam-price:B",
    );
    const control = assignCampaigns(examPrice, facts(), { overrides: { "exam-price": "default" } });
    expect(examPriceOverride(control.actions)).toBeNull();
  });
});
