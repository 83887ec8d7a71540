import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { ContentArticle } from "~/components/content/ContentArticle";
import { BenefitSearchForm } from "~/components/insurance/BenefitSearchForm";
import { benefitSearchFormSchema, criteriaOfForm, SEARCH_STATUS_TEXT } from "~/models/insurance";
import { insuranceReturnPath, returnQuery } from "~/models/insurance-campaigns";
import type { PageHandle } from "~/models/page";
import { pageMeta } from "~/models/seo";
import { notFound } from "~/services/content/content-pages.server";
import { startBenefitSearch } from "~/services/insurance/benefit-search.server";
import { insuranceServicesFor } from "~/services/insurance/eligibility-choice.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { isSpam } from "~/services/platform/honeypot.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/vision-insurance";

/**
 * /vision-insurance (the header's 'Insurance' link): the content page about using vision insurance, and 'Check my
 * benefits'. The form (here and on the cart) starts a member benefit search and goes to its results page, which
 * polls it (decision 54). The search runs on the visitor's eligibility service, and a search started from checkout or
 * the rapid reorder (`returnTo`) comes back there after 'Apply to my cart' (decision 65).
 */

export const handle: PageHandle = { pageName: "Vision insurance" };

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta({ ...loaderData.page, type: "article", noindex: false }, loaderData.siteUrl) : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const page = await services.content.getPage("/vision-insurance");
  if (!page) notFound(services, request);
  const returnTo = insuranceReturnPath(new URL(request.url).searchParams.get("returnTo"));
  return { page, siteUrl: services.config.siteUrl, providers: services.insurance.providers, returnTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const { customer } = visitor;
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: benefitSearchFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // A bot's search goes nowhere (and costs the provider nothing).
  if (await isSpam(formData)) return redirect("/vision-insurance", 303);
  const started = await startBenefitSearch(
    insuranceServicesFor(services, visitor),
    criteriaOfForm(submission.value, customer ? { customerId: customer.id } : undefined),
  );
  if (started.searchToken === null) {
    return data(
      { result: submission.reply({ formErrors: [SEARCH_STATUS_TEXT[started.searchStatus]] }) },
      { status: 502 },
    );
  }
  const returnTo = insuranceReturnPath(formData.get("returnTo"));
  return redirect(`/vision-insurance/results/${started.searchToken}${returnQuery(returnTo)}`, 303);
}

export default function VisionInsurancePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ContentArticle page={loaderData.page} />
      <BenefitSearchForm
        providers={loaderData.providers}
        lastResult={actionData?.result}
        returnTo={loaderData.returnTo}
      />
    </>
  );
}
