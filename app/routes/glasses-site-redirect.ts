import { redirect } from "react-router";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/glasses-site-redirect";

/**
 * start/glasses and glasses/shop go to the sister glasses site (spec 2.2). The outdated /glasses/shop form still
 * works but is logged as an error (code 11) so the links that use it get fixed.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const { config, logger } = context.get(servicesContext);
  const url = new URL(request.url);
  if (url.pathname.startsWith("/glasses/shop")) {
    logger.error(
      { code: 11, path: url.pathname, referrer: request.headers.get("referer") ?? "" },
      "outdated glasses link",
    );
  }
  const rest = (params["*"] ?? "").replace(/^\/+/, "");
  const safeRest = /^[A-Za-z0-9/_-]*$/.test(rest) ? rest : "";
  throw redirect(`${config.glassesSiteUrl}/${safeRest}${url.search}`, 302);
}
