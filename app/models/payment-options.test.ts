import { describe, expect, it } from "vitest";
import { paymentMethodType } from "./payment-methods";
import {
  INSTALMENT_UNAVAILABLE,
  instalmentAmounts,
  instalmentLabel,
  optionOffered,
  orderPaymentLabel,
  payIn4AmountMismatch,
  paymentOptions,
  paymentOptionSwitches,
  PROVIDER_PAYMENT_METHOD,
  type PaymentCartLine,
  type PaymentOptionSwitches,
} from "./payment-options";

const ON: PaymentOptionSwitches = { paypal: true, paypalPayLater: true, afterpay: true, preorder: true };
/** Every switch as the shipped content sets it at checkout (the session-only ones off). */
const SHIPPED_STATES = {
  allowUnsupportedBrowser: false,
  qa: false,
  paypal: true,
  afterpay: true,
  applePay: true,
  paypalPayLater: true,
  preorder: true,
  realTimeIdentityData: false,
  liveChat: true,
  liveChatNewProvider: true,
  cartBanner: true,
};

/** A 30-lens box of dailies (30 days a box for one eye), one box, for the given eye. */
function line(overrides: Partial<PaymentCartLine> = {}): PaymentCartLine {
  return {
    groupId: "g1",
    autoReorderFrequencyDays: null,
    whichEye: "right",
    productType: "lens",
    quantity: 1,
    wearTimeDays: 1,
    quantityPerPackage: 30,
    categories: ["daily"],
    ...overrides,
  };
}

describe("the payment method an order records (spec 2 §9 enumeration)", () => {
  it("records PayPal (Pay Later too) as 7 and pay in 4 as Afterpay 15; cards by brand", () => {
    expect(PROVIDER_PAYMENT_METHOD).toEqual({ paypal: 7, "paypal-pay-later": 7, "pay-in-4": 15 });
    expect(paymentMethodType({ kind: "Card", brand: "AmericanExpress" })).toBe(3);
    expect(paymentMethodType({ kind: "Card", brand: "Unknown" })).toBeNull();
    expect(paymentMethodType({ kind: "Card", brand: "toString" })).toBeNull();
    expect(paymentMethodType({ kind: "ApplePay", brand: "Visa" })).toBe(11);
  });

  it("reads an order's payment as PayPal, Afterpay or the card", () => {
    expect(orderPaymentLabel({ method: 7, brand: "PayPal", lastFour: "" })).toBe("PayPal");
    expect(orderPaymentLabel({ method: 15, brand: "Afterpay", lastFour: "" })).toBe("Afterpay");
    expect(orderPaymentLabel({ method: 1, brand: "Visa", lastFour: "4242" })).toBe("Visa ending in 4242");
    expect(orderPaymentLabel({ method: null, brand: "Visa", lastFour: "1111" })).toBe("Visa ending in 1111");
    expect(orderPaymentLabel({ method: 11, brand: "Visa", lastFour: "1881" })).toBe("Apple Pay (Visa ending in 1881)");
  });
});

describe("instalment amounts: 4 payments, each rounded up to the cent", () => {
  it("splits an even total into 4 equal payments", () => {
    expect(instalmentAmounts(5000)).toEqual([1250, 1250, 1250, 1250]);
    expect(instalmentLabel(5000)).toBe("4 payments of $12.50");
  });

  it("rounds each payment up, so the 4 cover the total", () => {
    expect(instalmentAmounts(5001)).toEqual([1251, 1251, 1251, 1251]);
    expect(instalmentAmounts(10_003)).toEqual([2501, 2501, 2501, 2501]);
    for (const total of [1, 2, 3, 99, 12_345, 99_999]) {
      const amounts = instalmentAmounts(total);
      const sum = amounts.reduce((a, b) => a + b, 0);
      expect(amounts).toHaveLength(4);
      expect(sum).toBeGreaterThanOrEqual(total);
      expect(sum - total).toBeLessThan(4);
    }
    expect(instalmentLabel(5001)).toBe("4 payments of $12.51");
  });
});

