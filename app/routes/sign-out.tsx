import { data, redirect } from "react-router";
import { endSignedInSession } from "~/services/sign-in/sign-in.server";
import { dismissAllRecaptures } from "~/services/orders/recapture.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/sign-out";

/** Sign out (spec 2.6: afterwards go to /). A POST: a link or a prefetch must never sign anyone out. */
export async function action({ context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { session, customer } = context.get(visitorContext);
  // Spec 2 recapture: signing out dismisses the held-order banner.
  if (customer) await dismissAllRecaptures(services.db, customer.id);
  await endSignedInSession(services, session);
  return redirect("/", { status: 303, headers: { "Set-Cookie": await services.sessions.destroySession(session) } });
}

export function loader() {
  throw data({ error: "Use the Sign out button to sign out." }, { status: 405, headers: { Allow: "POST" } });
}

export default function SignOutRoute() {
  return null;
}
