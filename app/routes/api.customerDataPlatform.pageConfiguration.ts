import { pageConfigurationRequestSchema } from "~/models/page-configuration";
import { methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { pageConfiguration } from "~/services/api/page-configuration.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.customerDataPlatform.pageConfiguration";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/customerDataPlatform/pageConfiguration {experience, parameters, sessionId} (spec 3 §7) → 200 the
 * experience's chosen components for this visitor (empty when the decision fails or times out); 400 bad input.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonBody(request, pageConfigurationRequestSchema);
  return privateJson(await pageConfiguration(context.get(servicesContext), context.get(visitorContext), body));
}
