import { describe, expect, it } from "vitest";
import {
  CMS_CONTENT_CODES,
  currentGlassesLink,
  fillPlaceholders,
  placeholdersIn,
  productPriceText,
  savingsOfOffers,
  savingsOfReward,
  uniqueIssues,
} from "./slot-placeholders";

describe("CMS content codes", () => {
  it("are spec 3 §8's", () => {
    expect(CMS_CONTENT_CODES).toEqual({
      unrecognisedVariable: 3,
      savings: 4,
      missingProductId: 5,
      productPrice: 6,
      outdatedGlassesLink: 11,
    });
  });
});

describe("fillPlaceholders", () => {
  it("fills #{savings} and #{productPrice}", () => {
    const filled = fillPlaceholders(
      "Save #{savings} on a box, now #{ productPrice }.",
      { savings: { text: "$10" }, productPrice: { text: "$12.99" } },
      "trial",
    );
    expect(filled).toEqual({ text: "Save $10 on a box, now $12.99.", issues: [] });
  });

  it("replaces an unrecognised variable with empty text, code 3", () => {
    const filled = fillPlaceholders("Hello #{firstName}, welcome.", {}, "hello");
    expect(filled.text).toBe("Hello, welcome.");
    expect(filled.issues).toEqual([
      { code: 3, contentId: "hello", subject: "firstName", reason: "unrecognised dynamic variable" },
    ]);
  });

  it("replaces a value that could not be found with empty text and its code (4, 5, 6)", () => {
    const values = {
      savings: { code: CMS_CONTENT_CODES.savings, reason: "promotion 17 is not running" },
      productPrice: { code: CMS_CONTENT_CODES.missingProductId, reason: "no product id" },
    };
    const filled = fillPlaceholders("Save #{savings} at #{productPrice} a box", values, "offer");
    expect(filled.text).toBe("Save at a box");
    expect(filled.issues.map((issue) => [issue.code, issue.subject])).toEqual([
      [4, "savings"],
      [5, "productPrice"],
    ]);
    const failedPrice = fillPlaceholders(
      "#{productPrice}",
      { productPrice: { code: CMS_CONTENT_CODES.productPrice, reason: "lookup failed" } },
      "offer",
    );
    expect(failedPrice).toEqual({
      text: "",
      issues: [{ code: 6, contentId: "offer", subject: "productPrice", reason: "lookup failed" }],
    });
  });

  it("finds the placeholders a text uses, once each", () => {
    expect(placeholdersIn("#{savings} and #{savings}", "#{productPrice} #{x}")).toEqual([
      "savings",
      "productPrice",
      "x",
    ]);
    expect(placeholdersIn("no placeholders, #{ not closed")).toEqual([]);
  });
});

describe("uniqueIssues", () => {
  it("keeps each code, piece and subject once (logged once per page)", () => {
    const issue = { code: 3 as const, contentId: "a", subject: "x", reason: "unrecognised dynamic variable" };
    const issues = uniqueIssues([issue, { ...issue }, { ...issue, subject: "y" }, { ...issue, contentId: "b" }]);
    expect(issues.map((found) => `${found.contentId}:${found.subject}`)).toEqual(["a:x", "a:y", "b:x"]);
  });
});

describe("values", () => {
  it("says what a reward saves", () => {
    expect(savingsOfReward({ type: "PercentOff", percent: 20 })).toBe("20%");
    expect(savingsOfReward({ type: "DollarOff", amountCents: 1000 })).toBe("$10");
    expect(savingsOfReward({ type: "DollarOff", amountCents: 1050 })).toBe("$10.50");
    const breakpoints = [
      { quantity: 4, amountCents: 5000 },
      { quantity: 8, amountCents: 10000 },
    ];
    expect(savingsOfReward({ type: "Rebate", breakpoints })).toBe("$100");
    expect(savingsOfReward({ type: "InstantRebate", breakpoints: [{ quantity: 4, amountCents: 2000 }] })).toBe("$20");
    expect(savingsOfReward({ type: "Shipping", levels: [0], amountCents: null })).toBe("FREE");
    expect(savingsOfReward({ type: "Shipping", levels: [1], amountCents: 0 })).toBeNull();
  });

  it("formats a price and a product's best offer", () => {
    expect(productPriceText(1299)).toBe("$12.99");
    expect(savingsOfOffers([{ amountSaved: 4000 }, { amountSaved: 8000 }])).toBe("$80");
    expect(savingsOfOffers([])).toBeNull();
  });

  it("gives the current form of an outdated glasses shop link (code 11)", () => {
    expect(currentGlassesLink("/glasses/shop/frames")).toBe("/start/glasses/frames");
    expect(currentGlassesLink("/glasses/shop")).toBe("/start/glasses/");
    expect(currentGlassesLink("/glasses")).toBeNull();
    expect(currentGlassesLink("/start/glasses/frames")).toBeNull();
  });
});
