import { requireApiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed, parseJson, privateJson } from "~/services/api/json.server";
import { ORDERS_SIGN_IN, isCustomerPatient, orderCountByProduct } from "~/services/api/orders.server";
import { orderCountByProductQuerySchema } from "~/services/api/schemas/orders-api";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.orders.orderCountByProduct";

/**
 * GET api/orders/orderCountByProduct?products=1,2[&patientId=] (spec 2 §7) → 200 [{ productId, orderCount }] in
 * the order asked: how many of the signed-in customer's orders contain each product (only the patient's, when
 * given). 401 signed out; 400 bad input; 404 a patient who is not the customer's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, ORDERS_SIGN_IN);
  const query = new URL(request.url).searchParams;
  const input = parseJson(orderCountByProductQuerySchema, {
    products: query.get("products") ?? undefined,
    patientId: query.get("patientId") || undefined,
  });
  const { db } = context.get(servicesContext);
  const patientId = input.patientId ?? null;
  if (patientId !== null && !(await isCustomerPatient(db, customer.id, patientId))) {
    return jsonError(404, `There is no patient ${patientId}.`);
  }
  return privateJson(await orderCountByProduct(db, customer.id, input.products, patientId));
}

export function action() {
  return methodNotAllowed();
}
