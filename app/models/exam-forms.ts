import { z } from "zod";
import { placeOrderSchema } from "./card";
import { EXAM_PAYMENT_MESSAGES } from "./exam-payments";
import { FULL_NAME_MAX, fullName, PATIENT_MESSAGES, patientFirstNameSchema, patientLastNameSchema } from "./patient";

/**
 * The exam start's forms (issue 16), one schema each, used by the action and by the page in the browser. The exam is
 * for one patient and renews the lenses they wear now: chosen from a prescription the store has, or picked from the
 * catalog with each eye's parameters. Which parameters a lens has, and their values, the server checks against the
 * catalog (the schema only shapes them).
 */

export const EXAM_START_MESSAGES = {
  choosePatient: "Choose who is taking the exam.",
  choosePrescription: "Choose the prescription with the lenses you wear now.",
  chooseLens: "Choose the lenses you wear now.",
  chooseEyes: "Choose the eyes you wear lenses in.",
  chooseParameter: (parameter: string, eye: string) => `Choose the ${parameter} for your ${eye.toLowerCase()}.`,
  examGone: "That exam can't be continued. Start a new one below.",
  notServed: (state: string) =>
    `The online exam isn't available in ${state} yet. An eye doctor near you can renew your prescription.`,
  orderGone: "That order doesn't need a new prescription any more.",
} as const;

/** 'Who would you like to add?': first and last name, validated as the store's other patient names. */
export const examNewPatientSchema = z
  .object({
    intent: z.literal("add-patient"),
    firstName: patientFirstNameSchema,
    lastName: patientLastNameSchema,
  })
  .refine((value) => fullName(value).length <= FULL_NAME_MAX, {
    path: ["lastName"],
    message: PATIENT_MESSAGES.fullNameTooLong,
  });

const idField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[1-9][0-9]{0,9}$/, { error: message })
    .transform(Number);

/** Continue an exam already started for the patient. */
export const examContinueSchema = z.object({
  intent: z.literal("continue"),
  examVoucherToken: z
    .string({ error: EXAM_START_MESSAGES.examGone })
    .trim()
    .regex(/^[A-Za-z0-9_-]{10,100}$/, { error: EXAM_START_MESSAGES.examGone }),
});

/** Renew the lenses of a prescription the store has for the patient. */
export const examFromPrescriptionSchema = z.object({
  intent: z.literal("from-prescription"),
  patientId: idField(EXAM_START_MESSAGES.choosePatient),
  prescriptionId: idField(EXAM_START_MESSAGES.choosePrescription),
});

export const EXAM_EYES = ["both", "right", "left"] as const;
const parameterValues = z.record(z.string().regex(/^[a-zA-Z]{1,20}$/), z.string().trim().max(20)).optional();

/** Renew lenses picked from the catalog: the product, the eyes, and each eye's parameter values. */
export const examFromLensesSchema = z.object({
  intent: z.literal("from-lenses"),
  patientId: idField(EXAM_START_MESSAGES.choosePatient),
  productId: idField(EXAM_START_MESSAGES.chooseLens),
  eyes: z.enum(EXAM_EYES, { error: EXAM_START_MESSAGES.chooseEyes }),
  right: parameterValues,
  left: parameterValues,
});

/** Renew the prescription of a held order (recapture): its patient and lenses. */
export const examForOrderSchema = z.object({
  intent: z.literal("for-order"),
  orderNumber: z
    .string({ error: EXAM_START_MESSAGES.orderGone })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,40}$/, { error: EXAM_START_MESSAGES.orderGone }),
});

const upcField = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z-]{1,40}$/)
  .optional();

/**
 * The pay step (decision 55): what the exam is for (a held order's number, or the patient and each eye's lens UPC, as
 * the page's URL said), the saved card, and the page's idempotency key.
 */
const PAGE_EXPIRED = EXAM_PAYMENT_MESSAGES.keyReused;

export const examPaySchema = z
  .object({
    intent: z.literal("pay"),
    idempotencyKey: z.uuid({ error: PAGE_EXPIRED }),
    /**
     * The fee the page showed, in cents (decision 64): never what is charged (the server's own price is), only
     * checked against it, so a shopper is never charged a price the page did not show.
     */
    shownPriceCents: z.coerce.number({ error: PAGE_EXPIRED }).int({ error: PAGE_EXPIRED }).min(0).max(100_000),
    paymentMethodId: placeOrderSchema.shape.paymentMethodId,
    orderNumber: examForOrderSchema.shape.orderNumber.optional(),
    patientId: idField(EXAM_START_MESSAGES.choosePatient).optional(),
    rightUpc: upcField,
    leftUpc: upcField,
  })
  .refine((value) => value.orderNumber !== undefined || value.patientId !== undefined, {
    message: EXAM_START_MESSAGES.chooseLens,
  });

export const EXAM_START_INTENTS = ["add-patient", "continue", "from-prescription", "from-lenses", "for-order"] as const;
export type ExamStartIntent = (typeof EXAM_START_INTENTS)[number];

const quantity = z.coerce
  .number({ error: "Choose how many boxes." })
  .int({ error: "Choose how many boxes." })
  .min(1, { error: "Choose how many boxes." })
  .max(99, { error: "Choose how many boxes." })
  .optional();

/**
 * ExamPreOrder: the exam's lenses into the cart, with the boxes per eye; `order-now` (the brand-choice experience,
 * decision 64) then goes on past the cart to the next step of the order.
 */
export const examAddToCartSchema = z.object({
  intent: z.enum(["add-to-cart", "order-now"]).default("add-to-cart"),
  examVoucherToken: examContinueSchema.shape.examVoucherToken,
  rightQuantity: quantity,
  leftQuantity: quantity,
});
