import { phoneSchema } from "~/models/account";
import { authOk, phoneHasAccount, readAccountLookup } from "~/services/api/auth.server";
import type { Route } from "./+types/api.authentication.phone";
import { methodNotAllowed } from "~/services/api/json.server";

/**
 * GET /api/authentication/phone?phone= → { exists }. The phone is normalized to its 10 digits first (punctuation
 * and a leading 1 dropped). Rate-limited per client address (it can enumerate).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, value: phone } = await readAccountLookup(request, context, "phone", phoneSchema);
  return authOk({ exists: await phoneHasAccount(db, phone) });
}

export function action() {
  return methodNotAllowed("GET");
}
