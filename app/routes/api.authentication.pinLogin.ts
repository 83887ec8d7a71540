import { normalizeEmail } from "~/models/account";
import { SIGN_IN_MESSAGES } from "~/models/sign-in";
import { apiServices, authOk, enforceRateLimit, issueToken, requireMethod } from "~/services/api/auth.server";
import { findCustomerByEmail, verifyPin } from "~/services/accounts/auth/accounts.server";
import { authRateLimits } from "~/services/platform/rate-limit.server";
import type { Route } from "./+types/api.authentication.pinLogin";
import { jsonError, methodNotAllowed, readJsonBody } from "~/services/api/json.server";
import { pinLoginSchema } from "~/services/api/openapi/authentication.server";

/** Which way a PIN failed; an unknown e-mail reads as an expired code, so it reveals nothing. */
const PIN_FAILURES = {
  wrong: SIGN_IN_MESSAGES.pinWrong,
  expired: SIGN_IN_MESSAGES.pinExpired,
  locked: SIGN_IN_MESSAGES.pinLocked,
} as const;

export function loader() {
  return methodNotAllowed("POST");
}

/** POST /api/authentication/pinLogin {emailAddress, pin} → { customer, token, expiresAt }. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const input = await readJsonBody(request, pinLoginSchema, { code: "InvalidArguments" });
  const { services, db, clientIp, visitor } = apiServices(context);
  await enforceRateLimit(db, authRateLimits("pin", normalizeEmail(input.emailAddress), clientIp));
  const customer = await findCustomerByEmail(db, input.emailAddress);
  const result = customer ? await verifyPin(db, services.sessions.secrets[0]!, customer.id, input.pin) : "expired";
  if (result !== "ok" || !customer) {
    return jsonError(400, PIN_FAILURES[result === "ok" ? "expired" : result], { code: "InvalidCredentials" });
  }
  return authOk(await issueToken(db, customer, "pin", false, { signedInAs: visitor.customer }));
}
