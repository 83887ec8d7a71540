import { data } from "react-router";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import type { AppServices } from "../platform/context.server";

/**
 * Loads the content page at a URL path for a route loader: the page with a public Cache-Control, or null.
 */
export async function loadContentPage(services: AppServices, pathname: string) {
  const page = await services.content.getPage(pathname);
  if (!page) return null;
  return data({ page, siteUrl: services.config.siteUrl }, { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } });
}

/** Logs an unknown path the way the spec asks (path, query, referrer) and answers 404. */
export function notFound(services: AppServices, request: Request): never {
  const url = new URL(request.url);
  services.logger.info(
    { path: url.pathname, query: url.search, referrer: request.headers.get("referer") ?? "" },
    "404 not found",
  );
  throw data(null, { status: 404 });
}
