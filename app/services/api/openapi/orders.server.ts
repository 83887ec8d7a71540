import { z } from "zod";
import {
  orderCountByProductQuerySchema,
  orderCountByProductResponseSchema,
  orderDetailsSchema,
  orderHistoryEntrySchema,
  orderNumberParamSchema,
  orderStatusResponseSchema,
  orderSummariesResponseSchema,
  patientsResponseSchema,
  thankYouResponseSchema,
} from "../schemas/orders-api";
import { errors, isoDateTime, operation, type ApiOperation } from "./registry.server";

/**
 * Orders and patients (spec 2 §7 "Order calls"): path schemas the routes parse with, and the order JSON. The calls
 * of decision 39 (patients, the summary list, thank-you, counts by product, an order's status) parse and answer with
 * `schemas/orders-api.ts`, imported here.
 */

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
          orders: z.array(orderHistoryEntrySchema),
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
  operation({
    method: "GET",
    path: "/api/orders",
    summary: "The customer's orders, newest first, as a summary list (deleted and unpaid ones left out)",
    tag,
    auth: "customer",
    responses: {
      200: { description: "The orders (empty when there are none).", schema: orderSummariesResponseSchema },
      ...errors({ 401: SIGN_IN }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/orders/orderCountByProduct",
    summary: "How many of the customer's orders (of one patient, when given) contain each product",
    tag,
    auth: "customer",
    query: orderCountByProductQuerySchema,
    responses: {
      200: { description: "A count per product, in the order asked.", schema: orderCountByProductResponseSchema },
      ...errors({ 400: "Bad input.", 401: SIGN_IN, 404: "A patient who is not the customer's." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/orders/{id}/thankyou",
    alsoAt: ["/orders/{id}/thankyou"],
    summary: "What the thank-you page shows about one of the customer's orders",
    tag,
    auth: "customer",
    params: z.object({ id: orderNumberParamSchema }),
    responses: {
      200: { description: "The order and its next steps.", schema: thankYouResponseSchema },
      ...errors({ 400: "Not an order number.", 401: SIGN_IN, 404: "Not one of the customer's orders." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/order/status/{orderNumber}",
    summary: "An order's prescriptions, where each stands, and whether the order is on hold",
    tag,
    auth: "customer",
    params: z.object({ orderNumber: orderNumberParamSchema }),
    responses: {
      200: { description: "The order's status.", schema: orderStatusResponseSchema },
      ...errors({ 400: "Not an order number.", 401: SIGN_IN, 404: "Not one of the customer's orders." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/rebates/order/{orderNumber}",
    summary: "An order's mail-in rebate form, rebate_{orderNumber}.pdf, to the order's owner",
    tag,
    auth: "optional",
    params: z.object({ orderNumber: orderNumberParamSchema }),
    responses: {
      200: {
        description:
          'The form as an attachment (Content-Disposition: attachment; filename="rebate_{orderNumber}.pdf"): the customer\'s name and address, the order number and date, each qualifying product with its boxes and rebate amount, the postmark deadline and the rebate rules.',
        contentType: "application/pdf",
      },
      ...errors({
        400: "Not an order number.",
        401: "A bearer token that is not accepted.",
        404: "Not an order of the caller's (the signed-in customer's, or one this browser session placed), or one without a mail-in rebate.",
      }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/patients",
    summary: "The customer's patients by name, each with their saved prescriptions",
    tag: "Patients",
    auth: "customer",
    responses: {
      200: { description: "The patients.", schema: patientsResponseSchema },
      ...errors({ 401: SIGN_IN }),
    },
  }),
];
