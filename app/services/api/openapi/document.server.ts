import { z } from "zod";
import { operations as addresses } from "./addresses.server";
import { operations as analytics } from "./analytics.server";
import { operations as authentication } from "./authentication.server";
import { operations as autoReorder } from "./auto-reorder.server";
import { operations as cart } from "./cart.server";
import { operations as catalog } from "./catalog.server";
import { operations as customers } from "./customers.server";
import { operations as exams } from "./exams.server";
import { operations as insurance } from "./insurance.server";
import { operations as eyeCareProviders } from "./eye-care-providers.server";
import { operations as meta } from "./meta.server";
import { operations as orders } from "./orders.server";
import { operations as pageConfiguration } from "./page-configuration.server";
import { operations as payments } from "./payments.server";
import { operations as prescriptions } from "./prescriptions.server";
import { operations as startup } from "./startup.server";
import { operations as wallet } from "./wallet.server";
import type { ApiAuth, ApiMethod, ApiOperation } from "./registry.server";

/**
 * The API's operations, every family's, and the OpenAPI 3.1 document built from them (decision 40). A new family
 * is one file in this folder exporting `operations`, added to this list.
 */
export const apiOperations: readonly ApiOperation[] = [
  ...startup,
  ...authentication,
  ...catalog,
  ...cart,
  ...addresses,
  ...orders,
  ...autoReorder,
  ...eyeCareProviders,
  ...prescriptions,
  ...exams,
  ...insurance,
  ...payments,
  ...wallet,
  ...customers,
  ...pageConfiguration,
  ...analytics,
  ...meta,
];

// --- Finding operations ----------------------------------------------------------------------------------------

/** Every path an operation answers at: its own, then the spec's other spellings. */
export const pathsOf = (op: ApiOperation): readonly string[] => [op.path, ...(op.alsoAt ?? [])];

/** A React Router pattern (`/api/catalog/:id`) as an OpenAPI path template (`/api/catalog/{id}`). */
export function templateOfPattern(pattern: string): string {
  const path = pattern.startsWith("/") ? pattern : `/${pattern}`;
  return path.replace(/:([A-Za-z0-9_]+)\??/g, "{$1}");
}

const byTemplate = new Map<string, ApiOperation[]>();
for (const op of apiOperations) {
  for (const path of pathsOf(op)) byTemplate.set(path, [...(byTemplate.get(path) ?? []), op]);
}

/** The operations at a route pattern (empty when the pattern is not described). */
export function operationsAtPattern(pattern: string): readonly ApiOperation[] {
  return byTemplate.get(templateOfPattern(pattern)) ?? [];
}

/** The methods a described path answers (GET also answers HEAD), in the document's order. */
export function allowedMethods(ops: readonly ApiOperation[]): ApiMethod[] {
  const order: ApiMethod[] = ["GET", "POST", "PUT", "DELETE"];
  return order.filter((method) => ops.some((op) => op.method === method));
}

// A parameter may be empty here: tests call a route's handler with an empty parameter to check its 400/404.
const templateRegex = (template: string) =>
  // Case-insensitive, as React Router matches paths (the spec spells DELETE api/paymentmethods in lower case).
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[A-Za-z0-9_]+\\?\}/g, "[^/]*")}/?$`, "i");
const matchers = [...byTemplate.entries()]
  // A literal segment wins over a parameter (`/api/autoReorder/summary` before `/api/autoReorder/{id}`).
  .sort(([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))
  .map(([template, ops]) => ({ template, regex: templateRegex(template), ops }));

/** The operation a concrete request path and method are, or null. */
export function findOperation(method: string, pathname: string): ApiOperation | null {
  const verb = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  for (const { regex, ops } of matchers) {
    if (regex.test(pathname)) return ops.find((op) => op.method === verb) ?? null;
  }
  return null;
}

// --- The document ----------------------------------------------------------------------------------------------

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema draft 2020-12 (OpenAPI 3.1's dialect): the input side for requests. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

const SECURITY: Record<ApiAuth, Array<Record<string, string[]>>> = {
  none: [],
  customer: [{ sessionCookie: [] }, { bearerToken: [] }],
  // Anyone; a signed-in customer's answer is theirs.
  optional: [{}, { sessionCookie: [] }, { bearerToken: [] }],
};

function operationId(op: ApiOperation, path: string): string {
  const words = path
    .replace(/[{}]/g, "")
    .split(/[/.]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return `${op.method.toLowerCase()}${words.join("")}`;
}

function parametersOf(op: ApiOperation) {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", op.params],
    ["query", op.query],
    ["header", op.headers],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchemaOf(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { description, ...propertySchema } = property;
      parameters.push({
        name,
        in: where,
        required: where === "path" || (object.required ?? []).includes(name),
        ...(typeof description === "string" ? { description } : {}),
        schema: propertySchema,
      });
    }
  }
  return parameters;
}

function operationObject(op: ApiOperation, path: string) {
  const responses = Object.fromEntries(
    Object.entries(op.responses).map(([status, response]) => {
      const contentType = response.contentType ?? "application/json";
      const content = response.schema
        ? { [contentType]: { schema: jsonSchemaOf(response.schema, "output") } }
        : response.contentType
          ? { [contentType]: { schema: { type: "string", contentMediaType: contentType } } }
          : undefined;
      return [status, { description: response.description, ...(content ? { content } : {}) }];
    }),
  );
  const parameters = parametersOf(op);
  return {
    operationId: operationId(op, path),
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: SECURITY[op.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.bodyRequired ?? true,
            content: { [op.bodyContentType ?? "application/json"]: { schema: jsonSchemaOf(op.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every described call. */
export function openApiDocument(options: { version: string; serverUrl?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of apiOperations) {
    for (const path of pathsOf(op)) {
      (paths[path] ??= {})[op.method.toLowerCase()] = operationObject(op, path);
    }
  }
  const tags = [...new Set(apiOperations.map((op) => op.tag))].map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: {
      title: "Lenslane API",
      version: options.version,
      description:
        "The store's JSON API for app clients. Money is integer cents unless a field says otherwise. Errors are " +
        "`{ error }`; the authentication and customer-preference calls add the spec's `code`, and " +
        "`fieldErrors` (messages by field) when fields failed. Sign in with POST " +
        "/api/authentication/login and send the token as `Authorization: Bearer <token>`; browsers use the " +
        "session cookie. A wrong method answers 405 with Allow; an unknown /api path answers 404.",
    },
    servers: [{ url: options.serverUrl ?? "/" }],
    tags,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "session",
          description: "The signed session cookie (`__Host-session` in production).",
        },
        bearerToken: { type: "http", scheme: "bearer", description: "The token a sign-in call answers." },
      },
    },
    paths,
  };
}
