import { Form, Link } from "react-router";
import { ProductGrid } from "~/components/product/ProductTile";
import type { PageHandle } from "~/models/page";
import { isSearchFacet, normalizeSearchQuery, SEARCH_FACETS, SEARCH_QUERY_MAX_LENGTH } from "~/models/search";
import { POPULAR_BRANDS } from "~/models/shell-links";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { searchProducts } from "~/services/catalog/search.server";
import type { Route } from "./+types/search";

/**
 * /search?q= and /search/{lenses|contact-lens-solution}?q=: the full-page product search. Results depend on the
 * query and the shopper's price book, so the page is never shared-cacheable (no public Cache-Control; the root
 * middleware makes it private) and is kept out of search engines.
 */
export const handle: PageHandle = { pageName: "Search", headerType: "standard" };

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: loaderData?.query ? `Results for "${loaderData.query}" | Lenslane` : "Search | Lenslane" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const facet = params.facet;
  if (facet !== undefined && !isSearchFacet(facet)) notFound(services, request);
  const query = normalizeSearchQuery(new URL(request.url).searchParams.get("q"));
  const { priceBook } = context.get(visitorContext);
  const results = query
    ? await searchProducts(services.db, query, priceBook, {
        mode: "page",
        productType: facet ? SEARCH_FACETS[facet] : undefined,
      })
    : [];
  return { query, facet: facet ?? null, results };
}

const FACET_LINKS = [
  { facet: null, text: "All products" },
  { facet: "lenses", text: "Contact lenses" },
  { facet: "contact-lens-solution", text: "Solution" },
] as const;

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, facet, results } = loaderData;
  const action = facet ? `/search/${facet}` : "/search";
  if (!query) {
    return (
      <section className="search-page search-empty">
        <h1>Search</h1>
        <p>What are you looking for? Search by brand, lens name or type, like “Acuvue Oasys” or “toric”.</p>
        <SearchForm action={action} query={null} />
        <SearchSuggestions />
      </section>
    );
  }
  return (
    <section className="search-page">
      <h1>{`Results for "${query}"`}</h1>
      <p className="search-count" data-testid="search-count">
        {results.length === 1 ? "1 product" : `${results.length} products`}
      </p>
      <SearchForm action={action} query={query} />
      <nav className="search-facets" aria-label="Narrow the results">
        <ul>
          {FACET_LINKS.map((link) => (
            <li key={link.text}>
              <Link
                to={`${link.facet ? `/search/${link.facet}` : "/search"}?q=${encodeURIComponent(query)}`}
                aria-current={link.facet === facet ? "page" : undefined}
              >
                {link.text}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {results.length > 0 ? (
        <ProductGrid products={results} />
      ) : (
        <div className="search-no-results">
          <p>
            <strong>{`We couldn’t find anything for "${query}".`}</strong> Check the spelling, try a brand name, or
            browse below.
          </p>
          <SearchSuggestions />
        </div>
      )}
    </section>
  );
}

function SearchForm({ action, query }: { action: string; query: string | null }) {
  return (
    <Form method="get" action={action} role="search" className="search-page-form" key={query ?? ""}>
      <label htmlFor="search-page-q">Search for lenses and solution</label>
      <div className="search-page-form-row">
        <input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={query ?? ""}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder="Search lenses, brands, solution"
        />
        <button type="submit">Search</button>
      </div>
    </Form>
  );
}

/** Where to go instead: the two list pages and the popular brands. */
function SearchSuggestions() {
  return (
    <div className="search-suggestions">
      <h2>Browse instead</h2>
      <ul className="search-suggestion-links">
        <li>
          <Link to="/lenses">All contact lenses</Link>
        </li>
        <li>
          <Link to="/contact-lens-solution">Contact lens solution</Link>
        </li>
      </ul>
      <h2>Popular brands</h2>
      <ul className="search-suggestion-links">
        {POPULAR_BRANDS.map((brand) => (
          <li key={brand.slug}>
            <Link to={`/lenses/${brand.slug}`}>{brand.name}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
