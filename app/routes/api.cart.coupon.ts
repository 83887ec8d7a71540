import { eq } from "drizzle-orm";
import { COUPON_MESSAGES, couponCodeSchema } from "~/models/cart-forms";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { ensureCart } from "~/services/cart/add-to-cart.server";
import { applyCoupon, removeCoupon } from "~/services/cart/cart-changes.server";
import {
  apiCartClient,
  cartChangeError,
  cartJson,
  requireCartId,
  type ApiCartClient,
} from "~/services/api/cart.server";
import { createCart } from "~/services/cart/cart.server";
import { visitorContext } from "~/services/platform/context.server";
import { carts } from "~/services/db/schema";
import { couponBodySchema } from "~/services/api/openapi/cart.server";
import type { Route } from "./+types/api.cart.coupon";

export function loader() {
  return methodNotAllowed("POST", "DELETE");
}

/**
 * POST /api/cart/coupon {couponCode} → 200 { message, kind ("success" | "info"), cart }; a refused code → 422
 * { error } with the spec's message. Without a cart one is made, so the coupon is saved with an add-items notice.
 * DELETE /api/cart/coupon → 200 { message, kind: "info", cart }; 404 without a cart.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method === "DELETE") return remove(request, context);
  if (request.method !== "POST") return methodNotAllowed("POST", "DELETE");
  const client = await apiCartClient(request, context);
  const { couponCode } = await readJsonBody(request, couponBodySchema);
  const code = couponCodeSchema.safeParse(couponCode);
  if (!code.success) return jsonError(422, COUPON_MESSAGES.invalid);

  const { cartId, created } = await cartForCoupon(client, context);
  const result = await applyCoupon(client.services.db, cartId, code.data, client.shopper);
  if (!result.ok) {
    // A cart made only to hold a refused coupon would be an empty row left behind.
    if (created) await forgetCart(client, context, cartId);
    return jsonError(422, result.message);
  }
  const response = privateJson({
    message: result.message,
    kind: result.kind,
    cart: await cartJson(client.services, cartId, client.shopper),
  });
  if (created && !client.viaBearer) {
    const { session } = context.get(visitorContext);
    response.headers.append("Set-Cookie", await client.services.sessions.commitSession(session));
  }
  return response;
}

async function remove(request: Request, context: Route.ActionArgs["context"]) {
  const client = await apiCartClient(request, context);
  const cartId = requireCartId(client);
  try {
    await removeCoupon(client.services.db, cartId);
  } catch (error) {
    return cartChangeError(error);
  }
  return privateJson({
    message: "Coupon removed.",
    kind: "info",
    cart: await cartJson(client.services, cartId, client.shopper),
  });
}

/** The client's cart, or a new one: remembered in the cookie session, or owned by the bearer client's customer. */
async function cartForCoupon(client: ApiCartClient, context: Route.ActionArgs["context"]) {
  const { db } = client.services;
  if (client.viaBearer) {
    if (client.cartId) return { cartId: client.cartId, created: false };
    return { cartId: await createCart(db, client.shopper.customerId), created: true };
  }
  const { session } = context.get(visitorContext);
  const before = session.get("cartId");
  const cartId = await ensureCart(db, session, client.shopper.customerId);
  return { cartId, created: cartId !== before };
}

async function forgetCart(client: ApiCartClient, context: Route.ActionArgs["context"], cartId: string) {
  await client.services.db.delete(carts).where(eq(carts.id, cartId));
  if (!client.viaBearer) context.get(visitorContext).session.unset("cartId");
}
