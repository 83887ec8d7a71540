import { phoneSchema } from "~/models/account";
import {
  apiServices,
  authOk,
  enforceRateLimit,
  lookupRateLimits,
  parseQuery,
  phoneHasAccount,
  requireMethod,
} from "~/services/api/auth.server";
import type { Route } from "./+types/api.authentication.phone";
import { methodNotAllowed } from "~/services/api/json.server";

/**
 * GET /api/authentication/phone?phone= → { exists }. The phone is normalized to its 10 digits first (punctuation
 * and a leading 1 dropped). Rate-limited per client address (it can enumerate).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireMethod(request, "GET");
  const phone = parseQuery(request, "phone", phoneSchema);
  const { db, clientIp } = apiServices(context);
  await enforceRateLimit(db, lookupRateLimits(clientIp));
  return authOk({ exists: await phoneHasAccount(db, phone) });
}

export function action() {
  return methodNotAllowed("GET");
}
