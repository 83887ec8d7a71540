import { apiServices, authOk, requireMethod } from "~/services/api/auth.server";
import { deleteAuthSession } from "~/services/accounts/auth/accounts.server";
import { endSignedInSession } from "~/services/sign-in/sign-in.server";
import type { Route } from "./+types/api.authentication.logout";
import { bearerToken, jsonError, methodNotAllowed, readJsonBody } from "~/services/api/json.server";
import { logoutSchema } from "~/services/api/openapi/authentication.server";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/authentication/logout {priceBook?} → {}. An API client's bearer session is deleted (so the token stops
 * working); a browser's cookie session is ended. Idempotent: without a session it answers {} too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  await readJsonBody(request, logoutSchema, { code: "InvalidArguments", allowEmpty: true });
  const { services, visitor } = apiServices(context);
  try {
    if (request.headers.has("Authorization")) {
      const token = bearerToken(request);
      if (token) await deleteAuthSession(services.db, token);
      return authOk({});
    }
    if (!visitor.session.get("authSessionId")) return authOk({});
    await endSignedInSession(services, visitor.session);
    return authOk({}, 200, { "Set-Cookie": await services.sessions.commitSession(visitor.session) });
  } catch (error) {
    services.logger.error({ err: error }, "logout failed");
    return jsonError(500, "We could not sign you out. Please try again.", { code: "Logout" });
  }
}
