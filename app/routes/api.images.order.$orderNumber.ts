import { isOrderNumberShaped } from "~/models/order-status";
import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { imageMetadataJson } from "~/services/api/images.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { orderForUpload, orderViewerOf } from "~/services/prescriptions/order-upload.server";
import { rxImagesOfOrder } from "~/services/prescriptions/rx-images.server";
import { apiCustomer } from "~/services/api/customer.server";
import { ORDERS_SIGN_IN } from "~/services/api/orders.server";
import type { Route } from "./+types/api.images.order.$orderNumber";

/**
 * GET api/images/order/:orderNumber (spec 2 §7): the images sent for an order (metadata, newest first), to the
 * order's customer or the browser session that placed it; anyone else gets the same 404 as for no such order.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  apiCustomer(request, context, ORDERS_SIGN_IN);
  const visitor = context.get(visitorContext);
  if (!isOrderNumberShaped(params.orderNumber)) return jsonError(400, "The order number is not valid.");
  const { db } = context.get(servicesContext);
  const order = await orderForUpload(db, params.orderNumber, orderViewerOf(visitor));
  if (!order) return jsonError(404, `There is no order ${params.orderNumber}.`);
  const images = await rxImagesOfOrder(db, order.id);
  return privateJson({ orderNumber: order.orderNumber, items: images.map(imageMetadataJson) });
}

export function action() {
  return methodNotAllowed("GET");
}
