import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { ExamInsuranceOffer } from "~/components/insurance/ExamInsuranceOffer";
import { PRIVATE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import { examInsuranceSearchSchema, INSURANCE_POLL_DELAYS_MS, searchTokenSchema } from "~/models/insurance";
import { EXAM_COMPLETE_PATH, EXAM_START_PATH } from "~/models/exams";
import type { PageHandle } from "~/models/page";
import { pageMeta } from "~/models/seo";
import { examPriceFor } from "~/services/exams/exam-campaigns.server";
import { readExamInsuranceSearch, startExamInsuranceSearch } from "~/services/insurance/exam-insurance.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { isSpam } from "~/services/platform/honeypot.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/exam.landing";

/** ExamLanding (spec: the exam path prefix; /exam/landing): what the online vision exam is, its price, and the start. */
export const handle: PageHandle = { pageName: "ExamLanding", cache: "public" };

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta(
        {
          title: "Online vision exam: renew your contact lens prescription | Lenslane",
          description: `Renew your contact lens prescription with a 10-minute online vision exam. Only $${loaderData.price}, FSA/HSA eligible, and the prescription is issued by a doctor.`,
          canonical: "/exam/landing",
        },
        loaderData.siteUrl,
      )
    : [];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Spec: the exam pages are also reached with exam-complete=true, which means the exam is done. */
export function examCompleteRedirect(request: Request): void {
  const url = new URL(request.url);
  if (url.searchParams.get("exam-complete") !== "true") return;
  const token = url.searchParams.get("examvouchertoken");
  throw redirect(token ? `${EXAM_COMPLETE_PATH}?examvouchertoken=${encodeURIComponent(token)}` : EXAM_COMPLETE_PATH);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  examCompleteRedirect(request);
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const token = searchTokenSchema.safeParse(url.searchParams.get("insuranceSearch"));
  const [quote, insurance] = await Promise.all([
    examPriceFor(services, context.get(visitorContext)),
    token.success ? examInsuranceView(services, token.data, url) : null,
  ]);
  const price = quote.priceCents / 100;
  const originalPrice = quote.originalPriceCents / 100;
  return data(
    { price, originalPrice, siteUrl: services.config.siteUrl, insurance },
    // A shopper's exam insurance result is theirs alone, and so is an exam price variation's price (decision 64).
    { headers: { "Cache-Control": insurance || quote.overridden ? PRIVATE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL } },
  );
}

const LAST_POLL = INSURANCE_POLL_DELAYS_MS.length - 1;

/** The exam insurance search's result (decision 54), polled on the insurance schedule until Complete. */
async function examInsuranceView(services: Parameters<typeof readExamInsuranceSearch>[0], token: string, url: URL) {
  const poll = Math.min(LAST_POLL, Math.max(0, Number(url.searchParams.get("insurancePoll")) || 0));
  const result = await readExamInsuranceSearch(services, token);
  const searching = result.isSearching && poll < LAST_POLL;
  return {
    result,
    gaveUp: result.isSearching && !searching,
    next: searching
      ? {
          href: `/exam/landing?insuranceSearch=${token}&insurancePoll=${poll + 1}#exam-insurance`,
          seconds: Math.max(1, Math.round(INSURANCE_POLL_DELAYS_MS[poll + 1]! / 1000)),
        }
      : null,
  };
}

/** The exam insurance check's form: starts the search and shows its result on this page. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: examInsuranceSearchSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (await isSpam(formData)) return redirect("/exam/landing", 303);
  const { searchToken } = await startExamInsuranceSearch(services, submission.value);
  if (searchToken === null) {
    return data(
      { result: submission.reply({ formErrors: ["Your plan isn't answering right now. Please try again."] }) },
      { status: 502 },
    );
  }
  return redirect(`/exam/landing?insuranceSearch=${searchToken}#exam-insurance`, 303);
}

function dollars(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

export default function ExamLandingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { price, originalPrice } = loaderData;
  return (
    <article className="narrow-page exam-landing">
      <h1>Renew your prescription online</h1>
      <p className="lead">
        Take a 10-minute online vision exam from home. A licensed eye doctor reviews it and, when your eyes are healthy
        and your lenses still suit you, issues a new contact lens prescription, saved to your account for easy ordering.
      </p>
      <ul>
        <li>10-minute online vision exam</li>
        <li>
          Only {dollars(price)}
          {originalPrice > price ? <s> {dollars(originalPrice)}</s> : null} and FSA/HSA eligible
        </li>
        <li>Doctor-issued prescription</li>
      </ul>
      <Form method="get" action={EXAM_START_PATH}>
        <button type="submit" className="button button-primary">
          Start your exam
        </button>
      </Form>
      <ExamInsuranceOffer view={loaderData.insurance} lastResult={actionData?.result} />
      <h2>How it works</h2>
      <ol>
        <li>Tell us who is taking the exam and which contact lenses they wear now.</li>
        <li>Answer a few questions about your eyes, then read letters on your screen, one eye at a time.</li>
        <li>
          A doctor reviews your results, usually within a day. You can order your lenses as soon as you finish: we ship
          them once the doctor issues your prescription.
        </li>
      </ol>
      <h2>Is it right for me?</h2>
      <p>
        The online exam renews a prescription for contact lenses you already wear comfortably. It is for adults aged 18
        to 55 without eye pain, redness or a recent change in vision. It does not replace a full eye health exam: see an
        eye doctor in person at least every two years.
      </p>
    </article>
  );
}
