import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { pagePerformanceSchema } from "~/models/page-performance";
import { recordPagePerformance } from "~/services/api/analytics.server";
import { methodNotAllowed, readJsonBody } from "~/services/api/json.server";
import type { Route } from "./+types/api.analytics.performance";

/** The performance event is small: four numbers, a flag and three short strings. */
const MAX_BODY_BYTES = 4 * 1024;

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/analytics/performance (spec 1 §7's performance event; the path is the store's) {layoutShift,
 * firstContentfulPaint, firstInputDelay (INP: web-vitals 5 has no FID), largestContentfulPaint, isMobile, platform,
 * route, userAgent} → 202, stored as a PagePerformance event.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const vitals = await readJsonBody(request, pagePerformanceSchema, { maxBytes: MAX_BODY_BYTES });
  await recordPagePerformance(request, context, vitals);
  return new Response(null, { status: 202, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}
