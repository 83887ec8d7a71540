import { servicesContext } from "~/services/platform/context.server";
import { fixtureNotFound, fixtureRequestInput } from "~/services/scenarios/fixture-request.server";
import { rxReadingScenarioSchema, setRxReadingForTest } from "~/services/scenarios/rx-reading-scenarios.server";
import type { Route } from "./+types/dev.e2e-fixtures.rx-reading";

/**
 * POST /dev/e2e-fixtures/rx-reading (JSON `{ imageId, state: "reading" }` or `{ imageId, state: "read", analysis }`):
 * what the reader made of an uploaded image, for the end-to-end tests (rx-reading-scenarios.server.ts). A 404 unless
 * the server runs with E2E_FIXTURES=true, which production refuses.
 */

export function loader() {
  return fixtureNotFound();
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const input = await fixtureRequestInput(request, services.config, rxReadingScenarioSchema);
  if (input instanceof Response) return input;
  if (!(await setRxReadingForTest(services, input))) return fixtureNotFound();
  return Response.json({ imageId: input.imageId, state: input.state }, { headers: { "Cache-Control": "no-store" } });
}
