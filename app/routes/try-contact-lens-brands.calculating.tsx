import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Link, redirect, useNavigate } from "react-router";
import { UnknownLens } from "~/components/brand-finder/UnknownLens";
import {
  BRAND_FINDER_MESSAGES,
  BRAND_FINDER_PATHS,
  brandFinderParametersSchema,
  brandFinderQuery,
} from "~/models/brand-finder-query";
import { replacementSchedule } from "~/models/brand-finder-match";
import type { PageHandle } from "~/models/page";
import { brandFinderStepLens, findBrandMatchesFor } from "~/services/catalog/brand-finder.server";
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
  const found = await brandFinderStepLens("calculating", url, context);
  if (!found.lens) return data({ error: BRAND_FINDER_MESSAGES.unknownLens, step: null }, { status: found.status });
  const { lens, db, priceBook } = found;
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
    return <UnknownLens error={error} />;
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
