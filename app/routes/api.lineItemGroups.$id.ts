import { jsonError, methodNotAllowed, parseJson, privateJson } from "~/services/api/json.server";
import { apiCartClient, cartChangeError, cartJson, requireCartId } from "~/services/api/cart.server";
import { lineItemGroupIdSchema, versionQuerySchema } from "~/services/api/schemas/cart-api";
import { removeLineItemGroup } from "~/services/cart/cart-changes.server";
import type { Route } from "./+types/api.lineItemGroups.$id";

export function loader() {
  return methodNotAllowed("DELETE");
}

/**
 * DELETE /api/lineItemGroups/{id}[?version=] (spec 2 §7): removes the group and its items from the client's cart,
 * under the cart's lock — at `version` when it is sent, as POST api/cart. → 200 the cart; 404 no cart, or no such
 * group in it (another cart's group is not found, exactly like a missing one); 400 a malformed version; 409
 * `{ error, version }` the cart changed since `version`.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const client = await apiCartClient(request, context);
  const groupId = lineItemGroupIdSchema.safeParse(params.id);
  if (!groupId.success) return jsonError(404, "There is no such line item group in the cart.");
  const version = parseJson(versionQuerySchema, new URL(request.url).searchParams.get("version") ?? undefined);
  const cartId = requireCartId(client);
  try {
    await removeLineItemGroup(client.services.db, cartId, groupId.data, version ?? null);
  } catch (error) {
    return cartChangeError(error);
  }
  return privateJson(await cartJson(client.services, cartId, client.shopper));
}
