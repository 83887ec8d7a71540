import { PUBLIC_RESOURCE_CACHE_CONTROL } from "~/models/http-cache";
import { escapeXml } from "~/models/xml";
import { servicesContext } from "~/services/platform/context.server";
import { sitemapEntries } from "~/services/content/sitemap.server";
import type { Route } from "./+types/sitemap.xml";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const entries = await sitemapEntries(services);
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((entry) => `  <url><loc>${escapeXml(`${services.config.siteUrl}${entry.path}`)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_RESOURCE_CACHE_CONTROL },
  });
}
