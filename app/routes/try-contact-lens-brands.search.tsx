import { Form, Link, redirect } from "react-router";
import { brandFinderRedirect } from "~/models/brand-finder";
import { BRAND_FINDER_PATHS } from "~/models/brand-finder-query";
import type { PageHandle } from "~/models/page";
import { normalizeSearchQuery, SEARCH_QUERY_MAX_LENGTH } from "~/models/search";
import { searchCurrentLens } from "~/services/catalog/brand-finder.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/try-contact-lens-brands.search";

/**
 * Find my perfect brand, step 1 (spec 2.1): the shopper finds the lens they wear now, by name. A GET form; each
 * result leads to its parameters step. Discontinued lenses are found too: their wearers need a new brand most.
 */
export const handle: PageHandle = { pageName: "FindMyPerfectBrand" };

export const meta: Route.MetaFunction = () => [
  { title: "Find your perfect brand | Lenslane" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = brandFinderRedirect("search", url.searchParams);
  if (target) throw redirect(target);
  const query = normalizeSearchQuery(url.searchParams.get("q"));
  const results = query ? await searchCurrentLens(context.get(servicesContext).db, query) : [];
  return { query, results };
}

export default function BrandFinderSearchPage({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  return (
    <section className="brand-finder">
      <h1>Find your perfect brand</h1>
      <p>
        Tell us the lens you wear now and its parameters. We&apos;ll show the lenses we carry with the same replacement
        schedule that are made in your parameters, and why each might suit you.
      </p>
      <Form
        method="get"
        action={BRAND_FINDER_PATHS.search}
        role="search"
        className="search-page-form"
        key={query ?? ""}
      >
        <label htmlFor="brand-finder-q">Which lens do you wear now?</label>
        <div className="search-page-form-row">
          <input
            id="brand-finder-q"
            type="search"
            name="q"
            required
            defaultValue={query ?? ""}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            placeholder="For example Acuvue Oasys 1-Day"
          />
          <button type="submit">Find my lens</button>
        </div>
      </Form>
      {query ? (
        results.length > 0 ? (
          <>
            <h2>{`Lenses matching "${query}"`}</h2>
            <p>Choose the lens you wear now:</p>
            <ul className="brand-finder-lenses">
              {results.map((lens) => (
                <li key={lens.id}>
                  <Link to={`${BRAND_FINDER_PATHS.parameters}?productId=${lens.id}`}>{lens.name}</Link>{" "}
                  <span>by {lens.brand}</span>
                  {lens.discontinued ? <span> (discontinued)</span> : null}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p role="status">
            {`We couldn't find a lens called "${query}".`} Check the spelling, or try the brand or the name on your lens
            box, like “Biofinity” or “Dailies”.
          </p>
        )
      ) : null}
    </section>
  );
}
