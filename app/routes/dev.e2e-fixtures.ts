import { EmailTakenError } from "~/services/accounts/auth/accounts.server";
import { startSignedInSession } from "~/services/sign-in/sign-in.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { fixtureNotFound, fixtureRequestInput } from "~/services/scenarios/fixture-request.server";
import { buildScenario, scenarioSchema, ScenarioError } from "~/services/scenarios/e2e-scenarios.server";
import type { Route } from "./+types/dev.e2e-fixtures";

/**
 * POST /dev/e2e-fixtures (JSON): the end-to-end tests' starting states (app/services/scenarios/e2e-scenarios.server.ts).
 * Builds a new customer (and order) in the database and signs this browser in as them, with the session cookie the
 * sign-in dialog would set. A 404 unless the server runs with E2E_FIXTURES=true, which production refuses.
 */

export function loader() {
  return fixtureNotFound();
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const input = await fixtureRequestInput(request, services.config, scenarioSchema);
  if (input instanceof Response) return input;
  let scenario;
  try {
    scenario = await buildScenario(services, input);
  } catch (error) {
    if (error instanceof EmailTakenError) return Response.json({ error: error.message }, { status: 409 });
    if (error instanceof ScenarioError) return Response.json({ error: error.message }, { status: 422 });
    throw error;
  }
  const { session } = context.get(visitorContext);
  await startSignedInSession(services, session, scenario.customer, "create-account", false);
  return Response.json(
    {
      customerId: scenario.customer.id,
      email: scenario.customer.email,
      orderNumber: scenario.orderNumber,
      subscriptionId: scenario.subscriptionId,
      doctorName: scenario.doctorName,
    },
    {
      status: 201,
      headers: { "Set-Cookie": await services.sessions.commitSession(session), "Cache-Control": "no-store" },
    },
  );
}
