import { PUBLIC_RESOURCE_CACHE_CONTROL } from "~/models/http-cache";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/robots.txt";

/** Crawlers read the shop and content; personal, funnel and internal pages stay out. Staging is closed. */
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  const lines =
    config.appEnv === "staging"
      ? ["User-agent: *", "Disallow: /"]
      : [
          "User-agent: *",
          ...[
            "/account",
            "/dashboard",
            "/cart",
            "/checkout",
            "/address",
            "/doctor",
            "/patient",
            "/parameters",
            "/rx-details",
            "/thank-you",
            "/resources/",
            "/search",
            "/*?signin=",
          ].map((path) => `Disallow: ${path}`),
          `Sitemap: ${config.siteUrl}/sitemap.xml`,
        ];
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_RESOURCE_CACHE_CONTROL },
  });
}
