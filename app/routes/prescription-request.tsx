import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { TextField } from "~/components/account/FormFields";
import { ClinicAddress } from "~/components/doctor/DoctorResults";
import { DoctorSearchForm } from "~/components/doctor/DoctorSearchForm";
import { EMAIL_MAX, FIRST_NAME_MAX, LAST_NAME_MAX } from "~/models/account";
import { doctorDisplayName } from "~/models/doctor-search";
import { formatOrderDate } from "~/models/order-status";
import type { PageHandle } from "~/models/page";
import { SITE } from "~/models/site";
import {
  CLINIC_NAME_MAX,
  DOCTOR_NAME_MAX,
  ORDER_NUMBER_MAX,
  PRESCRIPTION_REQUEST_MESSAGES,
  prescriptionRequestSchema,
} from "~/models/prescription-request";
import { doctorSearchFromQuery } from "~/services/doctors/doctors.server";
import { requestInfoContext, servicesContext, visitorContext } from "~/services/platform/context.server";
import { PRESCRIPTION_REQUEST_RATE_LIMIT } from "~/models/rate-limits";
import { consumeRateLimit } from "~/services/platform/rate-limit.server";
import { isSpam } from "~/services/platform/honeypot.server";
import { readForm } from "~/services/platform/http.server";
import {
  createPrescriptionRequest,
  findPrescriptionRequest,
  requestableOrders,
} from "~/services/prescriptions/prescription-requests.server";
import type { Route } from "./+types/prescription-request";
import { FieldError } from "~/components/forms/FieldError";
import { useFieldForm } from "~/components/forms/use-field-form";

// Spec 1 §2.6: the portal header (logo only, linking to /prescription-request).
export const handle: PageHandle = { pageName: "PrescriptionRequest", headerType: "portal", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Prescription request | Lenslane" },
  { name: "robots", content: "noindex" },
];

