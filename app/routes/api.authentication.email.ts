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
import type { Route } from "./+types/api.authentication.email";
import { methodNotAllowed } from "~/services/api/json.server";

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
