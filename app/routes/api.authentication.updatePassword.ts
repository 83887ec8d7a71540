import { apiServices, AUTH_SIGN_IN, authOk, endOtherSessions, requireMethod } from "~/services/api/auth.server";
import { setPassword } from "~/services/accounts/auth/accounts.server";
import { requireApiCustomer } from "~/services/api/customer.server";
import type { Route } from "./+types/api.authentication.updatePassword";
import { bearerToken, methodNotAllowed, readJsonBody } from "~/services/api/json.server";
import { updatePasswordSchema } from "~/services/api/openapi/authentication.server";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/authentication/updatePassword {password} → {} for the signed-in customer. Every other session of the
 * customer ends (a changed password should lock out whoever else was signed in); the caller's stays.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const customer = requireApiCustomer(request, context, AUTH_SIGN_IN);
  const input = await readJsonBody(request, updatePasswordSchema, { code: "InvalidArguments" });
  const { db, visitor } = apiServices(context);
  await setPassword(db, customer.id, input.password);
  await endOtherSessions(db, customer.id, bearerToken(request) ?? visitor.session.get("authSessionId") ?? null);
  return authOk({});
}
