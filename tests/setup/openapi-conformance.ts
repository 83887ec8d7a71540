import { expect } from "vitest";
import { findOperation } from "~/services/api/openapi/document.server";
import { errorSchema } from "~/services/api/openapi/registry.server";

/**
 * Checks an answer against the API's description (app/services/api/openapi): the operation for the method and the
 * concrete path (matched by its path template), the status among its documented responses, and the JSON body
 * valid for that response's zod schema. Gives back the parsed body. A test that calls an API route passes its
 * Response here, so an answer that drifts from the document fails where it is made.
 */
export async function expectConforms(method: string, path: string, response: Response): Promise<unknown> {
  const pathname = new URL(path, "http://store.test").pathname;
  const operation = findOperation(method, pathname);
  if (response.status === 405) {
    // Any described path answers a method it does not take so (the document says it once, in its description).
    expect(response.headers.get("Allow"), `${method} ${pathname}: a 405 names the methods it takes`).toBeTruthy();
    expect(errorSchema.safeParse(await response.clone().json()).success).toBe(true);
    return null;
  }
  expect(operation, `${method} ${pathname} is not in the OpenAPI document`).not.toBeNull();
  const documented = operation!.responses[response.status];
  expect(
    documented,
    `${method} ${pathname} answered ${response.status}, which its operation (${operation!.path}) does not document`,
  ).toBeDefined();
  if (!documented!.schema) return null;
  expect(response.headers.get("Content-Type") ?? "").toMatch(/^application\/json/);
  const body: unknown = await response.clone().json();
  const parsed = documented!.schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
    expect.fail(`${method} ${pathname} ${response.status} does not match the document:\n${issues.join("\n")}`);
  }
  return body;
}
