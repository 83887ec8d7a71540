import { data, Form, Link, redirect } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { z } from "zod";
import type { PageHandle } from "~/models/page";
import { addDays, formatReorderDate, SNOOZE_LINK_PARAM, SNOOZE_PATH, snoozeMessage } from "~/models/subscription";
import { snoozeLabel } from "~/services/adapters/email/subscription-templates";
import { servicesContext } from "~/services/platform/context.server";
import { isSpam } from "~/services/platform/honeypot.server";
import { snoozeLinkState, type SnoozeLinkState } from "~/services/auto-reorder/reorder-reminders.server";
import { snoozeSubscription } from "~/services/subscriptions/subscriptions.server";
import styles from "~/styles/snooze.css?url";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/auto-reorder.snooze";

export const handle: PageHandle = { pageName: "AutoReorderSnooze", headerType: "simple", footerSimplified: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** The button's form: the link's signed token, carried over (the token is the only authority, signed in or not). */
const snoozeFormSchema = z.object({ [SNOOZE_LINK_PARAM]: z.string().max(400) });

/** Set on the redirect after a press that moved the date (the page then says so, not 'already snoozed'). */
const SNOOZED_PARAM = "snoozed";

export const meta: Route.MetaFunction = () => [
  { title: "Snooze your next order | Lenslane" },
  { name: "robots", content: "noindex, nofollow" },
  // The signed token is in this page's URL: never send it on to another site.
  { name: "referrer", content: "same-origin" },
];

export const SNOOZE_PAGE_MESSAGES = {
  broken: "This snooze link is incomplete or has been changed, so it can't be used.",
  expired: "This snooze link has expired.",
  notFound: "We couldn't find the subscription this link is for.",
  cancelled: "This subscription was cancelled, so there is no order to snooze.",
  signIn: "Sign in to manage your subscriptions",
} as const;

function snoozePath(token: string, extra = ""): string {
  return `${SNOOZE_PATH}?${SNOOZE_LINK_PARAM}=${encodeURIComponent(token)}${extra}`;
}

/** What the page shows; nothing here changes anything (link scanners and crawlers only ever GET). */
function pageView(state: SnoozeLinkState, token: string, justSnoozed: boolean) {
  if (state.kind === "invalid") {
    const message =
      state.reason === "expired"
        ? SNOOZE_PAGE_MESSAGES.expired
        : state.reason === "not-found"
          ? SNOOZE_PAGE_MESSAGES.notFound
          : SNOOZE_PAGE_MESSAGES.broken;
    return { kind: "invalid" as const, message };
  }
  const manageHref = `/account/subscriptions/${state.subscriptionId}`;
  if (state.kind === "cancelled")
    return { kind: "cancelled" as const, message: SNOOZE_PAGE_MESSAGES.cancelled, manageHref };
  const { link, outcome } = state;
  const newDate = addDays(link.reorderDate, link.days);
  // After the press moved the date the outcome reads 'already snoozed'; the press's own words are the success.
  const message =
    justSnoozed && outcome.kind === "alreadySnoozed"
      ? snoozeMessage({ kind: "snoozed", from: link.reorderDate, to: outcome.date })
      : snoozeMessage(outcome);
  return {
    kind: "active" as const,
    token,
    manageHref,
    canSnooze: outcome.kind === "snoozed",
    success: outcome.kind === "alreadySnoozed",
    message,
    label: snoozeLabel(link.days),
    currentDate: formatReorderDate(state.currentDate),
    newDate: formatReorderDate(newDate),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const token = url.searchParams.get(SNOOZE_LINK_PARAM) ?? "";
  const state = await snoozeLinkState(services, token);
  const view = pageView(state, token, url.searchParams.get(SNOOZED_PARAM) === "1");
  return data(view, { status: view.kind === "invalid" ? 400 : 200 });
}

/**
 * The button: snoozes by the link's days from the link's date (spec 3 §4 outcomes, idempotent), then back to the
 * page (303), which shows the outcome. A bad or expired token lands on the page's explanation, never an error.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const formData = await readForm(request);
  const parsed = snoozeFormSchema.safeParse(Object.fromEntries(formData));
  const token = parsed.success ? parsed.data[SNOOZE_LINK_PARAM] : "";
  if (!parsed.success || (await isSpam(formData))) return redirect(snoozePath(token), 303);
  const state = await snoozeLinkState(services, token);
  if (state.kind !== "active") return redirect(snoozePath(token), 303);
  const result = await snoozeSubscription(services.db, null, state.subscriptionId, {
    linkDate: state.link.reorderDate,
    days: state.link.days,
  });
  const snoozed = result.ok && result.value.kind === "snoozed";
  return redirect(snoozePath(token, snoozed ? `&${SNOOZED_PARAM}=1` : ""), 303);
}

export default function SnoozePage({ loaderData: page }: Route.ComponentProps) {
  return (
    <section className="snooze-page">
      <h1>Snooze your next order</h1>
      {page.kind === "invalid" ? (
        <>
          <p className="notice" role="alert" data-testid="snooze-message">
            {page.message} You can still snooze or change your next order from your account.
          </p>
          <p>
            <Link to="/account/subscriptions">{SNOOZE_PAGE_MESSAGES.signIn}</Link>
          </p>
        </>
      ) : page.kind === "cancelled" ? (
        <>
          <p className="notice" role="status" data-testid="snooze-message">
            {page.message}
          </p>
          <p>
            <Link to={page.manageHref}>See your subscription</Link>
          </p>
        </>
      ) : page.canSnooze ? (
        <>
          <dl className="snooze-dates">
            <div>
              <dt>Your next order</dt>
              <dd data-testid="snooze-current-date">{page.currentDate}</dd>
            </div>
            <div>
              <dt>Snoozed by {page.label}</dt>
              <dd data-testid="snooze-new-date">{page.newDate}</dd>
            </div>
          </dl>
          <Form method="post" className="snooze-form">
            <HoneypotInputs label="Please leave this field blank" />
            <input type="hidden" name={SNOOZE_LINK_PARAM} value={page.token} />
            <button type="submit" className="button button-primary">
              Snooze my order
            </button>
          </Form>
          <p className="snooze-manage">
            Want a different date? <Link to={page.manageHref}>Manage your subscription</Link>
          </p>
        </>
      ) : (
        <>
          <p
            className={page.success ? "snooze-success" : "notice"}
            role={page.success ? "status" : "alert"}
            data-testid="snooze-message"
          >
            {page.message}
          </p>
          <p className="snooze-manage">
            <Link to={page.manageHref}>Manage your subscription</Link>
          </p>
        </>
      )}
    </section>
  );
}
