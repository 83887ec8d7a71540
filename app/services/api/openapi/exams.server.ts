import { z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN } from "~/models/exam-payments";
import { createExamSchema } from "../exams.server";
import { examSchema } from "./orders.server";
import { errors, operation, type ApiOperation } from "./registry.server";

/** The online vision exam (spec 2 exam calls): schemas and answers. */

const tag = "Exams";
const SIGN_IN = "Signed out, or a bearer token that is not accepted.";

const voucherSchema = z.object({
  examVoucherToken: z.string(),
  patientId: z.number().int().nullable(),
  rightUpc: z.string().nullable(),
  leftUpc: z.string().nullable(),
  rbCode: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  price: z.number().describe("Dollars."),
  originalPrice: z.number().describe("Dollars."),
});

const patientSchema = z.object({ patientId: z.number().int(), firstName: z.string(), lastName: z.string() });

export const operations: ApiOperation[] = [
  operation({
    method: "GET",
    path: "/api/examInfo",
    summary: "The customer's exams, and the patient choices for a new one",
    tag,
    auth: "customer",
    responses: {
      200: {
        description: "The exams, newest first, and the choices.",
        schema: z.object({
          exams: z.array(examSchema),
          patientChoices: z.array(
            z.object({
              id: z.string(),
              patientName: z.string(),
              patient: patientSchema.nullable(),
              exam: z.looseObject({}).nullable(),
            }),
          ),
        }),
      },
      ...errors({ 401: SIGN_IN }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/examInfo/price",
    summary: "The exam's price for this visitor (20 for both when the provider cannot say)",
    tag,
    auth: "none",
    responses: {
      200: { description: "Dollars.", schema: z.object({ price: z.number(), originalPrice: z.number() }) },
    },
  }),
  operation({
    method: "POST",
    path: "/api/examInfo/create",
    summary: "Pay for and create an exam voucher for a patient (null when the provider could not)",
    description:
      "The exam's fee (GET /api/examInfo/price) is charged first, exactly once per Idempotency-Key: to the saved " +
      "card `paymentMethodId` names, else the wallet's preferred card. A retry with the same key answers the same " +
      "exam. When the provider cannot create the exam the answer is null and the fee is refunded (decision 55). " +
      "The fee is the visitor's price (an exam price experiment's, decision 64); an app that showed a price sends it " +
      "as `price`, and a different price now is refused (409), never charged.",
    tag,
    auth: "customer",
    headers: z.object({
      "Idempotency-Key": z
        .string()
        .regex(IDEMPOTENCY_KEY_PATTERN)
        .describe("The caller's key for this exam (a UUID will do): the fee is charged once per key."),
    }),
    body: createExamSchema,
    responses: {
      201: { description: "The voucher, paid.", schema: voucherSchema },
      200: { description: "The provider could not create the exam; the fee was refunded.", schema: z.null() },
      ...errors({
        400: "Bad input, no Idempotency-Key, or no saved card (or not the customer's, or expired).",
        401: SIGN_IN,
        402: "The card was declined.",
        404: "A patient that is not the customer's.",
        409: "A request with the same key is paying for this exam, or the exam's price is no longer the `price` sent.",
        422: "The provider does not serve the customer's state, or the key was used for another exam.",
        502: "The payment could not be taken just now.",
      }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/examInfo/providerAddress/{id}",
    summary: "The exam provider's office address",
    description: "The id is an exam's `providerId`, as GET /api/examInfo/{token}/details answers it.",
    tag,
    auth: "none",
    params: z.object({ id: z.string() }),
    responses: {
      200: {
        description: "The address.",
        schema: z.object({
          id: z.string(),
          name: z.string(),
          address1: z.string(),
          address2: z.string(),
          city: z.string(),
          state: z.string(),
          postalCode: z.string(),
          phone: z.string(),
        }),
      },
      ...errors({ 404: "No such provider." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/examInfo/{token}/details",
    summary: "One of the customer's exams (read again from the provider after 3 minutes)",
    tag,
    auth: "customer",
    params: z.object({ token: z.string() }),
    responses: {
      200: {
        description: "The exam.",
        schema: examSchema.extend({
          patient: z.object({
            patientId: z.number().int().nullable(),
            firstName: z.string(),
            lastName: z.string(),
          }),
          rightUpc: z.string().nullable(),
          leftUpc: z.string().nullable(),
          orderId: z.number().int().nullable(),
          prescriptionId: z.number().int().nullable(),
          providerId: z
            .string()
            .nullable()
            .describe("The provider's office whose doctor examines: GET /api/examInfo/providerAddress/{id}."),
        }),
      },
      ...errors({ 401: SIGN_IN, 404: "'Something went wrong with getting your exam info'." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/examEligibility",
    summary: "Whether the exam provider serves the customer's state (eligible when unknown)",
    tag,
    auth: "optional",
    responses: { 200: { description: "The answer.", schema: z.object({ isEligible: z.boolean() }) } },
  }),
];
