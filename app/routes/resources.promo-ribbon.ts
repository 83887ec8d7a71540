import { data, redirect } from "react-router";
import { promoRibbonDismissSchema } from "~/models/promo-ribbon";
import { servicesContext } from "~/services/context.server";
import { BadRequestError, readUrlEncodedForm } from "~/services/http.server";
import type { Route } from "./+types/resources.promo-ribbon";

const MAX_FORM_BYTES = 4096;

/**
 * Closing the promo ribbon (spec 2.9): sets disabledPromoBanner=true for 10 minutes and goes back to the page.
 * A plain form post without JavaScript; a fetcher with it. Bad input is a 400, never a 500.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { sessions } = context.get(servicesContext);
  let form: URLSearchParams;
  try {
    form = await readUrlEncodedForm(request, MAX_FORM_BYTES);
  } catch (error) {
    if (error instanceof BadRequestError) throw data({ error: error.message }, { status: 400 });
    throw error;
  }
  const parsed = promoRibbonDismissSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data({ error: "The request to close the promotion was not valid." }, { status: 400 });
  return redirect(parsed.data.redirectTo ?? "/", {
    status: 303,
    headers: { "Set-Cookie": sessions.promoRibbonDismissCookie() },
  });
}
