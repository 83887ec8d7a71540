import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { CUSTOMER_ERROR_MESSAGES, type CustomerErrorCode } from "~/models/customer-preferences";
import { requireApiCustomer } from "./customer.server";
import { methodNotAllowed, privateJson, readJsonBody } from "./json.server";
import { servicesContext, type AppServices } from "../platform/context.server";

/**
 * The customer-preference calls (spec 3 §7, §8): their errors are the API's one shape with the spec's customer
 * error codes (`{ code, error }`, `fieldErrors` where fields failed).
 */

/** The 401 of every customer-preference call: spec 3 §5 NoCustomerAvailable. */
export const PREFERENCE_SIGN_IN = {
  code: "NoCustomerAvailable",
  message: CUSTOMER_ERROR_MESSAGES.NoCustomerAvailable,
} as const;

/**
 * A customer-preference POST call (spec 3 §7) from start to answer: POST only (405 otherwise), the signed-in
 * customer, the JSON body (an object or a list) checked by `schema` (unreadable or invalid is 400 with `code`),
 * then `save`'s result as a 200 answer.
 */
export async function preferencePost<S extends z.ZodType>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  schema: S,
  code: CustomerErrorCode,
  save: (db: AppServices["db"], customerId: number, input: z.output<S>) => Promise<unknown>,
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const customer = requireApiCustomer(request, context, PREFERENCE_SIGN_IN);
  const input = await readJsonBody(request, schema, {
    code,
    allowArray: true,
    fallback: CUSTOMER_ERROR_MESSAGES[code],
  });
  return privateJson(await save(context.get(servicesContext).db, customer.id, input));
}
