import { cdpEventListSchema } from "~/models/analytics-events";
import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { recordBrowserEvents } from "~/services/api/analytics.server";
import { methodNotAllowed, readJsonBody } from "~/services/api/json.server";
import type { Route } from "./+types/api.customerDataPlatform.events";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/customerDataPlatform/events [{eventName, eventDetail?, metadata?: [{name, value}]}] (spec 3 §7) → 202.
 * Stored through the analytics adapter with the visitor, customer and session; an unknown event name is refused
 * (422) and nothing is stored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const events = await readJsonBody(request, cdpEventListSchema, { allowArray: true });
  await recordBrowserEvents(request, context, events);
  return new Response(null, { status: 202, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}
