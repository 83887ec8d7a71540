import { data, redirect } from "react-router";
import { formatCents } from "~/models/catalog";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import type { PageHandle } from "~/models/page";
import { isNumericProductParam } from "~/models/redirects";
import { pageMeta } from "~/models/seo";
import { findProductById, findProductPage, PRODUCT_TYPE, productPath } from "~/services/catalog.server";
import { notFound } from "~/services/content-pages.server";
import { servicesContext } from "~/services/context.server";
import type { Route } from "./+types/product";

export const handle: PageHandle = { pageName: "LensProductDetailPage", cache: "public" };

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta(
        {
          title: `${loaderData.product.displayName} | Lenslane`,
          description: loaderData.product.description.slice(0, 160),
          canonical: loaderData.canonical,
          image: loaderData.product.imageUrl,
          type: "product",
        },
        loaderData.siteUrl,
      )
    : [];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const productType = url.pathname.startsWith("/contact-lens-solution/") ? PRODUCT_TYPE.solution : PRODUCT_TYPE.lens;

  // Spec 2.1: a purely numeric parameter of 1 to 6 digits is a productId; send it to the vanity URL.
  if (isNumericProductParam(params.name)) {
    const product = await findProductById(services.db, Number(params.name));
    if (!product || product.isHidden) notFound(services, request);
    throw redirect(`${productPath(product)}${url.search}`, 301);
  }

  const product = await findProductPage(services.db, productType, params.name, "none");
  if (!product) notFound(services, request);
  return data(
    { product, canonical: productPath(product), siteUrl: services.config.siteUrl },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } },
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <article className="product-page">
      <img src={product.imageUrl} alt={product.displayName} width="480" height="360" />
      <div>
        <p className="product-brand">{product.brandName}</p>
        <h1>{product.displayName}</h1>
        {product.displayNameSubHeading ? <p>{product.displayNameSubHeading}</p> : null}
        {product.unitPriceCents ? <p className="product-price">{formatCents(product.unitPriceCents)} per box</p> : null}
        {product.discontinuedInCatalog ? <p className="notice">This product has been discontinued.</p> : null}
        <p>{product.description}</p>
        <dl className="specifications">
          {product.specifications.map((spec) => (
            <div key={spec.label}>
              <dt>{spec.label}</dt>
              <dd>{spec.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}
