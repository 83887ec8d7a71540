import { z } from "zod";
import { cancelSchema, SNOOZE_FEATURES, SUBSCRIPTION_FAILURES } from "~/models/subscription";
import { addressRequestSchema, addressVerificationSchema } from "../schemas/addresses-api";
import {
  cents,
  errors,
  isoDate,
  isoDateTime,
  operation,
  pathParams,
  parametersSchema,
  SIGNED_OUT,
  type ApiOperation,
} from "./registry.server";

/** Subscriptions (spec 3 §7 "Subscriptions"): request schemas the routes parse with, and the answers. */

const tag = "Subscriptions";
const NOT_THEIRS = "'could not get subscription': not one of the customer's subscriptions.";
const CANCELLED = "The subscription is cancelled.";

// --- Requests --------------------------------------------------------------------------------------------------

/** A whole number sent as a number or as its digits (the calls take both, as the pages' forms read them). */
const wholeNumber = z.union([z.number().int(), z.string().regex(/^[0-9]+$/)]);

export const featureSchema = z.object({
  feature: z.enum(SNOOZE_FEATURES, {
    error: `Send the feature: ${SNOOZE_FEATURES.map((f) => `'${f}'`).join(" or ")}.`,
  }),
});

/** PUT …/nextReorderDate: a snooze, or a chosen date (the route checks each with the pages' form schemas). */
export const nextReorderDateBodySchema = z.union([
  featureSchema.extend({ daysToModifyNextReorderDate: wholeNumber.describe("1 to 180 days.") }),
  featureSchema.extend({ month: wholeNumber, day: wholeNumber, year: wholeNumber }),
]);

export const paymentSchema = z.object({
  paymentToken: z
    .string({ error: "Send the paymentToken of one of your saved cards." })
    .trim()
    .min(1, { error: "Send the paymentToken of one of your saved cards." })
    .max(200, { error: "Send the paymentToken of one of your saved cards." }),
});

/** PUT …/subscriptionQuantity: boxes per eye (from `quantityOptions`, 0 pauses an eye); a solution: newQuantity. */
export const subscriptionQuantityBodySchema = z.object({
  newRightQuantity: wholeNumber.nullish(),
  newLeftQuantity: wholeNumber.nullish(),
  newQuantity: wholeNumber.optional().describe("A solution subscription's boxes."),
});

/** PUT /api/autoReorder/frequency. */
export const frequencyBodySchema = z.object({
  subscriptionId: wholeNumber,
  newFrequencyInDays: wholeNumber.describe("30, 60, 90, 180 or 360."),
});

/** DELETE /api/autoReorder/{id}: the reason (also as `cancellationReason`) and an optional note. */
export const cancelBodySchema = cancelSchema;

const id = (label: string) =>
  z
    .number({ error: `Send the ${label}.` })
    .int({ error: `Send the ${label}.` })
    .min(1, { error: `Send the ${label}.` })
    .max(999_999_999, { error: `Send the ${label}.` });

/** PUT /api/autoReorder/prescription: which of the customer's prescriptions a subscription reorders on. */
export const subscriptionPrescriptionSchema = z.object({
  subscriptionId: id("subscriptionId"),
  prescriptionId: id("prescriptionId"),
});

const summaryItemSchema = z.object({
  productId: z.number({ error: "A productId is a number." }).int().min(1).max(999_999),
  whichEye: z.enum(["right", "left", "none"], { error: "whichEye is right, left or none." }),
  quantity: z
    .number({ error: "A quantity is a whole number from 0 to 99." })
    .int({ error: "A quantity is a whole number from 0 to 99." })
    .min(0, { error: "A quantity is a whole number from 0 to 99." })
    .max(99, { error: "A quantity is a whole number from 0 to 99." }),
});

/**
 * POST /api/autoReorder/summary: one of the customer's subscriptions (`subscriptionId`), or the items of a
 * subscription about to be made (`items`, e.g. a cart's auto-reorder group).
 */
export const subscriptionSummarySchema = z
  .object({
    subscriptionId: id("subscriptionId").optional(),
    items: z
      .array(summaryItemSchema, { error: "Send items: a list of { productId, whichEye, quantity }." })
      .min(1, { error: "Send at least one item." })
      .max(3, { error: "Send at most 3 items." })
      .optional(),
  })
  .refine((body) => (body.subscriptionId === undefined) !== (body.items === undefined), {
    error: "Send a subscriptionId, or the items of a new subscription (not both).",
  });

// --- Answers ---------------------------------------------------------------------------------------------------

