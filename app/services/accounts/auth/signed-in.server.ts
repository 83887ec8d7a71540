import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { visitorContext, type VisitorCustomer } from "../../platform/context.server";
import { requireCustomer } from "./guard.server";

/**
 * A guarded layout route's middleware (app/routes/account.tsx): a signed-out shopper is sent to the sign-in dialog
 * (requireCustomer) before any loader or action of the routes under it runs. Loaders of nested routes run in parallel
 * with their parents' loaders, so a guard in a layout's loader would not stop them; middleware runs first, in order.
 */
export const requireCustomerMiddleware: MiddlewareFunction<Response> = ({ context, request }) => {
  requireCustomer(context, request);
};

/**
 * The signed-in customer, for a loader or action under a guarded layout (the root middleware put them in the
 * visitor context, the layout's middleware made sure there is one). Anywhere else it is a programming error.
 */
export function signedInCustomer(context: Readonly<RouterContextProvider>): VisitorCustomer {
  const { customer } = context.get(visitorContext);
  if (!customer) {
    throw new Error("signedInCustomer: this route must sit under a layout that runs requireCustomerMiddleware");
  }
  return customer;
}
