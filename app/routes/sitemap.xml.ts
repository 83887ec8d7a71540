import { PUBLIC_RESOURCE_CACHE_CONTROL } from "~/models/http-cache";
import { servicesContext } from "~/services/context.server";
import { sitemapEntries } from "~/services/sitemap.server";
import type { Route } from "./+types/sitemap.xml";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

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
