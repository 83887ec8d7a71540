import { z } from "zod";
import { SHIPPING_LEVEL_SCHEMA_NOTE, shippingLevelSchema } from "../cart.server";
import { preorderExamSchema } from "../exams.server";
import { cents, errors, isoDateTime, operation, parametersSchema, type ApiOperation } from "./registry.server";

/** The cart (spec 2 §7 "Cart"): request schemas the routes parse with, and the cart as every cart call answers it. */

const tag = "Cart";

// --- Requests --------------------------------------------------------------------------------------------------

const quantity = z
  .number({ error: "A quantity is a whole number from 1 to 99." })
  .int({ error: "A quantity is a whole number from 1 to 99." })
  .min(1, { error: "A quantity is a whole number from 1 to 99." })
  .max(99, { error: "A quantity is a whole number from 1 to 99." });

/**
 * POST api/cart: the client's modified cart. Unknown fields are ignored, so a client may send back what GET gave
 * it. `lineItemGroups`, when present, is the full list of items (items left out are removed); `coupon` null
 * removes the coupon; the change applies only at the `version` the client read.
 */
export const modifiedCartSchema = z.object({
  version: z.number({ error: "Send the cart's version." }).int().min(0),
  lineItemGroups: z
    .array(
      z.object({
        id: z.string().max(100),
        lineItems: z.array(z.object({ itemId: z.string().min(1).max(100), quantity })).max(50),
      }),
    )
    .max(50)
    .optional(),
  coupon: z
    .object({ couponCode: z.string().max(100) })
    .nullable()
    .optional(),
  selectedShippingMethod: z.object({ shippingLevel: shippingLevelSchema }).optional(),
});

export const couponBodySchema = z.object({ couponCode: z.string({ error: "Send a couponCode." }).max(100) });

export const shippingMethodSchema = z.object({
  shippingLevel: shippingLevelSchema.describe(SHIPPING_LEVEL_SCHEMA_NOTE),
});

// --- Answers ---------------------------------------------------------------------------------------------------

const orderSummarySchema = z.object({
  subTotal: cents,
  discountAmount: cents,
  shipping: cents,
  shippingDiscount: cents,
  taxAmount: cents,
  rebateTotal: cents,
  insuranceBenefitsTotal: cents,
  customerCredits: cents,
  totalAmount: cents,
  totalAfterCredits: cents,
  totalBeforeDiscounts: cents,
  totalAfterRebates: cents,
});

const lineItemSchema = z.object({
  itemId: z.string(),
  whichEye: z.enum(["Right", "Left", "none"]),
  product: z.object({
    productId: z.number().int(),
    productType: z.number().int(),
    displayName: z.string(),
    brand: z.string(),
    url: z.string(),
    imageUrl: z.string().nullable(),
    price: cents.nullable(),
    quantityPerPackage: z.number().int(),
    maximumQuantity: z.number().int(),
    wearTime: z.number().int(),
  }),
  upc: z.string(),
  quantity: z.number().int(),
  classification: z.string(),
  parameters: parametersSchema,
  supply: z.string().nullable(),
  stock: z.string().nullable(),
  lineTotal: cents,
  discountAmount: cents,
  isSkuDiscontinued: z.boolean(),
});

