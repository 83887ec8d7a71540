import { Link } from "react-router";
import { ExamReceipt } from "~/components/exam/ExamReceipt";
import { EXAM_PAYMENT_MESSAGES } from "~/models/exam-payments";
import type { PageHandle } from "~/models/page";
import { examReceipt } from "~/services/exams/exam-receipts.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/exam.exam-declined";

/**
 * ExamDeclined (spec: /exam/exam-declined; the server's 'Exam Declined' leads here). For the signed-in shopper whose
 * exam it was, the fee's receipt and its refund (decision 55).
 */
export const handle: PageHandle = { pageName: "ExamDeclined" };

export const meta: Route.MetaFunction = () => [
  { title: "The doctor couldn't renew your prescription online | Lenslane" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = context.get(visitorContext);
  const token = new URL(request.url).searchParams.get("examvouchertoken");
  if (!customer || !token || !/^[A-Za-z0-9_-]{10,100}$/.test(token)) return { receipt: null };
  return { receipt: await examReceipt(context.get(servicesContext).db, customer.id, token) };
}

export default function ExamDeclinedPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="narrow-page">
      <h1>Exam Declined</h1>
      <p>
        The doctor couldn&apos;t renew your prescription online. This usually means your eyes should be checked in
        person: an eye doctor can examine them fully and write a new prescription.
      </p>
      <ul>
        <li>
          <Link to="/eye-doctor-search">Find an eye doctor near you</Link>
        </li>
        <li>
          Already have a current prescription? <Link to="/upload-rx">Upload it</Link> and order your lenses.
        </li>
        <li>
          <Link to="/contact-us">Contact us</Link> with any question about your exam.
        </li>
      </ul>
      {loaderData.receipt ? <ExamReceipt receipt={loaderData.receipt} fsaHsa={EXAM_PAYMENT_MESSAGES.fsaHsa} /> : null}
    </section>
  );
}
