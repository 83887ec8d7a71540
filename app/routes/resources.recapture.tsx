import { data, redirect } from "react-router";
import { recaptureDismissSchema } from "~/models/recapture";
import { dismissRecapture } from "~/services/orders/recapture.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { parseSmallForm } from "~/services/platform/http.server";
import type { Route } from "./+types/resources.recapture";

/**
 * Dismissing the held-order banner (spec 2 recapture: remembered per order; signed-in customers only). Back to the
 * page it was on; bad input or another customer's order is a 400, never a 500.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const { customer } = context.get(visitorContext);
  const form = await parseSmallForm(request, recaptureDismissSchema, {
    maxBytes: 4096,
    message: "The request to dismiss the notice was not valid.",
  });
  if (!customer || !(await dismissRecapture(db, customer.id, form.orderNumber))) {
    throw data({ error: "The request to dismiss the notice was not valid." }, { status: 400 });
  }
  return redirect(form.returnTo ?? "/", 303);
}

export function loader() {
  throw data({ error: "This address only accepts a form submission." }, { status: 405, headers: { Allow: "POST" } });
}

/** Not a page of its own: success redirects, and bad input is rendered by the root error boundary. */
export default function ResourceRoute() {
  return null;
}
