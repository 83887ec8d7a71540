import type { RouterContextProvider } from "react-router";
import { PRODUCT_TYPE, productKind } from "~/models/catalog";
import { evaluateMerchandisePromotions, type AppliedReward, type PricedLine } from "~/models/promotions";
import { requireApiCustomer } from "./customer.server";
import { jsonError, privateJson } from "./json.server";
import { ensureCart } from "../cart/add-to-cart.server";
import { CartVersionConflictError, CouponRefusedError, LineItemGroupNotFoundError } from "../cart/cart-changes.server";
import { pricedCart, productsForPricing, shopperOf, type PricedCart, type Shopper } from "../cart/cart-pricing.server";
import { CartItemsError, CartNotFoundError, createCart, latestCustomerCartId } from "../cart/cart.server";
import { servicesContext, visitorContext, type AppServices } from "../platform/context.server";
import type { Database } from "../db/client.server";
import { activePromotions, customerGroupsFor } from "../cart/promotions.server";

/**
 * The cart and promotions JSON API (spec 1 §7, spec 2 §7, spec 3): whose cart a request means, the cart entity's
 * JSON, and the errors of a cart change. Every amount in these answers is integer cents. Helpers throw the error
 * Response; React Router returns a Response thrown from a resource route as it is.
 */

export const NO_CART_MESSAGE = "No cart";
const BAD_TOKEN_MESSAGE = "The bearer token is not valid or has expired. Sign in again.";

// --- Whose cart ----------------------------------------------------------------------------------------------

export interface ApiCartClient {
  services: AppServices;
  shopper: Shopper;
  /** The cart the request means (it may have been deleted since), or null when there is none. */
  cartId: string | null;
  /** An API client signed in with `Authorization: Bearer`: its cart is the customer's, not the cookie's. */
  viaBearer: boolean;
}

/**
 * A bearer-token client's cart is its customer's most recently updated cart; a cookie client's is the session's.
 * A request that sends an Authorization header the sign-in does not accept is a 401, never the cookie's cart.
 */
export async function apiCartClient(request: Request, context: Readonly<RouterContextProvider>) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const { session, customer } = visitor;
  const shopper: Shopper = shopperOf(visitor);
  if (!request.headers.has("Authorization")) {
    // A signed-in browser without a cart of its own sees the customer's (made on another device or by the app):
    // the cart its next change would go to (ensureCart).
    const cartId = session.get("cartId") ?? (customer ? await latestCustomerCartId(services.db, customer.id) : null);
    return { services, shopper, cartId, viaBearer: false } satisfies ApiCartClient;
  }
  const bearer = requireApiCustomer(request, context, { message: BAD_TOKEN_MESSAGE });
  const cartId = await latestCustomerCartId(services.db, bearer.id);
  return { services, shopper, cartId, viaBearer: true } satisfies ApiCartClient;
}

/**
 * The client's cart for a change that may start one (adding items): a cookie client's is the session's (made and
 * remembered when missing, the customer's when signed in — ensureCart); a bearer client's is its customer's latest,
 * or a new one they own. `commit` adds the session cookie to the answer when the cart is new to the session.
 */
export async function cartForChange(client: ApiCartClient, context: Readonly<RouterContextProvider>) {
  const { db, sessions } = client.services;
  if (client.viaBearer) {
    const cartId = client.cartId ?? (await createCart(db, client.shopper.customerId));
    return { cartId, commit: async (response: Response) => response };
  }
  const { session } = context.get(visitorContext);
  const before = session.get("cartId");
  const cartId = await ensureCart(db, session, client.shopper.customerId);
  return {
    cartId,
    commit: async (response: Response) => {
      if (cartId !== before) response.headers.append("Set-Cookie", await sessions.commitSession(session));
      return response;
    },
  };
}

/** The client's cart id for a change; 404 `{ error: "No cart" }` without one. */
export function requireCartId(client: ApiCartClient): string {
  if (!client.cartId) throw jsonError(404, NO_CART_MESSAGE);
  return client.cartId;
}

/** A cart change's failure as the API answers it; anything else is rethrown. */
export function cartChangeError(error: unknown): Response {
  if (error instanceof CartVersionConflictError) {
    return privateJson(
      { error: "The cart has changed since it was read. Read it again.", version: error.currentVersion },
      409,
    );
  }
  if (error instanceof CouponRefusedError) return jsonError(422, error.message);
  if (error instanceof CartItemsError) return jsonError(400, error.message);
  if (error instanceof CartNotFoundError) return jsonError(404, NO_CART_MESSAGE);
  if (error instanceof LineItemGroupNotFoundError)
    return jsonError(404, "There is no such line item group in the cart.");
  throw error;
}

// --- The cart entity -----------------------------------------------------------------------------------------

const WHICH_EYE = { right: "Right", left: "Left", none: "none" } as const;

/** The cart as the API answers it (spec 2 "Cart"); a missing cart reads as an empty one (cartId null). */
export async function cartJson(services: AppServices, cartId: string | null, shopper: Shopper, now = new Date()) {
  return shapeCart(await pricedCart(services, cartId, shopper, now));
}

