import { isbot } from "isbot";
import { couponCodeSchema, COUPON_MESSAGES } from "~/models/cart-forms";
import { applyCouponToShopperCart } from "./cart-changes.server";
import type { AppServices, Visitor } from "../platform/context.server";
import { flashToast } from "../platform/session.server";

/** Spec 2: the `uecode` query parameter on any page applies that (unique) coupon code to the cart. */
export const COUPON_LINK_PARAM = "uecode";

/**
 * Applies a coupon link's code to the shopper's cart and leaves the outcome as a toast; returns the same URL
 * without the parameter, to redirect to. Crawlers and link scanners are sent on without applying anything, so
 * they cannot use up a single-use code meant for a shopper.
 */
export async function applyCouponLink(
  services: Pick<AppServices, "db">,
  visitor: Pick<Visitor, "session" | "customer" | "priceBook">,
  url: URL,
  userAgent: string | null,
): Promise<string> {
  const raw = url.searchParams.get(COUPON_LINK_PARAM) ?? "";
  const target = new URL(url);
  target.searchParams.delete(COUPON_LINK_PARAM);
  if (!isbot(userAgent ?? "")) {
    const code = couponCodeSchema.safeParse(raw);
    if (!code.success) {
      flashToast(visitor.session, "error", COUPON_MESSAGES.invalid);
    } else {
      const result = await applyCouponToShopperCart(services.db, visitor.session, code.data, {
        customerId: visitor.customer?.id ?? null,
        priceBook: visitor.priceBook,
      });
      flashToast(visitor.session, result.ok ? result.kind : "error", result.message);
    }
  }
  return `${target.pathname}${target.search}`;
}
