import { and, eq, isNull, ne } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { PREFERENCE_TYPES, TEXT_INTERESTS } from "~/models/account";
import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { jsonError, jsonResponse, methodNotAllowed, parseJson, TOO_MANY_REQUESTS_MESSAGE } from "./json.server";
import { ACCOUNT_LOOKUP_RATE_LIMIT, signedInCookieSeconds } from "~/models/auth-limits";
import { openAuthSession } from "../accounts/auth/accounts.server";
import type { Customer, SignInMethod } from "../accounts/auth/accounts.server";
import { hashPassword } from "../accounts/auth/passwords.server";
import { tokenHash } from "../accounts/auth/tokens.server";
import { requestInfoContext, servicesContext, visitorContext, type VisitorCustomer } from "../platform/context.server";
import type { Database } from "../db/client.server";
import { authSessions, customers } from "../db/schema";
import type { RateLimitRule } from "../platform/rate-limit.server";
import { consumeRateLimit } from "../platform/rate-limit.server";
import { countSubscriptions } from "../subscriptions/subscriptions.server";

/**
 * The authentication API's pieces (spec 1 §7, spec 3 §7): the spec's error codes (errors are the API's one shape,
 * `jsonError` / `readJsonBody` with a `code`), the customer JSON, and bearer tokens. A bearer token is an
 * auth-session token like the one the cookie holds, so logout and "sign out everywhere" revoke it the same way.
 * Helpers throw the error Response; the route returns or rethrows it as it is. Nothing here logs a body, so a
 * password never reaches the logs.
 */

export const MAX_BODY_BYTES = 16 * 1024;
export const SIGN_IN_REQUIRED_MESSAGE = "Sign in to do this.";

/** The 401 of the calls that need a signed-in customer (`requireApiCustomer`). */
export const AUTH_SIGN_IN = { code: "AuthorizationFailed", message: SIGN_IN_REQUIRED_MESSAGE } as const;

/** A success answer: personal, so never stored by a cache. */
export function authOk(body: unknown = {}, status = 200, headers?: HeadersInit): Response {
  const response = jsonResponse(body, PRIVATE_CACHE_CONTROL, status);
  new Headers(headers).forEach((value, name) => response.headers.append(name, value));
  return response;
}

/** Any method not listed answers 405 with Allow (GET routes also answer HEAD). */
export function requireMethod(request: Request, ...allowed: Array<"GET" | "POST" | "PUT">): void {
  const methods = allowed.includes("GET") ? [...allowed, "HEAD"] : allowed;
  if (!methods.includes(request.method)) throw methodNotAllowed(...allowed);
}

/** One query parameter (missing reads as ""), validated; a failure is 400 InvalidArguments. */
export function parseQuery<S extends z.ZodType>(request: Request, name: string, schema: S): z.output<S> {
  const value = new URL(request.url).searchParams.get(name) ?? "";
  return parseJson(schema, value, { code: "InvalidArguments", fallback: `The ${name} parameter is not valid.` });
}

/** A JSON boolean, false when left out (`rememberMe`, `isSms`). */
export const optionalBoolean = z.boolean({ error: "Use true or false." }).optional().default(false);

// --- Who is asking --------------------------------------------------------------------------------------------

export function apiServices(context: Readonly<RouterContextProvider>) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  return { services, db: services.db, visitor, clientIp: context.get(requestInfoContext).clientIp };
}

// --- Rate limits ----------------------------------------------------------------------------------------------

/** Counts the attempt; past a limit answers 429 TooManyRequests with Retry-After (the longest window). */
export async function enforceRateLimit(db: Database, rules: RateLimitRule[]): Promise<void> {
  if (await consumeRateLimit(db, rules)) return;
  const retryAfter = Math.max(...rules.map((rule) => rule.windowSeconds));
  throw jsonError(429, TOO_MANY_REQUESTS_MESSAGE, {
    code: "TooManyRequests",
    headers: { "Retry-After": String(retryAfter) },
  });
}

/**
 * The opening of an account lookup (GET api/authentication/email, email/password, phone): GET only, its one query
 * parameter validated (400 before anything is counted), then counted per client address, since lookups can
 * enumerate accounts (429 past the limit).
 */
export async function readAccountLookup<S extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  name: string,
  schema: S,
): Promise<{ db: Database; value: z.output<S> }> {
  requireMethod(request, "GET");
  const value = parseQuery(request, name, schema);
  const { db, clientIp } = apiServices(context);
  await enforceRateLimit(db, [{ bucket: `lookup:ip:${clientIp}`, ...ACCOUNT_LOOKUP_RATE_LIMIT }]);
  return { db, value };
}

// --- The customer and its token -------------------------------------------------------------------------------

/** The customer as the API shows it (spec 3): never the password hash. */
export function customerJson(customer: Customer, subscriptionsCount: number) {
  return {
    customerId: customer.id,
    emailAddress: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    phoneNumber: customer.phone,
    customerToken: customer.customerToken,
    subscriptionsCount,
    preferences: PREFERENCE_TYPES.map((preferenceType) => ({
      preferenceType,
      isOptedIn: customer.preferences[preferenceType] === true,
    })),
    interests: TEXT_INTERESTS.map((interestType) => ({
      interestType,
      isOptedIn: customer.interests[interestType] === true,
    })),
    attributes: customer.attributes.map(({ typeId, value }) => ({ typeId, value })),
  };
}

/**
 * Signs the customer in for an API client: a new auth session whose token is the bearer token. A PIN or auto-login
 * proves the e-mail and ends the account's unproven sessions; `signedInAs` is whom the caller was already signed in
 * as (bearer or cookie), so a proof by the account's own holder keeps its password (decision 19).
 */
export async function issueToken(
  db: Database,
  customer: Customer,
  method: SignInMethod,
  rememberMe: boolean,
  options: { signedInAs?: VisitorCustomer | null } = {},
) {
  const now = new Date();
  const started = await openAuthSession(db, customer.id, method, rememberMe, {
    now,
    keepPassword: options.signedInAs?.id === customer.id,
  });
  const expiresAt = new Date(now.getTime() + signedInCookieSeconds(rememberMe) * 1000).toISOString();
  return {
    customer: customerJson(customer, await countSubscriptions(db, customer.id)),
    token: started.token,
    expiresAt,
  };
}

/** After a password change every other session of the customer ends; the one that asked stays. */
export async function endOtherSessions(db: Database, customerId: number, keepToken: string | null): Promise<void> {
  const mine = eq(authSessions.customerId, customerId);
  await db.delete(authSessions).where(keepToken ? and(mine, ne(authSessions.tokenHash, tokenHash(keepToken))) : mine);
}

// --- Account data the sign-in services do not cover -----------------------------------------------------------

export async function phoneHasAccount(db: Database, phoneDigits: string): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phoneDigits)).limit(1);
  return row !== undefined;
}

export async function updateCustomerProfile(
  db: Database,
  customerId: number,
  changes: { firstName?: string; lastName?: string; phone?: string },
): Promise<Customer> {
  const [row] = await db
    .update(customers)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(customers.id, customerId))
    .returning();
  return row!;
}

/**
 * Promotion: a quasi (guest) account gets its first password (and names). One conditional update, so two
 * requests cannot both promote; null when the account already has a password.
 */
export async function promoteQuasiAccount(
  db: Database,
  customerId: number,
  input: { password: string; firstName?: string; lastName?: string },
): Promise<Customer | null> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .update(customers)
    .set({
      passwordHash,
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(customers.id, customerId), isNull(customers.passwordHash)))
    .returning();
  return row ?? null;
}
