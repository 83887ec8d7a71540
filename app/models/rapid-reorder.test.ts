import { describe, expect, it } from "vitest";
import {
  choiceFromSearch,
  choiceSearch,
  lineChoices,
  pricedPart,
  RAPID_REORDER_MESSAGES,
  rapidReorderSchema,
  sentQuantities,
  type RapidReorderChoice,
} from "./rapid-reorder";

const defaults: RapidReorderChoice = { quantities: [1, 1], addressId: 7, shippingLevel: 0, paymentMethodId: 3 };

describe("rapid reorder form", () => {
  const schema = rapidReorderSchema([
    [0, 1, 2, 4],
    [0, 1, 2, 4],
  ]);
  const form = (overrides: Record<string, unknown> = {}) => ({
    intent: "update-totals",
    quantities: ["2", "1"],
    addressId: "7",
    shippingLevel: "1",
    paymentMethodId: "3",
    ...overrides,
  });

  it("takes quantities the lines offer, a saved address, a shipping level and a card", () => {
    expect(schema.parse(form())).toMatchObject({ quantities: [2, 1], addressId: 7, shippingLevel: 1 });
  });

  it("refuses a quantity a line does not offer, and nothing at all", () => {
    const bad = schema.safeParse(form({ quantities: ["3", "1"] }));
    expect(bad.error?.issues[0]).toMatchObject({
      path: ["quantities", 0],
      message: RAPID_REORDER_MESSAGES.chooseQuantity,
    });
    const none = schema.safeParse(form({ quantities: ["0", "0"] }));
    expect(none.error?.issues[0]?.message).toBe(RAPID_REORDER_MESSAGES.nothingChosen);
  });

  it("refuses a form without quantities, or one short of a line, with the form's message", () => {
    const { quantities: _none, ...withoutQuantities } = form();
    expect(schema.safeParse(withoutQuantities).error?.issues[0]).toMatchObject({
      path: ["quantities"],
      message: RAPID_REORDER_MESSAGES.chooseQuantity,
    });
    expect(schema.safeParse(form({ quantities: ["1"] })).error?.issues[0]).toMatchObject({
      path: ["quantities"],
      message: RAPID_REORDER_MESSAGES.chooseQuantity,
    });
  });

  it("gives the page one sent quantity per line, whatever the post carried", () => {
    expect(sentQuantities(["2", "1"], 2)).toEqual(["2", "1"]);
    expect(sentQuantities(undefined, 2)).toEqual(["", ""]);
    expect(sentQuantities([undefined, "1"], 2)).toEqual(["", "1"]);
    expect(sentQuantities("1", 2)).toEqual(["", ""]);
    expect(sentQuantities([["1", "2"], { x: "1" }, "4"], 2)).toEqual(["", ""]);
  });

  it("refuses an unknown shipping level, and placing without the page's key", () => {
    expect(schema.safeParse(form({ shippingLevel: "9" })).success).toBe(false);
    expect(schema.safeParse(form({ intent: "place-order" })).success).toBe(false);
    expect(schema.safeParse(form({ intent: "place-order", idempotencyKey: crypto.randomUUID() })).success).toBe(true);
  });
});

describe("rapid reorder state in the URL", () => {
  it("round-trips through the query string", () => {
    const choice: RapidReorderChoice = { quantities: [2, 0], addressId: 9, shippingLevel: 2, paymentMethodId: 4 };
    const params = new URLSearchParams(choiceSearch(choice));
    expect(choiceFromSearch(params, defaults)).toEqual(choice);
  });

  it("keeps the defaults for what is missing or malformed", () => {
    const params = new URLSearchParams("q=1.x&address=-1&shipping=7&card=12");
    expect(choiceFromSearch(params, defaults)).toEqual({ ...defaults, paymentMethodId: 12 });
    expect(choiceFromSearch(new URLSearchParams("q=2"), defaults).quantities).toEqual([1, 1]);
  });

  it("prices the same state whatever card pays", () => {
    expect(pricedPart({ ...defaults, paymentMethodId: 99 })).toBe(pricedPart(defaults));
    expect(pricedPart({ ...defaults, shippingLevel: 1 })).not.toBe(pricedPart(defaults));
  });

  it("prices again when the insurance benefit the reorder takes, or what is left of it, changes", () => {
    const benefit = { benefitId: "b-1", insuranceBenefitAmount: 15000 };
    expect(pricedPart(defaults, null)).toBe(pricedPart(defaults));
    expect(pricedPart(defaults, benefit)).not.toBe(pricedPart(defaults));
    expect(pricedPart(defaults, { ...benefit, insuranceBenefitAmount: 9000 })).not.toBe(pricedPart(defaults, benefit));
    expect(pricedPart(defaults, { ...benefit, benefitId: "b-2" })).not.toBe(pricedPart(defaults, benefit));
  });

  it("offers none, the product's quantities and the last quantity", () => {
    expect(lineChoices([1, 2, 4], 2)).toEqual([0, 1, 2, 4]);
    expect(lineChoices([1, 2, 4], 3)).toEqual([0, 1, 2, 3, 4]);
  });
});