/** Spec 2 "Cart", as GET api/cart and every change answer it; a missing cart is this shape empty (cartId null). */
export const cartSchema = z.object({
  cartId: z.string().nullable(),
  version: z.number().int(),
  lineItemGroups: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      autoReorder: z.object({ reorderFrequencyInDays: z.number().int() }).nullable(),
      examVoucherToken: z.string().nullable(),
      isExamNeededPostOrder: z.boolean(),
      subTotal: cents,
      lineItems: z.array(lineItemSchema),
    }),
  ),
  promotions: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      amount: cents,
      rewards: z.array(
        z.object({
          rewardType: z.string(),
          amount: cents.nullable(),
          description: z.string().nullable(),
          itemIds: z.array(z.string()),
        }),
      ),
      expiration: isoDateTime.nullable(),
      expirationLabel: z.string().nullable(),
    }),
  ),
  coupon: z
    .object({
      couponCode: z.string(),
      couponName: z.string(),
      description: z.string(),
      status: z.string(),
      amount: cents,
      message: z.string().nullable(),
      expiration: isoDateTime.nullable(),
      expirationLabel: z.string().nullable(),
    })
    .nullable(),
  rebates: z.array(
    z.object({ promotionId: z.number().int(), description: z.string(), offer: z.string(), amount: cents }),
  ),
  shippingMethods: z.array(
    z.object({
      shippingLevel: z.number().int(),
      name: z.string(),
      label: z.string(),
      amount: cents,
      priceLabel: z.string(),
      estimatedDelivery: z.string().nullable(),
      selected: z.boolean(),
    }),
  ),
  selectedShippingMethod: z.object({ shippingLevel: z.number().int(), amount: cents }),
  shippingAddress: z.null(),
  customerCredits: cents,
  customerGroups: z.array(z.string()),
  orderSummary: orderSummarySchema,
});

const couponAnswer = z.object({ message: z.string(), kind: z.enum(["success", "info"]), cart: cartSchema });
const cartAnswer = { description: "The cart.", schema: cartSchema };
const CART_CLIENT_401 = "A bearer token that is not accepted.";

export const operations: ApiOperation[] = [
  operation({
    method: "GET",
    path: "/api/cart",
    summary: "The cart (empty, with cartId null, when there is none)",
    tag,
    auth: "optional",
    responses: { 200: cartAnswer, ...errors({ 401: CART_CLIENT_401 }) },
  }),
  operation({
    method: "POST",
    path: "/api/cart",
    summary: "Change the cart: quantities, removed items, the coupon, the shipping method",
    tag,
    auth: "optional",
    body: modifiedCartSchema,
    responses: {
      200: {
        description: "The new cart, with the coupon's notice.",
        schema: cartSchema.extend({
          notice: z.object({ kind: z.string(), message: z.string() }).nullable(),
        }),
      },
      ...errors({
        400: "Bad input or an unknown item.",
        401: CART_CLIENT_401,
        404: "No cart.",
        409: "The cart changed since `version` (the answer carries the current version).",
        422: "A refused coupon (nothing applied).",
      }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/cart/coupon",
    summary: "Apply a coupon code (a cart is made when there is none)",
    tag,
    auth: "optional",
    body: couponBodySchema,
    responses: {
      200: { description: "Applied (or saved until items qualify).", schema: couponAnswer },
      ...errors({ 400: "Bad input.", 401: CART_CLIENT_401, 422: "A refused code, with the spec's message." }),
    },
  }),
  operation({
    method: "DELETE",
    path: "/api/cart/coupon",
    summary: "Remove the coupon",
    tag,
    auth: "optional",
    responses: {
      200: { description: "Removed.", schema: couponAnswer },
      ...errors({ 401: CART_CLIENT_401, 404: "No cart." }),
    },
  }),
  operation({
    method: "PUT",
    path: "/api/cart/shippingMethod",
    summary: "Choose the shipping method",
    tag,
    auth: "optional",
    body: shippingMethodSchema,
    responses: {
      200: cartAnswer,
      ...errors({ 400: "Another level.", 401: CART_CLIENT_401, 404: "No cart." }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/cart/preorderexam",
    summary: "Put a finished exam's lenses in the cart, in a group carrying the exam voucher",
    tag,
    auth: "customer",
    body: preorderExamSchema,
    responses: {
      200: { description: "The cart.", schema: z.object({ cart: cartSchema }) },
      ...errors({
        400: "Bad input.",
        401: "Signed out.",
        404: "Not the customer's exam, or 'No cart'.",
        409: "'Exam Declined', or the exam is not finished.",
        422: "'Something went wrong while trying to add these items to your cart'.",
      }),
    },
  }),
];
