import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { ORDERS_SIGN_IN, orderStatusJson } from "~/services/api/orders.server";
import { orderNumberParamSchema } from "~/services/api/schemas/orders-api";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.order.status.$orderNumber";

/**
 * GET api/order/status/{orderNumber} (spec 2 §7) → 200 the order's prescriptions with their status, the doctor's
 * verification and whether the order is on hold (orderStatusResponseSchema). 401 signed out; 400 a malformed
 * number; 404 another customer's order, exactly like one that does not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, ORDERS_SIGN_IN);
  const orderNumber = orderNumberParamSchema.safeParse(params.orderNumber);
  if (!orderNumber.success) return jsonError(400, "The order number is not valid.");
  const { db } = context.get(servicesContext);
  const status = await orderStatusJson(db, customer.id, orderNumber.data);
  if (!status) return jsonError(404, `There is no order ${orderNumber.data}.`);
  return privateJson(status);
}

export function action() {
  return methodNotAllowed();
}
