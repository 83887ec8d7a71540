import { emailSchema } from "~/models/account";
import { authOk, readAccountLookup } from "~/services/api/auth.server";
import { findCustomerByEmail } from "~/services/accounts/auth/accounts.server";
import type { Route } from "./+types/api.authentication.email.password";
import { methodNotAllowed } from "~/services/api/json.server";

/** GET /api/authentication/email/password?email= → { hasPassword } (false for an unknown e-mail). Rate-limited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, value: email } = await readAccountLookup(request, context, "email", emailSchema);
  const customer = await findCustomerByEmail(db, email);
  return authOk({ hasPassword: Boolean(customer?.passwordHash) });
}

export function action() {
  return methodNotAllowed("GET");
}