describe("which options a cart gets (spec 3 §5)", () => {
  it("reads the page's switch states", () => {
    const ready = { paypal: true, payIn4: true };
    const states = { ...SHIPPED_STATES };
    expect(paymentOptionSwitches(states, ready)).toEqual(ON);
    expect(paymentOptionSwitches({ ...states, paypal: false, preorder: false }, ready)).toEqual({
      ...ON,
      paypal: false,
      preorder: false,
    });
    // Pay Later follows its own switch (and PayPal's provider), not PayPal's switch.
    expect(paymentOptionSwitches({ ...states, paypalPayLater: false }, ready).paypalPayLater).toBe(false);
  });

  it("leaves out a provider that cannot take a payment (production without its credentials), switch or not", () => {
    expect(paymentOptionSwitches(SHIPPED_STATES, { paypal: false, payIn4: true })).toEqual({
      ...ON,
      paypal: false,
      paypalPayLater: false,
    });
    expect(paymentOptionSwitches(SHIPPED_STATES, { paypal: true, payIn4: false })).toEqual({
      ...ON,
      afterpay: false,
    });
  });

  it("offers PayPal, Pay Later and pay in 4 by default", () => {
    const options = paymentOptions({ switches: ON, lines: [line()], totalCents: 4000 });
    expect(options).toEqual({
      paypal: true,
      payLater: true,
      payIn4: { available: true, amounts: [1000, 1000, 1000, 1000], label: "4 payments of $10.00" },
    });
    expect(optionOffered(options, "pay-in-4")).toBe(true);
  });

  it("turns each off with its switch", () => {
    expect(paymentOptions({ switches: { ...ON, paypal: false }, lines: [line()], totalCents: 1 })).toMatchObject({
      paypal: false,
      payLater: false,
    });
    expect(
      paymentOptions({ switches: { ...ON, paypalPayLater: false }, lines: [line()], totalCents: 1 }),
    ).toMatchObject({
      paypal: true,
      payLater: false,
    });
    const off = paymentOptions({ switches: { ...ON, afterpay: false }, lines: [line()], totalCents: 1 });
    expect(off.payIn4).toEqual({
      available: false,
      reason: "switchedOff",
      message: INSTALMENT_UNAVAILABLE.switchedOff,
    });
    expect(optionOffered(off, "pay-in-4")).toBe(false);
  });

  it("has no Pay Later for a subscription cart", () => {
    const options = paymentOptions({
      switches: ON,
      lines: [line({ autoReorderFrequencyDays: 90, quantity: 3 })],
      totalCents: 9000,
    });
    expect(options.payLater).toBe(false);
    expect(optionOffered(options, "paypal-pay-later")).toBe(false);
    expect(options.paypal).toBe(true);
    expect(options.payIn4.available).toBe(true);
  });

  it("has no pay in 4 for a subscription with 30 days of supply or less for both eyes", () => {
    const sub = { autoReorderFrequencyDays: 30 };
    const short = paymentOptions({
      switches: ON,
      lines: [line({ ...sub, whichEye: "right" }), line({ ...sub, whichEye: "left" })],
      totalCents: 6000,
    });
    expect(short.payIn4).toMatchObject({ available: false, reason: "shortSubscription" });
    // One eye with more than 30 days: the subscription is not short for both eyes.
    const oneLonger = paymentOptions({
      switches: ON,
      lines: [line({ ...sub, whichEye: "right", quantity: 2 }), line({ ...sub, whichEye: "left" })],
      totalCents: 6000,
    });
    expect(oneLonger.payIn4.available).toBe(true);
    // 31 days (a 2-week lens counts 15 days: 2 boxes of 1 lens = 30; 6 lenses of 14 days = 90).
    expect(
      paymentOptions({
        switches: ON,
        lines: [line({ ...sub, wearTimeDays: 14, quantityPerPackage: 6 })],
        totalCents: 6000,
      }).payIn4.available,
    ).toBe(true);
    // The same 30-day lines without a subscription are fine.
    expect(
      paymentOptions({ switches: ON, lines: [line(), line({ whichEye: "left" })], totalCents: 1 }).payIn4.available,
    ).toBe(true);
  });

  it("has no pay in 4 for a cart mixing specialty lenses with others, or while pre-order is off", () => {
    const toric = line({ groupId: "g2", categories: ["toric-astigmatism"] });
    expect(paymentOptions({ switches: ON, lines: [line(), toric], totalCents: 1 }).payIn4).toMatchObject({
      available: false,
      reason: "specialtyMixed",
      message: INSTALMENT_UNAVAILABLE.specialtyMixed,
    });
    // Specialty alone, or with lens care only, is not mixed.
    const solution = line({ groupId: "g3", whichEye: "none", productType: "solution", categories: [] });
    expect(paymentOptions({ switches: ON, lines: [toric, solution], totalCents: 1 }).payIn4.available).toBe(true);
    expect(
      paymentOptions({ switches: { ...ON, preorder: false }, lines: [toric], totalCents: 1 }).payIn4,
    ).toMatchObject({ available: false, reason: "preorderOff" });
  });
});

describe("a saved checkout token approved for another amount (decision 57)", () => {
  it("names both amounts and asks for another way to pay", () => {
    expect(payIn4AmountMismatch(10_100, 10_000)).toBe(
      "That Afterpay checkout was approved for $101.00, but this order comes to $100.00. Please choose another way to pay.",
    );
  });
});
