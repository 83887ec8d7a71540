import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { UPLOAD_RX_PATH } from "~/models/funnel";
import { pagePath, type PageHandle } from "~/models/page";
import { prescriptionIdFormSchema } from "~/models/prescriptions";
import { EXAM_PATH } from "~/models/reorder";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import { redirectToNextStep } from "~/services/funnel/funnel.server";
import { reorderIntoCart, reorderView, type ReorderPatientView } from "~/services/checkout/reorder.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { flashToast } from "~/services/platform/session.server";
import { WALLET_TOASTS } from "~/services/prescriptions/wallet-actions.server";
import ordersStyles from "~/styles/orders.css?url";
import styles from "~/styles/reorder.css?url";
import type { Route } from "./+types/reorder";
import { FieldError } from "~/components/forms/FieldError";

export const handle: PageHandle = { pageName: "Reorder", headerType: "standard" };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: ordersStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: Route.MetaFunction = () => [
  { title: "Reorder your lenses | Lenslane" },
  { name: "robots", content: "noindex" },
];

/**
 * Where the shopper lands after signing in (/reorder?signin=true, spec 1 §2.2): each patient's last lenses, the boxes
 * last ordered and the prescription with its expiry. Signed out, the sign-in dialog opens and comes back here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const { db } = context.get(servicesContext);
  const patients = await reorderView(db, customer.id);
  return {
    firstName: customer.firstName,
    justSignedIn: new URL(request.url).searchParams.get("signin") === "true",
    patients,
    shopHref: pagePath("ProductListPage")!,
  };
}

/** One patient's 'Reorder': their last lenses into the cart with the saved prescription, then on to the cart. */
export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const submission = parseWithZod(await readForm(request), { schema: prescriptionIdFormSchema });
  const shownId = submission.status === "success" ? submission.value.prescriptionId : null;
  if (submission.status !== "success") {
    return data({ prescriptionId: shownId, result: submission.reply() }, { status: 400 });
  }
  const ordered = await reorderIntoCart(db, { customerId: customer.id, session: visitor.session }, shownId!);
  if (!ordered.ok) {
    return data(
      { prescriptionId: shownId, result: submission.reply({ formErrors: [ordered.message] }) },
      { status: ordered.status },
    );
  }
  flashToast(visitor.session, "success", WALLET_TOASTS.ordered);
  return redirectToNextStep(db, visitor, "LensProductDetailPage");
}

export default function ReorderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { firstName, justSignedIn, patients, shopHref } = loaderData;
  const reply = actionData as { prescriptionId: number | null; result: SubmissionResult<string[]> } | undefined;
  // A refusal for a prescription no longer on the page (or an unreadable form) is shown above the patients.
  const unplaced =
    reply && !patients.some((patient) => patient.prescription?.id === reply.prescriptionId)
      ? reply.result.error?.[""]
      : undefined;
  return (
    <section className="orders-page reorder-page" aria-labelledby="reorder-title">
      <h1 id="reorder-title">Reorder your lenses</h1>
      {justSignedIn ? <p className="reorder-welcome">Welcome back{firstName ? `, ${firstName}` : ""}.</p> : null}
      <FieldError as="p" errors={unplaced} />
      {patients.length === 0 ? (
        <div className="orders-empty" data-testid="reorder-empty">
          <p>
            You haven&apos;t ordered contact lenses from us yet. When you do, you can reorder them here in one click.
          </p>
          <ul className="reorder-links">
            <li>
              <Link to={shopHref} className="button button-primary">
                Shop contact lenses
              </Link>
            </li>
            <li>
              <Link to="/contact-lens-solution">Shop lens solution</Link>
            </li>
            <li>
              <Link to={UPLOAD_RX_PATH}>Upload a prescription</Link>
            </li>
            <li>
              <Link to={EXAM_PATH}>Take the online eye exam</Link>
            </li>
          </ul>
        </div>
      ) : (
        <>
          <p>
            What you last ordered for each person. Reorder puts the same lenses in your cart with their prescription.
          </p>
          <div className="order-list">
            {patients.map((patient) => (
              <ReorderPatient
                key={patient.key}
                patient={patient}
                lastResult={
                  reply && reply.prescriptionId !== null && reply.prescriptionId === patient.prescription?.id
                    ? reply.result
                    : undefined
                }
              />
            ))}
          </div>
          <p>
            <Link to="/account/order-history">See all your orders</Link>
          </p>
        </>
      )}
    </section>
  );
}

