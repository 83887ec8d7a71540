import { z } from "zod";
import { emailSchema, normalizeEmail } from "~/models/account";
import {
  apiServices,
  authOk,
  enforceRateLimit,
  methodNotAllowed,
  parseInput,
  readJsonBody,
  requireMethod,
} from "~/services/auth-api.server";
import { sendResetLink } from "~/services/auth/account-emails.server";
import { findCustomerByEmail } from "~/services/auth/accounts.server";
import { authRateLimits } from "~/services/rate-limit.server";
import type { Route } from "./+types/api.authentication.guestReset";

const guestResetSchema = z.object({ emailAddress: emailSchema });

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/authentication/guestReset {emailAddress} → {}. E-mails a link to set a first password when the e-mail
 * has a quasi (guest) account; the answer is the same either way, so it reveals no account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const input = parseInput(guestResetSchema, await readJsonBody(request));
  const { services, db, clientIp } = apiServices(context);
  await enforceRateLimit(db, authRateLimits("reset", normalizeEmail(input.emailAddress), clientIp));
  const customer = await findCustomerByEmail(db, input.emailAddress);
  if (customer && !customer.passwordHash) await sendResetLink(services, customer, "guest-reset");
  return authOk({});
}
