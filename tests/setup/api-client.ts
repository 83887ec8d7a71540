import { randomUUID } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import { expect } from "vitest";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import { startSignedInSession } from "~/services/sign-in/sign-in.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { skus } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { expectConforms } from "./openapi-conformance";
import { runThroughMiddleware } from "./test-context";

/**
 * Calling the API routes of issue 17 (decision 39) as the server does, with cookies or bearer tokens; every answer
 * is checked against the OpenAPI document (expectConforms).
 */

type Handler = (args: never) => unknown;
export interface CallOptions {
  method?: string;
  body?: unknown;
  cookie?: string;
  token?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

export function apiCaller(services: AppServices) {
  return async function call(handler: Handler, path: string, options: CallOptions = {}): Promise<Response> {
    const headers = new Headers(options.headers);
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    }
    if (options.cookie) headers.set("Cookie", options.cookie);
    if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
    const method = options.method ?? (body === undefined ? "GET" : "POST");
    const request = new Request(`http://store.test${path}`, { method, headers, body });
    const response = await runThroughMiddleware(services, request, async (context) => {
      return (await handler({ request, params: options.params ?? {}, context } as never)) as Response;
    });
    expect(response, path).toBeInstanceOf(Response);
    // Every answer matches the OpenAPI document (decision 40).
    await expectConforms(method, path, response);
    return response;
  };
}

/** Asserts the status and a JSON answer, and gives back the body. */
export async function json<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
  const text = await response.clone().text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.json()) as T;
}

/** Asserts a `{ error }` answer with the status (and message). */
export async function expectError(response: Response, status: number, message?: string | RegExp) {
  const body = await json<{ error: string; version?: number }>(response, status);
  if (typeof message === "string") expect(body.error).toBe(message);
  else if (message) expect(body.error).toMatch(message);
  return body;
}

/** A new customer with a bearer token. */
export async function customerWithToken(database: DatabaseHandle, name = "Ann") {
  const customer = await createCustomer(database.db, {
    email: `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`,
    password: "correct-horse-9",
    firstName: name,
    lastName: "Lee",
  });
  const token = await createAuthSession(database.db, customer.id, "password", false);
  return { customer, token };
}

/** A browser's session cookie, optionally holding a cart (a guest's). */
export async function browserCookie(services: AppServices, cartId?: string) {
  const { session } = await services.sessions.getSession(null);
  if (cartId) session.set("cartId", cartId);
  return (await services.sessions.commitSession(session)).split(";")[0]!;
}

/** Signs a browser in (the sign-in dialog's service: the guest cart joins the customer's); its new cookie. */
export async function signInBrowser(services: AppServices, customerId: number, cookie?: string) {
  const { session } = await services.sessions.getSession(cookie ?? null);
  await startSignedInSession(services, session, { id: customerId }, "password", false);
  return (await services.sessions.commitSession(session)).split(";")[0]!;
}

/** The cookie a response set, or the one sent when it set none. */
export function cookieAfter(response: Response, sent: string): string {
  return response.headers.get("Set-Cookie")?.split(";")[0] ?? sent;
}

/** An active, stocked SKU of a product (the `index`-th by UPC): its UPC and parameters. */
export async function stockedSku(database: DatabaseHandle, productId: number, index = 0) {
  const rows = await database.db
    .select({ upc: skus.upc, parameters: skus.parameters })
    .from(skus)
    .where(and(eq(skus.productId, productId), eq(skus.isActive, true), gt(skus.stockQuantity, 20)))
    .orderBy(asc(skus.upc))
    .limit(index + 1);
  return rows[index]!;
}
