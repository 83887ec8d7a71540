import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { FinderParametersForm } from "~/components/brand-finder/FinderParametersForm";
import { UnknownLens } from "~/components/brand-finder/UnknownLens";
import {
  BRAND_FINDER_MESSAGES,
  BRAND_FINDER_PATHS,
  brandFinderParametersSchema,
  brandFinderQuery,
  hasParameterInput,
} from "~/models/brand-finder-query";
import type { PageHandle } from "~/models/page";
import { brandFinderStepLens } from "~/services/catalog/brand-finder.server";
import type { Route } from "./+types/try-contact-lens-brands.parameters";

/**
 * Find my perfect brand, step 2 (spec 2.1: needs productId, else back to search): the current lens's per-eye
 * parameters. The form is a GET to this page: complete parameters move on to calculating with the canonical
 * query; incomplete ones come back here with their errors and values.
 */
export const handle: PageHandle = { pageName: "FindMyPerfectBrand" };

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData?.lens
      ? `Your ${loaderData.lens.displayName} parameters | Lenslane`
      : "Find your perfect brand | Lenslane",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await brandFinderStepLens("parameters", url, context);
  if (!found.lens) {
    return data(
      { lens: null, error: BRAND_FINDER_MESSAGES.unknownLens, lastResult: undefined },
      { status: found.status },
    );
  }
  const current = found.lens;
  const lens = { id: current.id, displayName: current.displayName, parameters: current.parameters };
  if (!hasParameterInput(url.searchParams)) return { lens, error: null, lastResult: undefined };
  const submission = parseWithZod(url.searchParams, { schema: brandFinderParametersSchema(current.parameters) });
  if (submission.status === "success") {
    throw redirect(`${BRAND_FINDER_PATHS.calculating}?${brandFinderQuery(current.id, submission.value)}`);
  }
  return data({ lens, error: null, lastResult: submission.reply() }, { status: 400 });
}

export default function BrandFinderParametersPage({ loaderData }: Route.ComponentProps) {
  const { lens, error, lastResult } = loaderData;
  if (!lens) {
    return <UnknownLens error={error} />;
  }
  return (
    <section className="brand-finder">
      <h1>Your {lens.displayName} parameters</h1>
      <p>
        Choose the parameters of the lens you wear now, as on your prescription or your lens box. We&apos;ll look for
        other lenses made in the same parameters.
      </p>
      <FinderParametersForm productId={lens.id} parameters={lens.parameters} lastResult={lastResult} />
      <p>
        <Link to={BRAND_FINDER_PATHS.search}>Not your lens? Search again</Link>
      </p>
    </section>
  );
}
