import { isOrderNumberShaped } from "~/models/order-status";
import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { rebateFormFileName } from "~/models/rebate-form";
import { apiCustomer } from "~/services/api/customer.server";
import { jsonError, methodNotAllowed } from "~/services/api/json.server";
import { ORDERS_SIGN_IN } from "~/services/api/orders.server";
import { orderRebateForm, rebateFormPdf } from "~/services/orders/rebate-form.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { orderViewerOf } from "~/services/prescriptions/order-upload.server";
import type { Route } from "./+types/api.rebates.order.$orderNumber";

/**
 * GET api/rebates/order/{orderNumber} (spec 3 "Catalog and rebates") → the order's mail-in rebate form,
 * rebate_{orderNumber}.pdf, to the order's customer or the browser session that placed it (as thank-you?oid=
 * allows). Another's order, an unknown one and one without a mail-in rebate are the same 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  apiCustomer(request, context, ORDERS_SIGN_IN);
  if (!isOrderNumberShaped(params.orderNumber)) return jsonError(400, "The order number is not valid.");
  const { db } = context.get(servicesContext);
  const form = await orderRebateForm(db, params.orderNumber, orderViewerOf(context.get(visitorContext)));
  if (!form) return jsonError(404, `There is no rebate form for order ${params.orderNumber}.`);
  const pdf = await rebateFormPdf(form);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${rebateFormFileName(form.orderNumber)}"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}

export function action() {
  return methodNotAllowed();
}