function ReorderPatient({
  patient,
  lastResult,
}: {
  patient: ReorderPatientView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const titleId = `reorder-${patient.key.replace(/[^a-z0-9]+/gi, "-")}`;
  return (
    <section className="order-card reorder-patient" aria-labelledby={titleId} data-testid="reorder-patient">
      <h2 id={titleId}>{patient.patientName}</h2>
      <p className="reorder-last">
        Last ordered {patient.orderedOn} (<Link to={patient.orderHref}>order {patient.orderNumber}</Link>)
      </p>
      <ul className="order-lines">
        {patient.lenses.map((lens) => (
          <li key={lens.eye} className="order-line" data-testid="reorder-lens">
            <p>
              <strong>{lens.eye}:</strong>{" "}
              {lens.productHref ? <Link to={lens.productHref}>{lens.productName}</Link> : lens.productName},{" "}
              {lens.quantityText}
            </p>
            {lens.parameters.length > 0 ? (
              <p className="order-line-parameters">
                {lens.parameters.map((parameter) => `${parameter.label} ${parameter.value}`).join(", ")}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {patient.prescription ? (
        <p className="reorder-prescription" data-testid="reorder-prescription">
          Prescription: {patient.prescription.expiry.text}. {patient.prescription.statusText}.{" "}
          {patient.prescription.expiry.badge ? <strong>{patient.prescription.expiry.badge} </strong> : null}
          <Link to={patient.prescription.href}>View prescription</Link>
        </p>
      ) : null}
      {patient.entry ? (
        <ReorderForm patient={patient} prescriptionId={patient.entry.prescriptionId} lastResult={lastResult} />
      ) : (
        <NextSteps patient={patient} />
      )}
    </section>
  );
}

function ReorderForm({
  patient,
  prescriptionId,
  lastResult,
}: {
  patient: ReorderPatientView;
  prescriptionId: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form] = useForm({
    id: `reorder-form-${prescriptionId}`,
    lastResult,
    constraint: getZodConstraint(prescriptionIdFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: prescriptionIdFormSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="reorder-form">
      <FieldError as="p" field={form} />
      <input type="hidden" name="prescriptionId" value={prescriptionId} />
      <button type="submit" className="button button-primary" aria-label={`Reorder for ${patient.patientName}`}>
        Reorder
      </button>
    </Form>
  );
}

/** What to do when the lenses can't simply go in the cart: an exam or upload for a prescription, or shop again. */
function NextSteps({ patient }: { patient: ReorderPatientView }) {
  return (
    <div className="reorder-next" data-testid="reorder-next-steps">
      <p className="order-message">{patient.message}</p>
      <ul className="reorder-links">
        {patient.state === "expired" ? (
          <>
            <li>
              <Link to={EXAM_PATH} className="button button-primary">
                Take the online eye exam
              </Link>
            </li>
            <li>
              <Link to={patient.uploadHref}>Upload a current prescription</Link>
            </li>
          </>
        ) : patient.state === "pending" ? (
          <li>
            <Link to={patient.uploadHref} className="button button-primary">
              Upload your prescription
            </Link>
          </li>
        ) : (
          <li>
            <Link to={patient.shopHref ?? "/lenses"} className="button button-primary">
              Choose your lenses
            </Link>
          </li>
        )}
      </ul>
    </div>
  );
}
