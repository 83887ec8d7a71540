import { redirect, type RouterContextProvider } from "react-router";
import { signInHref, withoutSignIn } from "~/models/sign-in";
import { visitorContext, type VisitorCustomer } from "../../platform/context.server";

/**
 * Protected pages (spec 6: dashboard, account, rate-and-review) send a signed-out shopper to the sign-in dialog,
 * and back to the page they wanted once signed in.
 */
export function requireCustomer(context: Readonly<RouterContextProvider>, request: Request): VisitorCustomer {
  const { customer } = context.get(visitorContext);
  if (customer) return customer;
  const url = new URL(request.url);
  throw redirect(signInHref("/", "sign-in", { redirectTo: withoutSignIn(`${url.pathname}${url.search}`) }), 303);
}
