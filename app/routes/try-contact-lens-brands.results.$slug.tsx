import { parseWithZod } from "@conform-to/zod/v4";
import { Link, redirect } from "react-router";
import { EyeValues } from "~/components/brand-finder/EyeValues";
import { brandFinderRedirect } from "~/models/brand-finder";
import { describeEyes, formatDailyCents, pricePerDayCents, replacementSchedule } from "~/models/brand-finder-match";
import {
  BRAND_FINDER_PATHS,
  brandFinderParametersSchema,
  brandFinderQuery,
  eyesInQuery,
  productIdFrom,
} from "~/models/brand-finder-query";
import type { PageHandle } from "~/models/page";
import { findBrandMatchesFor, findCurrentLens } from "~/services/catalog/brand-finder.server";
import { productPath, PRODUCT_TYPE } from "~/services/catalog/catalog.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/try-contact-lens-brands.results.$slug";

/**
 * Find my perfect brand, results: /results/{slug} where the slug is the current lens's vanity URL and the query
 * its per-eye parameters. Everything is computed from the link, so a shared link shows the same matches (at the
 * prices of the viewer's price book).
 */
export const handle: PageHandle = { pageName: "FindMyPerfectBrand" };

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData?.current
      ? `Lenses like ${loaderData.current.name} | Lenslane`
      : "Find your perfect brand | Lenslane",
  },
  { name: "robots", content: "noindex" },
];

const lensHref = (vanityUrl: string) => productPath({ productType: PRODUCT_TYPE.lens, vanityUrl });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = brandFinderRedirect("results", url.searchParams);
  if (target) throw redirect(target);
  const services = context.get(servicesContext);
  const { priceBook } = context.get(visitorContext);
  const lens = await findCurrentLens(services.db, { vanityUrl: params.slug }, priceBook);
  if (!lens) notFound(services, request);
  // The slug names the lens: a productId for another lens means the slug is the stale part.
  const productId = productIdFrom(url.searchParams);
  if (productId !== null && productId !== lens.id) {
    const other = await findCurrentLens(services.db, { productId }, priceBook);
    if (other) throw redirect(`${BRAND_FINDER_PATHS.results(other.vanityUrl)}${url.search}`);
  }
  const parametersPath = `${BRAND_FINDER_PATHS.parameters}?productId=${lens.id}`;
  const current = { name: lens.displayName, href: lensHref(lens.vanityUrl), parametersPath };
  if (eyesInQuery(url.searchParams).length === 0) return { current, eyes: null, considered: 0, matches: [] };

  const query = new URLSearchParams(url.searchParams);
  query.set("productId", String(lens.id));
  const submission = parseWithZod(query, { schema: brandFinderParametersSchema(lens.parameters) });
  if (submission.status !== "success") throw redirect(`${BRAND_FINDER_PATHS.parameters}?${query}`);
  const eyes = submission.value;
  const canonical = brandFinderQuery(lens.id, eyes);
  const { considered, matches } = await findBrandMatchesFor(services.db, lens, eyes, priceBook);
  if (matches.length === 0) throw redirect(`${BRAND_FINDER_PATHS.ineligible}?${canonical}`);
  const currentPerDay = pricePerDayCents(lens, eyes.length);
  return {
    current: {
      ...current,
      parametersPath: `${BRAND_FINDER_PATHS.parameters}?${canonical}`,
      schedule: replacementSchedule(lens.wearTimeDays),
      perDay: currentPerDay === null ? null : formatDailyCents(currentPerDay),
      eyeCount: eyes.length,
    },
    eyes: describeEyes(lens.parameters, eyes),
    considered,
    matches: matches.map((match) => ({
      id: match.lens.id,
      name: match.lens.displayName,
      brand: match.lens.brandName,
      href: lensHref(match.lens.vanityUrl),
      perDay: match.pricePerDayCents === null ? null : formatDailyCents(match.pricePerDayCents),
      reasons: match.reasons.map((reason) => ({ kind: reason.kind, text: reason.text, point: reason.point })),
      eyes: describeEyes(match.lens.parameters, match.eyes),
      otherPacks: match.otherPacks.map((pack) => ({
        id: pack.id,
        name: pack.displayName,
        href: lensHref(pack.vanityUrl),
      })),
    })),
  };
}

export default function BrandFinderResultsPage({ loaderData }: Route.ComponentProps) {
  const { current, eyes, considered, matches } = loaderData;
  if (!eyes || !("schedule" in current)) {
    return (
      <section className="brand-finder">
        <h1>Lenses like {current.name}</h1>
        <p role="alert">Tell us the parameters of your {current.name} to see the lenses made in them.</p>
        <p>
          <Link to={current.parametersPath}>Enter your parameters</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="brand-finder brand-finder-results">
      <h1>Lenses like {current.name}</h1>
      <p>
        {`${matches.length} of the ${considered} other ${current.schedule} ${considered === 1 ? "lens" : "lenses"} we carry ${matches.length === 1 ? "is" : "are"} made in your parameters, best first.`}
        {current.perDay
          ? ` Your current lens costs about ${current.perDay} a day ${current.eyeCount === 1 ? "for one eye" : "for both eyes"}.`
          : ""}
      </p>
      <h2>Your parameters</h2>
      <EyeValues eyes={eyes} />
      <p>
        <Link to={current.parametersPath}>Change your parameters</Link>
      </p>
      <ol className="brand-finder-matches">
        {matches.map((match) => (
          <li key={match.id} className="brand-finder-match" data-testid="brand-finder-match">
            <h2>
              <Link to={match.href}>{match.name}</Link>
            </h2>
            <p>{match.brand}</p>
            {match.perDay ? (
              <p className="brand-finder-price">
                {`About ${match.perDay} a day ${current.eyeCount === 1 ? "for one eye" : "for both eyes"}`}
              </p>
            ) : null}
            <h3>Why it might suit you</h3>
            <ul>
              {match.reasons.map((reason) => (
                <li key={reason.kind} data-reason={reason.kind}>
                  {reason.text}
                </li>
              ))}
            </ul>
            <h3>Choose on its page</h3>
            <EyeValues eyes={match.eyes} />
            {match.otherPacks.length > 0 ? (
              <p>
                Also in:{" "}
                {match.otherPacks.map((pack, index) => (
                  <span key={pack.id}>
                    {index > 0 ? ", " : ""}
                    <Link to={pack.href}>{pack.name}</Link>
                  </span>
                ))}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <p>
        A new brand fits differently: your eye doctor confirms the switch and writes it on your prescription. Keep
        wearing <Link to={current.href}>{current.name}</Link> until then.
      </p>
    </section>
  );
}