const itemSchema = z
  .object({
    productId: z.number().int(),
    productName: z.string(),
    upc: z.string(),
    quantity: z.number().int(),
    parameters: parametersSchema,
    quantityOptions: z.array(z.number().int()),
  })
  .nullable();

/** Spec 3 §3 Subscription, as every subscription call answers it. */
export const subscriptionSchema = z.object({
  subscriptionId: z.number().int(),
  type: z.enum(["Lens", "Solution"]),
  status: z.enum(["Active", "Cancelled"]),
  rightItem: itemSchema,
  leftItem: itemSchema,
  rightQuantity: z.number().int(),
  leftQuantity: z.number().int(),
  item: itemSchema.describe("A solution subscription's one item."),
  prescription: z.object({
    reorderDate: z.object({ year: z.number().int(), month: z.number().int(), day: z.number().int() }),
    expiresOn: isoDate.nullable(),
    isExpired: z.boolean(),
  }),
  frequencyInDays: z.number().int(),
  frequencyLabel: z.string(),
  nextReorderDate: isoDate,
  hasPrivateLabelProduct: z.boolean(),
  patient: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  shippingAddress: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      address1: z.string(),
      address2: z.string().nullish(),
      city: z.string(),
      state: z.string().nullish(),
      postalCode: z.string(),
      country: z.string(),
      phone: z.string().nullish(),
      verificationStatus: z.enum(["Verified", "CustomerVerified", "NeedsVerification"]),
    })
    .nullable(),
  payment: z.object({ brand: z.string(), lastFour: z.string(), expired: z.boolean() }).nullable(),
  lastFailure: z.object({ reason: z.enum(SUBSCRIPTION_FAILURES), message: z.string(), at: isoDateTime }).nullable(),
});

/** The GET answers (the list and one subscription) add the customer's saved cards (decision 40). */
export const subscriptionDetailsSchema = subscriptionSchema.extend({
  paymentMethods: z
    .array(
      z.object({
        paymentToken: z.string(),
        brand: z.string(),
        lastFour: z.string(),
        expirationMonth: z.number().int(),
        expirationYear: z.number().int(),
        isPreferred: z.boolean(),
        insertDate: isoDateTime,
        isExpired: z.boolean(),
      }),
    )
    .describe("The customer's saved cards: send a paymentToken to PUT /api/autoReorder/{id}/payment."),
});

export const subscriptionSummaryAnswerSchema = z.object({
  subscriptionId: z.number().int().nullable(),
  priceBook: z.string(),
  subTotal: cents,
  discountAmount: cents,
  shipping: cents.describe("Always 0: auto-reorder orders ship free (spec 3 §9)."),
  totalAmount: cents,
  promotions: z.array(z.object({ description: z.string(), amount: cents })),
});

const idParams = pathParams("id");
const subscription = { description: "The subscription.", schema: subscriptionSchema };
const change = (
  path: string,
  summary: string,
  body: z.ZodType,
  answer: { description: string; schema: z.ZodType } = subscription,
  more: Record<number, string> = {},
): ApiOperation =>
  operation({
    method: "PUT",
    path,
    summary,
    tag,
    auth: "customer",
    params: idParams,
    body,
    responses: {
      200: answer,
      ...errors({ 400: "Bad input.", 401: SIGNED_OUT, 404: NOT_THEIRS, 409: CANCELLED, ...more }),
    },
  });

