import {
  apiServices,
  authOk,
  endOtherSessions,
  parseInput,
  readJsonBody,
  requireApiCustomer,
  requireMethod,
} from "~/services/api/auth.server";
import { setPassword } from "~/services/accounts/auth/accounts.server";
import type { Route } from "./+types/api.authentication.updatePassword";
import { bearerToken, methodNotAllowed } from "~/services/api/json.server";
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
  const customer = requireApiCustomer(context);
  const input = parseInput(updatePasswordSchema, await readJsonBody(request));
  const { db, visitor } = apiServices(context);
  await setPassword(db, customer.id, input.password);
  await endOtherSessions(db, customer.id, bearerToken(request) ?? visitor.session.get("authSessionId") ?? null);
  return authOk({});
}
