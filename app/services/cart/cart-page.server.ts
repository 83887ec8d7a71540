import type { Database } from "../db/client.server";
import type { TaxCalculator } from "../adapters/tax/tax-calculator";
import type { RequestMemo } from "../platform/request-memo.server";
import { pricedCart, type Shopper } from "./cart-pricing.server";
import { cartMemoKey } from "./cart-read.server";
import { removeDiscontinuedItems } from "./cart.server";

/**
 * The cart page's cart: priced once (the request memo shares the read with the header's count); discontinued items
 * found in it are removed first, and named so the page can say so (spec 2 §4).
 */
export async function cartForPage(
  services: { db: Database; tax: TaxCalculator; memo: RequestMemo | null },
  cartId: string | null,
  shopper: Shopper,
) {
  const cart = await pricedCart(services, cartId, shopper);
  if (!cartId || !cart.groups.some((group) => group.items.some((item) => item.isDiscontinued))) {
    return { cart, removed: [] as string[] };
  }
  const removed = await removeDiscontinuedItems(services.db, cartId);
  services.memo?.forget(cartMemoKey(cartId, shopper.priceBook));
  return { cart: await pricedCart(services, cartId, shopper), removed };
}
