import { data, Link } from "react-router";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import type { PageHandle } from "~/models/page";
import { pageMeta } from "~/models/seo";
import { servicesContext } from "~/services/platform/context.server";
import { sitemapEntries } from "~/services/content/sitemap.server";
import type { Route } from "./+types/sitemap";

export const handle: PageHandle = { pageName: "Sitemap", cache: "public" };

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta(
        {
          title: "Sitemap | Lenslane",
          description: "Every page of the Lenslane store in one place.",
          canonical: "/sitemap",
        },
        loaderData.siteUrl,
      )
    : [];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const entries = await sitemapEntries(services);
  return data(
    { entries, siteUrl: services.config.siteUrl },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } },
  );
}

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const groups = ["Shop", "Products", "Help and information"] as const;
  return (
    <section className="sitemap">
      <h1>Sitemap</h1>
      {groups.map((group) => (
        <section key={group} aria-labelledby={`sitemap-${group}`}>
          <h2 id={`sitemap-${group}`}>{group}</h2>
          <ul>
            {loaderData.entries
              .filter((entry) => entry.group === group)
              .map((entry) => (
                <li key={entry.path}>
                  <Link to={entry.path}>{entry.title ?? entry.path}</Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
