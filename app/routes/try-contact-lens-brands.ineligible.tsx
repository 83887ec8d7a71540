import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { EyeValues } from "~/components/brand-finder/EyeValues";
import { UnknownLens } from "~/components/brand-finder/UnknownLens";
import { describeEyes, replacementSchedule, scheduleListPath } from "~/models/brand-finder-match";
import {
  BRAND_FINDER_MESSAGES,
  BRAND_FINDER_PATHS,
  brandFinderParametersSchema,
  brandFinderQuery,
  eyesInQuery,
} from "~/models/brand-finder-query";
import type { PageHandle } from "~/models/page";
import { brandFinderStepLens, findBrandMatchesFor } from "~/services/catalog/brand-finder.server";
import { productPath, PRODUCT_TYPE } from "~/services/catalog/catalog.server";
import type { Route } from "./+types/try-contact-lens-brands.ineligible";

/**
 * Find my perfect brand, ineligible (spec 2.1: needs productId): no other lens with the same replacement schedule is
 * made in the shopper's parameters. It says so and offers the next steps: keep the current lens, check the
 * parameters, ask an eye doctor (an exam), browse the lenses of the same schedule.
 */
export const handle: PageHandle = { pageName: "FindMyPerfectBrand" };

export const meta: Route.MetaFunction = () => [
  { title: "No match yet | Lenslane" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await brandFinderStepLens("ineligible", url, context);
  if (!found.lens) return data({ error: BRAND_FINDER_MESSAGES.unknownLens, page: null }, { status: found.status });
  const { lens, db, priceBook } = found;

  // With valid parameters: show them, and if lenses do fit after all (the catalog changed), say so.
  let eyes = null;
  let results: string | null = null;
  let parametersPath = `${BRAND_FINDER_PATHS.parameters}?productId=${lens.id}`;
  if (eyesInQuery(url.searchParams).length > 0) {
    const submission = parseWithZod(url.searchParams, { schema: brandFinderParametersSchema(lens.parameters) });
    if (submission.status === "success") {
      const query = brandFinderQuery(lens.id, submission.value);
      parametersPath = `${BRAND_FINDER_PATHS.parameters}?${query}`;
      eyes = describeEyes(lens.parameters, submission.value);
      const { matches } = await findBrandMatchesFor(db, lens, submission.value, priceBook);
      if (matches.length > 0) results = `${BRAND_FINDER_PATHS.results(lens.vanityUrl)}?${query}`;
    }
  }
  return {
    error: null,
    page: {
      lensName: lens.displayName,
      lensHref: lens.discontinuedInCatalog
        ? null
        : productPath({ productType: PRODUCT_TYPE.lens, vanityUrl: lens.vanityUrl }),
      schedule: replacementSchedule(lens.wearTimeDays),
      listPath: scheduleListPath(lens.wearTimeDays),
      eyes,
      parametersPath,
      results,
    },
  };
}

export default function BrandFinderIneligiblePage({ loaderData }: Route.ComponentProps) {
  const { error, page } = loaderData;
  if (!page) {
    return <UnknownLens error={error} />;
  }
  return (
    <section className="brand-finder">
      <h1>We couldn&apos;t find a match</h1>
      {page.results ? (
        <p role="status">
          Good news: some lenses are made in these parameters now. <Link to={page.results}>See my matches</Link>
        </p>
      ) : (
        <p>
          {`None of the other ${page.schedule} lenses we carry is made in the parameters of your ${page.lensName}. `}
          Lenses for strong powers, astigmatism or multifocal needs come in fewer brands, so this happens.
        </p>
      )}
      {page.eyes ? (
        <>
          <h2>Your parameters</h2>
          <EyeValues eyes={page.eyes} />
        </>
      ) : null}
      <h2>What you can do</h2>
      <ul className="brand-finder-next-steps">
        {page.lensHref ? (
          <li>
            Keep wearing what works: <Link to={page.lensHref}>reorder {page.lensName}</Link>.
          </li>
        ) : (
          <li>{`${page.lensName} is discontinued: your eye doctor can fit you with a lens made in your parameters.`}</li>
        )}
        <li>
          <Link to={page.parametersPath}>Check your parameters</Link> against your prescription or lens box.
        </li>
        <li>
          Ask an eye doctor which lens suits you: <Link to="/exam">book an online eye exam</Link> or{" "}
          <Link to="/eye-doctor-search">find an eye doctor near you</Link>.
        </li>
        <li>
          <Link to={page.listPath}>Browse all {page.schedule} lenses</Link>, or{" "}
          <Link to={BRAND_FINDER_PATHS.search}>start again with another lens</Link>.
        </li>
      </ul>
    </section>
  );
}
