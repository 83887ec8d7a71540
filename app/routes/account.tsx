import { Outlet } from "react-router";
import { requireCustomerMiddleware } from "~/services/accounts/auth/signed-in.server";
import type { Route } from "./+types/account";

/**
 * The layout of every /account/* page (spec 6: signed in only). Its middleware sends a signed-out shopper to the
 * sign-in dialog, and back to the page afterwards, before any loader or action under it runs; the pages read the
 * customer with signedInCustomer(context). /account itself is the entry guard (account._index.tsx).
 */
export const middleware: Route.MiddlewareFunction[] = [requireCustomerMiddleware];

export default function AccountLayout() {
  return <Outlet />;
}
