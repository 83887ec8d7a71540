import { EXAM_MESSAGES } from "~/models/exams";
import { examDetailsJson, EXAM_SIGN_IN } from "~/services/api/exams.server";
import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import { examDetails } from "~/services/exams/exam-vouchers.server";
import { servicesContext } from "~/services/platform/context.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.examInfo.$token.details";

/**
 * GET api/examInfo/{token}/details → the exam (read again from the provider when the copy is over 3 minutes old);
 * 404 'Something went wrong with getting your exam info' for a token that is not the customer's; 401 signed out.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, EXAM_SIGN_IN);
  if (!/^[A-Za-z0-9_-]{10,100}$/.test(params.token)) return jsonError(404, EXAM_MESSAGES.detailsFailed);
  const voucher = await examDetails(context.get(servicesContext), customer.id, params.token);
  return voucher ? privateJson(examDetailsJson(voucher)) : jsonError(404, EXAM_MESSAGES.detailsFailed);
}

export function action() {
  return methodNotAllowed("GET");
}
