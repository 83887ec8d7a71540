import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import { orderHistory, orderHistoryEntryJson } from "~/services/orders/order-history.server";
import { MAX_ORDER_PAGE_SIZE, pageSchema, pageSizeSchema } from "~/services/api/openapi/orders.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import { ORDERS_SIGN_IN } from "~/services/api/orders.server";
import type { Route } from "./+types/api.orders.history";

/**
 * GET api/orders/:pageSize/:page (spec 2 §7: `api/orders/history/10/0`): the signed-in customer's orders, newest
 * first, deleted ones left out. A customer with no orders is a 404 (the client reads it as null).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, ORDERS_SIGN_IN);
  const pageSize = pageSizeSchema.safeParse(params.pageSize);
  if (!pageSize.success)
    return jsonError(400, `The page size must be a whole number from 1 to ${MAX_ORDER_PAGE_SIZE}.`);
  const page = pageSchema.safeParse(params.page);
  if (!page.success) return jsonError(400, "The page must be a whole number from 0.");

  const { db } = context.get(servicesContext);
  const history = await orderHistory(db, customer.id, { pageSize: pageSize.data, page: page.data });
  if (history.totalCount === 0) return jsonError(404, "There are no orders yet.");
  return privateJson({
    orders: history.orders.map(orderHistoryEntryJson),
    page: history.page,
    pageSize: history.pageSize,
    totalCount: history.totalCount,
  });
}

export function action() {
  return methodNotAllowed();
}
