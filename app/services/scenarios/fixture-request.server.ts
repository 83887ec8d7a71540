import type { z } from "zod";
import type { AppConfig } from "../platform/config.server";
import { BadRequestError, readJsonObject } from "../platform/http.server";

/** What the e2e fixture routes answer when fixtures are off (E2E_FIXTURES, which production refuses): nothing there. */
export const fixtureNotFound = () => Response.json({ error: "Not found" }, { status: 404 });

/**
 * The e2e fixture routes' guard and input (dev.e2e-fixtures*.ts): a 404 unless fixtures are on, a 405 for anything but
 * POST, then the JSON object sent as `schema` reads it, or the 4xx its reading gave (400 with the schema's issues).
 */
export async function fixtureRequestInput<S extends z.ZodType>(
  request: Request,
  config: Pick<AppConfig, "e2eFixtures">,
  schema: S,
): Promise<z.output<S> | Response> {
  if (!config.e2eFixtures) return fixtureNotFound();
  if (request.method !== "POST") {
    return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  }
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(request);
  } catch (error) {
    if (error instanceof BadRequestError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
  const input = schema.safeParse(body);
  if (!input.success) return Response.json({ error: input.error.issues }, { status: 400 });
  return input.data;
}
