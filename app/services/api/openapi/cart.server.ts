import { z } from "zod";
import { preorderExamSchema } from "../exams.server";
import {
  cartItemsRequestSchema,
  cartItemsResponseSchema,
  cartResponseSchema,
  cartShippingAddressRequestSchema,
  cartShippingAddressResponseSchema,
  lineItemGroupIdSchema,
  lineItemQuantitiesRequestSchema,
  modifiedCartResponseSchema,
  modifiedCartSchema,
  shippingLevelInputSchema,
  versionQuerySchema,
} from "../schemas/cart-api";
import { errors, operation, SIGNED_OUT, type ApiOperation } from "./registry.server";

/**
 * The cart (spec 2 §7 "Cart"). The cart's own calls (GET and POST api/cart, items, line item groups, the shipping
 * address) parse and answer with `schemas/cart-api.ts`, imported here: `cartResponseSchema` is the one cart every
 * cart call answers. The coupon and shipping-method bodies live here, and their routes import them.
 */

const tag = "Cart";

// --- Requests --------------------------------------------------------------------------------------------------

export const couponBodySchema = z.object({ couponCode: z.string({ error: "Send a couponCode." }).max(100) });

export const shippingMethodSchema = z.object({ shippingLevel: shippingLevelInputSchema });

// --- Answers ---------------------------------------------------------------------------------------------------

const couponAnswer = z.object({ message: z.string(), kind: z.enum(["success", "info"]), cart: cartResponseSchema });
const cartAnswer = { description: "The cart.", schema: cartResponseSchema };
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
    summary: "Change the cart: quantities, removed items, new groups, the coupon, the shipping method",
    description:
      "`lineItemGroups`, when sent, is the full list: items left out are removed, and a group without an `id` is a " +
      "new one, added by the product page's rules (a cart is started for it at version 0).",
    tag,
    auth: "optional",
    body: modifiedCartSchema,
    responses: {
      200: {
        description: "The new cart, with the coupon's notice and the ids of the groups it added.",
        schema: modifiedCartResponseSchema,
      },
      ...errors({
        400: "Bad input, an unknown item, or a product the product page would refuse (its messages).",
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
      200: { description: "The cart.", schema: z.object({ cart: cartResponseSchema }) },
      ...errors({
        400: "Bad input.",
        401: "Signed out.",
        404: "Not the customer's exam, or 'No cart'.",
        409: "'Exam Declined', or the exam is not finished.",
        422: "'Something went wrong while trying to add these items to your cart'.",
      }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/cart/items",
    summary: "Add one product as a new line item group (a cart is started when there is none)",
    tag,
    auth: "optional",
    body: cartItemsRequestSchema,
    responses: {
      200: { description: "The cart and the new group's id.", schema: cartItemsResponseSchema },
      ...errors({
        400: "Bad input, or what the product page would refuse (its messages).",
        401: CART_CLIENT_401,
        409: "The cart changed since `version` (the answer carries the current version).",
      }),
    },
  }),
  operation({
    method: "PUT",
    path: "/api/cart/shippingAddress",
    summary: "Set the cart's shipping address (also saved to the address book), verified as checkout verifies",
    tag,
    auth: "customer",
    body: cartShippingAddressRequestSchema,
    responses: {
      200: { description: "The cart, and how the address was verified.", schema: cartShippingAddressResponseSchema },
      ...errors({
        400: "Bad input, with the address form's messages.",
        401: SIGNED_OUT,
        404: "No cart.",
        409: "The cart changed since `version` (the answer carries the current version).",
      }),
    },
  }),
  operation({
    method: "PUT",
    path: "/api/lineItemGroups/quantity",
    summary: "Set the quantities of items, by their itemId (the others stay as they are)",
    tag,
    auth: "optional",
    body: lineItemQuantitiesRequestSchema,
    responses: {
      200: cartAnswer,
      ...errors({
        400: "Bad input, an item not in the cart, or a quantity not offered (nothing changed).",
        401: CART_CLIENT_401,
        404: "No cart.",
        409: "The cart changed since `version` (the answer carries the current version).",
      }),
    },
  }),
  operation({
    method: "DELETE",
    path: "/api/lineItemGroups/{id}",
    summary: "Remove a line item group and its items",
    tag,
    auth: "optional",
    params: z.object({ id: lineItemGroupIdSchema }),
    query: z.object({ version: versionQuerySchema }),
    responses: {
      200: cartAnswer,
      ...errors({
        400: "A malformed version.",
        401: CART_CLIENT_401,
        404: "No cart, or no such group in it.",
        409: "The cart changed since `version` (the answer carries the current version).",
      }),
    },
  }),
];
