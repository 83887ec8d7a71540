import { emailSchema } from "~/models/account";
import { authOk, readAccountLookup } from "~/services/api/auth.server";
import { findCustomerByEmail } from "~/services/accounts/auth/accounts.server";
import type { Route } from "./+types/api.authentication.email";
import { methodNotAllowed } from "~/services/api/json.server";

/** GET /api/authentication/email?email= → { exists }. Rate-limited per client address (it can enumerate). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, value: email } = await readAccountLookup(request, context, "email", emailSchema);
  return authOk({ exists: (await findCustomerByEmail(db, email)) !== null });
}

export function action() {
  return methodNotAllowed("GET");
}
