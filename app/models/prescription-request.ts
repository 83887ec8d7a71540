import { z } from "zod";
import { emailSchema, firstNameSchema, lastNameSchema, normalizePhone } from "./account";

/**
 * /prescription-request (issue 17, decision 38): a shopper asks the store to get their prescription from their
 * doctor for an order. The same schema checks the form in the browser (Conform) and on the server.
 */

export const DOCTOR_NAME_MAX = 60;
export const CLINIC_NAME_MAX = 60;
export const ORDER_NUMBER_MAX = 40;

export const PRESCRIPTION_REQUEST_MESSAGES = {
  orderRequired: "Enter your order number.",
  orderInvalid: "Order numbers have only letters, numbers and dashes.",
  orderNotFound: "We couldn't find that order. Check the order number and the e-mail address you ordered with.",
  noLenses: "That order has no contact lenses, so there's no prescription to get.",
  orderNotYours: "We couldn't find that order in your account.",
  doctorRequired: "Choose your doctor from the search results, or enter your doctor's name and phone number.",
  doctorNameRequired: "Enter your doctor's name.",
  doctorNameTooLong: `Your doctor's name can be at most ${DOCTOR_NAME_MAX} characters.`,
  doctorNameInvalid: "Your doctor's name can't contain special symbols.",
  doctorPhoneInvalid: "Enter your doctor's 10-digit phone number.",
  doctorNotFound: "We couldn't find that doctor. Search again or enter your doctor's details.",
  clinicTooLong: `The clinic's name can be at most ${CLINIC_NAME_MAX} characters.`,
  patientNotOnOrder: "That patient isn't on this order. Enter the patient's name as it appears on the order.",
  sent: "Your prescription request is on its way.",
} as const;

const DOCTOR_NAME_PATTERN = /^[\p{L}][\p{L}\p{M} .,'’-]*$/u;
const CLINIC_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,&'’#/()-]*$/u;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** What the form posts. `doctorId` is a directory doctor; otherwise the typed name and phone are the doctor. */
export function prescriptionRequestSchema(signedIn: boolean) {
  return z
    .object({
      orderNumber: z
        .string({ error: PRESCRIPTION_REQUEST_MESSAGES.orderRequired })
        .trim()
        .min(1, { error: PRESCRIPTION_REQUEST_MESSAGES.orderRequired })
        .max(ORDER_NUMBER_MAX, { error: PRESCRIPTION_REQUEST_MESSAGES.orderInvalid })
        .regex(/^[A-Za-z0-9-]+$/, { error: PRESCRIPTION_REQUEST_MESSAGES.orderInvalid }),
      // A guest proves the order with the e-mail it was placed with; a signed-in customer's account does that.
      email: signedIn ? optionalText : emailSchema,
      patientFirstName: firstNameSchema,
      patientLastName: lastNameSchema,
      doctorId: z
        .string()
        .trim()
        .optional()
        .transform((value) => (value ? value : undefined))
        .pipe(
          z
            .string()
            .regex(/^[0-9]{1,9}$/, { error: PRESCRIPTION_REQUEST_MESSAGES.doctorNotFound })
            .optional(),
        ),
      doctorName: optionalText.pipe(
        z
          .string()
          .max(DOCTOR_NAME_MAX, { error: PRESCRIPTION_REQUEST_MESSAGES.doctorNameTooLong })
          .regex(DOCTOR_NAME_PATTERN, { error: PRESCRIPTION_REQUEST_MESSAGES.doctorNameInvalid })
          .optional(),
      ),
      doctorPhone: optionalText.pipe(
        z
          .string()
          .refine((value) => normalizePhone(value) !== null, {
            error: PRESCRIPTION_REQUEST_MESSAGES.doctorPhoneInvalid,
          })
          .optional(),
      ),
      clinicName: optionalText.pipe(
        z
          .string()
          .max(CLINIC_NAME_MAX, { error: PRESCRIPTION_REQUEST_MESSAGES.clinicTooLong })
          .regex(CLINIC_PATTERN, { error: PRESCRIPTION_REQUEST_MESSAGES.clinicTooLong })
          .optional(),
      ),
    })
    .superRefine((value, context) => {
      if (value.doctorId) return;
      if (!value.doctorName && !value.doctorPhone) {
        context.addIssue({
          code: "custom",
          path: ["doctorName"],
          message: PRESCRIPTION_REQUEST_MESSAGES.doctorRequired,
        });
        return;
      }
      if (!value.doctorName) {
        context.addIssue({
          code: "custom",
          path: ["doctorName"],
          message: PRESCRIPTION_REQUEST_MESSAGES.doctorNameRequired,
        });
      }
      if (!value.doctorPhone) {
        context.addIssue({
          code: "custom",
          path: ["doctorPhone"],
          message: PRESCRIPTION_REQUEST_MESSAGES.doctorPhoneInvalid,
        });
      }
    });
}
export type PrescriptionRequestInput = z.output<ReturnType<typeof prescriptionRequestSchema>>;

/** Whether the typed patient is one of the order's patients (names compared without case or extra spaces). */
export function isPatientOnOrder(
  patients: ReadonlyArray<{ firstName: string; lastName: string }>,
  patient: { firstName: string; lastName: string },
): boolean {
  if (patients.length === 0) return true;
  const key = (p: { firstName: string; lastName: string }) =>
    `${p.firstName} ${p.lastName}`.trim().replace(/\s+/g, " ").toLowerCase();
  return patients.some((candidate) => key(candidate) === key(patient));
}
