import type { ExamStatus } from "./exams";

/**
 * The online exam's fee (issue 27, decision 55): charged with one of the customer's saved cards before the exam is
 * created at the provider, refunded when the provider cannot take the exam. Pure: states, keys, words.
 */

/** What a paid exam is for: the patient, the lenses it renews per eye, and the held order of a recapture exam. */
export interface ExamPurchase {
  patient: { patientId: number | null; firstName: string; lastName: string };
  upcs: { right: string | null; left: string | null };
  orderId: number | null;
  /** The rebate code the JSON API's caller sent (`POST api/examInfo/create`), passed to the provider. */
  rbCode?: string | null;
}

/**
 * pending: reserved, the charge's outcome not yet known; charged: the card was charged; starting: one request is
 * asking the provider for the exam; paid: the exam exists (voucher_token); refund_due: the provider could not take the
 * exam, the refund is owed; refunded; refund_failed: the provider refused the refund (staff settle it).
 */
export const EXAM_PAYMENT_STATES = [
  "pending",
  "charged",
  "starting",
  "paid",
  "refund_due",
  "refunded",
  "refund_failed",
] as const;
export type ExamPaymentState = (typeof EXAM_PAYMENT_STATES)[number];

/** The exam statuses that mean the provider did not take the exam: its doctor declined, or it was canceled. */
export const EXAM_REFUND_STATUSES: readonly ExamStatus[] = ["Declined", "Canceled"];

export function examRefundDue(status: string): boolean {
  return (EXAM_REFUND_STATUSES as readonly string[]).includes(status);
}

/**
 * The payment provider's idempotency keys: the pay form's key and the reservation (a new reservation after a decline
 * is a new attempt, which may use another card, as decision 29's orders), one namespace for the charge, one for its
 * refund.
 */
export const examChargeKey = (payment: { idempotencyKey: string; id: number }) =>
  `exam/${payment.idempotencyKey}/${payment.id}`;
export const examRefundKey = (payment: { idempotencyKey: string; id: number }) =>
  `exam-refund/${payment.idempotencyKey}/${payment.id}`;

/** How long a payment may sit unfinished before the recovery job settles it (as decision 29's orders). */
export const EXAM_PAYMENT_GRACE_MS = 2 * 60 * 1000;

export const EXAM_PAYMENT_MESSAGES = {
  fsaHsa: "The online vision exam is FSA/HSA eligible. Keep this receipt for your FSA or HSA.",
  inProgress: "Your payment is being processed. Please wait a moment, then check your exam.",
  notStarted: (amount: string) =>
    `We couldn't start your exam just now, so we refunded your ${amount}. Please try again in a moment.`,
  keyReused: "This page has expired. Please review your exam and pay again.",
  choiceGone: "That exam can't be started any more. Choose the lenses again.",
  noCard: "Add a card to your wallet to pay for the exam.",
  idempotencyKey:
    "Send an Idempotency-Key header (8 to 100 letters, digits, - or _): the exam's fee is charged once per key.",
} as const;

/** The JSON API's `Idempotency-Key` header (`POST api/examInfo/create`): a retried request pays once. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** What the pay step is for, as its URL says it: a held order's recapture exam, or a patient and the lenses per eye. */
export type ExamPaymentChoice =
  { orderNumber: string } | { patientId: number; rightUpc: string | null; leftUpc: string | null };

export const EXAM_PAYMENT_PATH = "/exam/payment";

/** The pay step's address (URL state: the page can be reloaded, and works the same without JavaScript). */
export function examPaymentPath(choice: ExamPaymentChoice): string {
  const params = new URLSearchParams();
  if ("orderNumber" in choice) {
    params.set("order", choice.orderNumber);
  } else {
    params.set("patient", String(choice.patientId));
    if (choice.rightUpc) params.set("right", choice.rightUpc);
    if (choice.leftUpc) params.set("left", choice.leftUpc);
  }
  return `${EXAM_PAYMENT_PATH}?${params.toString()}`;
}
