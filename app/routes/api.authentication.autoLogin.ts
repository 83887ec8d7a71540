import { DateTime } from "luxon";
import { entryGuardPath } from "~/models/entry-guard";
import { lastOrderAt } from "~/services/orders/order-history.server";
import { EXPIRED_LINK_MESSAGE } from "~/server/visitor.server";
import { apiServices, authOk, issueToken, requireMethod } from "~/services/api/auth.server";
import { customerForAutoLoginToken } from "~/services/accounts/auth/accounts.server";
import type { Route } from "./+types/api.authentication.autoLogin";
import { jsonError, methodNotAllowed, readJsonBody } from "~/services/api/json.server";
import { autoLoginSchema } from "~/services/api/openapi/authentication.server";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/authentication/autoLogin {autoLoginToken, rememberMe} → { customer, token, expiresAt, entryPath }. The token is
 * signed (spec 4.4), so it cannot be guessed; no rate limit is needed to protect it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const input = await readJsonBody(request, autoLoginSchema, { code: "InvalidArguments" });
  const { services, db, visitor } = apiServices(context);
  const customer = await customerForAutoLoginToken(db, services.sessions.secrets, input.autoLoginToken);
  if (!customer) return jsonError(400, EXPIRED_LINK_MESSAGE, { code: "InvalidCredentials" });
  const [issued, lastOrder] = await Promise.all([
    issueToken(db, customer, "auto-login", input.rememberMe, { signedInAs: visitor.customer }),
    lastOrderAt(db, customer.id),
  ]);
  // The entry guard (spec 2.2) for an app opening the link: it has no previous page, so order history when the last
  // order is within 9 days, else the dashboard.
  const entryPath = entryGuardPath({
    hasPreviousPage: false,
    signedInViaToken: true,
    lastOrderAt: lastOrder ? DateTime.fromJSDate(lastOrder) : null,
    now: DateTime.now(),
  });
  return authOk({ ...issued, entryPath });
}
