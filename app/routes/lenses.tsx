import { data } from "react-router";
import { ProductGrid } from "~/components/product/ProductTile";
import { isLensTypeFacet } from "~/models/catalog";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import type { PageHandle } from "~/models/page";
import { pageMeta } from "~/models/seo";
import { LENS_TYPE_LINKS } from "~/models/shell-links";
import { listBrandSlugs, listProductTiles, PRODUCT_TYPE } from "~/services/catalog.server";
import { notFound } from "~/services/content-pages.server";
import { servicesContext, visitorContext } from "~/services/context.server";
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
  const { priceBook } = context.get(visitorContext);
  const lenses = await listProductTiles(services.db, priceBook, { productType: PRODUCT_TYPE.lens, ...filter });
  const typeLabel = LENS_TYPE_LINKS.find((link) => link.url === `/lenses/${facet}`)?.text;
  const title = !facet
    ? "Contact lenses"
    : typeLabel
      ? `${typeLabel} contact lenses`
      : `${lenses[0]?.brand ?? facet} contact lenses`;
  return data(
    {
      title,
      canonical: facet ? `/lenses/${facet}` : "/lenses",
      siteUrl: services.config.siteUrl,
      lenses,
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } },
  );
}

export default function LensesPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="product-list">
      <h1>{loaderData.title}</h1>
      <ProductGrid products={loaderData.lenses} />
    </section>
  );
}
