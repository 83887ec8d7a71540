import { requireApiCustomer } from "~/services/api/customer.server";
import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import { ORDERS_SIGN_IN, orderSummariesJson } from "~/services/api/orders.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.orders._index";

/**
 * GET api/orders/ (spec 2 §7: the summary list) → 200 the signed-in customer's newest orders, deleted ones left
 * out (orderSummariesResponseSchema; an empty list when there are none); 401 signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, ORDERS_SIGN_IN);
  const { db } = context.get(servicesContext);
  return privateJson(await orderSummariesJson(db, customer.id));
}

export function action() {
  return methodNotAllowed();
}
