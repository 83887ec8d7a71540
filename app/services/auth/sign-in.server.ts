import { adoptCart } from "../cart.server";
import type { AppServices } from "../context.server";
import type { StoreSession } from "../session.server";
import { createAuthSession, deleteAuthSession, type Customer, type SignInMethod } from "./accounts.server";

/**
 * Signs a customer in on this browser: any earlier session ends and a fresh token is issued (no session
 * fixation), and the anonymous cart joins the customer's. The caller commits the session cookie.
 */
export async function startSignedInSession(
  services: AppServices,
  session: StoreSession,
  customer: Pick<Customer, "id">,
  method: SignInMethod,
  rememberMe: boolean,
): Promise<void> {
  const previous = session.get("authSessionId");
  if (previous) await deleteAuthSession(services.db, previous);
  const token = await createAuthSession(services.db, customer.id, method, rememberMe);
  session.set("authSessionId", token);
  session.set("rememberMe", rememberMe);
  session.set("cookieRenewedAt", Date.now());
  const cartId = await adoptCart(services.db, session.get("cartId"), customer.id);
  if (cartId) session.set("cartId", cartId);
  else session.unset("cartId");
}

/** Signs this browser out: its session row goes, and so does everything the cookie held for the customer. */
export async function endSignedInSession(services: AppServices, session: StoreSession): Promise<void> {
  const token = session.get("authSessionId");
  if (token) await deleteAuthSession(services.db, token);
  session.unset("authSessionId");
  session.unset("rememberMe");
  session.unset("cookieRenewedAt");
  // The cart belongs to the customer now; a signed-out browser starts a new one.
  session.unset("cartId");
}
