import { COUPON_MESSAGES, couponCodeSchema } from "~/models/cart-forms";
import { jsonError, methodNotAllowed, parseJson, privateJson, readJson } from "~/services/api/json.server";
import { modifyCart, type CouponNotice } from "~/services/cart/cart-changes.server";
import { apiCartClient, cartChangeError, cartJson, requireCartId } from "~/services/api/cart.server";
import { modifiedCartSchema } from "~/services/api/openapi/cart.server";
import type { Route } from "./+types/api.cart";

/** GET /api/cart → the cart (spec 2 "Cart"), or the same shape empty when there is none; never creates a cart. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const client = await apiCartClient(request, context);
  return privateJson(await cartJson(client.services, client.cartId, client.shopper));
}

/**
 * POST /api/cart {version, lineItemGroups?, coupon?, selectedShippingMethod?} → 200 the new cart with `notice`
 * (the coupon's success or add-items message, else null); 409 `{ error, version }` when the cart changed since
 * `version`; 422 a refused coupon (nothing applied); 400 bad input or an unknown item; 404 no cart.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET", "POST");
  const client = await apiCartClient(request, context);
  const input = parseJson(modifiedCartSchema, await readJson(request));
  const quantities = input.lineItemGroups ? quantitiesOf(input.lineItemGroups) : undefined;
  let couponCode: string | null | undefined = undefined;
  if (input.coupon === null) couponCode = null;
  else if (input.coupon) {
    const parsed = couponCodeSchema.safeParse(input.coupon.couponCode);
    if (!parsed.success) return jsonError(422, COUPON_MESSAGES.invalid);
    couponCode = parsed.data;
  }
  const cartId = requireCartId(client);
  let notice: CouponNotice | null;
  try {
    ({ notice } = await modifyCart(client.services.db, cartId, client.shopper, input.version, {
      quantities,
      couponCode,
      shippingLevel: input.selectedShippingMethod?.shippingLevel,
    }));
  } catch (error) {
    return cartChangeError(error);
  }
  const cart = await cartJson(client.services, cartId, client.shopper);
  return privateJson({ ...cart, notice: notice ? { kind: notice.kind, message: notice.message } : null });
}

function quantitiesOf(groups: Array<{ lineItems: Array<{ itemId: string; quantity: number }> }>) {
  const quantities = new Map<string, number>();
  for (const item of groups.flatMap((group) => group.lineItems)) {
    if (quantities.has(item.itemId)) throw jsonError(400, `Item ${item.itemId} is listed more than once.`);
    quantities.set(item.itemId, item.quantity);
  }
  return quantities;
}
