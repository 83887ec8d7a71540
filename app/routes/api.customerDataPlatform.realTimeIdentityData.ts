import { realTimeIdentityOn, resolveRealTimeIdentity } from "~/services/api/analytics.server";
import { jsonError, methodNotAllowed, privateJson } from "~/services/api/json.server";
import type { Route } from "./+types/api.customerDataPlatform.realTimeIdentityData";

/**
 * GET /api/customerDataPlatform/realTimeIdentityData (spec 1 §7, spec 3 §7) → {identityData, ipAddress}, only while
 * its toggle is on (REAL_TIME_IDENTITY_DATA, or the session's switch); else 404. Each answer is recorded as the
 * account-activity event "real-time identity resolved".
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  if (!realTimeIdentityOn(context)) return jsonError(404, "Real-time identity data is not turned on.");
  return privateJson(await resolveRealTimeIdentity(request, context));
}

export function action() {
  return methodNotAllowed("GET");
}
