import { productKind } from "~/models/catalog";
import type { WhichEye } from "~/models/line-item-group";
import { evaluateMerchandisePromotions, lineSubtotal, type PricedLine } from "~/models/promotions";
import { productsForPricing, type Shopper } from "../cart/cart-pricing.server";
import { together, type Executor } from "../db/client.server";
import { activePromotions, customerGroupsFor } from "../cart/promotions.server";

/** One item of a subscription, as it is reordered. */
export interface SubscriptionPriceItem {
  productId: number;
  whichEye: WhichEye;
  quantity: number;
}

export interface SubscriptionPrice {
  subtotalCents: number;
  /** Instant rebates, dollar-off and percent-off (mail-in rebates are paid back later, not taken off). */
  discountCents: number;
  totalCents: number;
  /** The promotions that make the discount, in id order; their amounts add up to it. */
  promotions: Array<{ description: string; amountCents: number }>;
}

/**
 * What one reorder of a subscription's items costs as an auto-reorder order (spec 3 §7: the subscription's price
 * "with any auto-reorder promotion"): merchandise only, no shipping or tax. Priced as the cart prices an
 * auto-reorder group: the unit prices of the shopper's price book, the running automatic promotions and the
 * shopper's customer groups, evaluated by the same engine. Items with quantity 0 (an eye paused) are left out, and
 * so is a product that no longer exists or has no price in the book, since it could not be ordered.
 */
export async function subscriptionPrice(
  db: Executor,
  items: ReadonlyArray<SubscriptionPriceItem>,
  shopper: Shopper,
  now: Date = new Date(),
): Promise<SubscriptionPrice> {
  const ordered = items.filter((item) => item.quantity > 0);
  const [products, promotions, customerGroups] = await together(db, [
    () => productsForPricing(db, [...new Set(ordered.map((item) => item.productId))], shopper.priceBook),
    () => activePromotions(db, now),
    () => customerGroupsFor(db, shopper.customerId),
  ]);
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines: PricedLine[] = ordered.flatMap((item, index) => {
    const product = byId.get(item.productId);
    if (!product || product.unitPriceCents === null) return [];
    return [
      {
        itemId: `item-${index}`,
        productId: item.productId,
        brandSlug: product.brandSlug,
        productType: productKind(product.productType),
        eye: item.whichEye,
        orderType: "autoReorder",
        quantity: item.quantity,
        unitPriceCents: product.unitPriceCents,
      },
    ];
  });
  const outcome = evaluateMerchandisePromotions(promotions, lines, {
    now,
    customerGroups,
    priceBook: shopper.priceBook,
  });
  const subtotalCents = lineSubtotal(lines);
  return {
    subtotalCents,
    discountCents: outcome.discountCents,
    totalCents: subtotalCents - outcome.discountCents,
    promotions: outcome.applied.flatMap((promotion) => {
      const amountCents = promotion.rewards
        .filter((reward) => reward.rewardType !== "Rebate" && reward.rewardType !== "Shipping")
        .reduce((sum, reward) => sum + reward.amountCents, 0);
      return amountCents > 0 ? [{ description: promotion.description, amountCents }] : [];
    }),
  };
}
