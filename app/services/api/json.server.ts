import { z } from "zod";
import { PRICE_BOOKS, type PriceBook } from "~/models/catalog";
import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { allParametersSelected, type LensParameter } from "~/models/lens-parameters";
import type { CustomerErrorCode } from "~/models/customer-preferences";
import { BadRequestError, readJsonObject } from "../platform/http.server";
import type { AuthErrorCode } from "~/models/auth-errors";

/**
 * The boundary of the JSON API (spec 3 section 7): reading bodies, parsing body, path and query input, and answering
 * bad input with a 4xx in the one error shape (`{ error }`, plus `code` and `fieldErrors` where they apply) — never
 * a 500. Parsers throw the error Response; React Router returns a Response thrown from a
 * resource route's loader as it is.
 */

/** One message for any API client that went past a rate limit. */
export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests. Please try again later.";

/** The token of `Authorization: Bearer <token>`, in the form the root middleware accepts. */
export function bearerToken(request: Request): string | null {
  return /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? null;
}

/** The spec's error codes some families add to `{ error }`: authentication (spec 1 §8) and customer (spec 3 §8). */
export type ApiErrorCode = AuthErrorCode | CustomerErrorCode;

export type ApiErrorStatus = 400 | 401 | 402 | 404 | 405 | 409 | 413 | 422 | 429 | 500 | 502 | 503;

export interface ApiErrorOptions {
  /** The spec's code for this call's failure (authentication and customer-preference calls). */
  code?: ApiErrorCode;
  /** Messages by field, where input failed field by field. */
  fieldErrors?: Record<string, string[]>;
  headers?: Record<string, string>;
}

/**
 * The JSON API's one error answer (the document's `errorSchema`): `{ error }` with a message for people; the calls
 * the spec gives error codes (authentication, customer preferences) add `code`, and `fieldErrors` where fields
 * failed. Errors are never stored by a cache.
 */
export function jsonError(status: ApiErrorStatus, message: string, options: ApiErrorOptions = {}): Response {
  const body = {
    ...(options.code ? { code: options.code } : {}),
    error: message,
    ...(options.fieldErrors ? { fieldErrors: options.fieldErrors } : {}),
  };
  return Response.json(body, { status, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL, ...options.headers } });
}

/** A JSON answer with the given Cache-Control. */
export function jsonResponse(body: unknown, cacheControl: string, status = 200): Response {
  return Response.json(body, { status, headers: { "Cache-Control": cacheControl } });
}

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** 405 with Allow for any method a route does not take (GET, the default, also answers HEAD). */
export function methodNotAllowed(...allowed: Method[]): Response {
  const methods: string[] = allowed.length > 0 ? allowed : ["GET"];
  const allow = methods.includes("GET") ? [...methods, "HEAD"] : methods;
  return jsonError(405, `Only ${methods.join(" or ")} is allowed here.`, { headers: { Allow: allow.join(", ") } });
}

/** A JSON answer no cache may keep (anything personal). */
export const privateJson = (body: unknown, status = 200) => jsonResponse(body, PRIVATE_CACHE_CONTROL, status);

export interface ReadJsonOptions {
  /** The code of a body that cannot be read (default: none, or the call's `code` in `readJsonBody`). */
  code?: ApiErrorCode;
  /** A call whose body is optional may send none (read as `{}`). */
  allowEmpty?: boolean;
  /** A call that also takes a JSON list (spec: POST api/customers/rxCapturePreference). */
  allowArray?: boolean;
  /** At most this many bytes (default `JSON_MAX_BYTES`, 16 KB). */
  maxBytes?: number;
  /** The 413's message, where the call has its own words for it (default: the limit in KB). */
  tooLarge?: string;
}

/**
 * The request's JSON body (`readJsonObject`: Content-Type application/json, a JSON object, within `maxBytes`, no
 * control characters); anything else is a 400 `{ error }` (413 when too large), with `code` when given.
 */
export async function readJson(request: Request, options: ReadJsonOptions = {}): Promise<Record<string, unknown>> {
  const { code, tooLarge, ...reading } = options;
  try {
    return await readJsonObject(request, reading);
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    throw jsonError(error.status, (error.status === 413 && tooLarge) || error.message, { code });
  }
}

export interface ParseJsonOptions {
  /** The spec's code of this call's bad input. */
  code?: ApiErrorCode;
  /** The API's names of the schema's fields, where the schema is shared with a page form (`quantity` → `newLeftQuantity`). */
  fieldNames?: Record<string, string>;
  /** The message when the schema gave none. */
  fallback?: string;
}

/**
 * Validates input with a schema. A failure is a 400 in the one error shape: `error` has every message (each
 * prefixed by its field). A call with a spec `code` (authentication, customer preferences) also gets `fieldErrors`,
 * the messages by field (`body` for the whole input), as those clients show them per field; every other call
 * answers exactly `{ error }`.
 */
