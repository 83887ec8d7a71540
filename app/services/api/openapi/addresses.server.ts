import { z } from "zod";
import {
  addressDeletedResponseSchema,
  addressIdSchema,
  addressListResponseSchema,
  addressRequestSchema,
  addressSavedResponseSchema,
  addressVerifyResponseSchema,
} from "../schemas/addresses-api";
import { errors, operation, SIGNED_OUT, type ApiOperation } from "./registry.server";

/**
 * The address book (spec 2 §7, spec 3 §7 'Addresses'; decision 39). The routes parse and answer with
 * `schemas/addresses-api.ts`, imported here. A signed-out call answers 401 with the spec's NoCustomerAvailable message.
 */

const tag = "Addresses";
const NOT_THEIRS = "Not one of the customer's addresses (exactly like a missing one).";

export const operations: ApiOperation[] = [
  operation({
    method: "GET",
    path: "/api/addresses",
    summary: "The customer's addresses, the primary one first",
    tag,
    auth: "customer",
    responses: {
      200: { description: "The addresses.", schema: addressListResponseSchema },
      ...errors({ 401: SIGNED_OUT }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/addresses/verify",
    summary: "The verifier's matches for an address (none outside the US, or after 5 s)",
    tag,
    auth: "customer",
    body: addressRequestSchema,
    responses: {
      200: {
        description: "The matches and the status the address would be saved with.",
        schema: addressVerifyResponseSchema,
      },
      ...errors({ 400: "Bad input, with the address form's messages.", 401: SIGNED_OUT }),
    },
  }),
  operation({
    method: "POST",
    path: "/api/addresses/v2",
    summary: "Add an address (the first becomes primary; it needs verifying at checkout)",
    tag,
    auth: "customer",
    body: addressRequestSchema,
    responses: {
      201: { description: "The saved address.", schema: addressSavedResponseSchema },
      ...errors({ 400: "Bad input, with the address form's messages.", 401: SIGNED_OUT }),
    },
  }),
  operation({
    method: "PUT",
    path: "/api/addresses/v2/{id}",
    summary: "Change an address (it needs verifying again)",
    tag,
    auth: "customer",
    params: z.object({ id: addressIdSchema }),
    body: addressRequestSchema,
    responses: {
      200: { description: "The saved address.", schema: addressSavedResponseSchema },
      ...errors({ 400: "Bad input, with the address form's messages.", 401: SIGNED_OUT, 404: NOT_THEIRS }),
    },
  }),
  operation({
    method: "DELETE",
    path: "/api/addresses/{id}",
    summary: "Delete an address (when it was primary, the most recent remaining one becomes primary)",
    tag,
    auth: "customer",
    params: z.object({ id: addressIdSchema }),
    responses: {
      200: { description: "The addresses left.", schema: addressDeletedResponseSchema },
      ...errors({ 401: SIGNED_OUT, 404: NOT_THEIRS }),
    },
  }),
];
