import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { examAddToCartSchema } from "~/models/exam-forms";
import { EXAM_MESSAGES, EXAM_START_PATH, voucherApprovalStatus } from "~/models/exams";
import { ExamDetailsError } from "~/components/exam/ExamDetailsError";
import type { PageHandle } from "~/models/page";
import { fullName } from "~/models/patient";
import { RECAPTURE_MESSAGES } from "~/models/recapture";
import { journeyOf, redirectToNextStep, updateJourney } from "~/services/funnel/funnel.server";
import { examCompleteExperienceFor } from "~/services/exams/exam-campaigns.server";
import { addExamToCart, examLenses } from "~/services/exams/exam-cart.server";
import { requireExamCustomer } from "~/services/exams/exam-start.server";
import { examDetails } from "~/services/exams/exam-vouchers.server";
import { examReceipt } from "~/services/exams/exam-receipts.server";
import { EXAM_PAYMENT_MESSAGES } from "~/models/exam-payments";
import { ExamReceipt } from "~/components/exam/ExamReceipt";
import { completeRecaptureByExam, takeRecaptureToast } from "~/services/orders/recapture.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { flashToast } from "~/services/platform/session.server";
import type { Route } from "./+types/exam.exam-complete";
import { ExamOrderLenses } from "~/components/exam/ExamOrderLenses";

/**
 * ExamPreOrder (spec: /exam/exam-complete, the default page after the exam): where the exam stands, and the exam's
 * lenses into the cart (the same service as POST /api/cart/preorderexam/). A declined exam goes to ExamDeclined; a
 * recapture exam sends the held order on instead. The visitor's exam-complete experience (decision 64) chooses how a
 * finished exam's lenses are offered: `standard` into the cart, `brand-choice` straight on to ordering them.
 */
export const handle: PageHandle = { pageName: "ExamPreOrder", headerType: "simple", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Your exam | Lenslane" },
  { name: "robots", content: "noindex" },
];