export function parseJson<S extends z.ZodType>(schema: S, input: unknown, options: ParseJsonOptions = {}): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string[]> = {};
  const messages = new Set<string>();
  for (const issue of parsed.error.issues) {
    const [first, ...rest] = issue.path.map(String);
    const field = first === undefined ? "" : [options.fieldNames?.[first] ?? first, ...rest].join(".");
    const list = (fieldErrors[field || "body"] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
    messages.add(field ? `${field}: ${issue.message}` : issue.message);
  }
  const message = [...messages].join(" ") || options.fallback || "The request is not valid.";
  throw jsonError(400, message, options.code ? { code: options.code, fieldErrors } : {});
}

/**
 * The one way an API call reads its JSON body: `readJson`, then `parseJson` with the call's schema. Bad input of
 * any kind is a 4xx in the one error shape, never a 500. `unreadableCode` is the code of a body that cannot be
 * read when it differs from the call's (the account calls answer InvalidArguments there, CreateAccountFailed for
 * fields).
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: Omit<ReadJsonOptions, "code"> & ParseJsonOptions & { unreadableCode?: ApiErrorCode } = {},
): Promise<z.output<S>> {
  const { code, unreadableCode = code, fieldNames, fallback, ...reading } = options;
  const body = await readJson(request, { ...reading, code: unreadableCode });
  return parseJson(schema, body, { code, fieldNames, fallback });
}

/** A product id in a path: 1 to 6 digits (exported for the OpenAPI document). */
export const productIdSchema = z
  .string()
  .regex(/^[0-9]{1,6}$/)
  .transform(Number);

/** A product id from the path: 1 to 6 digits. */
export function parseProductId(raw: string | undefined): number {
  const parsed = productIdSchema.safeParse(raw);
  if (!parsed.success) throw jsonError(400, "The product id must be 1 to 6 digits.");
  return parsed.data;
}

/** A UPC in a path: 11 to 14 digits. */
export const upcSchema = z.string().regex(/^[0-9]{11,14}$/);

/** A UPC from the path: 11 to 14 digits. */
export function parseUpc(raw: string | undefined): string {
  const parsed = upcSchema.safeParse(raw);
  if (!parsed.success) throw jsonError(400, "The UPC must be 11 to 14 digits.");
  return parsed.data;
}

/** The query's price book; "none" when absent. */
export const priceBookSchema = z.enum(PRICE_BOOKS).default("none");

/** The price book of the query (`priceBook`, or the spec's spelling `pricebook`); "none" when absent. */
export function parsePriceBook(url: URL): PriceBook {
  const raw = url.searchParams.get("priceBook") ?? url.searchParams.get("pricebook") ?? undefined;
  const parsed = priceBookSchema.safeParse(raw);
  if (!parsed.success) throw jsonError(400, `Unknown price book; use one of: ${PRICE_BOOKS.join(", ")}.`);
  return parsed.data;
}

/** The product, unless it is missing or hidden (a hidden product has no public page, so the API hides it too). */
export function requireVisibleProduct<T extends { isHidden: boolean }>(product: T | null, productId: number): T {
  if (!product || product.isHidden) throw jsonError(404, `No product with id ${productId}.`);
  return product;
}

/**
 * The parameter values of a match query, checked against the product's parameters: only its parameter names,
 * each at most once; every parameter selected (spec 5: no UPC lookup before that); each value one of the options.
 */
export function parseParameterSelection(
  parameters: readonly LensParameter[],
  query: URLSearchParams,
): Record<string, string> {
  const byName = new Map(parameters.map((parameter) => [parameter.name, parameter]));
  const selected: Record<string, string> = {};
  for (const [name, value] of query) {
    if (!byName.has(name as LensParameter["name"])) {
      const names = parameters.map((parameter) => parameter.name).join(", ") || "none";
      throw jsonError(400, `Unknown parameter ${quote(name)}; this product's parameters are: ${names}.`);
    }
    if (Object.hasOwn(selected, name)) throw jsonError(400, `The parameter ${quote(name)} is given more than once.`);
    selected[name] = value;
  }
  if (!allParametersSelected(parameters, selected)) {
    throw jsonError(400, "All parameters must be selected before looking up a UPC.");
  }
  for (const [name, value] of Object.entries(selected)) {
    const parameter = byName.get(name as LensParameter["name"]);
    if (!parameter?.options.some((option) => option.value === value)) {
      throw jsonError(400, `${quote(value)} is not an option for the parameter ${quote(name)}.`);
    }
  }
  return selected;
}

/** Client input echoed in a message, quoted and cut short. */
function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** A SKU can no longer be ordered when its product is discontinued in the catalog or the SKU is inactive. */
export function isSkuDiscontinued(sku: { discontinuedInCatalog: boolean; isActive: boolean }): boolean {
  return sku.discontinuedInCatalog || !sku.isActive;
}
