import { runStartup } from "~/services/api/startup.server";
import { methodNotAllowed, privateJson, readJsonBody } from "~/services/api/json.server";
import { startupSchema } from "~/services/api/openapi/startup.server";
import { apiServices, requireMethod } from "~/services/api/auth.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import { visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.startup";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/startup (spec 1 §4.4, §7) → { userData: { customer, ... }, campaignOverrides, redirectUrl }. Every field
 * is optional; an empty body starts a plain visit. A browser's changes go into its cookie session (the root
 * middleware commits them); an app signed in by bearer token gets a token back for an auto-login link.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const input = await readJsonBody(request, startupSchema, { allowEmpty: true });
  const viaBearer = request.headers.has("Authorization");
  // A bearer token that is not accepted is a 401, never the cookie's visit.
  if (viaBearer) requireApiCustomer(request, context);
  const { services } = apiServices(context);
  return privateJson(
    await runStartup(input, {
      services,
      context,
      viaBearer,
      campaignVariations: context.get(visitorContext).campaignVariations,
    }),
  );
}
