import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { loader as openApiLoader } from "~/routes/api.openapi.json";
import {
  allowedMethods,
  apiOperations,
  findOperation,
  openApiDocument,
  operationsAtPattern,
} from "~/services/api/openapi/document.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import type { AppServices } from "~/services/platform/context.server";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle } from "../setup/test-context";

/**
 * The OpenAPI document (decision 40) against the route table and itself: every `api/` route of app/routes.ts, with
 * every method its module answers, is in the document (and the document lists no method a route refuses); the
 * document is well-formed OpenAPI 3.1. Answers are checked against it in openapi-conformance.app.test.ts.
 */

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  services.logger.level = "silent";
});
afterAll(async () => {
  await database.close();
});

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

function flatten(entries: readonly RouteEntry[], parent = ""): Array<{ pattern: string; file: string }> {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ pattern, file: entry.file }, ...flatten(entry.children ?? [], pattern)];
  });
}

const apiRoutes = flatten(routes as RouteEntry[]).filter((route) => route.pattern.startsWith("api/"));
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type Handler = (args: unknown) => unknown;

/** Whether the route module takes the method: anything but a 405 (a 401, 400 or 404 is an answer). */
async function answers(module: { loader?: Handler; action?: Handler }, pattern: string, method: string) {
  const handler = method === "GET" ? module.loader : module.action;
  if (!handler) return false;
  const url = `http://store.test/${pattern.replace(/:[A-Za-z]+/g, "1")}`;
  const request = new Request(url, {
    method,
    ...(method === "GET" ? {} : { body: "{}", headers: { "Content-Type": "application/json" } }),
  });
  const context = await createRequestContext(services, request);
  const params = Object.fromEntries([...pattern.matchAll(/:([A-Za-z]+)/g)].map((match) => [match[1], "1"]));
  const result = await settle(() => handler({ request, params, context }));
  return !(result instanceof Response && result.status === 405);
}

