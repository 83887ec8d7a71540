import { z } from "zod";
import { COUPON_MESSAGES, couponCodeSchema } from "~/models/cart-forms";
import { jsonError, methodNotAllowed, parseJson, privateJson, readJson } from "~/services/api/json.server";
import { modifyCart, type CouponNotice } from "~/services/cart/cart-changes.server";
import {
  apiCartClient,
  cartChangeError,
  cartJson,
  requireCartId,
  shippingLevelSchema,
} from "~/services/api/cart.server";
import type { Route } from "./+types/api.cart";

/**
 * POST api/cart: the client's modified cart. Unknown fields are ignored, so a client may send back what GET gave
 * it. `lineItemGroups`, when present, is the full list of items (items left out are removed); `coupon` null
 * removes the coupon; the change applies only at the `version` the client read.
 */
const modifiedCartSchema = z.object({
  version: z.number({ error: "Send the cart's version." }).int().min(0),
  lineItemGroups: z
    .array(
      z.object({
        id: z.string().max(100),
        lineItems: z
          .array(
            z.object({
              itemId: z.string().min(1).max(100),
              quantity: z
                .number({ error: "A quantity is a whole number from 1 to 99." })
                .int({ error: "A quantity is a whole number from 1 to 99." })
                .min(1, { error: "A quantity is a whole number from 1 to 99." })
                .max(99, { error: "A quantity is a whole number from 1 to 99." }),
            }),
          )
          .max(50),
      }),
    )
    .max(50)
    .optional(),
  coupon: z
    .object({ couponCode: z.string().max(100) })
    .nullable()
    .optional(),
  selectedShippingMethod: z.object({ shippingLevel: shippingLevelSchema }).optional(),
});

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
