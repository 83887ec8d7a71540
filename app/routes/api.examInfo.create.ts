import { createExamSchema, EXAM_SIGN_IN, voucherJson } from "~/services/api/exams.server";
import { jsonError, methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { upsertPatient } from "~/services/funnel/group-steps.server";
import { customerPatient } from "~/services/exams/exam-start.server";
import { createExamVoucher } from "~/services/exams/exam-vouchers.server";
import { servicesContext } from "~/services/platform/context.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.examInfo.create";

/**
 * POST api/examInfo/create {patientId | firstName+lastName, rightUpc?, leftUpc?, rbCode?} → 201 the voucher
 * (spec "Exam voucher"); 200 null when the provider could not create the exam (spec: failure yields null); 400 bad
 * input; 404 a patient that is not the customer's; 401 signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context, EXAM_SIGN_IN);
  const input = await readJsonBody(request, createExamSchema);
  const services = context.get(servicesContext);
  let patient;
  if (input.patientId !== undefined) {
    patient = await customerPatient(services.db, customer.id, input.patientId);
    if (!patient) return jsonError(404, "No such patient.");
  } else {
    const firstName = input.firstName!;
    const lastName = input.lastName!;
    const patientId = await services.db.transaction((tx) => upsertPatient(tx, customer.id, firstName, lastName));
    patient = { patientId, firstName, lastName };
  }
  const voucher = await createExamVoucher(services, {
    customer,
    patient,
    rightUpc: input.rightUpc ?? null,
    leftUpc: input.leftUpc ?? null,
    rbCode: input.rbCode ?? null,
  });
  return voucher ? privateJson(voucherJson(voucher, customer), 201) : privateJson(null);
}

export function loader() {
  return methodNotAllowed("POST");
}
