import { CLIENT_LOG_LIMITS, clientLogSchema, isClientLogLevel } from "~/models/client-log";
import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { enforceClientLogLimits, writeClientLog } from "~/services/api/analytics.server";
import { jsonError, methodNotAllowed, readJsonBody } from "~/services/api/json.server";
import type { Route } from "./+types/api.log.$level";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/log/{level} {message, errorStackFrame: {errorUrl, lineNumber, columnNumber}} (spec 1 §7) → 204. Levels
 * info, warn, error (else 404); counted per browser and address first (429), then read within 8 KB (413) and checked
 * (400). Identical messages are written to the log once, then counted (decision 59).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const level = params.level;
  if (!isClientLogLevel(level)) return jsonError(404, "There is no such log level; use info, warn or error.");
  await enforceClientLogLimits(request, context);
  const log = await readJsonBody(request, clientLogSchema, { maxBytes: CLIENT_LOG_LIMITS.maxBodyBytes });
  await writeClientLog(context, level, log);
  return new Response(null, { status: 204, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}
