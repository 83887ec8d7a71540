import { DateTime } from "luxon";
import { formatBusinessMoment, PASSIVE_VERIFICATION_BUSINESS_HOURS } from "./business-hours";
import { holdReasonText, prescriberName } from "./held-order";
import type { PrescriptionStatus } from "./order-status";

/**
 * Verifying an order's prescription with the doctor (issue 16, decision 30), as rules: which order groups are
 * verified, what each of the doctor's answers does, and what the shopper reads about it on the order's page.
 * The clock (8 business hours) is business-hours.ts; the job is services/prescriptions/verification.server.ts.
 */

/** What the doctor can answer (the prescriber-verification adapter's answers). */
export const PRESCRIBER_ANSWER_KINDS = ["confirm", "correct", "invalid", "expired"] as const;
export type PrescriberAnswerKind = (typeof PRESCRIBER_ANSWER_KINDS)[number];

/** How a verification ended: one per answer, or passively (no answer within the business hours). */
export const VERIFICATION_OUTCOMES = ["confirmed", "corrected", "invalid", "expired", "passive"] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

/** queued (not sent yet) → sent → an outcome; skipped: the order no longer needed it (shipped, cancelled, decided). */
export type VerificationState = "queued" | "sent" | VerificationOutcome | "skipped";

export const ANSWER_OUTCOMES: Readonly<Record<PrescriberAnswerKind, VerificationOutcome>> = {
  confirm: "confirmed",
  correct: "corrected",
  invalid: "invalid",
  expired: "expired",
};

/** The order's status code while it waits for a current, valid prescription (spec: H, processing). */
export const ORDER_HOLD_CODE = "H";

/**
 * What an outcome does: the group's and its prescription's new status, and whether the order goes on hold. An
 * invalid prescription stays PendingVerification and an expired one is FailedExam: the two statuses recapture acts on
 * (the shopper sends another prescription, or takes an exam).
 */
export const OUTCOME_EFFECTS: Readonly<
  Record<VerificationOutcome, { prescriptionStatus: PrescriptionStatus; holdOrder: boolean }>
> = {
  confirmed: { prescriptionStatus: "Verified", holdOrder: false },
  corrected: { prescriptionStatus: "Verified", holdOrder: false },
  passive: { prescriptionStatus: "Verified", holdOrder: false },
  invalid: { prescriptionStatus: "PendingVerification", holdOrder: true },
  expired: { prescriptionStatus: "FailedExam", holdOrder: true },
};

/**
 * An order group is verified with its doctor when it is a lens group with a doctor whose prescription waits for
 * verification. Not a group from an online exam (its prescription comes from the exam's doctor), not one whose
 * prescription is still to come (PendingSubmission: there is nothing to verify yet), not one already Verified.
 */
export function needsPrescriberVerification(group: {
  type: string;
  doctor: unknown;
  prescriptionStatus: string | null;
  examVoucherToken?: string | null;
}): boolean {
  return (
    group.type === "Lens" &&
    group.doctor != null &&
    group.prescriptionStatus === "PendingVerification" &&
    !group.examVoucherToken?.trim()
  );
}

/** A prescription eye after the doctor's correction: the parameters the doctor names replace the ones asked. */
export function correctedParameters(
  asked: Readonly<Record<string, string>>,
  corrected: Readonly<Record<string, string>> | null,
): Record<string, string> {
  return corrected ? { ...asked, ...corrected } : { ...asked };
}

// ---- Words for the shopper ----------------------------------------------------------------------------------------

export interface VerificationNoticeInput {
  state: VerificationState;
  doctor: { firstName: string; lastName: string } | null;
  /** When the prescription counts as verified without an answer (set once sent). */
  deadlineAt: Date | string | null;
}

export interface VerificationNotice {
  tone: "info" | "success" | "attention";
  text: string;
}

/**
 * Where a group's verification stands, in the shopper's words; null when there is nothing to say. An answer that
 * put the order on hold gives its reason only: what the held order needs is its status message (held-order.ts).
 */
export function verificationNotice(input: VerificationNoticeInput): VerificationNotice | null {
  const doctor = prescriberName(input.doctor);
  switch (input.state) {
    case "queued":
      return { tone: "info", text: `We're asking ${doctor} to confirm your prescription.` };
    case "sent": {
      const deadline =
        input.deadlineAt === null
          ? null
          : input.deadlineAt instanceof Date
            ? DateTime.fromJSDate(input.deadlineAt)
            : DateTime.fromISO(input.deadlineAt);
      if (!deadline?.isValid) return { tone: "info", text: `We asked ${doctor} to confirm your prescription.` };
      return {
        tone: "info",
        text:
          `We asked ${doctor} to confirm your prescription; we'll ship after ${formatBusinessMoment(deadline)} ` +
          "unless they tell us otherwise.",
      };
    }
    case "confirmed":
      return { tone: "success", text: `${doctor} confirmed your prescription.` };
    case "corrected":
      return { tone: "success", text: `${doctor} corrected your prescription; we've updated it to match.` };
    case "passive":
      return {
        tone: "success",
        text: `${doctor} didn't answer within ${PASSIVE_VERIFICATION_BUSINESS_HOURS} business hours, so your prescription is verified.`,
      };
    case "invalid":
      return { tone: "attention", text: holdReasonText({ kind: "prescription-invalid", doctor: input.doctor }) };
    case "expired":
      return { tone: "attention", text: holdReasonText({ kind: "prescription-expired", doctor: input.doctor }) };
    default:
      return null;
  }
}

/** The doctor a verification request is sent to (a JSON column of prescriber_verifications). */
export interface VerificationDoctor {
  firstName: string;
  lastName: string;
  clinicName: string;
  phone: string;
}

/** One eye as ordered: the lens and its parameters as the catalog names them (power, baseCurve, …). */
export interface VerificationEye {
  productName: string;
  parameters: Record<string, string>;
}
