import { and, eq, inArray, sql } from "drizzle-orm";
import { examRefundKey, type ExamPaymentState } from "~/models/exam-payments";
import type { RefundResult } from "../adapters/payments/payment-gateway";
import { examPayments } from "../db/schema";
import type { AppServices } from "../platform/context.server";

/**
 * Giving the exam's fee back (issue 27, decision 55) when the provider could not take the exam: it failed to start,
 * or its doctor declined it, or it was canceled. A payment moves to refund_due with a guarded update (from the states
 * the caller names), so a request, the exam sync and the recovery job racing for one payment move it once; the refund
 * itself goes under the payment's refund key, which the provider answers once.
 */

export type RefundServices = Pick<AppServices, "db" | "payments" | "logger">;
export type ExamPaymentRow = typeof examPayments.$inferSelect;
export type RefundOutcome = "refunded" | "failed" | "due" | "skipped";

/** Owes the refund of a payment in one of `from`, then tries it; `skipped` when the payment was not in those states. */
export async function refundExamPayment(
  services: RefundServices,
  paymentId: number,
  from: readonly ExamPaymentState[],
): Promise<RefundOutcome> {
  const [due] = await services.db
    .update(examPayments)
    .set({ state: "refund_due", stateSince: sql`now()`, updatedAt: new Date() })
    .where(and(eq(examPayments.id, paymentId), inArray(examPayments.state, [...from])))
    .returning();
  if (!due) return "skipped";
  return settleRefund(services, due);
}

/** Refunds a payment that is refund_due. With no answer it stays due, for the recovery job to try again. */
export async function settleRefund(services: RefundServices, payment: ExamPaymentRow): Promise<RefundOutcome> {
  if (!payment.chargeId) throw new Error(`exam payment ${payment.id} owes a refund but has no charge`);
  let result: RefundResult;
  try {
    result = await services.payments.refund(payment.chargeId, payment.amountCents, examRefundKey(payment));
  } catch (error) {
    services.logger.warn({ err: error, examPaymentId: payment.id }, "exam refund: no answer; the job tries again");
    return "due";
  }
  if (!result.ok && result.reason === "error") return "due";
  const now = new Date();
  const refunded = result.ok;
  await services.db
    .update(examPayments)
    .set({
      state: refunded ? "refunded" : "refund_failed",
      refundId: refunded ? result.refundId : null,
      refundedAt: refunded ? now : null,
      stateSince: sql`now()`,
      updatedAt: now,
    })
    .where(and(eq(examPayments.id, payment.id), eq(examPayments.state, "refund_due")));
  if (!refunded) {
    // The money must go back another way: staff see it on the payment (state refund_failed) and in the log.
    services.logger.error({ examPaymentId: payment.id, reason: result.reason }, "exam refund refused by the provider");
    return "failed";
  }
  services.logger.info({ examPaymentId: payment.id }, "exam fee refunded");
  return "refunded";
}

/** The exam of this voucher was not taken by the provider (declined, canceled): its paid fee is refunded. */
export async function refundForVoucher(services: RefundServices, voucherToken: string): Promise<RefundOutcome> {
  const [payment] = await services.db
    .select({ id: examPayments.id })
    .from(examPayments)
    .where(and(eq(examPayments.voucherToken, voucherToken), eq(examPayments.state, "paid")));
  return payment ? refundExamPayment(services, payment.id, ["paid"]) : "skipped";
}
