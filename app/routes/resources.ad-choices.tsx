import { data, redirect } from "react-router";
import { adChoicesFormSchema } from "~/models/ad-choices";
import { servicesContext } from "~/services/platform/context.server";
import { parseSmallForm } from "~/services/platform/http.server";
import type { Route } from "./+types/resources.ad-choices";

/** Saves the visitor's ad choice from the consent dialog and returns to the page without the dialog. */
export async function action({ request, context }: Route.ActionArgs) {
  const { sessions } = context.get(servicesContext);
  const form = await parseSmallForm(request, adChoicesFormSchema, {
    maxBytes: 4096,
    message: "Please choose whether to allow advertising cookies.",
  });
  return redirect(form.redirectTo ?? "/", {
    status: 303,
    headers: { "Set-Cookie": sessions.adChoicesCookie(form.choice) },
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
