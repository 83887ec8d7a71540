import { authOk, requireApiCustomer, requireMethod } from "~/services/api/auth.server";
import type { Route } from "./+types/api.authentication.password";
import { methodNotAllowed } from "~/services/api/json.server";

/** GET /api/authentication/password → { hasPassword } for the signed-in customer (a quasi account has none). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireMethod(request, "GET");
  const customer = requireApiCustomer(context);
  return authOk({ hasPassword: customer.hasPassword });
}

export function action() {
  return methodNotAllowed("GET");
}
