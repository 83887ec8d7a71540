import { methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { setShippingLevel } from "~/services/cart/cart-changes.server";
import { apiCartClient, cartChangeError, cartJson, requireCartId } from "~/services/api/cart.server";
import { shippingMethodSchema } from "~/services/api/openapi/cart.server";
import type { Route } from "./+types/api.cart.shippingMethod";

export function loader() {
  return methodNotAllowed("PUT");
}

/** PUT /api/cart/shippingMethod {shippingLevel: 0–4} → 200 the cart; 400 another level; 404 without a cart. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const client = await apiCartClient(request, context);
  const { shippingLevel } = await readJsonBody(request, shippingMethodSchema);
  const cartId = requireCartId(client);
  try {
    await setShippingLevel(client.services.db, cartId, shippingLevel);
  } catch (error) {
    return cartChangeError(error);
  }
  return privateJson(await cartJson(client.services, cartId, client.shopper));
}
