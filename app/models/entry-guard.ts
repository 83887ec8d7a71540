import type { DateTime } from "luxon";

/** Spec 2.2 / 9: the order-history entry window after an auto-login. */
export const ORDER_HISTORY_ENTRY_WINDOW_DAYS = 9;

/**
 * The entry guard (spec 2.2): a signed-in visitor entering the store goes to their order history when there is
 * no previous page in the session, the sign-in came from an auto-login token and the last order is within 9 days;
 * otherwise to the dashboard. The query string is kept by the caller.
 */
export function entryGuardPath(input: {
  hasPreviousPage: boolean;
  signedInViaToken: boolean;
  lastOrderAt: DateTime | null;
  now: DateTime;
}): "/account/order-history" | "/dashboard" {
  const recentOrder =
    input.lastOrderAt !== null && input.now.diff(input.lastOrderAt, "days").days <= ORDER_HISTORY_ENTRY_WINDOW_DAYS;
  return !input.hasPreviousPage && input.signedInViaToken && recentOrder ? "/account/order-history" : "/dashboard";
}

/** Spec 2.2: after sign-in the reorder page opens, unless the shopper is in the exam. */
export const AFTER_SIGN_IN_PATH = "/reorder?signin=true";

export function afterSignInPath(currentPath: string, requested: string | null): string {
  if (requested) return requested;
  return currentPath.includes("exam") ? currentPath : AFTER_SIGN_IN_PATH;
}
