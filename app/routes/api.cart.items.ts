import { methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { apiCartClient, cartChangeError, cartForChange, cartJson } from "~/services/api/cart.server";
import { resolveNewGroup } from "~/services/api/cart-items.server";
import { cartItemsRequestSchema } from "~/services/api/schemas/cart-api";
import { modifyCart } from "~/services/cart/cart-changes.server";
import type { Route } from "./+types/api.cart.items";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/cart/items { lineItems: [{ productId, whichEye, parameters, quantity }], autoReorder?,
 * prescriptionLater?, version? } (cartItemsRequestSchema): adds one product as a new line item group, by the
 * product page's rules, to the client's cart — started when there is none (a signed-in customer's cart is theirs,
 * so their other devices and apps see it). → 200 the cart with `addedLineItemGroupIds`; 400 bad input or what the
 * product page would refuse (its messages); 409 `{ error, version }` when `version` is sent and the cart changed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const client = await apiCartClient(request, context);
  const input = await readJsonBody(request, cartItemsRequestSchema);
  const group = await resolveNewGroup(client.services.db, client.shopper.priceBook, input);
  const target = await cartForChange(client, context);
  let newGroupIds: string[];
  try {
    ({ newGroupIds } = await modifyCart(client.services.db, target.cartId, client.shopper, input.version ?? null, {
      newGroups: [group],
    }));
  } catch (error) {
    return cartChangeError(error);
  }
  const cart = await cartJson(client.services, target.cartId, client.shopper);
  return target.commit(privateJson({ ...cart, addedLineItemGroupIds: newGroupIds }));
}
