import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { ExamStartStep, type ExamStartView } from "~/components/exam/ExamStartSteps";
import {
  EXAM_START_MESSAGES,
  examContinueSchema,
  examForOrderSchema,
  examFromLensesSchema,
  examFromPrescriptionSchema,
  examNewPatientSchema,
} from "~/models/exam-forms";
import { voucherApprovalStatus } from "~/models/exams";
import type { PageHandle } from "~/models/page";
import { fullName } from "~/models/patient";
import { isOrderNumberShaped } from "~/models/order-status";
import { prescriptionEyes, eyeSummary, expiryView } from "~/models/prescriptions";
import { businessToday } from "~/models/subscription";
import { PRODUCT_TYPE } from "~/models/catalog";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import { listCatalog } from "~/services/catalog/catalog.server";
import { upsertPatient } from "~/services/funnel/group-steps.server";
import { getPrimaryAddress } from "~/services/accounts/addresses.server";
import { examBrowserGuard } from "~/services/exams/exam-browser.server";
import {
  customerPatient,
  examLensParameters,
  heldOrderForExam,
  redirectToExam,
  requireExamCustomer,
  startForOrder,
  startFromLenses,
  startFromPrescription,
  type StartResult,
} from "~/services/exams/exam-start.server";
import {
  chosenPatientChoice,
  customerVoucher,
  NEW_PATIENT_CHOICE,
  patientChoices,
} from "~/services/exams/exam-vouchers.server";
import { expressExamEligible } from "~/services/orders/recapture.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { listCustomerPrescriptions } from "~/services/prescriptions/prescription-records.server";
import styles from "~/styles/funnel-steps.css?url";
import type { Route } from "./+types/exam.start";

/**
 * The exam's start (spec: the start path under the exam prefix; the signed-in start path is the same page). Which
 * patient (URL state: ?patient=), then the lenses the exam renews, then the provider's exam. With ?order= it renews
 * the prescription of a held order (recapture) for that order's patient and lenses.
 */
export const handle: PageHandle = { pageName: "ExamStart", headerType: "simple", footerSimplified: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Start your online vision exam | Lenslane" },
  { name: "robots", content: "noindex" },
];

const parseId = (value: string | null) => (value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null);

export async function loader({ request, context }: Route.LoaderArgs): Promise<ExamStartView> {
  const services = context.get(servicesContext);
  const { session } = context.get(visitorContext);
  examBrowserGuard(request, session);
  const customer = requireExamCustomer(context, request);
  const url = new URL(request.url);
  const { db } = services;

  if (!(await expressExamEligible(services, customer.id))) {
    const primary = await getPrimaryAddress(db, customer.id);
    return { step: "not-served", message: EXAM_START_MESSAGES.notServed(primary?.state ?? "your state") };
  }

  const orderNumber = url.searchParams.get("order");
  if (isOrderNumberShaped(orderNumber ?? undefined)) {
    const held = await heldOrderForExam(db, customer.id, orderNumber!);
    if (held) {
      return {
        step: "for-order",
        orderNumber: held.orderNumber,
        patientName: fullName(held.patient),
        lenses: held.lenses,
      };
    }
  }

  const choices = await patientChoices(db, customer.id);
  const patientParam = url.searchParams.get("patient");
  const onlyNew = choices.length === 1;
  if (patientParam === NEW_PATIENT_CHOICE || (onlyNew && patientParam === null)) {
    return { step: "new-patient", backHref: onlyNew ? "/exam/landing" : "/exam/start" };
  }
  const choice = choices.find((candidate) => candidate.id === patientParam && candidate.patient);
  if (!choice) {
    return {
      step: "choose",
      choices: choices.map(({ id, patientName, exam }) => ({ id, patientName, examInProgress: exam !== null })),
      chosen: chosenPatientChoice(choices).id,
      error: patientParam === null ? null : EXAM_START_MESSAGES.choosePatient,
    };
  }
  const patient = choice.patient!;
  if (choice.exam) {
    return {
      step: "continue",
      patientName: choice.patientName,
      examVoucherToken: choice.exam.examVoucherToken,
    };
  }

  const today = businessToday();
  const productId = parseId(url.searchParams.get("productId"));
  const [prescriptions, lensProducts, parameters] = await Promise.all([
    listCustomerPrescriptions(db, customer.id),
    listCatalog(db, "none", PRODUCT_TYPE.lens),
    productId === null ? null : examLensParameters(db, productId),
  ]);
  return {
    step: "lenses",
    patientId: patient.patientId,
    patientName: choice.patientName,
    prescriptions: prescriptions
      .filter((rx) => rx.patientId === patient.patientId)
      .filter((rx) => prescriptionEyes(rx).some(({ record }) => record.upc && record.upc !== SUBMIT_AND_SKIP_UPC))
      .map((rx) => ({
        id: rx.id,
        eyes: prescriptionEyes(rx).map(({ eye, record }) => eyeSummary(eye, record)),
        expiry: expiryView(rx.expirationDate, today).text,
      })),
    lensProducts: lensProducts.map((product) => ({ id: product.productId, name: product.displayName })),
    productId: parameters ? productId : null,
    parameters: parameters ?? [],
  };
}

