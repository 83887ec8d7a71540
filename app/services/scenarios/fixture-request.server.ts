import type { AppConfig } from "../platform/config.server";
import { BadRequestError, readJsonObject } from "../platform/http.server";

/** What the e2e fixture routes answer when fixtures are off (E2E_FIXTURES, which production refuses): nothing there. */
export const fixtureNotFound = () => Response.json({ error: "Not found" }, { status: 404 });

/**
 * The e2e fixture routes' guard and body (dev.e2e-fixtures*.ts): a 404 unless fixtures are on, a 405 for anything but
 * POST, then the JSON object sent, or the 4xx its reading gave.
 */
export async function fixtureRequestBody(
  request: Request,
  config: Pick<AppConfig, "e2eFixtures">,
): Promise<Record<string, unknown> | Response> {
  if (!config.e2eFixtures) return fixtureNotFound();
  if (request.method !== "POST") {
    return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  }
  try {
    return await readJsonObject(request);
  } catch (error) {
    if (error instanceof BadRequestError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}
