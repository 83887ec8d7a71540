import { z } from "zod";
import { PRICE_BOOKS } from "~/models/catalog";
import { RX_READER_RATE_LIMIT } from "~/models/rate-limits";
import { walletEntriesSchema } from "../rx-wallet.server";
import { cartItemsResponseSchema } from "../schemas/cart-api";
import { cents, errors, isoDate, isoDateTime, operation, parametersSchema, type ApiOperation } from "./registry.server";

/** Prescriptions (spec 2 §7): images, the prescription reader and the wallet. Schemas and answers. */

const SIGN_IN = "Signed out, or a bearer token that is not accepted.";
const NOT_THEIRS = "Not one of the customer's prescriptions.";

// --- Requests --------------------------------------------------------------------------------------------------

/** POST api/images: the multipart fields besides the file (the client's measures, and the order). */
export const imageUploadFieldsSchema = z.object({
  // The client's own measure of its processed image (spec 2 §7); the server measures what it stores.
  width: z
    .string()
    .regex(/^\d{1,5}$/)
    .optional(),
  height: z
    .string()
    .regex(/^\d{1,5}$/)
    .optional(),
  orderNumber: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/)
    .optional(),
  // Not in the spec's list: the cart group the upload is for (RxDetails with JavaScript), so the AI prescription
  // reader test decides whether it is read (decision 67). Never with orderNumber.
  groupId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/)
    .optional()
    .describe("The cart's line item group the prescription is for (the purchase funnel's upload)."),
});

/** The multipart body as the document shows it: the file field `images` (or `image`) and the fields above. */
const imageUploadBodySchema = imageUploadFieldsSchema.extend({
  images: z.string().meta({ format: "binary" }).describe("One file: PDF, JPEG, PNG, HEIC or TIFF, up to 10 MB."),
});

export const analyzeRxImageSchema = z.object({
  // The image, as base64 or a data URL (spec 2 §5: two comma-separated parts with a non-empty header).
  base64Image: z.string().min(1),
  models: z.array(z.string().max(100)).max(4).optional(),
  mime: z.string().max(100).optional(),
  correlationId: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9._:-]*$/)
    .optional(),
  sessionId: z.string().max(200).optional(),
});

export const cloneSchema = z.object({
  prescriptionId: z
    .number({ error: "Send the prescriptionId to copy." })
    .int({ error: "Send the prescriptionId to copy." })
    .min(1, { error: "Send the prescriptionId to copy." })
    .max(999_999_999, { error: "Send the prescriptionId to copy." }),
});

// --- Answers ---------------------------------------------------------------------------------------------------

const imageMetadataSchema = z.object({
  rxImageId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  contentLength: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  classification: z.string().nullable(),
  uploadedAt: isoDateTime,
});

const eyeReadingSchema = z
  .object({
    sphere: z.string(),
    cylinder: z.string(),
    axis: z.string(),
    add: z.string(),
    baseCurve: z.string(),
    diameter: z.string(),
    color: z.string(),
    brand: z.string(),
  })
  .partial();

/** analyzeRxImage's answer (images.server.ts `analysisJson`). */
const analysisAnswerSchema = z.object({
  prescription: z
    .object({ OD: eyeReadingSchema, OS: eyeReadingSchema, unknownEye1: eyeReadingSchema })
    .partial()
    .describe("Per eye: OD right, OS left, unknownEye1 an eye read without its side."),
  patient: z.looseObject({ firstName: z.string().optional(), lastName: z.string().optional() }),
  expirationDate: z.string().nullable(),
  issueDate: z.string().nullable(),
  prescriber: z.object({
    name: z.string().nullable(),
    clinicName: z.string().nullable(),
    phone: z.string().nullable(),
    license: z.string().nullable().describe("State licence number as printed."),
    npi: z.string().nullable().describe("The prescriber's 10-digit NPI."),
  }),
  spectaclesOnly: z.boolean().describe("A glasses prescription without contact lens values."),
  confidence: z.record(z.string(), z.number().min(0).max(1)),
  correlationId: z.string(),
});