function tokenOf(request: Request, journeyToken: string | undefined): string | null {
  const token = new URL(request.url).searchParams.get("examvouchertoken") ?? journeyToken ?? null;
  return token && /^[A-Za-z0-9_-]{10,100}$/.test(token) ? token : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const { session } = visitor;
  const customer = requireExamCustomer(context, request);
  const token = tokenOf(request, journeyOf(session).examVoucherToken);
  const voucher = token ? await examDetails(services, customer.id, token, { fresh: true }) : null;
  if (!voucher) throw data({ message: EXAM_MESSAGES.detailsFailed }, { status: 404 });

  const approval = voucherApprovalStatus(voucher.status);
  if (approval === "Declined") {
    throw redirect(`/exam/exam-declined?examvouchertoken=${encodeURIComponent(voucher.token)}`);
  }
  // Spec: the journey forgets the exam once it is complete.
  if ((approval === "Pending" || approval === "Approved") && journeyOf(session).examVoucherToken) {
    updateJourney(session, { examVoucherToken: undefined });
  }
  if (voucher.isRecapture && voucher.orderId !== null) {
    // The sync above (or the exams job before it) may have completed the notice already: the toast is kept apart.
    await completeRecaptureByExam(services.db, voucher);
    const notice = { customerId: customer.id, orderId: voucher.orderId, examVoucherToken: voucher.token };
    if (await takeRecaptureToast(services.db, notice)) {
      flashToast(session, "success", RECAPTURE_MESSAGES.working);
      // Once more, so the toast shows on the page that follows.
      throw redirect(`/exam/exam-complete?examvouchertoken=${encodeURIComponent(voucher.token)}`);
    }
  }
  const [lenses, receipt] = await Promise.all([
    approval === "Pending" || approval === "Approved" ? examLenses(services.db, voucher) : [],
    examReceipt(services.db, customer.id, voucher.token),
  ]);
  return {
    token: voucher.token,
    status: voucher.status,
    approval,
    patientName: fullName({ firstName: voucher.patientFirstName, lastName: voucher.patientLastName }),
    isRecapture: voucher.isRecapture,
    potentialEvidence: voucher.potentialEvidence,
    receipt,
    experience: examCompleteExperienceFor(services, visitor),
    // What the page shows of each lens (not its UPC or parameters).
    lenses: lenses.map((lens) => ({
      eye: lens.eye,
      productName: lens.productName,
      brandName: lens.brandName,
      productPath: lens.productPath,
      parametersText: lens.parametersText,
      eyeTitle: lens.eyeTitle,
      quantityOptions: lens.quantityOptions,
      defaultQuantity: lens.defaultQuantity,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { session } = context.get(visitorContext);
  const customer = requireExamCustomer(context, request);
  const submission = parseWithZod(await readForm(request), { schema: examAddToCartSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent, examVoucherToken, rightQuantity, leftQuantity } = submission.value;
  // Read fresh, as the API does: the exam may have been declined since the page was shown.
  const voucher = await examDetails(services, customer.id, examVoucherToken, { fresh: true });
  if (!voucher) return data(submission.reply({ formErrors: [EXAM_MESSAGES.addToCartFailed] }), { status: 404 });
  const added = await addExamToCart(services.db, {
    voucher,
    cart: { session },
    customerId: customer.id,
    quantities: { right: rightQuantity, left: leftQuantity },
  });
  if (!added.ok) {
    if (added.message === EXAM_MESSAGES.declined) {
      throw redirect(`/exam/exam-declined?examvouchertoken=${encodeURIComponent(voucher.token)}`, 303);
    }
    return data(submission.reply({ formErrors: [added.message] }), { status: added.status });
  }
  flashToast(session, "success", "Your exam's lenses are in your cart.");
  // The brand-choice experience's 'Order these lenses': on past the cart, to the order's next step.
  if (intent === "order-now") return redirectToNextStep(services.db, { session, customer }, "Cart");
  return redirect("/cart", 303);
}

export default function ExamCompletePage({ loaderData, actionData }: Route.ComponentProps) {
  const { approval, patientName, lenses, token } = loaderData;
  const receipt = loaderData.receipt ? (
    <ExamReceipt receipt={loaderData.receipt} fsaHsa={EXAM_PAYMENT_MESSAGES.fsaHsa} />
  ) : null;
  if (approval === "Needed") {
    return (
      <section className="narrow-page">
        <h1>{patientName}&apos;s exam isn&apos;t finished</h1>
        <p>Finish the exam to get your new prescription. Your answers so far are kept.</p>
        <Form method="post" action={EXAM_START_PATH}>
          <input type="hidden" name="intent" value="continue" />
          <input type="hidden" name="examVoucherToken" value={token} />
          <button type="submit" className="button button-primary">
            Continue your exam
          </button>
        </Form>
        {receipt}
      </section>
    );
  }
  if (approval !== "Pending" && approval !== "Approved") {
    return (
      <section className="narrow-page">
        <h1>This exam has ended</h1>
        <p>
          {patientName}&apos;s exam was {loaderData.status === "Expired" ? "not finished in time" : "canceled"}. You can
          start a new one at any time.
        </p>
        <p>
          <Link to={EXAM_START_PATH} className="button button-primary">
            Start a new exam
          </Link>
        </p>
        {receipt}
      </section>
    );
  }
  if (loaderData.isRecapture) {
    return (
      <section className="narrow-page">
        <h1>Thank you, your exam is with the doctor</h1>
        <p>
          {loaderData.potentialEvidence || approval === "Approved"
            ? "We're working on your order: we'll ship it as soon as the doctor issues the prescription."
            : "The doctor will review your exam. We'll e-mail you about your order."}
        </p>
        <p>
          <Link to="/order-history">Your orders</Link>
        </p>
        {receipt}
      </section>
    );
  }
  const order =
    lenses.length > 0 ? (
      <ExamOrderLenses experience={loaderData.experience} token={token} lenses={lenses} lastResult={actionData} />
    ) : (
      <p>
        The lenses on your exam aren&apos;t sold here any more. <Link to="/lenses">Choose your lenses</Link>.
      </p>
    );
  const rxLink =
    approval === "Approved" ? (
      <p>
        <Link to={`/exam/rx-details?examvouchertoken=${encodeURIComponent(token)}`}>View your prescription</Link>
      </p>
    ) : null;
  if (loaderData.experience === "brand-choice") {
    // Straight to ordering: the lenses the new prescription is for come first.
    return (
      <section className="narrow-page exam-complete" data-experience="brand-choice">
        <h1>{approval === "Approved" ? "Your prescription is ready" : "Choose your lenses"}</h1>
        <p>
          {approval === "Approved"
            ? `The doctor issued ${patientName}'s new prescription. Order the lenses it is for in a few clicks.`
            : `The doctor is reviewing ${patientName}'s exam. Order the lenses your new prescription is for now: we ship them as soon as the doctor issues it.`}
        </p>
        {order}
        {rxLink}
        {receipt}
      </section>
    );
  }
  return (
    <section className="narrow-page exam-complete" data-experience="standard">
      <h1>
        {approval === "Approved" ? `${patientName}'s prescription is ready` : "Thank you, your exam is with the doctor"}
      </h1>
      <p>
        {approval === "Approved"
          ? "The doctor issued your new prescription. It's saved to your account."
          : "A doctor reviews your exam, usually within a day. Order your lenses now: we ship them as soon as the doctor issues your prescription."}
      </p>
      {rxLink}
      {order}
      {receipt}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <ExamDetailsError heading="Your exam">
      <p>
        <Link to={EXAM_START_PATH}>Start or continue your exam</Link>
      </p>
    </ExamDetailsError>
  );
}
