import type { z } from "zod";
import {
  attributeRequestSchema,
  attributeResponseSchema,
  clientIpResponseSchema,
  customerErrorResponseSchema,
  emailPreferencesRequestSchema,
  emailPreferencesResponseSchema,
  phoneInterestsRequestSchema,
  phoneInterestsResponseSchema,
  phonesQuerySchema,
  phonesResponseSchema,
  rxCapturePreferenceRequestSchema,
  rxCapturePreferenceResponseSchema,
} from "~/models/customer-preferences";
import { operation, type ApiOperation, type ApiResponse } from "./registry.server";

/**
 * Customer preferences and the session's client address (spec 3 §7 'Customer preferences', §8; decision 38). The
 * routes parse and answer with the schemas of `~/models/customer-preferences`, imported here. Errors carry the
 * spec's customer error `code` (`{ code, error }`).
 */

const tag = "Customers";
const NO_CUSTOMER = "Signed out, or a bearer token that is not accepted (code NoCustomerAvailable).";

/** `{ code, error }` answers for the given statuses. */
const customerErrors = (byStatus: Readonly<Record<number, string>>): Record<number, ApiResponse> =>
  Object.fromEntries(
    Object.entries(byStatus).map(([status, description]) => [
      status,
      { description, schema: customerErrorResponseSchema },
    ]),
  );

const save = (path: string, summary: string, body: z.ZodType, answer: z.ZodType, code: string): ApiOperation =>
  operation({
    method: "POST",
    path,
    summary,
    tag,
    auth: "customer",
    body,
    responses: {
      200: { description: "Saved; the stored values.", schema: answer },
      ...customerErrors({
        400: `Bad input (code ${code}).`,
        401: NO_CUSTOMER,
        413: `A body over the size limit (code ${code}).`,
      }),
    },
  });

export const operations: ApiOperation[] = [
  save(
    "/api/customers/phoneInterests",
    "Save a phone number's text interests",
    phoneInterestsRequestSchema,
    phoneInterestsResponseSchema,
    "InvalidPhoneInterests",
  ),
  save(
    "/api/customers/email",
    "Save an e-mail address's preferences",
    emailPreferencesRequestSchema,
    emailPreferencesResponseSchema,
    "InvalidEmailPreferences",
  ),
  save(
    "/api/customers/rxCapturePreference",
    "Opt in or out of prescription capture (a list with one RxCapture preference)",
    rxCapturePreferenceRequestSchema,
    rxCapturePreferenceResponseSchema,
    "InvalidRxCapturePreference",
  ),
  save(
    "/api/customers/attribute",
    "Save a customer attribute (type 1: the LegalNov2023 consent)",
    attributeRequestSchema,
    attributeResponseSchema,
    "InvalidArguments",
  ),
  operation({
    method: "GET",
    path: "/api/customers/phones",
    summary: "The customer's phone numbers and their text interests, for one of the customer's e-mail addresses",
    tag,
    auth: "customer",
    query: phonesQuerySchema,
    responses: {
      200: {
        description: "The numbers (none for an address that is not the customer's).",
        schema: phonesResponseSchema,
      },
      ...customerErrors({ 400: "A missing or malformed emailAddress (code InvalidArguments).", 401: NO_CUSTOMER }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/session/client-ip",
    summary: "The client's address as the server sees it",
    tag: "Session",
    auth: "none",
    responses: { 200: { description: "The address.", schema: clientIpResponseSchema } },
  }),
];
