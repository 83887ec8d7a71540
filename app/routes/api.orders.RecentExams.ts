import { DateTime } from "luxon";
import { RECAPTURE_ORDER_WINDOW_DAYS } from "~/models/recapture";
import { examJson, RECENT_EXAMS_CACHE_CONTROL } from "~/services/api/exams.server";
import { jsonResponse, methodNotAllowed } from "~/services/api/json.server";
import { customerVouchers } from "~/services/exams/exam-vouchers.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.orders.RecentExams";

/**
 * GET api/orders/RecentExams → the customer's exams of the last 30 days (what recapture looks at), newest first; an
 * empty list signed out (spec: failure gives an empty list). Kept by the client for 2,500 ms.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { customer } = context.get(visitorContext);
  if (!customer) return jsonResponse([], RECENT_EXAMS_CACHE_CONTROL);
  const since = DateTime.now().minus({ days: RECAPTURE_ORDER_WINDOW_DAYS }).toJSDate();
  const vouchers = await customerVouchers(context.get(servicesContext).db, customer.id, since);
  return jsonResponse(vouchers.map(examJson), RECENT_EXAMS_CACHE_CONTROL);
}

export function action() {
  return methodNotAllowed("GET");
}