describe("the route table", () => {
  it("has api routes to check", () => {
    expect(apiRoutes.length).toBeGreaterThan(60);
  });

  it("every api route answers exactly the methods the document lists for it", async () => {
    const mismatches: string[] = [];
    for (const route of apiRoutes) {
      const module = (await import(/* @vite-ignore */ pathToFileURL(path.resolve("app", route.file)).href)) as {
        loader?: Handler;
        action?: Handler;
      };
      const answered: string[] = [];
      for (const method of METHODS) if (await answers(module, route.pattern, method)) answered.push(method);
      const documented = allowedMethods(operationsAtPattern(route.pattern));
      if (answered.join() !== documented.join()) {
        mismatches.push(
          `/${route.pattern}: answers ${answered.join(", ") || "nothing"}; documented ${documented.join(", ") || "nothing"}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("documents no api path the route table does not have", () => {
    const patterns = new Set(
      flatten(routes as RouteEntry[]).map((route) => `/${route.pattern.replace(/:([A-Za-z]+)/g, "{$1}")}`),
    );
    const missing = apiOperations.flatMap((op) => [op.path, ...(op.alsoAt ?? [])]).filter((p) => !patterns.has(p));
    expect(missing).toEqual([]);
  });
});

describe("the document", () => {
  const document = openApiDocument({ version: "1.2.3" });
  type Operation = {
    operationId: string;
    tags: string[];
    security: Array<Record<string, string[]>>;
    parameters?: Array<{ name: string; in: string; required: boolean; schema: object }>;
    requestBody?: { content: Record<string, { schema: object }> };
    responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
  };
  const operations = Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, op]) => ({ template, method, op })),
  );

  it("is OpenAPI 3.1 with its info, servers, tags and security schemes", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.jsonSchemaDialect).toBe("https://spec.openapis.org/oas/3.1/dialect/base");
    expect(document.info).toMatchObject({ title: expect.any(String), version: "1.2.3" });
    expect(document.servers).toEqual([{ url: "/" }]);
    expect(document.components.securitySchemes.bearerToken).toEqual(
      expect.objectContaining({ type: "http", scheme: "bearer" }),
    );
    expect(document.components.securitySchemes.sessionCookie).toEqual(
      expect.objectContaining({ type: "apiKey", in: "cookie" }),
    );
    // It is JSON: what the route sends is what is built.
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it("has well-formed paths and operations", () => {
    const ids = new Set<string>();
    const tags = new Set(document.tags.map((tag) => tag.name));
    const schemes = new Set(Object.keys(document.components.securitySchemes));
    expect(operations.length).toBe(apiOperations.reduce((n, op) => n + 1 + (op.alsoAt?.length ?? 0), 0));
    for (const { template, method, op } of operations) {
      const where = `${method.toUpperCase()} ${template}`;
      expect(template, where).toMatch(/^\/[A-Za-z0-9/{}._-]*$/);
      expect(["get", "put", "post", "delete", "options", "head", "patch", "trace"], where).toContain(method);
      expect(ids.has(op.operationId), `${where}: operationId ${op.operationId} is used twice`).toBe(false);
      ids.add(op.operationId);
      for (const tag of op.tags) expect(tags.has(tag), where).toBe(true);
      for (const requirement of op.security)
        for (const name of Object.keys(requirement)) expect(schemes.has(name), where).toBe(true);
      // Each {name} of the template is a required path parameter, and there are no others.
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const pathParameters = (op.parameters ?? []).filter((parameter) => parameter.in === "path");
      expect(pathParameters.map((parameter) => parameter.name).sort(), where).toEqual([...names].sort());
      for (const parameter of op.parameters ?? []) {
        expect(["path", "query", "header", "cookie"], where).toContain(parameter.in);
        if (parameter.in === "path") expect(parameter.required, where).toBe(true);
        expect(typeof parameter.schema, where).toBe("object");
      }
      if (op.requestBody) {
        expect(["post", "put", "patch", "delete"], where).toContain(method);
        for (const media of Object.values(op.requestBody.content)) expect(typeof media.schema, where).toBe("object");
      }
      const statuses = Object.keys(op.responses);
      expect(statuses.length, where).toBeGreaterThan(0);
      expect(statuses.some((status) => /^2\d\d$/.test(status)) || template === "/graphql", where).toBe(true);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(status, where).toMatch(/^[1-5]\d\d$/);
        expect(response.description.length, where).toBeGreaterThan(0);
        for (const media of Object.values(response.content ?? {})) {
          expect(typeof media.schema, where).toBe("object");
          expect(JSON.stringify(media.schema), where).not.toContain('"$schema"');
        }
      }
    }
  });

  it("describes errors as { error } and the session cookie and bearer token for customer calls", () => {
    const orders = document.paths["/api/orders/{id}/details"] as Record<string, Operation>;
    expect(orders.get!.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(orders.get!.responses["404"]!.content!["application/json"]!.schema).toMatchObject({
      type: "object",
      properties: { error: { type: "string" } },
      required: ["error"],
    });
    const login = document.paths["/api/authentication/login"] as Record<string, Operation>;
    expect(JSON.stringify(login.post!.responses["400"])).toContain("InvalidCredentials");
  });

  it("takes request schemas from the routes' own zod schemas", () => {
    const pricing = document.paths["/api/autoReorder/prescription"] as Record<string, Operation>;
    expect(pricing.put!.requestBody!.content["application/json"]!.schema).toMatchObject({
      properties: { subscriptionId: { type: "integer" }, prescriptionId: { type: "integer" } },
      required: ["subscriptionId", "prescriptionId"],
    });
  });

  it("finds an operation by method and concrete path, literal segments first", () => {
    expect(findOperation("POST", "/api/autoReorder/summary")?.path).toBe("/api/autoReorder/summary");
    expect(findOperation("GET", "/api/autoReorder/12")?.path).toBe("/api/autoReorder/{id}");
    expect(findOperation("HEAD", "/catalog/4/discontinued")?.path).toBe("/api/catalog/{id}/discontinued");
    expect(findOperation("PATCH", "/api/cart")).toBeNull();
  });

  it("is served at /api/openapi.json", async () => {
    const request = new Request("http://store.test/api/openapi.json");
    const response = (await openApiLoader({
      request,
      params: {},
      context: await createRequestContext(services, request),
    } as never)) as Response;
    expect(response.status).toBe(200);
    const served = (await response.json()) as { openapi: string; paths: object };
    expect(served.openapi).toBe("3.1.0");
    expect(Object.keys(served.paths)).toEqual(Object.keys(document.paths));
  });
});
