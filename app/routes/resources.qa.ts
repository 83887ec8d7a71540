import { redirect } from "react-router";
import { withoutQaParam } from "~/models/qa-button";
import { safeReturnPathSchema } from "~/models/return-path";
import { setFeatureSwitch } from "~/services/scenarios/feature-switches.server";
import { readForm } from "~/services/platform/http.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { notFound } from "~/services/content/content-pages.server";
import type { Route } from "./+types/resources.qa";

/** Only a POST (the QA button's close control). */
export function loader({ request, context }: Route.LoaderArgs) {
  return notFound(context.get(servicesContext), request);
}

/**
 * The QA button's close control (spec 1 §2.12): clears the session's flag and goes back to the page without the
 * `qa` parameter. Outside production only (the button never shows there).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) return notFound(services, request);
  const form = await readForm(request);
  const returnTo = safeReturnPathSchema.safeParse(form.get("returnTo"));
  setFeatureSwitch(context.get(visitorContext).session, "qa", false);
  const target = returnTo.success
    ? new URL(returnTo.data, "http://store.invalid")
    : new URL("/", "http://store.invalid");
  return redirect(withoutQaParam(target.pathname, target.search), 303);
}
