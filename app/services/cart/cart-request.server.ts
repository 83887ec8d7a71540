import type { MiddlewareFunction } from "react-router";
import type { PriceBook } from "~/models/catalog";
import type { Database } from "../db/client.server";
import { servicesContext, visitorContext } from "../platform/context.server";
import { requestMemoContext, type RequestMemo } from "../platform/request-memo.server";
import { cartMemoKey, readCartOnce } from "./cart-read.server";
import { cartCount, cartCountOf } from "./cart.server";

/**
 * Route middleware of the pages that show the cart (cart, checkout): starts the request's cart read before the
 * loaders run, so the root loader's header count takes it from there instead of a query of its own (decision 27).
 */
export const readsCartMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  const memo = context.get(requestMemoContext);
  const { session, priceBook } = context.get(visitorContext);
  const cartId = session.get("cartId");
  // Not awaited: the page's loader awaits the same read (and sees its error, if any).
  if (memo && cartId) void readCartOnce(context.get(servicesContext).db, cartId, priceBook, memo).catch(() => {});
  return next();
};

/** The header's count: from the page's own cart read when it makes one (`readsCartMiddleware`), else one query. */
export async function headerCartCount(
  db: Database,
  cartId: string,
  priceBook: PriceBook,
  memo: RequestMemo | null,
): Promise<number> {
  if (memo?.has(cartMemoKey(cartId, priceBook))) return cartCountOf(await readCartOnce(db, cartId, priceBook, memo));
  return cartCount(db, cartId);
}
