import type { RouterContextProvider } from "react-router";
import { bearerToken, jsonError } from "./json.server";
import { visitorContext, type VisitorCustomer } from "../platform/context.server";

/** Spec 3 §8 NoCustomerAvailable: a call that needs a signed-in customer, without one. */
export const NO_CUSTOMER_MESSAGE = "No Customer Available to perform this action";

/**
 * The signed-in customer of an API call (cookie session or `Authorization: Bearer`), else 401 `{ error }`. A
 * rejected bearer token is a 401 even with a cookie: the client meant the token's customer.
 */
export function requireApiCustomer(
  request: Request,
  context: Readonly<RouterContextProvider>,
  message: string = NO_CUSTOMER_MESSAGE,
): VisitorCustomer {
  const { customer } = context.get(visitorContext);
  if (!customer || (request.headers.has("Authorization") && bearerToken(request) === null)) {
    throw jsonError(401, message);
  }
  return customer;
}
