import { AUTH_SIGN_IN, authOk, requireMethod } from "~/services/api/auth.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.authentication.password";
import { methodNotAllowed } from "~/services/api/json.server";

/** GET /api/authentication/password → { hasPassword } for the signed-in customer (a quasi account has none). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireMethod(request, "GET");
  const customer = requireApiCustomer(request, context, AUTH_SIGN_IN);
  return authOk({ hasPassword: customer.hasPassword });
}

export function action() {
  return methodNotAllowed("GET");
}
