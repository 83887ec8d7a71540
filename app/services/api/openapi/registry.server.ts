import { z } from "zod";

/**
 * The API's operations, described once (decision 40). Each family file in this folder exports `operations`: what a
 * call takes (path parameters, query, body: the same zod schemas the route parses with) and what it answers, by
 * status, as zod schemas. `document.server.ts` turns the list into the OpenAPI 3.1 document at /api/openapi.json,
 * the API boundary middleware answers 405/OPTIONS from it, and the tests check every route and answer against it.
 */

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";

/** Who may call: anyone; a signed-in customer (cookie session or bearer token); anyone, answered per customer. */
export type ApiAuth = "none" | "customer" | "optional";

export interface ApiResponse {
  description: string;
  /** The JSON body; omitted for a body that is not JSON (image bytes) or empty. */
  schema?: z.ZodType;
  /** Defaults to application/json when there is a schema. */
  contentType?: string;
}

export interface ApiOperation {
  method: ApiMethod;
  /** The OpenAPI path template, e.g. `/api/orders/{id}/details`. */
  path: string;
  /** Other spellings the same route answers (the spec writes a few calls without the api/ prefix). */
  alsoAt?: readonly string[];
  summary: string;
  description?: string;
  /** The family, as the document groups it. */
  tag: string;
  auth: ApiAuth;
  /** Path parameters: an object with one string field per `{name}` of the path. */
  params?: z.ZodObject;
  /** Query parameters: an object of (optional) fields. */
  query?: z.ZodObject;
  /** Request headers the call reads beyond authentication (e.g. `Idempotency-Key`). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** Defaults to application/json. */
  bodyContentType?: "application/json" | "multipart/form-data";
  /** False when the body may be left out (an empty body reads as `{}`). */
  bodyRequired?: boolean;
  responses: Readonly<Record<number, ApiResponse>>;
}

/** Identity that keeps an operation's literal types while checking its shape. */
export const operation = (op: ApiOperation): ApiOperation => op;

// --- Shared pieces ---------------------------------------------------------------------------------------------

/**
 * Every error of the JSON API (`jsonError`): `{ error }` with a message for people; some calls add fields (e.g.
 * `reason`), and the families with the spec's error codes describe theirs with `code` and `fieldErrors`.
 */
export const errorSchema = z.looseObject({ error: z.string() });

/** `{ error }` answers for the given statuses, each with its description. */
export function errors(byStatus: Readonly<Record<number, string>>): Record<number, ApiResponse> {
  return Object.fromEntries(
    Object.entries(byStatus).map(([status, description]) => [status, { description, schema: errorSchema }]),
  );
}

/** The answers every call that needs a customer shares. */
export const SIGNED_OUT = "Signed out, or a bearer token that is not accepted.";

export const cents = z.number().int().describe("Integer cents.");
export const isoDate = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/);
export const isoDateTime = z.string().describe("ISO 8601 date and time.");
export const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

/** A path parameter, as text (routes check its shape and answer 400 or 404). */
export const pathParams = <K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.string()])) as Record<K, z.ZodString>);

export const parametersSchema = z.record(z.string(), z.string()).describe("Lens parameters by name.");
