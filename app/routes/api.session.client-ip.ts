import { methodNotAllowed, privateJson } from "~/services/api/json.server";
import { requestInfoContext } from "~/services/platform/context.server";
import type { Route } from "./+types/api.session.client-ip";

/**
 * GET /api/session/client-ip (spec 3 §7) → { clientIp }: the client's address as the server sees it. Behind a
 * proxy only TRUST_PROXY hops of X-Forwarded-For are believed (server/app.ts), so a client can't choose its answer.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
  return privateJson({ clientIp: context.get(requestInfoContext).clientIp });
}

export function action() {
  return methodNotAllowed("GET");
}