/**
 * Ask the store to get a prescription from the doctor for an order (issue 17). `?request=` shows a sent request's
 * confirmation; `?q=&location=` is the doctor search (a GET form), whose results are choices in the request form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { customer } = context.get(visitorContext);
  const url = new URL(request.url);
  const reference = url.searchParams.get("request");
  if (reference !== null) {
    const sent = await findPrescriptionRequest(db, reference);
    if (!sent) throw data({ error: "We couldn't find that prescription request." }, { status: 404 });
    return { view: "sent" as const, sent };
  }
  const [search, orders] = await Promise.all([
    doctorSearchFromQuery(db, url.searchParams, null),
    customer ? requestableOrders(db, customer.id) : [],
  ]);
  return {
    view: "form" as const,
    signedIn: customer !== null,
    orders: orders.map((order) => ({ orderNumber: order.orderNumber, placed: formatOrderDate(order.createdAt) })),
    orderNumber: url.searchParams.get("order") ?? "",
    search: {
      form: search.form,
      heading: search.heading,
      results: search.results.map(({ doctor, clinic, distanceMiles }) => ({ doctor, clinic, distanceMiles })),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { customer } = context.get(visitorContext);
  const { clientIp } = context.get(requestInfoContext);
  const formData = await readForm(request);
  const schema = prescriptionRequestSchema(customer !== null);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // A bot's post gets the same page back and nothing is sent.
  if (!customer && (await isSpam(formData))) {
    return data(
      { result: submission.reply({ formErrors: ["We couldn't send that. Please try again."] }) },
      { status: 400 },
    );
  }
  // A guest's order number and e-mail are a pair someone could guess at: counted per address.
  const rule = { bucket: `prescription-request:ip:${clientIp}`, ...PRESCRIPTION_REQUEST_RATE_LIMIT };
  if (!customer && !(await consumeRateLimit(services.db, [rule]))) {
    return data({ result: submission.reply({ formErrors: [TOO_MANY_TRIES] }) }, { status: 429 });
  }
  const who = customer ? { customerId: customer.id } : { email: submission.value.email! };
  const outcome = await createPrescriptionRequest(services, who, submission.value);
  if (!outcome.ok) {
    return data({ result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }) }, { status: 400 });
  }
  return redirect(`/prescription-request?request=${outcome.reference}`, 303);
}

const TOO_MANY_TRIES = "Too many tries. Please wait a few minutes, or call us and we'll help.";

type FormView = Extract<Route.ComponentProps["loaderData"], { view: "form" }>;

export default function PrescriptionRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.view === "sent") return <RequestSent sent={loaderData.sent} />;
  return <RequestPage page={loaderData} lastResult={actionData?.result} />;
}

function RequestSent({ sent }: { sent: Extract<Route.ComponentProps["loaderData"], { view: "sent" }>["sent"] }) {
  return (
    <section className="prescription-request" aria-labelledby="request-title">
      <h1 id="request-title">{PRESCRIPTION_REQUEST_MESSAGES.sent}</h1>
      <p>
        We&apos;ll contact your doctor&apos;s office for the prescription, usually within one business day. As soon as
        we have it, we&apos;ll check it against your order and get your lenses on the way.
      </p>
      <dl className="request-summary">
        <dt>Order</dt>
        <dd>{sent.orderNumber}</dd>
        <dt>Patient</dt>
        <dd>
          {sent.patientFirstName} {sent.patientLastName}
        </dd>
        <dt>Doctor</dt>
        <dd>
          {sent.doctorName}
          {sent.clinicName ? `, ${sent.clinicName}` : ""}, {sent.doctorPhone}
        </dd>
        <dt>Confirmation sent to</dt>
        <dd>{sent.email}</dd>
      </dl>
      <p>
        Have your prescription handy? You can also <Link to="/upload-rx">upload a photo of it</Link>. Questions? Call{" "}
        <a href={SITE.phoneHref}>{SITE.phoneDisplay}</a>, 24/7.
      </p>
      <p>
        <Link to="/">Back to Lenslane</Link>
      </p>
    </section>
  );
}

function RequestPage({ page, lastResult }: { page: FormView; lastResult: SubmissionResult<string[]> | undefined }) {
  const location = useLocation();
  const schema = prescriptionRequestSchema(page.signedIn);
  const [form, fields] = useFieldForm(schema, {
    id: "prescription-request",
    lastResult,
    defaultValue: { orderNumber: page.orderNumber || page.orders[0]?.orderNumber || "" },
  });
  const chosenDoctor = fields.doctorId.initialValue ?? "";
  return (
    <section className="prescription-request" aria-labelledby="request-title">
      <h1 id="request-title">Ask us to get your prescription</h1>
      <p>
        Tell us who your eye doctor is and which order it&apos;s for, and we&apos;ll contact the office for your
        prescription. No need to call them yourself.
      </p>

      <h2>1. Find your doctor</h2>
      <DoctorSearchForm action="/prescription-request" state={page.search.form} primaryPostalCode={null} />
      {page.search.heading ? <p aria-live="polite">{page.search.heading}</p> : null}

      <h2>2. Your request</h2>
      <Form method="post" action={`${location.pathname}${location.search}`} {...getFormProps(form)}>
        {page.signedIn ? null : <HoneypotInputs label="Please leave this field blank" />}
        <FieldError as="p" field={form} />
        <fieldset>
          <legend>Order</legend>
          {page.signedIn && page.orders.length > 0 ? (
            <p className="form-field">
              <label htmlFor={fields.orderNumber.id}>Order</label>
              <select {...getSelectProps(fields.orderNumber)} key={fields.orderNumber.key}>
                {page.orders.map((order) => (
                  <option key={order.orderNumber} value={order.orderNumber}>
                    {order.orderNumber}, placed {order.placed}
                  </option>
                ))}
              </select>
              <FieldError field={fields.orderNumber} />
            </p>
          ) : (
            <TextField
              label="Order number"
              field={fields.orderNumber}
              autoComplete="off"
              maxLength={ORDER_NUMBER_MAX}
              hint="It's in your order confirmation e-mail."
            />
          )}
          {page.signedIn ? null : (
            <TextField
              label="E-mail you ordered with"
              field={fields.email}
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX}
            />
          )}
        </fieldset>
        <fieldset>
          <legend>Patient</legend>
          <TextField
            label="Patient's first name"
            field={fields.patientFirstName}
            autoComplete="given-name"
            maxLength={FIRST_NAME_MAX}
          />
          <TextField
            label="Patient's last name"
            field={fields.patientLastName}
            autoComplete="family-name"
            maxLength={LAST_NAME_MAX}
          />
        </fieldset>
        <fieldset>
          <legend>Doctor</legend>
          {page.search.results.length > 0 ? (
            <ul className="choice-list">
              {page.search.results.map(({ doctor, clinic }) => (
                <li key={doctor.id}>
                  <label>
                    <input
                      type="radio"
                      name={fields.doctorId.name}
                      value={String(doctor.id)}
                      defaultChecked={chosenDoctor === String(doctor.id)}
                    />{" "}
                    {doctorDisplayName(doctor)}, {clinic.name}
                  </label>
                  <ClinicAddress clinic={clinic} />
                </li>
              ))}
              <li>
                <label>
                  <input type="radio" name={fields.doctorId.name} value="" defaultChecked={chosenDoctor === ""} /> My
                  doctor isn&apos;t listed: I&apos;ll type the details below
                </label>
              </li>
            </ul>
          ) : (
            <p>Search for your doctor above, or type your doctor&apos;s details:</p>
          )}
          <FieldError as="p" field={fields.doctorId} />
          <TextField label="Doctor's name" field={fields.doctorName} autoComplete="off" maxLength={DOCTOR_NAME_MAX} />
          <TextField
            label="Doctor's phone number"
            field={fields.doctorPhone}
            type="tel"
            autoComplete="off"
            maxLength={20}
          />
          <TextField
            label="Clinic name (optional)"
            field={fields.clinicName}
            autoComplete="off"
            maxLength={CLINIC_NAME_MAX}
          />
        </fieldset>
        <p className="form-actions">
          <button type="submit" className="button button-primary">
            Send request
          </button>
        </p>
      </Form>
    </section>
  );
}
