import { data, redirect } from "react-router";
import { promoRibbonDismissSchema } from "~/models/promo-ribbon";
import { servicesContext } from "~/services/platform/context.server";
import { parseSmallForm } from "~/services/platform/http.server";
import type { Route } from "./+types/resources.promo-ribbon";

/**
 * Closing the promo ribbon (spec 2.9): sets disabledPromoBanner=true for 10 minutes and goes back to the page.
 * A plain form post without JavaScript; a fetcher with it. Bad input is a 400, never a 500.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { sessions } = context.get(servicesContext);
  const form = await parseSmallForm(request, promoRibbonDismissSchema, {
    maxBytes: 4096,
    message: "The request to close the promotion was not valid.",
  });
  return redirect(form.redirectTo ?? "/", {
    status: 303,
    headers: { "Set-Cookie": sessions.promoRibbonDismissCookie() },
  });
}

/** Only POST is meaningful here; a GET (a typed URL, a crawler) gets a clear 405 page. */
export function loader() {
  throw data({ error: "This address only accepts a form submission." }, { status: 405, headers: { Allow: "POST" } });
}

/**
 * Not a page of its own: success redirects, and bad input is answered with a 400 that the root error boundary
 * renders inside the shell with the message (so a browser without JavaScript never sees raw JSON).
 */
export default function ResourceRoute() {
  return null;
}
