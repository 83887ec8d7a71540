/**
 * The online vision exam's rules (spec 2 "Exam or visit status", "Exam voucher status map", "Patient selection for
 * exams", "Exam ranking"): pure, shared by the server and the pages.
 */

/** Spec: the exam or visit statuses. */
export const EXAM_STATUSES = [
  "Created",
  "Started",
  "Taken",
  "Issued",
  "Declined",
  "Expired",
  "Retake",
  "Abandoned",
  "Canceled",
] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];

export function isExamStatus(value: unknown): value is ExamStatus {
  return typeof value === "string" && (EXAM_STATUSES as readonly string[]).includes(value);
}

/** Spec: the approval statuses. */
export type ApprovalStatus = "Approved" | "Canceled" | "Declined" | "Pending" | "Needed" | "LoadingDetails" | "Unknown";

/**
 * Spec: issued → approved; declined → declined; taken → pending; canceled and expired → canceled; abandoned, created,
 * retake and started → needed; unknown otherwise; empty → loading details. Case-insensitive, as providers vary.
 */
export function voucherApprovalStatus(status: string | null | undefined): ApprovalStatus {
  const value = (status ?? "").trim().toLowerCase();
  if (value === "") return "LoadingDetails";
  switch (value) {
    case "issued":
      return "Approved";
    case "declined":
      return "Declined";
    case "taken":
      return "Pending";
    case "canceled":
    case "expired":
      return "Canceled";
    case "abandoned":
    case "created":
    case "retake":
    case "started":
      return "Needed";
    default:
      return "Unknown";
  }
}

/**
 * Spec: an existing voucher token is discarded, and a new exam created, when its status is approved, declined or
 * pending: that exam is done (or with the doctor), so starting again means a new one.
 */
export function shouldDiscardVoucher(status: string | null | undefined): boolean {
  const approval = voucherApprovalStatus(status);
  return approval === "Approved" || approval === "Declined" || approval === "Pending";
}

/** The exam part of a patient choice (spec 2 "Patient choice"). */
export interface ChoiceExam {
  status: string;
  potentialEvidence: boolean;
  isRecapture: boolean;
  examVoucherToken: string;
}

/**
 * Spec "Exam ranking": only exams whose status maps to Needed qualify; Declined, Issued, Canceled and Expired rank
 * −1; otherwise +1 for potentialEvidence and +1 for isRecapture. Null for an exam that does not qualify at all
 * (Taken, unknown): it is never the one to continue.
 */
export function examRank(exam: ChoiceExam): number | null {
  const status = exam.status.trim().toLowerCase();
  if (["declined", "issued", "canceled", "expired"].includes(status)) return -1;
  if (voucherApprovalStatus(exam.status) !== "Needed") return null;
  return (exam.potentialEvidence ? 1 : 0) + (exam.isRecapture ? 1 : 0);
}

/** The exam to continue among a patient's: the highest-ranked one that is Needed (the first of equals), or null. */
export function examToContinue<T extends ChoiceExam>(exams: readonly T[]): T | null {
  let best: { exam: T; rank: number } | null = null;
  for (const exam of exams) {
    const rank = examRank(exam);
    if (rank === null || rank < 0) continue;
    if (best === null || rank > best.rank) best = { exam, rank };
  }
  return best?.exam ?? null;
}

/** Spec: exam details are cached 3 minutes; recent exams 2,500 ms. */
export const EXAM_DETAILS_CACHE_MS = 3 * 60 * 1000;
export const RECENT_EXAMS_CACHE_MS = 2500;

/** Spec: the exam price shown, and the fallback when the price call fails. */
export const EXAM_FALLBACK_PRICE = 20;

/** Spec: the sign-in dialog's message for a signed-out visitor starting the exam. */
export const EXAM_SIGN_IN_MESSAGE = "We’ll save your new prescription to your account for easy ordering.";

/** Spec's exam messages. */
export const EXAM_MESSAGES = {
  detailsFailed: "Something went wrong with getting your exam info",
  noCart: "No cart",
  addToCartFailed: "Something went wrong while trying to add these items to your cart",
  declined: "Exam Declined",
} as const;

/** The exam's pages (spec: ExamLanding, the start path, ExamPreOrder). */
export const EXAM_LANDING_PATH = "/exam/landing";
export const EXAM_START_PATH = "/exam/start";
export const EXAM_COMPLETE_PATH = "/exam/exam-complete";
