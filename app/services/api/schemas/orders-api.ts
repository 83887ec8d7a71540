import { z } from "zod";
import { ORDER_STATUSES, PRESCRIPTION_STATUSES } from "~/models/order-status";

/**
 * The request and response schemas of the patient and order calls (spec 2 §7): GET api/patients, GET api/orders/,
 * GET /orders/{id}/thankyou, GET api/orders/orderCountByProduct, GET api/order/status/{orderNumber}; the
 * order-history entry (GET api/orders/history) and the one order answer (GET api/orders/{id}/details, which the
 * thank-you extends). Pure zod: no server code. Money is integer cents, as in every answer of the API. The OpenAPI document (openapi/orders.server.ts) describes
 * the calls with these same objects.
 */

// --- Patients --------------------------------------------------------------------------------------------------

/** GET api/patients: the customer's patients by name, each with their saved prescriptions (newest expiry first). */
export const patientsResponseSchema = z.array(
  z.object({
    patientId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    prescriptions: z.array(
      z.object({
        prescriptionId: z.number().int(),
        status: z.string(),
        expirationDate: z.string().nullable(),
        isExpired: z.boolean(),
      }),
    ),
  }),
);

// --- Orders ----------------------------------------------------------------------------------------------------

/** An order number or id in the path: letters, digits and dashes, at most 40. */
export const orderNumberParamSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,40}$/, { error: "The order number is not valid." });

/** An order's number, dates and status, as every order answer names them (orderHeadlineJson). */
const orderStatusFields = {
  orderNumber: z.string(),
  orderTakenDate: z.string(),
  orderDate: z.string(),
  orderStatusCode: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  orderStatusMessage: z.string(),
};

/** GET api/orders/: the customer's orders, newest first (at most ORDER_SUMMARY_LIMIT). */
export const ORDER_SUMMARY_LIMIT = 100;
export const orderSummariesResponseSchema = z.array(
  z.object({
    ...orderStatusFields,
    expectedDeliveryDate: z.string(),
    deliveredDate: z.string().nullable(),
    isOld: z.boolean(),
    isNonLensOrder: z.boolean(),
    productIds: z.array(z.number().int()),
    patientIds: z.array(z.number().int()),
    prescriptionStatuses: z.array(z.string()),
    totalAmount: z.number().int(),
  }),
);

const PRODUCTS_MESSAGE = "products is a comma-separated list of 1 to 50 product ids (1 to 6 digits each).";

/** GET api/orders/orderCountByProduct?products=1,2[&patientId=]. */
export const orderCountByProductQuerySchema = z.object({
  products: z
    .string({ error: PRODUCTS_MESSAGE })
    .regex(/^[0-9]{1,6}(,[0-9]{1,6}){0,49}$/, { error: PRODUCTS_MESSAGE })
    .transform((list) => [...new Set(list.split(",").map(Number))]),
  patientId: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, { error: "patientId is a positive whole number." })
    .transform(Number)
    .optional(),
});

/** How many of the customer's orders (of the patient, when given) contain each product, in the order asked. */
export const orderCountByProductResponseSchema = z.array(
  z.object({ productId: z.number().int(), orderCount: z.number().int() }),
);

const orderEyeSchema = z.object({ upc: z.string() }).nullable();

/** Who an order's lens group is for. */
export const orderPatientSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  patientId: z.number().int().optional(),
});

/** An order-history entry (spec 2 §3), as GET api/orders/history answers it. */
export const orderHistoryEntrySchema = z.object({
  ...orderStatusFields,
  estimatedDeliveryDate: z.string().nullable(),
  expectedDeliveryDate: z.string(),
  deliveredDate: z.string().nullable(),
  isOld: z.boolean(),
  trackingUrl: z.string().nullable(),
  tracking: z.object({ deliveryDate: z.string().nullable(), trackingStatus: z.string().nullable() }).nullable(),
  shipping: z.object({ shippingLevel: z.number().int(), label: z.string().optional() }),
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
      detail: z.object({ leftEye: orderEyeSchema, rightEye: orderEyeSchema }),
    }),
  ),
  isNonLensOrder: z.boolean(),
  totalAmount: z.number().int(),
});

const cents = z.number().int().describe("Integer cents.");

/** One line of a placed order's group, as the order calls answer it (orderDetailsJson). */
export const orderLineItemSchema = z.object({
  whichEye: z.string(),
  productId: z.number().int(),
  displayName: z.string(),
  upc: z.string(),
  quantity: z.number().int(),
  price: cents,
  discountAmount: cents,
  parameters: z.record(z.string(), z.string()).describe("Lens parameters by name."),
});

/** One group (a patient's lenses, or lens care) of a placed order. */
export const orderLineItemGroupSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  patient: orderPatientSchema.nullable(),
  doctor: z.looseObject({}).nullable(),
  rxEntryType: z.string().nullable(),
  prescriptionStatus: z.string().nullable(),
  autoReorder: z.object({ reorderFrequencyInDays: z.number().int() }).nullable(),
  lineItems: z.array(orderLineItemSchema),
});

/**
 * One order (GET api/orders/{id}/details): the history entry and what the order page shows. The thank-you answer
 * is this one with what the thank-you page says; there is no other description of an order.
 */
export const orderDetailsSchema = orderHistoryEntrySchema.extend({
  shipping: z.object({ shippingLevel: z.number().int(), label: z.string() }),
  shippingAddress: z.looseObject({ firstName: z.string(), lastName: z.string(), address1: z.string() }),
  /** method: the payment method enumeration (spec 2 §9: PayPal 7, Afterpay 15, ...; null on older orders). */
  payment: z.object({ brand: z.string(), lastFour: z.string(), method: z.number().int().nullable() }),
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
    insuranceBenefitsTotal: cents,
  }),
  insuranceBenefit: z
    .object({ benefitId: z.string(), planName: z.string(), provider: z.string(), amountCents: cents })
    .nullable()
    .describe("The insurance benefit the order used (its amount is in insuranceBenefitsTotal)."),
  lineItemGroups: z.array(orderLineItemGroupSchema),
});

/**
 * GET /orders/{id}/thankyou: the order's details and what the thank-you page says about it; each group adds its
 * heading and gives its doctor and prescription as the page words them.
 */
export const thankYouResponseSchema = orderDetailsSchema.extend({
  firstName: z.string(),
  expectedDelivery: z.string(),
  paymentLabel: z.string(),
  nextSteps: z.array(z.string()),
  uploadPath: z.string().nullable(),
  lineItemGroups: z.array(
    orderLineItemGroupSchema.extend({
      heading: z.string(),
      doctor: z.string().nullable(),
      prescription: z.string().nullable(),
    }),
  ),
});

/** GET api/order/status/{orderNumber}: the order's prescriptions and where each stands. */
export const orderStatusResponseSchema = z.object({
  orderNumber: z.string(),
  orderStatusCode: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  orderStatusMessage: z.string(),
  /** The order waits for a current, valid prescription (status code H). */
  isOnHold: z.boolean(),
  isExamNeededPostOrder: z.boolean(),
  prescriptions: z.array(
    z.object({
      lineItemGroupId: z.number().int(),
      prescriptionId: z.number().int().nullable(),
      patient: orderPatientSchema.nullable(),
      status: z.enum(PRESCRIPTION_STATUSES).nullable(),
      statusText: z.string().nullable(),
      productIds: z.array(z.number().int()),
      verification: z
        .object({
          state: z.string(),
          deadlineAt: z.string().nullable(),
          notice: z.object({ tone: z.enum(["info", "success", "attention"]), text: z.string() }).nullable(),
        })
        .nullable(),
    }),
  ),
});
