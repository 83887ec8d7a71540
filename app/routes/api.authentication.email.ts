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
import type { Route } from "./+types/api.authentication.email";

/** GET /api/authentication/email?email= → { exists }. Rate-limited per client address (it can enumerate). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireMethod(request, "GET");
  const email = parseQuery(request, "email", emailSchema);
  const { db, clientIp } = apiServices(context);
  await enforceRateLimit(db, lookupRateLimits(clientIp));
  return authOk({ exists: (await findCustomerByEmail(db, email)) !== null });
}

export function action() {
  return methodNotAllowed("GET");
}
