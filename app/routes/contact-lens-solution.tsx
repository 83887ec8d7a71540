import { data } from "react-router";
import { ProductGrid } from "~/components/product/ProductTile";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import type { PageHandle } from "~/models/page";
import { pageMeta } from "~/models/seo";
import { listProductTiles, PRODUCT_TYPE } from "~/services/catalog/catalog.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/contact-lens-solution";

export const handle: PageHandle = { pageName: "ProductListPage", cache: "public" };

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta(
        {
          title: "Contact lens solution | Lenslane",
          description: "Multi-purpose, hydrogen peroxide and RGP contact lens solutions, delivered with your lenses.",
          canonical: "/contact-lens-solution",
        },
        loaderData.siteUrl,
      )
    : [];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The solution list (spec 2.1: contact-lens-solution takes no facet). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { priceBook } = context.get(visitorContext);
  const solutions = await listProductTiles(services.db, priceBook, { productType: PRODUCT_TYPE.solution });
  return data(
    { solutions, siteUrl: services.config.siteUrl },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } },
  );
}

export default function ContactLensSolutionPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="product-list">
      <h1>Contact lens solution</h1>
      <ProductGrid products={loaderData.solutions} />
    </section>
  );
}
