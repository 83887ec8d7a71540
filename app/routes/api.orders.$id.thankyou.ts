import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { ORDERS_SIGN_IN, thankYouJson } from "~/services/api/orders.server";
import { orderNumberParamSchema } from "~/services/api/schemas/orders-api";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.orders.$id.thankyou";

/**
 * GET /orders/{id}/thankyou (spec 2 §7; also under api/) → 200 what the thank-you page shows about one of the
 * signed-in customer's orders, by order number (thankYouResponseSchema); 401 signed out; 400 a malformed number;
 * 404 another customer's order, exactly like one that does not exist. Query parameters are ignored.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, ORDERS_SIGN_IN);
  const orderNumber = orderNumberParamSchema.safeParse(params.id);
  if (!orderNumber.success) return jsonError(400, "The order number is not valid.");
  const { db } = context.get(servicesContext);
  const order = await thankYouJson(db, customer, orderNumber.data);
  if (!order) return jsonError(404, `There is no order ${orderNumber.data}.`);
  return privateJson(order);
}

export function action() {
  return methodNotAllowed();
}
