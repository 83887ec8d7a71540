import { RECAPTURE_MESSAGES } from "./recapture-words";
import { SITE } from "./site";

/**
 * A held order in the shopper's words (issue 25): one place decides what it says, so the dashboard, order history,
 * the order's page, the order API, the on-hold e-mail and the recapture banner say the same thing. A held order
 * says what it needs (the banner's words, spec 2: a current, valid prescription, uploaded or from the online exam)
 * and gives no delivery date until it is released: it then goes on as any processing order. No zod or luxon here:
 * the shell's banner shares these words.
 */

/** Spec 2 "Recapture of held orders": status codes H and S are held (both count as Processing, spec 2 §3). */
export const HELD_STATUS_CODES = ["H", "S"] as const;

/** The prescription statuses of a lens group that still needs its prescription (to send, verify or replace). */
export const PRESCRIPTION_NEEDED_STATUSES = [
  "PendingSubmission",
  "PendingVerification",
  "PendingExam",
  "FailedExam",
] as const;

export const HELD_ORDER_WORDS = {
  label: "On hold",
  /** Spec 2's recapture message, word for word: what a held order needs. */
  needsPrescription: RECAPTURE_MESSAGES.message,
  /** Held with nothing the shopper can send (no lens group waits for a prescription): people sort it out. */
  needsCall: `Your order is on hold. Please call us at ${SITE.phoneDisplay} so we can process your order.`,
  /** A lens group's prescription line while its order is held for it. */
  groupPrescription: "We need your current, valid prescription",
  /** The buttons the banner has, in its order (spec 2): the online exam for this order, then its upload. */
  renew: RECAPTURE_MESSAGES.renew,
  upload: RECAPTURE_MESSAGES.upload,
  emailHeading: "Your order is on hold",
} as const;

export function isOrderOnHold(statusCode: string | null | undefined): boolean {
  return statusCode != null && (HELD_STATUS_CODES as readonly string[]).includes(statusCode);
}

/** A held order needs a prescription when one of its groups still waits for one; otherwise a call. */
export function heldOrderNeed(prescriptionStatuses: ReadonlyArray<string | null>): "prescription" | "call" {
  return prescriptionStatuses.some((status) => isPrescriptionNeeded(status)) ? "prescription" : "call";
}

export function isPrescriptionNeeded(status: string | null): boolean {
  return status !== null && (PRESCRIPTION_NEEDED_STATUSES as readonly string[]).includes(status);
}

/** The one sentence a held order says wherever it is shown (history, dashboard, details, API, e-mail). */
export function heldOrderMessage(prescriptionStatuses: ReadonlyArray<string | null>): string {
  return heldOrderNeed(prescriptionStatuses) === "prescription"
    ? HELD_ORDER_WORDS.needsPrescription
    : HELD_ORDER_WORDS.needsCall;
}

/** A group's prescription line on the order's page: while the order is held for it, what is needed. */
export function heldGroupPrescriptionText(status: string | null): string | null {
  return isPrescriptionNeeded(status) ? HELD_ORDER_WORDS.groupPrescription : null;
}

/** 'Renew Rx Online' for a held order: the online exam, for this order (recapture). */
export function heldOrderExamPath(orderNumber: string): string {
  return `/exam/start?order=${encodeURIComponent(orderNumber)}`;
}

/** Why an order went on hold: the doctor's answer to our verification, or the online exam's doctor declined. */
export type HoldReason =
  | { kind: "prescription-invalid" | "prescription-expired"; doctor: { firstName: string; lastName: string } | null }
  | { kind: "exam-declined" };

/** "Dr. Rita Hale", or "your doctor" when the order names none. */
export function prescriberName(doctor: { firstName: string; lastName: string } | null): string {
  return doctor ? `Dr. ${doctor.firstName.trim()} ${doctor.lastName.trim()}` : "your doctor";
}

/** The reason in one sentence (the order's page beside its group, and the on-hold e-mail). */
export function holdReasonText(reason: HoldReason): string {
  switch (reason.kind) {
    case "prescription-invalid":
      return sentence(`${prescriberName(reason.doctor)} couldn't confirm your prescription.`);
    case "prescription-expired":
      return sentence(`${prescriberName(reason.doctor)} told us your prescription has expired.`);
    case "exam-declined":
      return "The doctor who reviewed your online vision exam couldn't renew your prescription online.";
  }
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The on-hold e-mail's subject. */
export function heldOrderEmailSubject(orderNumber: string): string {
  return `Your ${SITE.name} order ${orderNumber} is on hold`;
}
