import { data, Link } from "react-router";
import { EXAM_MESSAGES, voucherApprovalStatus } from "~/models/exams";
import { ExamDetailsError } from "~/components/exam/ExamDetailsError";
import type { PageHandle } from "~/models/page";
import { fullName } from "~/models/patient";
import { prescriptionPath } from "~/models/prescriptions";
import { journeyOf } from "~/services/funnel/funnel.server";
import { requireExamCustomer } from "~/services/exams/exam-start.server";
import { examDetails } from "~/services/exams/exam-vouchers.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { walletPrescription } from "~/services/prescriptions/wallet.server";
import type { Route } from "./+types/exam.rx-details";

/** ExamRxDetails (spec: /exam/rx-details): the prescription the exam's doctor issued, once issued. */
export const handle: PageHandle = { pageName: "ExamRxDetails", headerType: "simple", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Your new prescription | Lenslane" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { session } = context.get(visitorContext);
  const customer = requireExamCustomer(context, request);
  const token = new URL(request.url).searchParams.get("examvouchertoken") ?? journeyOf(session).examVoucherToken;
  const voucher =
    token && /^[A-Za-z0-9_-]{10,100}$/.test(token) ? await examDetails(services, customer.id, token) : null;
  if (!voucher) throw data({ message: EXAM_MESSAGES.detailsFailed }, { status: 404 });
  const prescription =
    voucher.prescriptionId === null ? null : await walletPrescription(services.db, customer.id, voucher.prescriptionId);
  return {
    token: voucher.token,
    approval: voucherApprovalStatus(voucher.status),
    patientName: fullName({ firstName: voucher.patientFirstName, lastName: voucher.patientLastName }),
    prescription: prescription && {
      id: prescription.id,
      eyes: prescription.eyes.map((eye) => `${eye.summary} (${eye.productName})`),
      expiry: prescription.expiry.text,
      prescriber: prescription.prescriber,
    },
  };
}

export default function ExamRxDetailsPage({ loaderData }: Route.ComponentProps) {
  const { prescription, patientName, approval, token } = loaderData;
  if (!prescription) {
    return (
      <section className="narrow-page">
        <h1>{patientName}&apos;s prescription</h1>
        <p>
          {approval === "Pending"
            ? "The doctor is still reviewing the exam. We'll e-mail you when your prescription is ready."
            : "This exam has no prescription."}
        </p>
        <p>
          <Link to={`/exam/exam-complete?examvouchertoken=${encodeURIComponent(token)}`}>Back to your exam</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="narrow-page">
      <h1>{patientName}&apos;s new prescription</h1>
      <ul>
        {prescription.eyes.map((eye) => (
          <li key={eye}>{eye}</li>
        ))}
      </ul>
      <p>{prescription.expiry}</p>
      {prescription.prescriber ? (
        <p>
          Issued by {prescription.prescriber.name}, {prescription.prescriber.clinicName}
        </p>
      ) : null}
      <p>
        <Link to={prescriptionPath(prescription.id)}>Order from your prescription wallet</Link>
      </p>
      <p>
        <Link to={`/exam/exam-complete?examvouchertoken=${encodeURIComponent(token)}`}>Back to your exam</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <ExamDetailsError heading="Your prescription" />;
}