type ReplyResult = SubmissionResult<string[]>;

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { session } = context.get(visitorContext);
  examBrowserGuard(request, session);
  const customer = requireExamCustomer(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");

  const refused = (reply: ReplyResult) => data(reply, { status: 400 });
  const started = (
    submission: { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => ReplyResult },
    result: StartResult,
  ) => {
    // The exam is created once it is paid: the pay step comes next (decision 55).
    if (result.ok) return redirect(result.paymentPath, 303);
    return refused(
      result.field
        ? submission.reply({ fieldErrors: { [result.field]: [result.message] } })
        : submission.reply({ formErrors: [result.message] }),
    );
  };

  switch (intent) {
    case "add-patient": {
      const submission = parseWithZod(form, { schema: examNewPatientSchema });
      if (submission.status !== "success") return refused(submission.reply());
      const { firstName, lastName } = submission.value;
      const patientId = await services.db.transaction((tx) => upsertPatient(tx, customer.id, firstName, lastName));
      return redirect(`/exam/start?patient=${patientId}`, 303);
    }
    case "continue": {
      const submission = parseWithZod(form, { schema: examContinueSchema });
      if (submission.status !== "success") return refused(submission.reply());
      const voucher = await customerVoucher(services.db, customer.id, submission.value.examVoucherToken);
      if (!voucher || voucherApprovalStatus(voucher.status) !== "Needed") {
        return refused(submission.reply({ formErrors: [EXAM_START_MESSAGES.examGone] }));
      }
      return redirectToExam(services, session, voucher.token);
    }
    case "from-prescription": {
      const submission = parseWithZod(form, { schema: examFromPrescriptionSchema });
      if (submission.status !== "success") return refused(submission.reply());
      return started(submission, await startFromPrescription(services, customer, submission.value));
    }
    case "from-lenses": {
      const submission = parseWithZod(form, { schema: examFromLensesSchema });
      if (submission.status !== "success") return refused(submission.reply());
      if (!(await customerPatient(services.db, customer.id, submission.value.patientId))) {
        return refused(submission.reply({ formErrors: [EXAM_START_MESSAGES.choosePatient] }));
      }
      return started(submission, await startFromLenses(services, customer, submission.value));
    }
    case "for-order": {
      const submission = parseWithZod(form, { schema: examForOrderSchema });
      if (submission.status !== "success") return refused(submission.reply());
      return started(submission, await startForOrder(services, customer, submission.value.orderNumber));
    }
    default:
      throw data({ error: "Choose how to start your exam." }, { status: 400 });
  }
}

export default function ExamStartPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ExamStartStep view={loaderData} lastResult={actionData} />;
}
