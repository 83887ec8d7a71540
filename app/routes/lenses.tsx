import { data, Form, Link } from "react-router";
import { ProductGrid } from "~/components/product/ProductTile";
import { isLensTypeFacet } from "~/models/catalog";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import type { PageHandle } from "~/models/page";
import {
  LENS_TYPE_FACET_LINKS,
  lensTypeName,
  LIST_SORTS,
  listHref,
  parseListSort,
  productCount,
  sortProducts,
  type FacetLink,
  type ListSort,
} from "~/models/product-list";
import { pageMeta } from "~/models/seo";
import { BRAND_FINDER_LINK } from "~/models/shell-links";
import { listBrandSlugs, listLensBrands, listProductTiles, PRODUCT_TYPE } from "~/services/catalog/catalog.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import styles from "~/styles/product-list.css?url";
import type { Route } from "./+types/lenses";

export const handle: PageHandle = { pageName: "ProductListPage", cache: "public" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta(
        {
          title: `${loaderData.title} | Lenslane`,
          description: `Shop ${loaderData.title.toLowerCase()} from the brands you know, with fast delivery and real people to help 24/7.`,
          // Every sort of a list is the same page to a search engine.
          canonical: loaderData.path,
        },
        loaderData.siteUrl,
      )
    : [];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { priceBook } = context.get(visitorContext);
  const facet = params.facet ?? null;
  const filter = !facet ? {} : isLensTypeFacet(facet) ? { category: facet } : { brandSlug: facet };
  const sort = parseListSort(new URL(request.url).searchParams.get("sort"));
  const [brandSlugs, brands, lenses] = await Promise.all([
    filter.brandSlug ? listBrandSlugs(services.db) : null,
    listLensBrands(services.db),
    listProductTiles(services.db, priceBook, { productType: PRODUCT_TYPE.lens, ...filter }),
  ]);
  if (brandSlugs && !brandSlugs.includes(facet!)) notFound(services, request);

  const brandName = brands.find((brand) => brand.slug === facet)?.name ?? lenses[0]?.brand ?? facet;
  const title = !facet
    ? "Contact lenses"
    : isLensTypeFacet(facet)
      ? `${lensTypeName(facet)} contact lenses`
      : `${brandName} contact lenses`;
  return data(
    {
      title,
      facet,
      path: facet ? `/lenses/${facet}` : "/lenses",
      sort,
      brandFacets: brands.map((brand): FacetLink => ({
        text: brand.name,
        path: `/lenses/${brand.slug}`,
        facet: brand.slug,
      })),
      siteUrl: services.config.siteUrl,
      lenses: sortProducts(lenses, sort),
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } },
  );
}

export default function LensesPage({ loaderData }: Route.ComponentProps) {
  const { title, facet, path, sort, brandFacets, lenses } = loaderData;
  return (
    <section className="product-list">
      <h1>{title}</h1>
      <p className="product-list-finder">
        Want to try a different brand? <Link to={BRAND_FINDER_LINK.url}>{BRAND_FINDER_LINK.text}</Link>
      </p>
      <div className="product-list-facets">
        <FacetNav id="lens-type-facets" heading="Lens type" links={LENS_TYPE_FACET_LINKS} facet={facet} sort={sort} />
        <FacetNav id="brand-facets" heading="Brand" links={brandFacets} facet={facet} sort={sort} />
      </div>
      <div className="product-list-toolbar">
        <p className="product-list-count" data-testid="product-count">
          {productCount(lenses.length)}
        </p>
        {/* A GET form: the sort goes in the URL, with JavaScript or without. */}
        <Form method="get" action={path} className="product-list-sort" key={sort}>
          <label htmlFor="product-list-sort">Sort by</label>
          <select id="product-list-sort" name="sort" defaultValue={sort}>
            {LIST_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <button type="submit">Sort</button>
        </Form>
      </div>
      <ProductGrid products={lenses} />
    </section>
  );
}

/** One group of facet links; each keeps the list's sort, and the current one says so. */
function FacetNav(props: {
  id: string;
  heading: string;
  links: readonly FacetLink[];
  facet: string | null;
  sort: ListSort;
}) {
  return (
    <nav className="product-list-facet" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.heading}</h2>
      <ul>
        {props.links.map((link) => (
          <li key={link.path}>
            <Link to={listHref(link.path, props.sort)} aria-current={link.facet === props.facet ? "page" : undefined}>
              {link.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
