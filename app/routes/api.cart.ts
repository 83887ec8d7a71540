import { z } from "zod";
import { COUPON_MESSAGES, couponCodeSchema } from "~/models/cart-forms";
import { jsonError, methodNotAllowed, parseJson, privateJson, readJson } from "~/services/api/json.server";
import { modifyCart, type CouponNotice } from "~/services/cart/cart-changes.server";
import { apiCartClient, cartChangeError, cartForChange, cartJson, requireCartId } from "~/services/api/cart.server";
import { resolveNewGroup } from "~/services/api/cart-items.server";
import {
  existingLineItemGroupSchema,
  modifiedCartSchema,
  newLineItemGroupSchema,
  type NewLineItemGroupInput,
} from "~/services/api/schemas/cart-api";
import type { NewLineItemGroup } from "~/services/cart/cart.server";
import type { Route } from "./+types/api.cart";

/** GET /api/cart → the cart (cartResponseSchema), or the same shape empty when there is none; never creates a cart. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const client = await apiCartClient(request, context);
  return privateJson(await cartJson(client.services, client.cartId, client.shopper));
}

/**
 * POST /api/cart {version, lineItemGroups?, coupon?, selectedShippingMethod?} (modifiedCartSchema): the client's
 * modified cart. Unknown fields are ignored, so a client may send back what GET gave it. `lineItemGroups`, when
 * present, is the full list of items (items left out are removed); a group without an `id`, whose lines name
 * `productId`, `whichEye`, `parameters` and `quantity`, is a new group, added by the product page's rules (a cart
 * is started for it when there is none, at version 0). `coupon` null removes the coupon; the change applies only at
 * the `version` the client read.
 * → 200 the new cart with `notice` (the coupon's success or add-items message, else null) and
 * `addedLineItemGroupIds`; 409 `{ error, version }` when the cart changed since `version`; 422 a refused coupon
 * (nothing applied); 400 bad input, an unknown item or a product the product page would refuse (its messages);
 * 404 no cart.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET", "POST");
  const client = await apiCartClient(request, context);
  const body = await readJson(request);
  checkGroups(body.lineItemGroups);
  const input = parseJson(modifiedCartSchema, body);
  const existing = (input.lineItemGroups ?? []).filter((group) => group.id !== undefined);
  const added = (input.lineItemGroups ?? []).filter((group) => group.id === undefined) as NewLineItemGroupInput[];
  const quantities = input.lineItemGroups ? quantitiesOf(existing) : undefined;
  let couponCode: string | null | undefined = undefined;
  if (input.coupon === null) couponCode = null;
  else if (input.coupon) {
    const parsed = couponCodeSchema.safeParse(input.coupon.couponCode);
    if (!parsed.success) return jsonError(422, COUPON_MESSAGES.invalid);
    couponCode = parsed.data;
  }
  const newGroups: NewLineItemGroup[] = [];
  for (const group of added) newGroups.push(await resolveNewGroup(client.services.db, client.shopper.priceBook, group));
  // A new group may start the cart (at version 0); any other change needs one.
  if (newGroups.length > 0 && client.cartId === null && input.version !== 0) {
    return privateJson({ error: "The cart has changed since it was read. Read it again.", version: 0 }, 409);
  }
  const target = newGroups.length > 0 ? await cartForChange(client, context) : null;
  const cartId = target?.cartId ?? requireCartId(client);
  let notice: CouponNotice | null;
  let newGroupIds: string[];
  try {
    ({ notice, newGroupIds } = await modifyCart(client.services.db, cartId, client.shopper, input.version, {
      quantities,
      newGroups,
      couponCode,
      shippingLevel: input.selectedShippingMethod?.shippingLevel,
    }));
  } catch (error) {
    return cartChangeError(error);
  }
  const cart = await cartJson(client.services, cartId, client.shopper);
  const response = privateJson({
    ...cart,
    notice: notice ? { kind: notice.kind, message: notice.message } : null,
    addedLineItemGroupIds: newGroupIds,
  });
  return target ? target.commit(response) : response;
}

/** Each group as its kind reads it (an `id`: one in the cart; none: a new one), for messages that say what is wrong. */
function checkGroups(groups: unknown) {
  if (!Array.isArray(groups)) return;
  for (const [index, group] of groups.entries()) {
    const isExisting = typeof group === "object" && group !== null && "id" in group && group.id !== undefined;
    parseJson(
      z.object({
        lineItemGroups: z.record(z.string(), isExisting ? existingLineItemGroupSchema : newLineItemGroupSchema),
      }),
      { lineItemGroups: { [index]: group } },
    );
  }
}

function quantitiesOf(groups: Array<{ lineItems: Array<{ itemId?: string; quantity: number }> }>) {
  const quantities = new Map<string, number>();
  for (const item of groups.flatMap((group) => group.lineItems)) {
    if (!item.itemId) continue;
    if (quantities.has(item.itemId)) throw jsonError(400, `Item ${item.itemId} is listed more than once.`);
    quantities.set(item.itemId, item.quantity);
  }
  return quantities;
}
