import { data, Form, redirect } from "react-router";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import { EXAM_COMPLETE_PATH, EXAM_START_PATH } from "~/models/exams";
import type { PageHandle } from "~/models/page";
import { pageMeta } from "~/models/seo";
import { examPrice } from "~/services/exams/exam-vouchers.server";
import { servicesContext } from "~/services/platform/context.server";
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
  const { price, originalPrice } = await examPrice(services);
  return data(
    { price, originalPrice, siteUrl: services.config.siteUrl },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } },
  );
}

function dollars(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

export default function ExamLandingPage({ loaderData }: Route.ComponentProps) {
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
