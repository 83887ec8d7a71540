import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { jsonResponse, methodNotAllowed } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.sitePreferences.brainTree";

/**
 * GET api/sitePreferences/brainTree (spec 3 §7) → 200 the payment SDK's client key for the configured vault (a
 * tokenization key: it makes nonces and nothing else). Public, never a secret; clients cache it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const keys = await context.get(servicesContext).payments.clientKeys();
  return jsonResponse(
    { provider: keys.provider, environment: keys.environment, clientKey: keys.clientKey },
    PRIVATE_CACHE_CONTROL,
  );
}

export function action() {
  return methodNotAllowed();
}
