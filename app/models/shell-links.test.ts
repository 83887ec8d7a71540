import { describe, expect, it } from "vitest";
import { CHECKOUT_ALTERNATIVE_PAYMENTS, paymentOptions } from "./shell-links";

const CARDS = ["Visa", "Mastercard", "Discover", "American Express", "FSA / HSA"];

describe("the footer's 'We accept' strip (spec 2.8): only what checkout takes", () => {
  it("names the cards and nothing else while checkout takes cards only", () => {
    expect(CHECKOUT_ALTERNATIVE_PAYMENTS).toEqual([]);
    expect(paymentOptions(CHECKOUT_ALTERNATIVE_PAYMENTS, false)).toEqual(CARDS);
    expect(paymentOptions(CHECKOUT_ALTERNATIVE_PAYMENTS, true)).toEqual(CARDS);
  });

  it("adds each alternative checkout offers, in the spec's order", () => {
    expect(paymentOptions(["AfterPay", "PayPal"], false)).toEqual([...CARDS, "PayPal", "AfterPay"]);
  });

  it("names ApplePay only on Apple devices, and only when checkout offers it", () => {
    expect(paymentOptions(["PayPal", "ApplePay", "AfterPay"], true)).toEqual([
      ...CARDS,
      "PayPal",
      "ApplePay",
      "AfterPay",
    ]);
    expect(paymentOptions(["PayPal", "ApplePay", "AfterPay"], false)).toEqual([...CARDS, "PayPal", "AfterPay"]);
    expect(paymentOptions([], true)).toEqual(CARDS);
  });
});
