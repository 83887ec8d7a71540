import { normalizeEmail } from "~/models/account";
import { SIGN_IN_MESSAGES } from "~/models/sign-in";
import { apiServices, authOk, enforceRateLimit, issueToken, requireMethod } from "~/services/api/auth.server";
import { checkPassword } from "~/services/accounts/auth/accounts.server";
import { authRateLimits } from "~/services/platform/rate-limit.server";
import type { Route } from "./+types/api.authentication.login";
import { jsonError, methodNotAllowed, readJsonBody } from "~/services/api/json.server";
import { loginSchema } from "~/services/api/openapi/authentication.server";

export function loader() {
  return methodNotAllowed("POST");
}

/** POST /api/authentication/login {username, password, rememberMe} → { customer, token, expiresAt }. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const input = await readJsonBody(request, loginSchema, { code: "InvalidArguments" });
  const { db, clientIp } = apiServices(context);
  await enforceRateLimit(db, authRateLimits("sign-in", normalizeEmail(input.username), clientIp));
  const customer = await checkPassword(db, input.username, input.password);
  if (!customer) return jsonError(400, SIGN_IN_MESSAGES.invalidCredentials, { code: "InvalidCredentials" });
  return authOk(await issueToken(db, customer, "password", input.rememberMe));
}
