import { adoptCart } from "../cart/cart.server";
import { resetPassiveSearch } from "../insurance/passive-search.server";
import type { AppServices } from "../platform/context.server";
import { flashToast, type StoreSession } from "../platform/session.server";
import { claimSessionImages, uploaderSessionHash } from "../prescriptions/rx-images.server";
import {
  customerForSession,
  deleteAuthSession,
  openAuthSession,
  provesEmail,
  type Customer,
  type SignInMethod,
} from "../accounts/auth/accounts.server";

/** Shown once after a first proof of the e-mail removed a password nobody had proven (decision 19). */
export const PASSWORD_REMOVED_MESSAGE =
  "Your e-mail address is confirmed. For your safety, the password set before it was confirmed no longer works: " +
  "choose a new one in Account settings.";

/**
 * Signs a customer in on this browser: any earlier session ends and a fresh token is issued (no session
 * fixation), and the anonymous cart joins the customer's. The caller commits the session cookie.
 *
 * A proven sign-in also gives the account the prescription images this browser uploaded as a guest. An unproven one
 * does not: whoever typed someone else's e-mail must not file images into that person's account (decision 19).
 *
 * `previousCustomerId` is whom this browser was signed in as before, for a caller that has already ended that
 * session; otherwise it is read from the cookie. A proof of the e-mail from a browser already signed in to the
 * same account keeps the account's password (see `openAuthSession`).
 */
export async function startSignedInSession(
  services: AppServices,
  session: StoreSession,
  customer: Pick<Customer, "id">,
  method: SignInMethod,
  rememberMe: boolean,
  options: { previousCustomerId?: number | null } = {},
): Promise<void> {
  const previous = session.get("authSessionId");
  let previousCustomerId = options.previousCustomerId ?? null;
  if (options.previousCustomerId === undefined && previous && provesEmail(method)) {
    previousCustomerId = (await customerForSession(services.db, previous))?.customer.id ?? null;
  }
  if (previous) await deleteAuthSession(services.db, previous);
  const started = await openAuthSession(services.db, customer.id, method, rememberMe, {
    keepPassword: previousCustomerId === customer.id,
  });
  session.set("authSessionId", started.token);
  session.set("rememberMe", rememberMe);
  session.set("cookieRenewedAt", Date.now());
  if (started.droppedPassword) flashToast(session, "info", PASSWORD_REMOVED_MESSAGE);
  const cartId = await adoptCart(services.db, session.get("cartId"), customer.id);
  if (cartId) session.set("cartId", cartId);
  else session.unset("cartId");
  if (started.proven) await claimSessionImages(services.db, uploaderSessionHash(session), customer.id);
}

/** Signs this browser out: its session row goes, and so does everything the cookie held for the customer. */
export async function endSignedInSession(services: AppServices, session: StoreSession): Promise<void> {
  const token = session.get("authSessionId");
  if (token) await deleteAuthSession(services.db, token);
  session.unset("authSessionId");
  session.unset("rememberMe");
  session.unset("cookieRenewedAt");
  // The cart belongs to the customer now; a signed-out browser starts a new one. Its insurance offer goes.
  const cartId = session.get("cartId");
  if (cartId) await resetPassiveSearch(services.db, cartId);
  session.unset("cartId");
}
