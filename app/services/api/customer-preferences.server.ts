import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { CUSTOMER_ERROR_MESSAGES, type CustomerErrorCode } from "~/models/customer-preferences";
import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { bearerToken, methodNotAllowed, privateJson } from "./json.server";
import { MAX_BODY_BYTES } from "./auth.server";
import { BadRequestError, readJsonObjectOrArray } from "../platform/http.server";
import { servicesContext, visitorContext, type VisitorCustomer } from "../platform/context.server";

/**
 * The boundary of the customer-preference calls (spec 3 §7, §8): `{ code, error }` answers with the spec's
 * customer error codes. Helpers throw the error Response; the route returns it as it is.
 */

export function customerError(status: 400 | 401 | 413, code: CustomerErrorCode, error: string): Response {
  return Response.json({ code, error }, { status, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}

/**
 * The signed-in customer (bearer token or cookie), else 401 NoCustomerAvailable (spec 3 §5). A request that sends
 * a malformed bearer token means the token's customer, never the cookie's.
 */
export function requirePreferenceCustomer(
  request: Request,
  context: Readonly<RouterContextProvider>,
): { customer: VisitorCustomer; db: ReturnType<typeof dbOf> } {
  const { customer } = context.get(visitorContext);
  if (!customer || (request.headers.has("Authorization") && bearerToken(request) === null)) {
    throw customerError(401, "NoCustomerAvailable", CUSTOMER_ERROR_MESSAGES.NoCustomerAvailable);
  }
  return { customer, db: dbOf(context) };
}

const dbOf = (context: Readonly<RouterContextProvider>) => context.get(servicesContext).db;

/** The JSON body (an object or, where `allowArray`, a list); unreadable is 400 (413 when too large) with the code. */
export async function readPreferenceBody(request: Request, code: CustomerErrorCode): Promise<unknown> {
  try {
    return await readJsonObjectOrArray(request, { maxBytes: MAX_BODY_BYTES });
  } catch (error) {
    if (error instanceof BadRequestError) throw customerError(error.status === 413 ? 413 : 400, code, error.message);
    throw error;
  }
}

/** Validates input; a failure is 400 with the call's Invalid... code and every message (the default when none). */
export function parsePreferenceInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: CustomerErrorCode,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const messages = parsed.error.issues.map((issue) =>
    issue.path.length > 0 && !/^Send /.test(issue.message)
      ? `${issue.path.map(String).join(".")}: ${issue.message}`
      : issue.message,
  );
  throw customerError(400, code, [...new Set(messages)].join(" ") || CUSTOMER_ERROR_MESSAGES[code]);
}

/**
 * A customer-preference POST call (spec 3 §7) from start to answer: POST only (405 otherwise), the signed-in
 * customer, the JSON body checked by `schema` (a failure is 400 with `code`), then `save`'s result as a 200 answer.
 */
export async function preferencePost<S extends z.ZodType>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  schema: S,
  code: CustomerErrorCode,
  save: (db: ReturnType<typeof dbOf>, customerId: number, input: z.output<S>) => Promise<unknown>,
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { customer, db } = requirePreferenceCustomer(request, context);
  const body = await readPreferenceBody(request, code);
  const input = parsePreferenceInput(schema, body, code);
  return privateJson(await save(db, customer.id, input));
}
