/**
 * The cart's order summary (spec 2 §3 orderSummary and §9): every figure in integer cents, derived from the
 * subtotal, the promotions' outcome, shipping, tax, insurance benefits and the customer's credits.
 */
export interface OrderSummaryInput {
  subTotal: number;
  /** Instant rebates, dollar-off and percent-off discounts (never more than the subtotal). */
  discountAmount: number;
  /** The selected shipping method's price, before any shipping discount. */
  shippingPrice: number;
  shippingDiscount: number;
  taxAmount: number;
  /** Mail-in rebates, paid back after the order. */
  rebateTotal: number;
  insuranceBenefitsTotal: number;
  customerCredits: number;
}

export interface OrderSummary {
  subTotal: number;
  discountAmount: number;
  /** What the shopper pays for shipping (price less the shipping discount). */
  shipping: number;
  shippingDiscount: number;
  taxAmount: number;
  rebateTotal: number;
  insuranceBenefitsTotal: number;
  customerCredits: number;
  /** What the order costs: subtotal − discounts + shipping + tax − insurance benefits (never below 0). */
  totalAmount: number;
  /** What is charged once credits are used (never below 0). */
  totalAfterCredits: number;
  /** Subtotal plus tax, plus shipping and the shipping discount when shipping is not 0 (spec 2 §9). */
  totalBeforeDiscounts: number;
  /** Total minus the rebate total minus credits, never below 0 (spec 2 §9). */
  totalAfterRebates: number;
}

export function orderSummary(input: OrderSummaryInput): OrderSummary {
  const discountAmount = Math.min(input.discountAmount, input.subTotal);
  const shippingDiscount = Math.min(input.shippingDiscount, input.shippingPrice);
  const shipping = input.shippingPrice - shippingDiscount;
  const totalAmount = Math.max(
    0,
    input.subTotal - discountAmount + shipping + input.taxAmount - input.insuranceBenefitsTotal,
  );
  return {
    subTotal: input.subTotal,
    discountAmount,
    shipping,
    shippingDiscount,
    taxAmount: input.taxAmount,
    rebateTotal: input.rebateTotal,
    insuranceBenefitsTotal: input.insuranceBenefitsTotal,
    customerCredits: input.customerCredits,
    totalAmount,
    totalAfterCredits: Math.max(0, totalAmount - input.customerCredits),
    totalBeforeDiscounts: input.subTotal + input.taxAmount + (shipping !== 0 ? shipping + shippingDiscount : 0),
    totalAfterRebates: Math.max(0, totalAmount - input.rebateTotal - input.customerCredits),
  };
}
