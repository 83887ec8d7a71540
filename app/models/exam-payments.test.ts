import { describe, expect, it } from "vitest";
import { EXAM_STATUSES } from "./exams";
import { examChargeKey, examPaymentPath, examRefundDue, examRefundKey, EXAM_PAYMENT_MESSAGES } from "./exam-payments";

describe("the exam fee's rules (decision 55)", () => {
  it("refunds only exams the provider did not take: declined or canceled", () => {
    const refunded = EXAM_STATUSES.filter((status) => examRefundDue(status));
    expect(refunded).toEqual(["Declined", "Canceled"]);
    expect(examRefundDue("declined")).toBe(false);
  });

  it("charges and refunds under keys of the form's key and the reservation, each in its own namespace", () => {
    const payment = { idempotencyKey: "0b5f2a8e-1111-4222-8333-944445555666", id: 42 };
    expect(examChargeKey(payment)).toBe("exam/0b5f2a8e-1111-4222-8333-944445555666/42");
    expect(examRefundKey(payment)).toBe("exam-refund/0b5f2a8e-1111-4222-8333-944445555666/42");
    // A new reservation after a decline is a new attempt at the provider.
    expect(examChargeKey({ ...payment, id: 43 })).not.toBe(examChargeKey(payment));
  });

  it("puts what the exam is for in the pay step's URL", () => {
    expect(examPaymentPath({ patientId: 7, rightUpc: "0123", leftUpc: null })).toBe(
      "/exam/payment?patient=7&right=0123",
    );
    expect(examPaymentPath({ patientId: 7, rightUpc: "0123", leftUpc: "0456" })).toBe(
      "/exam/payment?patient=7&right=0123&left=0456",
    );
    expect(examPaymentPath({ orderNumber: "LL12345678" })).toBe("/exam/payment?order=LL12345678");
  });

  it("says the exam is FSA/HSA eligible and how much went back", () => {
    expect(EXAM_PAYMENT_MESSAGES.fsaHsa).toContain("FSA/HSA eligible");
    expect(EXAM_PAYMENT_MESSAGES.notStarted("$20.00")).toContain("refunded your $20.00");
  });
});