const eyeProduct = z.object({ productId: z.number().int(), upc: z.string(), quantity: z.number().int() }).nullable();

const walletSummarySchema = z.object({
  patients: z.array(
    z.object({
      firstName: z.string(),
      lastName: z.string(),
      prescriptions: z.array(
        z.object({
          prescriptionId: z.number().int(),
          rightEyeProduct: eyeProduct,
          leftEyeProduct: eyeProduct,
          expirationDate: isoDate.nullable(),
          isExpired: z.boolean(),
          orderDate: isoDateTime.nullable(),
          autoReorder: z.boolean(),
          alternativeQuantityProductId: z.number().int().nullable(),
          leftColorId: z.string().nullable(),
          rightColorId: z.string().nullable(),
        }),
      ),
    }),
  ),
  hasPrivateLabelProducts: z.boolean(),
});

const plannedGroupSchema = z.object({
  prescriptionId: z.number().int(),
  type: z.literal("Lens"),
  patient: z.looseObject({ firstName: z.string(), lastName: z.string() }).nullable(),
  autoReorder: z.object({ reorderFrequencyInDays: z.number().int() }).nullable(),
  prescriptionExpiresOn: isoDate.nullable(),
  lineItems: z.array(
    z.object({
      whichEye: z.enum(["Right", "Left"]),
      product: z.object({ productId: z.number().int(), displayName: z.string().nullable(), price: cents.nullable() }),
      upc: z.string(),
      quantity: z.number().int(),
      parameters: parametersSchema,
      lineTotal: cents.nullable(),
    }),
  ),
  subTotal: cents,
});

const idParams = z.object({ id: z.string() });

