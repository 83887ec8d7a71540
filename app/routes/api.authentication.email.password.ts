import { emailSchema } from "~/models/account";
import {
  apiServices,
  authOk,
  enforceRateLimit,
  lookupRateLimits,
  parseQuery,
  requireMethod,
} from "~/services/api/auth.server";
import { findCustomerByEmail } from "~/services/accounts/auth/accounts.server";
import type { Route } from "./+types/api.authentication.email.password";
import { methodNotAllowed } from "~/services/api/json.server";

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
