import { describe, expect, it } from "vitest";
import { APPLE_PAY_REQUEST, isApplePayOffered } from "./apple-pay";

const apple = { hasApplePaySession: true, canMakePayments: true, hasPaymentRequest: true };

describe("Apple Pay is offered only on Apple platforms with JavaScript (spec 3 §5)", () => {
  it("is offered on an Apple platform that can pay, with the Payment Request API, while switched on", () => {
    expect(isApplePayOffered(apple, true)).toBe(true);
  });

  it("is hidden everywhere else", () => {
    // No JavaScript (or the server's render): nothing is known of the browser.
    expect(isApplePayOffered(null, true)).toBe(false);
    expect(isApplePayOffered({ ...apple, hasApplePaySession: false }, true)).toBe(false);
    expect(isApplePayOffered({ ...apple, canMakePayments: false }, true)).toBe(false);
    expect(isApplePayOffered({ ...apple, hasPaymentRequest: false }, true)).toBe(false);
    expect(isApplePayOffered(apple, false)).toBe(false);
  });

  it("asks for the spec's networks, US, 3DS and session version 3", () => {
    expect(APPLE_PAY_REQUEST).toMatchObject({
      version: 3,
      countryCode: "US",
      merchantCapabilities: ["supports3DS"],
      supportedNetworks: ["visa", "mastercard", "amex", "discover"],
    });
  });
});
