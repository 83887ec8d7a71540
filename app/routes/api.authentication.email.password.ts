import { emailSchema } from "~/models/account";
import {
  apiServices,
  authOk,
  enforceRateLimit,
  lookupRateLimits,
  methodNotAllowed,
  parseQuery,
  requireMethod,
} from "~/services/auth-api.server";
import { findCustomerByEmail } from "~/services/auth/accounts.server";
import type { Route } from "./+types/api.authentication.email.password";

/** GET /api/authentication/email/password?email= → { hasPassword } (false for an unknown e-mail). Rate-limited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireMethod(request, "GET");
  const email = parseQuery(request, "email", emailSchema);
  const { db, clientIp } = apiServices(context);
  await enforceRateLimit(db, lookupRateLimits(clientIp));
  const customer = await findCustomerByEmail(db, email);
  return authOk({ hasPassword: Boolean(customer?.passwordHash) });
}

export function action() {
  return methodNotAllowed("GET");
}
