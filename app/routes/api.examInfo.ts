import { examJson, EXAM_SIGN_IN } from "~/services/api/exams.server";
import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import { customerVouchers, patientChoices } from "~/services/exams/exam-vouchers.server";
import { servicesContext } from "~/services/platform/context.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.examInfo";

/**
 * GET api/examInfo → the customer's exams, newest first, and the patient choices for a new one (spec "Patient
 * choice": id, patientName, patient, exam — the exam to continue by the spec's ranking); 401 signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireApiCustomer(request, context, EXAM_SIGN_IN);
  const { db } = context.get(servicesContext);
  const [vouchers, choices] = await Promise.all([customerVouchers(db, customer.id), patientChoices(db, customer.id)]);
  return privateJson({ exams: vouchers.map(examJson), patientChoices: choices });
}

export function action() {
  return methodNotAllowed("GET");
}
