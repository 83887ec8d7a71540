import { EXAM_PAYMENT_MESSAGES, IDEMPOTENCY_KEY_PATTERN } from "~/models/exam-payments";
import { createExamSchema, EXAM_SIGN_IN, voucherJson } from "~/services/api/exams.server";
import {
  jsonError,
  methodNotAllowed,
  privateJson,
  readJsonBody,
  type ApiErrorStatus,
} from "~/services/api/json.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import { walletOf } from "~/services/checkout/payment-methods.server";
import { examPriceFor } from "~/services/exams/exam-campaigns.server";
import { payForExamChoice, type ExamPayFailure } from "~/services/exams/exam-payments.server";
import { customerPatient } from "~/services/exams/exam-start.server";
import { upsertPatient } from "~/services/funnel/group-steps.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.examInfo.create";

/** How each way paying can fail answers an app (the page's messages, as JSON errors). */
const PAY_FAILURE_STATUS: Record<Exclude<ExamPayFailure, "not-started"> | "not-served" | "choice", ApiErrorStatus> = {
  "not-served": 422,
  choice: 400,
  "payment-method": 400,
  declined: 402,
  "payment-error": 502,
  "in-progress": 409,
  "key-reused": 422,
  "price-changed": 409,
};

/**
 * POST api/examInfo/create {patientId | firstName+lastName, rightUpc?, leftUpc?, rbCode?, paymentMethodId?, price?}
 * with an `Idempotency-Key` header → 201 the voucher (spec "Exam voucher"), once its fee is paid (decision 55): the
 * visitor's price (decision 64), charged to the card `paymentMethodId` names, else the wallet's preferred card,
 * exactly once per key (a retry answers the same exam). 200 null when the provider could not create the exam (spec:
 * failure yields null; the fee is refunded). 400 bad input, no key, or no card; 402 declined; 404 a patient that is
 * not the customer's; 409 a twin request is paying, or the price is no longer the `price` the app showed; 422 the
 * provider does not serve the customer's state, or the key was another exam's; 401 signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context, EXAM_SIGN_IN);
  const key = request.headers.get("Idempotency-Key")?.trim() ?? "";
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return jsonError(400, EXAM_PAYMENT_MESSAGES.idempotencyKey);
  const input = await readJsonBody(request, createExamSchema);
  const services = context.get(servicesContext);

  let patientId: number;
  if (input.patientId !== undefined) {
    if (!(await customerPatient(services.db, customer.id, input.patientId))) return jsonError(404, "No such patient.");
    patientId = input.patientId;
  } else {
    const firstName = input.firstName!;
    const lastName = input.lastName!;
    patientId = await services.db.transaction((tx) => upsertPatient(tx, customer.id, firstName, lastName));
  }
  const paymentMethodId = input.paymentMethodId ?? (await walletOf(services.db, customer.id)).selected?.id;
  if (paymentMethodId === undefined) return jsonError(400, EXAM_PAYMENT_MESSAGES.noCard);
  const paid = await payForExamChoice(services, {
    customer,
    choice: { patientId, rightUpc: input.rightUpc ?? null, leftUpc: input.leftUpc ?? null },
    paymentMethodId,
    // The key is the caller's: scoped to the customer, so two customers' keys never meet.
    idempotencyKey: `api:${customer.id}:${key}`,
    price: await examPriceFor(services, context.get(visitorContext)),
    shownPriceCents: input.price === undefined ? null : Math.round(input.price * 100),
    rbCode: input.rbCode ?? null,
  });
  if (paid.ok) return privateJson(voucherJson(paid.voucher, customer), 201);
  if (paid.reason === "not-started") return privateJson(null);
  return jsonError(PAY_FAILURE_STATUS[paid.reason], paid.message);
}

export function loader() {
  return methodNotAllowed("POST");
}
