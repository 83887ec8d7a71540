import { data, Link } from "react-router";
import { formatCents, isLensTypeFacet } from "~/models/catalog";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import type { PageHandle } from "~/models/page";
import { pageMeta } from "~/models/seo";
import { LENS_TYPE_LINKS } from "~/models/shell-links";
import { listBrandSlugs, listLenses, productPath } from "~/services/catalog.server";
import { notFound } from "~/services/content-pages.server";
import { servicesContext } from "~/services/context.server";
import type { Route } from "./+types/lenses";

export const handle: PageHandle = { pageName: "ProductListPage", cache: "public" };

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta(
        {
          title: `${loaderData.title} | Lenslane`,
          description: `Shop ${loaderData.title.toLowerCase()} from the brands you know, with fast delivery and real people to help 24/7.`,
          canonical: loaderData.canonical,
        },
        loaderData.siteUrl,
      )
    : [];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const facet = params.facet;
  let filter: { category?: string; brandSlug?: string } | undefined;
  if (facet) {
    if (isLensTypeFacet(facet)) filter = { category: facet };
    else if ((await listBrandSlugs(services.db)).includes(facet)) filter = { brandSlug: facet };
    else notFound(services, request);
  }
  const lenses = await listLenses(services.db, "none", filter);
  const typeLabel = LENS_TYPE_LINKS.find((link) => link.url === `/lenses/${facet}`)?.text;
  const title = !facet
    ? "Contact lenses"
    : typeLabel
      ? `${typeLabel} contact lenses`
      : `${lenses[0]?.brandName ?? facet} contact lenses`;
  return data(
    {
      title,
      canonical: facet ? `/lenses/${facet}` : "/lenses",
      siteUrl: services.config.siteUrl,
      lenses: lenses.map((lens) => ({
        id: lens.id,
        href: productPath(lens),
        name: lens.displayName,
        brand: lens.brandName,
        imageUrl: lens.imageUrl,
        price: lens.unitPriceCents,
      })),
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } },
  );
}

export default function LensesPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="product-list">
      <h1>{loaderData.title}</h1>
      <ul className="product-grid">
        {loaderData.lenses.map((lens, index) => (
          <li key={lens.id} className="product-tile">
            <Link to={lens.href}>
              <img src={lens.imageUrl} alt="" width="240" height="180" loading={index < 4 ? "eager" : "lazy"} />
              <span className="product-tile-brand">{lens.brand}</span>
              <span className="product-tile-name">{lens.name}</span>
              {lens.price ? <span className="product-tile-price">{formatCents(lens.price)} per box</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