function shapeCart(cart: PricedCart) {
  return {
    cartId: cart.cartId,
    version: cart.version,
    lineItemGroups: cart.groups.map((group) => {
      const days = group.autoReorderFrequencyDays;
      return {
        id: group.id,
        type: group.type,
        autoReorder: days ? { reorderFrequencyInDays: days } : null,
        examVoucherToken: group.examVoucherToken,
        isExamNeededPostOrder: group.isExamNeededPostOrder,
        subTotal: group.subtotalCents,
        lineItems: group.items.map((item) => ({
          itemId: item.id,
          whichEye: WHICH_EYE[item.whichEye],
          product: {
            productId: item.productId,
            productType: item.productType === "solution" ? PRODUCT_TYPE.solution : PRODUCT_TYPE.lens,
            displayName: item.productName,
            brand: item.brandName,
            url: item.href,
            imageUrl: item.imageUrl,
            price: item.unitPriceCents,
            quantityPerPackage: item.quantityPerPackage,
            maximumQuantity: item.maximumQuantity,
            wearTime: item.wearTimeDays,
          },
          upc: item.upc,
          quantity: item.quantity,
          classification: item.productType,
          parameters: item.parameters,
          supply: item.supply,
          stock: item.stock,
          lineTotal: item.lineTotalCents,
          discountAmount: item.discountCents,
          isSkuDiscontinued: item.isDiscontinued,
        })),
      };
    }),
    promotions: cart.promotions.map((promotion) => ({
      id: promotion.promotionId,
      description: promotion.description,
      amount: promotion.amountCents,
      rewards: promotion.rewards.map(rewardJson),
      expiration: promotion.expiresAt?.toISOString() ?? null,
      expirationLabel: promotion.expiryLabel,
    })),
    coupon: cart.coupon && {
      couponCode: cart.coupon.code,
      couponName: cart.coupon.name,
      description: cart.coupon.description,
      status: cart.coupon.status,
      amount: cart.coupon.amountCents,
      message: cart.coupon.message,
      expiration: cart.coupon.expiresAt?.toISOString() ?? null,
      expirationLabel: cart.coupon.expiryLabel,
    },
    rebates: cart.rebates.map((rebate) => ({
      promotionId: rebate.promotionId,
      description: rebate.description,
      offer: rebate.offer,
      amount: rebate.amountCents,
    })),
    shippingMethods: cart.shippingMethods.map((method) => ({
      shippingLevel: method.shippingLevel,
      name: method.name,
      label: method.label,
      amount: method.amountCents,
      priceLabel: method.priceLabel,
      estimatedDelivery: method.estimatedDelivery,
      selected: method.selected,
    })),
    selectedShippingMethod: cart.selectedShippingMethod,
    shippingAddress: cart.shippingAddress,
    customerCredits: cart.customerCredits,
    customerGroups: cart.customerGroups,
    // Spec 3 "Stored applied benefit": the cart holds at most one (decision 54).
    cartInsuranceBenefits: cart.insurance.applied
      ? [
          {
            benefitId: cart.insurance.applied.benefitId,
            insuranceBenefitAmount: cart.insurance.applied.insuranceBenefitAmount,
            isCoinsurance: cart.insurance.applied.isCoinsurance,
            planName: cart.insurance.applied.planName,
            provider: cart.insurance.applied.provider,
          },
        ]
      : [],
    orderSummary: cart.orderSummary,
  };
}
export type CartJson = ReturnType<typeof shapeCart>;

const rewardJson = (reward: AppliedReward) => ({
  rewardType: reward.rewardType,
  amount: reward.amountCents,
  description: reward.description,
  itemIds: reward.itemIds,
});

// --- Promotions ----------------------------------------------------------------------------------------------

export interface DiscountItem {
  productId: number;
  quantity: number;
  eye: "right" | "left" | "none";
}

/**
 * Spec 2 "Promotion discount": the items priced in the shopper's book as a hypothetical cart, evaluated against
 * the running automatic promotions (only those in `promotionIds` when given); one entry per item that gets a
 * discount (instant rebates, dollar-off and percent-off; mail-in rebates are not discounts). `{ missing }` names
 * the first product that is unknown, hidden or has no price in the book.
 */
export async function promotionDiscounts(
  db: Database,
  items: readonly DiscountItem[],
  shopper: Shopper,
  promotionIds: readonly number[] | null,
  now = new Date(),
) {
  const productIds = [...new Set(items.map((item) => item.productId))];
  const [rows, running, customerGroups] = await Promise.all([
    productsForPricing(db, productIds, shopper.priceBook),
    activePromotions(db, now),
    customerGroupsFor(db, shopper.customerId),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lines: PricedLine[] = [];
  for (const [index, item] of items.entries()) {
    const product = byId.get(item.productId);
    if (!product || product.isHidden || product.unitPriceCents === null) return { missing: item.productId };
    lines.push({
      itemId: `item-${index}`,
      productId: item.productId,
      brandSlug: product.brandSlug,
      productType: productKind(product.productType),
      eye: item.eye,
      // Items without a group: priced as a one-time order.
      orderType: "oneTime",
      quantity: item.quantity,
      unitPriceCents: product.unitPriceCents,
    });
  }
  const offered = running.filter(
    (promotion) => !promotion.requiresCoupon && (promotionIds === null || promotionIds.includes(promotion.id)),
  );
  // Shipping rewards are not item discounts: the quote is on the items alone.
  const outcome = evaluateMerchandisePromotions(offered, lines, { now, customerGroups, priceBook: shopper.priceBook });
  const discounts = lines.flatMap((line) => {
    const amount = outcome.itemDiscounts[line.itemId] ?? 0;
    if (amount === 0) return [];
    return [
      { productId: line.productId, quantity: line.quantity, amount, eye: WHICH_EYE[line.eye], itemId: line.itemId },
    ];
  });
  return { discounts };
}
