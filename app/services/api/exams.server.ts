import { z } from "zod";
import { RECENT_EXAMS_CACHE_MS } from "~/models/exams";
import { patientFirstNameSchema, patientLastNameSchema } from "~/models/patient";
import type { VisitorCustomer } from "../platform/context.server";
import type { ExamVoucherRow } from "../exams/exam-vouchers.server";

/**
 * The exam calls of the JSON API (spec 2 "exam calls"): the shapes they answer and the input they take. Exams are
 * for signed-in customers (cookie or bearer token); the price, the provider's address and the eligibility answer
 * anyone.
 */

export const EXAM_SIGN_IN_REQUIRED = "Sign in to take the online exam.";

/** The 401 of the exam calls that need a customer (`requireApiCustomer`). */
export const EXAM_SIGN_IN = { message: EXAM_SIGN_IN_REQUIRED } as const;

/** Spec "Exam": status, statusDate, examVoucherToken, potentialEvidence, isRecapture, examDate. */
export function examJson(voucher: ExamVoucherRow) {
  return {
    examVoucherToken: voucher.token,
    status: voucher.status,
    statusDate: voucher.statusDate.toISOString(),
    potentialEvidence: voucher.potentialEvidence,
    isRecapture: voucher.isRecapture,
    examDate: voucher.examDate?.toISOString() ?? null,
  };
}

/** Spec "Exam voucher": examVoucherToken, patientId, rightUpc, leftUpc, rbCode, email, phone, price, originalPrice. */
export function voucherJson(voucher: ExamVoucherRow, customer: Pick<VisitorCustomer, "email">) {
  return {
    examVoucherToken: voucher.token,
    patientId: voucher.patientId,
    rightUpc: voucher.rightUpc,
    leftUpc: voucher.leftUpc,
    rbCode: voucher.rbCode,
    email: customer.email,
    phone: null,
    price: voucher.priceCents / 100,
    originalPrice: voucher.originalPriceCents / 100,
  };
}

/**
 * The details call: the exam, its patient, its lenses, the issued prescription's id once issued, and the id of the
 * provider's office (`providerId`), which GET api/examInfo/providerAddress/{id} gives the address of.
 */
export function examDetailsJson(voucher: ExamVoucherRow) {
  return {
    ...examJson(voucher),
    patient: { patientId: voucher.patientId, firstName: voucher.patientFirstName, lastName: voucher.patientLastName },
    rightUpc: voucher.rightUpc,
    leftUpc: voucher.leftUpc,
    orderId: voucher.orderId,
    prescriptionId: voucher.prescriptionId,
    providerId: voucher.providerId,
  };
}

const upc = z.string().regex(/^[0-9]{11,14}$/, { error: "A UPC is 11 to 14 digits." });

/**
 * POST api/examInfo/create: for one of the customer's patients (`patientId`) or a new one (`firstName`,
 * `lastName`), renewing the lenses of `rightUpc` and/or `leftUpc`.
 */
export const createExamSchema = z
  .object({
    patientId: z.number().int().positive().optional(),
    firstName: patientFirstNameSchema.optional(),
    lastName: patientLastNameSchema.optional(),
    rightUpc: upc.nullable().optional(),
    leftUpc: upc.nullable().optional(),
    rbCode: z.string().trim().max(40).nullable().optional(),
    /** The saved card that pays the exam's fee (decision 55); absent: the wallet's preferred card. */
    paymentMethodId: z.number().int().positive().optional(),
    /**
     * The fee the app showed, in dollars (GET api/examInfo/price's `price`; decision 64): the server charges its own
     * price, and refuses (409) when it is not this one. Absent: the server's price is charged.
     */
    price: z.number().min(0).max(1000).optional(),
  })
  .refine((value) => value.patientId !== undefined || (value.firstName && value.lastName), {
    message: "Send patientId, or firstName and lastName.",
  })
  .refine((value) => value.rightUpc || value.leftUpc, { message: "Send rightUpc, leftUpc or both." });

/** POST /api/cart/preorderexam/: the exam whose lenses go in the cart, and the boxes per eye. */
export const preorderExamSchema = z.object({
  examVoucherToken: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/, { error: "Send the examVoucherToken." }),
  rightQuantity: z.number().int().min(1).max(99).optional(),
  leftQuantity: z.number().int().min(1).max(99).optional(),
});

/** Spec: recent exams are cached 2,500 ms by the client; the answer says so. */
export const RECENT_EXAMS_CACHE_CONTROL = `private, max-age=${Math.floor(RECENT_EXAMS_CACHE_MS / 1000)}`;
