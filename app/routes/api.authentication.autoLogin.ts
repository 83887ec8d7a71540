import { EXPIRED_LINK_MESSAGE } from "~/services/platform/visitor.server";
import {
  apiServices,
  authError,
  authOk,
  issueToken,
  parseInput,
  readJsonBody,
  requireMethod,
} from "~/services/api/auth.server";
import { customerForAutoLoginToken } from "~/services/accounts/auth/accounts.server";
import type { Route } from "./+types/api.authentication.autoLogin";
import { methodNotAllowed } from "~/services/api/json.server";
import { autoLoginSchema } from "~/services/api/openapi/authentication.server";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/authentication/autoLogin {autoLoginToken, rememberMe} → { customer, token, expiresAt }. The token is
 * signed (spec 4.4), so it cannot be guessed; no rate limit is needed to protect it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const input = parseInput(autoLoginSchema, await readJsonBody(request));
  const { services, db, visitor } = apiServices(context);
  const customer = await customerForAutoLoginToken(db, services.sessions.secrets, input.autoLoginToken);
  if (!customer) return authError(400, "InvalidCredentials", EXPIRED_LINK_MESSAGE);
  return authOk(await issueToken(db, customer, "auto-login", input.rememberMe, { signedInAs: visitor.customer }));
}
