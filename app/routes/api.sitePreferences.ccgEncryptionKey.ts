import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { jsonResponse, methodNotAllowed } from "~/services/api/json.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.sitePreferences.ccgEncryptionKey";

/**
 * GET sitePreferences/ccgEncryptionKey (spec 3 §7; also at api/sitePreferences/ccgEncryptionKey) → 200 the public key
 * a card payload is encrypted to for the configured vault (the embedded vault's own pair). Public, never a secret;
 * clients fetch it once.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const keys = await context.get(servicesContext).payments.clientKeys();
  return jsonResponse(
    { provider: keys.provider, environment: keys.environment, key: keys.encryptionPublicKey },
    PRIVATE_CACHE_CONTROL,
  );
}

export function action() {
  return methodNotAllowed();
}
