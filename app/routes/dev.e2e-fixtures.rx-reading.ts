import { servicesContext } from "~/services/platform/context.server";
import { BadRequestError, readJsonObject } from "~/services/platform/http.server";
import { rxReadingScenarioSchema, setRxReadingForTest } from "~/services/scenarios/rx-reading-scenarios.server";
import type { Route } from "./+types/dev.e2e-fixtures.rx-reading";

/**
 * POST /dev/e2e-fixtures/rx-reading (JSON `{ imageId, state: "reading" }` or `{ imageId, state: "read", analysis }`):
 * what the reader made of an uploaded image, for the end-to-end tests (rx-reading-scenarios.server.ts). A 404 unless
 * the server runs with E2E_FIXTURES=true, which production refuses.
 */

const notFound = () => Response.json({ error: "Not found" }, { status: 404 });

export function loader() {
  return notFound();
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (!services.config.e2eFixtures) return notFound();
  if (request.method !== "POST")
    return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(request);
  } catch (error) {
    if (error instanceof BadRequestError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
  const input = rxReadingScenarioSchema.safeParse(body);
  if (!input.success) return Response.json({ error: input.error.issues }, { status: 400 });
  if (!(await setRxReadingForTest(services, input.data))) return notFound();
  return Response.json(
    { imageId: input.data.imageId, state: input.data.state },
    { headers: { "Cache-Control": "no-store" } },
  );
}
