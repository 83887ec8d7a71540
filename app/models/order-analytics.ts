import { allocate } from "./promotions";
import type { RebateFormOffer } from "./rebate-form";

/**
 * The order analytics event's products (spec 3 §3: "Order analytics fields per product: id, item_count, upc, name,
 * unit_price, product_subtotal, classification, subscription, discounts, rebate amount and id, insurance amount,
 * shipping discount and revenue, total price"). Pure: the checkout service reads the order and records the event.
 *
 * Money is integer cents, as everywhere in the store. A product is one UPC of the order in one kind of group (a
 * subscription group and a one-time group are two products even for the same UPC); both eyes of the same UPC are one.
 * The order's own amounts are shared out over its products: the insurance benefit and the shipping discount and
 * revenue by product subtotal, each mail-in rebate over the boxes it pays for; shares always add up to the order's.
 */

export interface OrderAnalyticsLine {
  productId: number;
  upc: string;
  productName: string;
  /** The line's group: "Lens" or "Solution". */
  classification: string;
  subscription: boolean;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
}

export interface OrderAnalyticsTotals {
  /** The insurance benefit the order used (0: none). */
  insuranceCents: number;
  shippingCents: number;
  shippingDiscountCents: number;
}

export interface OrderAnalyticsProduct {
  id: number;
  item_count: number;
  upc: string;
  name: string;
  unit_price: number;
  product_subtotal: number;
  classification: string;
  subscription: boolean;
  discounts: number;
  rebate_amount: number;
  /** The promotion of the mail-in rebate that pays for the product (the largest share when several do). */
  rebate_id: number | null;
  insurance_amount: number;
  shipping_discount: number;
  /** The shipping the customer paid (shipping less its discount), this product's share. */
  shipping_revenue: number;
  /** What the product came to: its subtotal less its discounts and insurance (tax and shipping apart). */
  total_price: number;
}

/** Splits an amount by weight (largest remainder, ties to the earlier), with no cap per share. */
export function splitByWeight(amountCents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amountCents <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amountCents * weight) / total);
  const shares = exact.map(Math.floor);
  let left = amountCents - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** The order's products, in the order their lines came, with the order's amounts shared out over them. */
export function orderAnalyticsProducts(
  lines: readonly OrderAnalyticsLine[],
  totals: OrderAnalyticsTotals,
  rebateOffers: readonly RebateFormOffer[],
): OrderAnalyticsProduct[] {
  const merged = new Map<string, OrderAnalyticsLine & { subtotal: number }>();
  for (const line of lines) {
    const key = `${line.upc}|${line.subscription}|${line.unitPriceCents}`;
    const seen = merged.get(key);
    if (seen) {
      seen.quantity += line.quantity;
      seen.discountCents += line.discountCents;
      seen.subtotal += line.unitPriceCents * line.quantity;
    } else merged.set(key, { ...line, subtotal: line.unitPriceCents * line.quantity });
  }
  const products = [...merged.values()];
  const subtotals = products.map((product) => product.subtotal);
  const discounts = products.map((product) => Math.min(Math.max(product.discountCents, 0), product.subtotal));
  // Insurance pays at most what is left of each product after its discounts.
  const insurance = allocate(
    totals.insuranceCents,
    products.map((_, index) => subtotals[index]! - discounts[index]!),
  );
  const shippingDiscount = Math.min(Math.max(totals.shippingDiscountCents, 0), Math.max(totals.shippingCents, 0));
  const shippingDiscounts = splitByWeight(shippingDiscount, subtotals);
  const shippingRevenue = splitByWeight(Math.max(totals.shippingCents, 0) - shippingDiscount, subtotals);

  const rebates = products.map(() => ({ amount: 0, id: null as number | null, largest: 0 }));
  for (const offer of rebateOffers) {
    const boxesByName = new Map(offer.products.map((product) => [product.name, product.boxes]));
    const weights = products.map((product) => (boxesByName.has(product.productName) ? product.quantity : 0));
    splitByWeight(offer.amountCents, weights).forEach((share, index) => {
      const rebate = rebates[index]!;
      rebate.amount += share;
      if (share > rebate.largest) {
        rebate.largest = share;
        rebate.id = offer.promotionId;
      }
    });
  }

  return products.map((product, index) => ({
    id: product.productId,
    item_count: product.quantity,
    upc: product.upc,
    name: product.productName,
    unit_price: product.unitPriceCents,
    product_subtotal: subtotals[index]!,
    classification: product.classification,
    subscription: product.subscription,
    discounts: discounts[index]!,
    rebate_amount: rebates[index]!.amount,
    rebate_id: rebates[index]!.id,
    insurance_amount: insurance[index]!,
    shipping_discount: shippingDiscounts[index]!,
    shipping_revenue: shippingRevenue[index]!,
    total_price: subtotals[index]! - discounts[index]! - insurance[index]!,
  }));
}
