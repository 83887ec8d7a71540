import { z } from "zod";
import { ORDER_STATUSES } from "~/models/order-status";
import { cents, errors, isoDate, isoDateTime, operation, parametersSchema, type ApiOperation } from "./registry.server";

/** Orders (spec 2 §7 "Order calls"): path schemas the routes parse with, and the order JSON. */

const tag = "Orders";
const SIGN_IN = "Signed out, or a bearer token that is not accepted.";

// --- Requests --------------------------------------------------------------------------------------------------

export const MAX_ORDER_PAGE_SIZE = 50;
export const pageSizeSchema = z
  .string()
  .regex(/^[0-9]{1,2}$/)
  .transform(Number)
  .pipe(z.number().min(1).max(MAX_ORDER_PAGE_SIZE));
// Six digits is far past any customer's history, and keeps the offset a small number.
export const pageSchema = z
  .string()
  .regex(/^[0-9]{1,6}$/)
  .transform(Number);

// --- Answers ---------------------------------------------------------------------------------------------------

const eyeUpc = z.object({ upc: z.string() }).nullable();

export const orderEntrySchema = z.object({
  orderNumber: z.string(),
  orderTakenDate: isoDateTime,
  orderDate: isoDate,
  orderStatusCode: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  orderStatusMessage: z.string(),
  estimatedDeliveryDate: z.string().nullable(),
  expectedDeliveryDate: z.string(),
  deliveredDate: z.string().nullable(),
  isOld: z.boolean(),
  trackingUrl: z.string().nullable(),
  tracking: z.object({ deliveryDate: z.string().nullable(), trackingStatus: z.string().nullable() }).nullable(),
  shipping: z.object({ shippingLevel: z.number().int() }),
  items: z.array(
    z.object({
      productId: z.number().int(),
      itemType: z.enum(["lens", "solution"]),
      whichEye: z.string(),
      quantity: z.number().int(),
      prescription: z.object({ prescriptionId: z.number().int().nullable() }).nullable(),
    }),
  ),
  prescriptions: z.array(
    z.object({
      patientId: z.number().int().nullable(),
      detail: z.object({ leftEye: eyeUpc, rightEye: eyeUpc }),
    }),
  ),
  isNonLensOrder: z.boolean(),
  totalAmount: cents,
});

export const orderDetailsSchema = orderEntrySchema.extend({
  shipping: z.object({ shippingLevel: z.number().int(), label: z.string() }),
  shippingAddress: z.looseObject({ firstName: z.string(), lastName: z.string(), address1: z.string() }),
  payment: z.object({ brand: z.string(), lastFour: z.string() }),
  couponCode: z.string().nullable(),
  orderSummary: z.object({
    subTotal: cents,
    discountAmount: cents,
    shipping: cents,
    shippingDiscount: cents,
    taxAmount: cents,
    rebateTotal: cents,
    totalAmount: cents,
    storeCredit: cents,
  }),
  lineItemGroups: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      patient: z.looseObject({ firstName: z.string(), lastName: z.string() }).nullable(),
      doctor: z.looseObject({}).nullable(),
      rxEntryType: z.string().nullable(),
      prescriptionStatus: z.string().nullable(),
      autoReorder: z.object({ reorderFrequencyInDays: z.number().int() }).nullable(),
      lineItems: z.array(
        z.object({
          whichEye: z.string(),
          productId: z.number().int(),
          displayName: z.string(),
          upc: z.string(),
          quantity: z.number().int(),
          price: cents,
          discountAmount: cents,
          parameters: parametersSchema,
        }),
      ),
    }),
  ),
});

export const examSchema = z.object({
  examVoucherToken: z.string(),
  status: z.string(),
  statusDate: isoDateTime,
  potentialEvidence: z.boolean(),
  isRecapture: z.boolean(),
  examDate: isoDateTime.nullable(),
});

export const operations: ApiOperation[] = [
  operation({
    method: "GET",
    path: "/api/orders/history/{pageSize}/{page}",
    summary: "The customer's orders, newest first, a page at a time",
    tag,
    auth: "customer",
    params: z.object({ pageSize: pageSizeSchema, page: pageSchema }),
    responses: {
      200: {
        description: "A page of orders.",
        schema: z.object({
          orders: z.array(orderEntrySchema),
          page: z.number().int(),
          pageSize: z.number().int(),
          totalCount: z.number().int(),
        }),
      },
      ...errors({ 400: "A malformed page or page size.", 401: SIGN_IN, 404: "No orders yet (read as null)." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/orders/{id}/details",
    summary: "One of the customer's orders, by its order number",
    tag,
    auth: "customer",
    params: z.object({ id: z.string() }),
    responses: {
      200: { description: "The order.", schema: orderDetailsSchema },
      ...errors({ 400: "Not an order number.", 401: SIGN_IN, 404: "Not one of the customer's orders." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/orders/RecentExams",
    summary: "The customer's exams of the last 30 days (empty signed out)",
    tag,
    auth: "optional",
    responses: { 200: { description: "The exams, newest first.", schema: z.array(examSchema) } },
  }),
];
