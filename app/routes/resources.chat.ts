import { PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { chatThreadView } from "~/services/chat/chat.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/resources.chat";

/**
 * GET /resources/chat — the launcher's panel reads the shopper's thread here (and polls it while open): JSON of the
 * messages within the hide window (spec 3 §9), the conversation's status, whether an agent is there, and whether a
 * guest must give a name and e-mail. Never anyone else's thread; never cached.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const view = await chatThreadView(context.get(servicesContext), context.get(visitorContext), "launcher");
  return Response.json(view, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
}
