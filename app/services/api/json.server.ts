import { z } from "zod";
import { PRICE_BOOKS, type PriceBook } from "~/models/catalog";
import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { allParametersSelected, type LensParameter } from "~/models/lens-parameters";
import { BadRequestError, readJsonObject } from "../platform/http.server";

/**
 * The boundary of the JSON API (spec 3 section 7): parsing path and query input, and answering bad input with a
 * 4xx `{ error }` — never a 500. Parsers throw the error Response; React Router returns a Response thrown from a
 * resource route's loader as it is.
 */

/** One message for any API client that went past a rate limit. */
export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests. Please try again later.";

/** The token of `Authorization: Bearer <token>`, in the form the root middleware accepts. */
export function bearerToken(request: Request): string | null {
  return /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? null;
}

/** The request's JSON object (application/json, at most 16 KB); anything else is a 400 (413 when too large). */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    return await readJsonObject(request);
  } catch (error) {
    if (error instanceof BadRequestError) throw jsonError(error.status, error.message);
    throw error;
  }
}

/** A JSON answer with the given Cache-Control. */
export function jsonResponse(body: unknown, cacheControl: string, status = 200): Response {
  return Response.json(body, { status, headers: { "Cache-Control": cacheControl } });
}

/** `{ error: message }` with a status; errors are never stored by a cache. */
export function jsonError(
  status: 400 | 401 | 404 | 405 | 413 | 422 | 429,
  message: string,
  headers?: Record<string, string>,
): Response {
  return Response.json({ error: message }, { status, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL, ...headers } });
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** 405 with Allow for any method a route does not take (GET, the default, also answers HEAD). */
export function methodNotAllowed(...allowed: Method[]): Response {
  const methods: string[] = allowed.length > 0 ? allowed : ["GET"];
  const allow = methods.includes("GET") ? [...methods, "HEAD"] : methods;
  return jsonError(405, `Only ${methods.join(" or ")} is allowed here.`, { Allow: allow.join(", ") });
}

/** A JSON answer no cache may keep (anything personal). */
export const privateJson = (body: unknown, status = 200) => jsonResponse(body, PRIVATE_CACHE_CONTROL, status);

/** Validates input with a schema; a failure is a 400 with every message (prefixed by its field). */
export function parseJson<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const messages = parsed.error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message,
  );
  throw jsonError(400, [...new Set(messages)].join(" "));
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
