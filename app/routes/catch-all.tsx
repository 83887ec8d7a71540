import { redirect } from "react-router";
import { legacyRedirectTarget } from "~/models/redirects";
import { servicesContext } from "~/services/platform/context.server";
import { loadContentPage, notFound } from "~/services/content/content-pages.server";
import type { Route } from "./+types/catch-all";

// Any other path: a legacy address that moved, a content page ({category}/{path}/{subPath}), or the 404.
export { default, handle, headers, meta } from "./content-page";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const target = legacyRedirectTarget(url.pathname);
  if (target) throw redirect(`${target}${url.search}`, 301);
  const result = await loadContentPage(services, url.pathname);
  if (!result) notFound(services, request);
  return result;
}
