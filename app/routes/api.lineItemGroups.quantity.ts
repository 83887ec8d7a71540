import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { apiCartClient, cartChangeError, cartJson, requireCartId } from "~/services/api/cart.server";
import { lineItemQuantitiesRequestSchema } from "~/services/api/schemas/cart-api";
import { modifyCart } from "~/services/cart/cart-changes.server";
import type { Route } from "./+types/api.lineItemGroups.quantity";

export function loader() {
  return methodNotAllowed("PUT");
}

/**
 * PUT /api/lineItemGroups/quantity { lineItemQuantities: [{ id, quantity }], version? } (spec 2 §7;
 * lineItemQuantitiesRequestSchema): sets the quantities of the items named by their itemId (the others stay as they
 * are), each one the line offers, in one change under the cart's lock — at `version` when it is sent, as POST
 * api/cart. → 200 the cart; 400 bad input, an item not in the cart or a quantity not offered (nothing changed);
 * 409 `{ error, version }` the cart changed since `version`; 404 no cart.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const client = await apiCartClient(request, context);
  const input = await readJsonBody(request, lineItemQuantitiesRequestSchema);
  const quantityChanges = new Map<string, number>();
  for (const { id, quantity } of input.lineItemQuantities) {
    if (quantityChanges.has(id)) return jsonError(400, `Item ${id} is listed more than once.`);
    quantityChanges.set(id, quantity);
  }
  const cartId = requireCartId(client);
  try {
    await modifyCart(client.services.db, cartId, client.shopper, input.version ?? null, { quantityChanges });
  } catch (error) {
    return cartChangeError(error);
  }
  return privateJson(await cartJson(client.services, cartId, client.shopper));
}
