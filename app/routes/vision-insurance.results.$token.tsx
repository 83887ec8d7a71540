import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigate } from "react-router";
import { FieldError } from "~/components/forms/FieldError";
import { formatCents } from "~/models/catalog";
import {
  appliableBenefit,
  applyBenefitFormSchema,
  INSURANCE_POLL_DELAYS_MS,
  isPollingDone,
  searchTokenSchema,
  SEARCH_STATUS_TEXT,
  statusAfterLastPoll,
  type InsuranceBenefit,
  type SearchResult,
} from "~/models/insurance";
import { insuranceReturnPath, returnQuery } from "~/models/insurance-campaigns";
import type { PageHandle } from "~/models/page";
import { ensureCart } from "~/services/cart/add-to-cart.server";
import { applyBenefitFromSearch } from "~/services/cart/cart-insurance.server";
import { readBenefitSearch } from "~/services/insurance/benefit-search.server";
import { insuranceServicesFor } from "~/services/insurance/eligibility-choice.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { flashToast } from "~/services/platform/session.server";
import type { Route } from "./+types/vision-insurance.results.$token";

/**
 * A benefit search's results (decision 54). `?poll=N` counts the page's polls: without JavaScript the page refreshes
 * itself (a meta refresh inside <noscript>) and offers 'Check again'; with JavaScript it moves to the next poll on
 * the same schedule (INSURANCE_POLL_DELAYS_MS). Polling ends when the search is no longer Pending or a benefit
 * succeeded; still Pending at the last poll is NotFound. A success offers 'Apply to my cart', which comes back to the
 * page the search started from (`returnTo`: checkout or the rapid reorder; else the cart). The search is read on the
 * visitor's eligibility service (decision 65).
 */

export const handle: PageHandle = { pageName: "Insurance results" };

export const meta: Route.MetaFunction = () => [
  { title: "Your insurance benefits | Lenslane" },
  { name: "robots", content: "noindex" },
];

const LAST_POLL = INSURANCE_POLL_DELAYS_MS.length - 1;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const token = searchTokenSchema.safeParse(params.token);
  if (!token.success) throw data("No such search", { status: 404 });
  const url = new URL(request.url);
  const poll = Math.min(LAST_POLL, Math.max(0, Number(url.searchParams.get("poll")) || 0));
  const services = insuranceServicesFor(context.get(servicesContext), context.get(visitorContext));
  const read = await readBenefitSearch(services, token.data);
  const done = isPollingDone(read);
  const result: SearchResult =
    !done && poll >= LAST_POLL ? { ...read, searchStatus: statusAfterLastPoll(read.searchStatus) } : read;
  // Polling ended on a benefit that succeeded while the search is still Pending: the shopper sees a success.
  const shown = done && result.searchStatus === "Pending" ? "Success" : result.searchStatus;
  const polling = !done && poll < LAST_POLL;
  return {
    searchToken: token.data,
    returnTo: insuranceReturnPath(url.searchParams.get("returnTo")),
    poll,
    polling,
    /** Seconds until the next poll (the schedule's next delay). */
    nextPollSeconds: polling ? Math.max(1, Math.round(INSURANCE_POLL_DELAYS_MS[poll + 1]! / 1000)) : null,
    status: shown,
    statusText: SEARCH_STATUS_TEXT[shown],
    benefits: result.insuranceBenefits.map((benefit) => ({
      ...benefit,
      appliable: appliableBenefit(result, benefit.benefitId) !== null,
    })),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const visitor = context.get(visitorContext);
  const services = insuranceServicesFor(context.get(servicesContext), visitor);
  const { session, customer } = visitor;
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: applyBenefitFormSchema });
  if (submission.status !== "success" || submission.value.searchToken !== params.token) {
    return data({ error: "Choose a benefit to apply." }, { status: 400 });
  }
  const cartId = await ensureCart(services.db, session, customer?.id ?? null);
  const outcome = await applyBenefitFromSearch(services, cartId, submission.value);
  if (!outcome.ok) return data({ error: outcome.message }, { status: 422 });
  flashToast(session, "success", `${outcome.applied.planName}: your insurance benefit is applied.`);
  return redirect(insuranceReturnPath(formData.get("returnTo")) ?? "/cart", 303);
}

export default function InsuranceResultsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { searchToken, returnTo, poll, polling, nextPollSeconds, status, statusText, benefits } = loaderData;
  const next = `/vision-insurance/results/${searchToken}?poll=${poll + 1}${returnQuery(returnTo, "&")}`;
  const navigate = useNavigate();
  // With JavaScript: the next poll on the schedule, in place of the page's own refresh.
  useEffect(() => {
    if (!polling || nextPollSeconds === null) return;
    const timer = setTimeout(
      () => void navigate(next, { replace: true, preventScrollReset: true }),
      nextPollSeconds * 1000,
    );
    return () => clearTimeout(timer);
  }, [polling, nextPollSeconds, next, navigate]);

  return (
    <section className="insurance-results">
      {polling && nextPollSeconds !== null ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${nextPollSeconds};url=${next}`} />
        </noscript>
      ) : null}
      <h1>Your insurance benefits</h1>
      <p role="status" data-testid="insurance-status" data-status={status}>
        {statusText}
      </p>
      {polling ? (
        <p>
          <Link to={next} replace>
            Check again
          </Link>
        </p>
      ) : null}
      <FieldError as="p" errors={actionData?.error ?? null} data-testid="insurance-apply-error" />
      {benefits.length > 0 && !polling ? (
        <ul className="insurance-benefits">
          {benefits.map((benefit) => (
            <li key={benefit.benefitId} data-testid="insurance-benefit">
              <BenefitDetails benefit={benefit} />
              {benefit.appliable ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="apply-insurance" />
                  <input type="hidden" name="benefitId" value={benefit.benefitId} />
                  <input type="hidden" name="searchToken" value={searchToken} />
                  {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
                  <button type="submit" className="button button-primary">
                    Apply to my cart
                  </button>
                </Form>
              ) : (
                <p>This benefit can't be used for an order here right now.</p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to={`/vision-insurance${returnQuery(returnTo)}`}>Search again</Link> ·{" "}
        {returnTo === "/checkout" ? (
          <Link to="/checkout">Back to checkout</Link>
        ) : returnTo === "/rapid-reorder" ? (
          <Link to="/rapid-reorder">Back to your reorder</Link>
        ) : (
          <Link to="/cart">Back to your cart</Link>
        )}
      </p>
    </section>
  );
}

function BenefitDetails({ benefit }: { benefit: InsuranceBenefit }) {
  return (
    <>
      <h2>{benefit.planName}</h2>
      <dl>
        <dt>Member</dt>
        <dd>
          {benefit.firstName} {benefit.lastName}
        </dd>
        <dt>Provider</dt>
        <dd>
          {benefit.provider} ({benefit.network}, {benefit.inNetwork ? "in network" : "out of network"})
        </dd>
        <dt>Contact lens allowance left</dt>
        <dd data-testid="insurance-allowance">{formatCents(benefit.remainingAllowance)}</dd>
        {benefit.copay > 0 ? (
          <>
            <dt>Copay</dt>
            <dd>{formatCents(benefit.copay)}</dd>
          </>
        ) : null}
        {benefit.isOneTimeUse ? (
          <>
            <dt>Use</dt>
            <dd>One time: the whole allowance goes to one order.</dd>
          </>
        ) : null}
        {benefit.expireDate ? (
          <>
            <dt>Expires</dt>
            <dd>{benefit.expireDate}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
