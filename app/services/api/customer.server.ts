import type { RouterContextProvider } from "react-router";
import { bearerToken, jsonError, type ApiErrorCode } from "./json.server";
import { visitorContext, type VisitorCustomer } from "../platform/context.server";

/** Spec 3 §8 NoCustomerAvailable: a call that needs a signed-in customer, without one. */
export const NO_CUSTOMER_MESSAGE = "No Customer Available to perform this action";

/** What a call answers with its 401: its family's message, and the spec's code where the family has one. */
export interface SignInRequired {
  message?: string;
  code?: ApiErrorCode;
}

/**
 * The API caller's customer (cookie session or `Authorization: Bearer`), or null for a guest. A request that sends
 * an Authorization header the sign-in did not accept is a 401 even with a cookie: the client meant the token's
 * customer, never the cookie's (nor a guest's).
 */
export function apiCustomer(
  request: Request,
  context: Readonly<RouterContextProvider>,
  refusal: SignInRequired = {},
): VisitorCustomer | null {
  const { customer } = context.get(visitorContext);
  if (request.headers.has("Authorization") && (bearerToken(request) === null || !customer)) throw signIn(refusal);
  return customer;
}

/**
 * The one guard of API calls that need a signed-in customer: the customer (cookie or bearer), else 401 `{ error }`
 * with the call family's message (and code). A rejected bearer token is a 401 even with a cookie (`apiCustomer`).
 */
export function requireApiCustomer(
  request: Request,
  context: Readonly<RouterContextProvider>,
  refusal: SignInRequired = {},
): VisitorCustomer {
  const customer = apiCustomer(request, context, refusal);
  if (!customer) throw signIn(refusal);
  return customer;
}

const signIn = ({ message = NO_CUSTOMER_MESSAGE, code }: SignInRequired) => jsonError(401, message, { code });
