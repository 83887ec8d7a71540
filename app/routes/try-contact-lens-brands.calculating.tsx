import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Link, redirect, useNavigate } from "react-router";
import { brandFinderRedirect } from "~/models/brand-finder";
import {
  BRAND_FINDER_MESSAGES,
  BRAND_FINDER_PATHS,
  brandFinderParametersSchema,
  brandFinderQuery,
  productIdFrom,
} from "~/models/brand-finder-query";
import { replacementSchedule } from "~/models/brand-finder-match";
import type { PageHandle } from "~/models/page";
import { findBrandMatchesFor, findCurrentLens } from "~/services/catalog/brand-finder.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/try-contact-lens-brands.calculating";

/**
 * Find my perfect brand, step 3 (spec 2.1: needs productId and a right- or left- parameter): compares the catalog
 * with the shopper's parameters and moves on, to the results or to ineligible. Without JavaScript the page
 * refreshes itself there (and has a link); with JavaScript it navigates on its own.
 */
export const handle: PageHandle = { pageName: "FindMyPerfectBrand" };

/** How long the step stays on screen before moving on. */
const CONTINUE_AFTER_SECONDS = 1;

export const meta: Route.MetaFunction = () => [
  { title: "Finding your matches | Lenslane" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = brandFinderRedirect("calculating", url.searchParams);
  if (target) throw redirect(target);
  const { db } = context.get(servicesContext);
  const { priceBook } = context.get(visitorContext);
  const productId = productIdFrom(url.searchParams);
  const lens = productId === null ? null : await findCurrentLens(db, { productId }, priceBook);
  if (!lens)
    return data({ error: BRAND_FINDER_MESSAGES.unknownLens, step: null }, { status: productId === null ? 400 : 404 });
  const submission = parseWithZod(url.searchParams, { schema: brandFinderParametersSchema(lens.parameters) });
  // Incomplete or unknown parameters: back to the form, which says what is wrong and keeps the values.
  if (submission.status !== "success") throw redirect(`${BRAND_FINDER_PATHS.parameters}?${url.searchParams}`);
  const eyes = submission.value;
  const { considered, matches } = await findBrandMatchesFor(db, lens, eyes, priceBook);
  const query = brandFinderQuery(lens.id, eyes);
  return {
    error: null,
    step: {
      lensName: lens.displayName,
      schedule: replacementSchedule(lens.wearTimeDays),
      considered,
      found: matches.length,
      next:
        matches.length > 0
          ? `${BRAND_FINDER_PATHS.results(lens.vanityUrl)}?${query}`
          : `${BRAND_FINDER_PATHS.ineligible}?${query}`,
    },
  };
}

export default function BrandFinderCalculatingPage({ loaderData }: Route.ComponentProps) {
  const { error, step } = loaderData;
  const navigate = useNavigate();
  const next = step?.next;
  useEffect(() => {
    if (!next) return;
    const timer = window.setTimeout(() => void navigate(next, { replace: true }), CONTINUE_AFTER_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [navigate, next]);

  if (!step) {
    return (
      <section className="brand-finder">
        <h1>Find your perfect brand</h1>
        <p role="alert">{error}</p>
        <p>
          <Link to={BRAND_FINDER_PATHS.search}>Search for your lens</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="brand-finder" aria-busy="true">
      {/* Without JavaScript the browser moves on by itself; with it, React ignores noscript and navigates above. */}
      <noscript>
        <meta httpEquiv="refresh" content={`${CONTINUE_AFTER_SECONDS};url=${step.next}`} />
      </noscript>
      <h1>Finding your matches…</h1>
      <p role="status">
        {`We compared ${step.considered} ${step.schedule} ${step.considered === 1 ? "lens" : "lenses"} with your ${step.lensName} parameters: `}
        {step.found === 0 ? "none is made in them." : `${step.found} ${step.found === 1 ? "is" : "are"} made in them.`}
      </p>
      <p>
        <Link to={step.next} replace>
          {step.found > 0 ? "See my matches" : "See what you can do"}
        </Link>
      </p>
    </section>
  );
}
