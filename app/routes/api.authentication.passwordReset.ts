import { normalizeEmail } from "~/models/account";
import { apiServices, authOk, enforceRateLimit, requireMethod } from "~/services/api/auth.server";
import { sendResetLink } from "~/services/accounts/auth/account-emails.server";
import { findCustomerByEmail } from "~/services/accounts/auth/accounts.server";
import { authRateLimits } from "~/services/platform/rate-limit.server";
import type { Route } from "./+types/api.authentication.passwordReset";
import { methodNotAllowed, readJsonBody } from "~/services/api/json.server";
import { passwordResetSchema } from "~/services/api/openapi/authentication.server";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/authentication/passwordReset {emailAddress, couponName?, source?} → {}. E-mails a reset link when the
 * e-mail has an account with a password; the answer is the same either way, so it reveals no account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const input = await readJsonBody(request, passwordResetSchema, { code: "InvalidArguments" });
  const { services, db, clientIp } = apiServices(context);
  await enforceRateLimit(db, authRateLimits("reset", normalizeEmail(input.emailAddress), clientIp));
  const customer = await findCustomerByEmail(db, input.emailAddress);
  if (customer?.passwordHash) await sendResetLink(services, customer, "password-reset");
  return authOk({});
}