export const operations: ApiOperation[] = [
  operation({
    method: "GET",
    path: "/api/autoReorder",
    summary: "The customer's subscriptions that have something to send, next order first",
    tag,
    auth: "customer",
    responses: {
      200: { description: "The subscriptions.", schema: z.array(subscriptionDetailsSchema) },
      ...errors({ 401: SIGNED_OUT }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/autoReorder/{id}",
    summary: "One subscription (cancelled ones too)",
    tag,
    auth: "customer",
    params: idParams,
    responses: {
      200: { description: "The subscription, with the customer's saved cards.", schema: subscriptionDetailsSchema },
      ...errors({ 401: SIGNED_OUT, 404: NOT_THEIRS }),
    },
  }),
  operation({
    method: "DELETE",
    path: "/api/autoReorder/{id}",
    summary: "Cancel a subscription, with the reason",
    tag,
    auth: "customer",
    params: idParams,
    body: cancelBodySchema,
    responses: {
      200: subscription,
      ...errors({ 400: "Bad input.", 401: SIGNED_OUT, 404: NOT_THEIRS, 409: CANCELLED }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/autoReorder/promotions",
    summary: "The running promotions auto-reorder orders earn (for one product when productId is given)",
    tag,
    auth: "none",
    query: z.object({
      productId: z
        .string()
        .regex(/^[0-9]{1,6}$/)
        .optional(),
    }),
    responses: {
      200: {
        description: "The promotions.",
        schema: z.object({
          promotions: z.array(
            z.object({
              promotionId: z.number().int(),
              description: z.string(),
              rewards: z.array(z.looseObject({ rewardType: z.string() })),
              expiresAt: isoDateTime.nullable(),
            }),
          ),
        }),
      },
      ...errors({ 400: "A malformed productId.", 404: "An unknown or hidden product." }),
    },
  }),
  change(
    "/api/autoReorder/{id}/nextReorderDate",
    "Snooze, or choose the next reorder date",
    nextReorderDateBodySchema,
    {
      description: "Moved (or already snoozed): success true, the date, and the subscription.",
      schema: z.object({
        success: z.literal(true),
        outcome: z.enum(["snoozed", "alreadySnoozed"]).optional().describe("A snooze's outcome."),
        nextReorderDate: isoDate,
        message: z.string().optional(),
        subscription: subscriptionSchema,
      }),
    },
    { 409: "Cancelled; or a snooze that failed: { success: false, outcome, nextReorderDate, error }." },
  ),
  change("/api/autoReorder/{id}/subscriptionQuantity", "New quantities per eye", subscriptionQuantityBodySchema),
  operation({
    method: "PUT",
    path: "/api/autoReorder/frequency",
    summary: "How often a subscription reorders",
    tag,
    auth: "customer",
    body: frequencyBodySchema,
    responses: {
      200: subscription,
      ...errors({ 400: "Bad input.", 401: SIGNED_OUT, 404: NOT_THEIRS, 409: CANCELLED }),
    },
  }),
  change("/api/autoReorder/{id}/address", "A new shipping address (verified as checkout does)", addressRequestSchema, {
    description: "The subscription, and how the address was verified (a differing match comes back as suggestion).",
    schema: z.object({
      subscription: subscriptionSchema,
      verification: addressVerificationSchema,
    }),
  }),
  change("/api/autoReorder/{id}/payment", "One of the customer's saved cards, by its paymentToken", paymentSchema),
  operation({
    method: "PUT",
    path: "/api/autoReorder/{id}/orderSubscriptionNow",
    summary: "Place the subscription's order today",
    tag,
    auth: "customer",
    params: idParams,
    responses: {
      200: {
        description: "The order placed, and the next reorder date.",
        schema: z.object({ orderNumber: z.string(), nextReorderDate: isoDate }),
      },
      ...errors({
        401: SIGNED_OUT,
        404: NOT_THEIRS,
        409: "Cancelled, or an order for it is being placed right now.",
        422: "The order could not be placed: `reason` is one of the subscription failures.",
      }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/autoReorder/summary",
    summary: "What one reorder costs: a subscription's, or a new subscription's items (shipping is 0)",
    tag,
    auth: "optional",
    body: subscriptionSummarySchema,
    responses: {
      200: { description: "The summary, in cents.", schema: subscriptionSummaryAnswerSchema },
      ...errors({
        400: "Bad input.",
        401: "A subscriptionId signed out.",
        404: NOT_THEIRS + " Or an unknown product.",
        422: "A product that cannot be ordered on auto-reorder.",
      }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/autoReorder/prescription/{id}/isExamPrescription",
    summary: "Whether a saved prescription was issued by the online exam",
    tag,
    auth: "customer",
    params: idParams,
    responses: {
      200: {
        description: "The answer.",
        schema: z.object({ prescriptionId: z.number().int(), isExamPrescription: z.boolean() }),
      },
      ...errors({ 401: SIGNED_OUT, 404: "Not one of the customer's prescriptions." }),
    },
  }),
  operation({
    method: "PUT",
    path: "/api/autoReorder/prescription",
    summary: "The prescription a subscription reorders on (the customer's, unexpired, for the same lenses)",
    tag,
    auth: "customer",
    body: subscriptionPrescriptionSchema,
    responses: {
      200: {
        description: "The subscription, with the prescription's values.",
        schema: z.object({ prescriptionId: z.number().int(), subscription: subscriptionSchema }),
      },
      ...errors({
        400: "Bad input.",
        401: SIGNED_OUT,
        404: NOT_THEIRS + " Or not one of the customer's prescriptions.",
        409: CANCELLED,
        422: "The prescription cannot be used: expired, not submitted, a lens no longer sold, other lenses or another patient.",
      }),
    },
  }),
];