export const operations: ApiOperation[] = [
  operation({
    method: "POST",
    path: "/api/images",
    summary: "Upload a prescription image (for an order when orderNumber is sent, for a cart group with groupId)",
    tag: "Prescription images",
    auth: "optional",
    body: imageUploadBodySchema,
    bodyContentType: "multipart/form-data",
    responses: {
      201: {
        description:
          "The stored image, classified by a quick look (Box, Human, Other, Prescription; null for a PDF or when the " +
          "reader could not tell). The full reading runs afterwards as a job: a reading may still reclass the image, " +
          "and what it read shows on the upload-success page.",
        schema: z.object({
          items: z.array(
            z.object({
              rxImageId: z.string(),
              classification: z.string().nullable(),
              processedImage: z.object({
                fileName: z.string(),
                contentType: z.string(),
                contentLength: z.number().int(),
                width: z.number().int().nullable(),
                height: z.number().int().nullable(),
              }),
            }),
          ),
        }),
      },
      ...errors({
        400: "A file it can't take (with the page's message).",
        401: SIGN_IN,
        404: "An order not found, or a group not in the visitor's cart.",
        413: "Too large.",
        422: "The order is not waiting for a prescription.",
      }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/images/{id}",
    summary: "An image's bytes, to its owner",
    tag: "Prescription images",
    auth: "optional",
    params: idParams,
    responses: {
      200: { description: "The bytes (image/jpeg or application/pdf).", contentType: "image/jpeg" },
      ...errors({ 401: SIGN_IN, 404: "No such image (or not the caller's)." }),
    },
  }),
  operation({
    method: "DELETE",
    path: "/api/images/{id}",
    summary: "Delete an image and its bytes",
    tag: "Prescription images",
    auth: "optional",
    params: idParams,
    responses: {
      200: { description: "Deleted.", schema: z.object({ rxImageId: z.string(), deleted: z.literal(true) }) },
      ...errors({ 401: SIGN_IN, 404: "No such image.", 422: "Sent with an order, so kept with it." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/images/order/{orderNumber}",
    summary: "The images sent for an order",
    tag: "Prescription images",
    auth: "optional",
    params: z.object({ orderNumber: z.string() }),
    responses: {
      200: {
        description: "The images, newest first.",
        schema: z.object({ orderNumber: z.string(), items: z.array(imageMetadataSchema) }),
      },
      ...errors({ 400: "Not an order number.", 401: SIGN_IN, 404: "No such order (or not the caller's)." }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/rxReader/analyzeRxImage",
    summary: "Read a prescription from an image (null when none was found in 30 s)",
    tag: "Prescription images",
    auth: "none",
    body: analyzeRxImageSchema,
    responses: {
      200: {
        description:
          "The reading, or null. Every field found, with the reader's confidence of each (0–1, keyed by its path: " +
          '"OD.sphere", "patient.lastName", "prescriber.npi", "expirationDate"); fields at 0.8 or above are the ones ' +
          "the store pre-fills.",
        schema: analysisAnswerSchema.nullable(),
      },
      ...errors({
        400: "Input it can't take.",
        413: "Too large.",
        429: `Past ${RX_READER_RATE_LIMIT.limit} readings in ${RX_READER_RATE_LIMIT.windowSeconds / 60} minutes.`,
      }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/rxWallet/summary",
    summary: "The customer's patients with their saved prescriptions",
    tag: "Prescription wallet",
    auth: "customer",
    query: z.object({ priceBook: z.enum(PRICE_BOOKS).optional() }),
    responses: {
      200: { description: "The wallet.", schema: walletSummarySchema },
      ...errors({ 400: "An unknown price book.", 401: SIGN_IN }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/rxWallet/{id}",
    alsoAt: ["/rxWallet/{id}"],
    summary: "One saved prescription: each eye and the clinic",
    tag: "Prescription wallet",
    auth: "customer",
    params: idParams,
    responses: {
      200: {
        description: "The prescription.",
        schema: z.object({
          prescriptionId: z.number().int(),
          rightEye: z.looseObject({}).nullable(),
          leftEye: z.looseObject({}).nullable(),
          clinic: z.looseObject({ name: z.string() }).nullable(),
        }),
      },
      ...errors({ 401: SIGN_IN, 404: NOT_THEIRS }),
    },
  }),
  operation({
    method: "DELETE",
    path: "/api/rxWallet/{id}",
    alsoAt: ["/rxWallet/{id}"],
    summary: "Delete a saved prescription and its images",
    tag: "Prescription wallet",
    auth: "customer",
    params: idParams,
    responses: {
      200: {
        description: "Deleted.",
        schema: z.object({ prescriptionId: z.number().int(), deleted: z.literal(true) }),
      },
      ...errors({ 401: SIGN_IN, 404: NOT_THEIRS }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/rxWallet/prescription/clone",
    summary: "Copy a saved prescription",
    tag: "Prescription wallet",
    auth: "customer",
    body: cloneSchema,
    responses: {
      201: {
        description: "The copy.",
        schema: z.object({ prescriptionId: z.number().int(), clonedFromId: z.number().int() }),
      },
      ...errors({ 400: "Bad input.", 401: SIGN_IN, 404: NOT_THEIRS }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/rxWallet",
    summary: "Order again: one lens group per saved prescription, into the cart",
    tag: "Prescription wallet",
    auth: "customer",
    body: walletEntriesSchema,
    responses: {
      200: {
        description: "The cart, with the new groups' ids.",
        schema: cartItemsResponseSchema,
      },
      ...errors({
        400: "Bad input.",
        401: SIGN_IN,
        404: NOT_THEIRS,
        422: "A prescription that cannot be ordered (expired, not submitted, a lens no longer sold, out of stock).",
      }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/rxWallet/lineItemGroupsWithPriceBook",
    summary: "The groups 'Order again' would add, priced in a price book (the cart is not touched)",
    tag: "Prescription wallet",
    auth: "customer",
    body: walletEntriesSchema,
    responses: {
      200: {
        description: "The planned groups.",
        schema: z.object({ priceBook: z.enum(PRICE_BOOKS), lineItemGroups: z.array(plannedGroupSchema) }),
      },
      ...errors({ 400: "Bad input.", 401: SIGN_IN, 404: NOT_THEIRS, 422: "A prescription that cannot be ordered." }),
    },
  }),
];
