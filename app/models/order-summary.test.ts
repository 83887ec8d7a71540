import { describe, expect, it } from "vitest";
import { orderSummary, type OrderSummaryInput } from "./order-summary";

const input = (overrides: Partial<OrderSummaryInput> = {}): OrderSummaryInput => ({
  subTotal: 10_000,
  discountAmount: 1500,
  shippingPrice: 995,
  shippingDiscount: 500,
  taxAmount: 700,
  rebateTotal: 2000,
  insuranceBenefitsTotal: 1000,
  customerCredits: 300,
  ...overrides,
});

describe("orderSummary (spec 2 §3 orderSummary, §9)", () => {
  it("passes the parts through", () => {
    const summary = orderSummary(input());
    expect(summary).toMatchObject({
      subTotal: 10_000,
      discountAmount: 1500,
      shippingDiscount: 500,
      taxAmount: 700,
      rebateTotal: 2000,
      insuranceBenefitsTotal: 1000,
      customerCredits: 300,
    });
  });

  it("shipping is the price less the shipping discount", () => {
    expect(orderSummary(input()).shipping).toBe(495);
    expect(orderSummary(input({ shippingDiscount: 0 })).shipping).toBe(995);
  });

  it("the shipping discount is capped at the shipping price", () => {
    const summary = orderSummary(input({ shippingPrice: 495, shippingDiscount: 700 }));
    expect(summary.shippingDiscount).toBe(495);
    expect(summary.shipping).toBe(0);
  });

  it("totalAmount = subtotal − discounts + shipping + tax − insurance benefits", () => {
    // 10000 − 1500 + 495 + 700 − 1000
    expect(orderSummary(input()).totalAmount).toBe(8695);
  });

  it("the mail-in rebate and credits are not taken off totalAmount", () => {
    const a = orderSummary(input({ rebateTotal: 0, customerCredits: 0 })).totalAmount;
    const b = orderSummary(input({ rebateTotal: 5000, customerCredits: 4000 })).totalAmount;
    expect(a).toBe(8695);
    expect(b).toBe(8695);
  });

  it("totalAmount is never below 0", () => {
    expect(orderSummary(input({ insuranceBenefitsTotal: 20_000 })).totalAmount).toBe(0);
    expect(orderSummary(input({ insuranceBenefitsTotal: 9695 })).totalAmount).toBe(0);
    expect(orderSummary(input({ insuranceBenefitsTotal: 9694 })).totalAmount).toBe(1);
  });

  it("discounts are capped at the subtotal", () => {
    const summary = orderSummary(input({ subTotal: 1000, discountAmount: 5000, insuranceBenefitsTotal: 0 }));
    expect(summary.discountAmount).toBe(1000);
    // Shipping and tax are still paid: 1000 − 1000 + 495 + 700.
    expect(summary.totalAmount).toBe(1195);
  });

  it("totalAfterCredits = totalAmount − credits, never below 0", () => {
    expect(orderSummary(input()).totalAfterCredits).toBe(8695 - 300);
    expect(orderSummary(input({ customerCredits: 8695 })).totalAfterCredits).toBe(0);
    expect(orderSummary(input({ customerCredits: 100_000 })).totalAfterCredits).toBe(0);
  });

  it("totalAfterRebates = totalAmount − rebate total − credits, never below 0", () => {
    expect(orderSummary(input()).totalAfterRebates).toBe(8695 - 2000 - 300);
    expect(orderSummary(input({ rebateTotal: 8000, customerCredits: 695 })).totalAfterRebates).toBe(0);
    expect(orderSummary(input({ rebateTotal: 8000, customerCredits: 694 })).totalAfterRebates).toBe(1);
    expect(orderSummary(input({ rebateTotal: 50_000 })).totalAfterRebates).toBe(0);
  });

  it("totalBeforeDiscounts when shipping is not 0: subtotal + tax + shipping + shipping discount", () => {
    // 10000 + 700 + 495 + 500
    expect(orderSummary(input()).totalBeforeDiscounts).toBe(11_695);
  });

  it("totalBeforeDiscounts when shipping is 0: subtotal + tax only (spec 2 §9, literally)", () => {
    // Free by a shipping discount: the discount is not added back either.
    expect(orderSummary(input({ shippingPrice: 495, shippingDiscount: 495 })).totalBeforeDiscounts).toBe(10_700);
    // Free shipping method.
    expect(orderSummary(input({ shippingPrice: 0, shippingDiscount: 0 })).totalBeforeDiscounts).toBe(10_700);
  });

  it("totalBeforeDiscounts does not take the merchandise discounts off", () => {
    const a = orderSummary(input({ discountAmount: 0 })).totalBeforeDiscounts;
    const b = orderSummary(input({ discountAmount: 3000 })).totalBeforeDiscounts;
    expect(a).toBe(b);
  });

  it("an empty cart with nothing on it sums to 0 everywhere", () => {
    const summary = orderSummary({
      subTotal: 0,
      discountAmount: 0,
      shippingPrice: 0,
      shippingDiscount: 0,
      taxAmount: 0,
      rebateTotal: 0,
      insuranceBenefitsTotal: 0,
      customerCredits: 500,
    });
    expect(summary).toMatchObject({
      shipping: 0,
      totalAmount: 0,
      totalAfterCredits: 0,
      totalBeforeDiscounts: 0,
      totalAfterRebates: 0,
    });
  });
});
