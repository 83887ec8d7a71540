import { normalizeEmail } from "~/models/account";
import { apiServices, authOk, enforceRateLimit, requireMethod } from "~/services/api/auth.server";
import { sendSignInPin } from "~/services/accounts/auth/account-emails.server";
import { findCustomerByEmail } from "~/services/accounts/auth/accounts.server";
import { authRateLimits } from "~/services/platform/rate-limit.server";
import type { Route } from "./+types/api.authentication.createPin";
import { jsonError, methodNotAllowed, readJsonBody } from "~/services/api/json.server";
import { createPinSchema } from "~/services/api/openapi/authentication.server";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/authentication/createPin {email, isSms} → {}. E-mails a 6-digit PIN when the e-mail has an account;
 * the answer is the same either way. Spec 8: any failure here is CreatePinFailed with the message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const input = await readJsonBody(request, createPinSchema, {
    code: "CreatePinFailed",
    unreadableCode: "InvalidArguments",
  });
  if (input.isSms) return jsonError(400, "Text messages are not available; use e-mail.", { code: "CreatePinFailed" });
  const { services, db, clientIp } = apiServices(context);
  await enforceRateLimit(db, authRateLimits("pin", normalizeEmail(input.email), clientIp));
  const customer = await findCustomerByEmail(db, input.email);
  if (customer) await sendSignInPin(services, customer);
  return authOk({});
}
