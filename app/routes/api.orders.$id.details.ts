import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import { orderDetails, orderDetailsJson } from "~/services/orders/order-history.server";
import { isOrderNumberShaped } from "~/models/order-status";
import { requireApiCustomer } from "~/services/api/customer.server";
import { ORDERS_SIGN_IN } from "~/services/api/orders.server";
import type { Route } from "./+types/api.orders.$id.details";

/**
 * GET api/orders/:id/details (spec 2 §7): one of the signed-in customer's orders by its order number. Another
 * customer's order is a 404, exactly like one that does not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, ORDERS_SIGN_IN);
  if (!isOrderNumberShaped(params.id)) return jsonError(400, "The order number is not valid.");
  const { db } = context.get(servicesContext);
  const order = await orderDetails(db, customer.id, params.id);
  if (!order) return jsonError(404, `There is no order ${params.id}.`);
  return privateJson(orderDetailsJson(order));
}

export function action() {
  return methodNotAllowed();
}
