import { getFormProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { UPLOAD_RX_PATH } from "~/models/funnel";
import {
  orderAgainFieldsSchema,
  orderAgainFormSchema,
  type WalletEyeView,
  type WalletPrescriptionView,
} from "~/models/prescriptions";
import { FieldError } from "~/components/forms/FieldError";

/** The lenses of a prescription in a few words: 'Acuvue Oasys for Astigmatism', or both names when they differ. */
export function prescriptionLenses(prescription: Pick<WalletPrescriptionView, "eyes">): string {
  const names = [...new Set(prescription.eyes.map((eye) => eye.productName))];
  return names.length > 0 ? names.join(" and ") : "No lenses recorded";
}

/**
 * One saved prescription as the wallet shows it: its lenses and values per eye (OD, OS), expiry (with the badge when
 * near), status, source, prescriber, images and order; then 'Order again' (quantities, colours, auto-reorder),
 * 'Copy' and 'Delete' (a link to the confirmation, which is a form of its own). Every action is a plain form.
 */
export function WalletPrescription({
  prescription,
  orderAgainResult,
  deleteHref,
  detailsHref,
  headingLevel = 3,
}: {
  prescription: WalletPrescriptionView;
  orderAgainResult: SubmissionResult<string[]> | undefined;
  deleteHref: string;
  /** The prescription's own page; null on that page. */
  detailsHref: string | null;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `prescription-${prescription.id}-title`;
  return (
    <article
      className="order-card rx-card"
      id={`prescription-${prescription.id}`}
      aria-labelledby={headingId}
      data-testid="wallet-prescription"
      data-prescription={prescription.id}
    >
      <div className="order-card-head">
        <Heading id={headingId}>{prescriptionLenses(prescription)}</Heading>
        <span
          className={`order-status ${prescription.expiry.expired ? "order-status-unsupported" : "order-status-processing"}`}
        >
          {prescription.expiry.expired ? "Expired" : prescription.statusText}
        </span>
      </div>
      <p className="rx-expiry" data-testid="prescription-expiry">
        {prescription.expiry.text}
        {prescription.expiry.badge ? (
          <>
            {" "}
            <strong className="rx-badge" data-testid="prescription-badge">
              {prescription.expiry.badge}
            </strong>
          </>
        ) : null}
      </p>
      <dl className="order-facts">
        <div>
          <dt>Patient</dt>
          <dd>{prescription.patientName}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="prescription-status">{prescription.statusText}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{prescription.sourceText}</dd>
        </div>
        {prescription.prescriber ? (
          <div>
            <dt>Prescriber</dt>
            <dd>
              {prescription.prescriber.name}
              {prescription.prescriber.clinicName ? `, ${prescription.prescriber.clinicName}` : ""}
            </dd>
          </div>
        ) : null}
        {prescription.orderedOn ? (
          <div>
            <dt>Last ordered</dt>
            <dd>
              {prescription.orderedOn}
              {prescription.order ? (
                <>
                  {" "}
                  (<Link to={prescription.order.href}>order {prescription.order.orderNumber}</Link>)
                </>
              ) : null}
              {prescription.autoReorder ? " with auto-reorder" : ""}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="rx-eyes">
        {prescription.eyes.map((eye) => (
          <EyeValues key={eye.eye} eye={eye} />
        ))}
      </div>
      {prescription.images.length > 0 ? (
        <div className="rx-images">
          <p>Uploaded images:</p>
          <ul>
            {prescription.images.map((image) => (
              <li key={image.id}>
                <a href={image.href}>{image.name}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {prescription.usable ? (
        <OrderAgainForm prescription={prescription} lastResult={orderAgainResult} />
      ) : (
        <p className="notice rx-unusable">
          {prescription.unusableMessage} <Link to={UPLOAD_RX_PATH}>Upload a new prescription</Link>
        </p>
      )}
      <div className="rx-actions">
        <Form method="post">
          <input type="hidden" name="intent" value="clone" />
          <input type="hidden" name="prescriptionId" value={prescription.id} />
          <button type="submit" className="link-button">
            Copy this prescription
          </button>
        </Form>
        <Link to={deleteHref} preventScrollReset aria-label={`Delete the prescription for ${prescription.patientName}`}>
          Delete…
        </Link>
        {detailsHref ? <Link to={detailsHref}>Details</Link> : null}
      </div>
    </article>
  );
}

function EyeValues({ eye }: { eye: WalletEyeView }) {
  return (
    <section className="rx-eye" aria-label={eye.title} data-eye={eye.eye}>
      <h4>{eye.title}</h4>
      <p>
        {eye.productHref ? <Link to={eye.productHref}>{eye.productName}</Link> : eye.productName} · {eye.quantity}{" "}
        {eye.quantity === 1 ? "box" : "boxes"} last time
      </p>
      {eye.pending ? (
        <p>Values to come: we&apos;re waiting for this prescription.</p>
      ) : (
        <dl className="rx-values">
          {eye.parameters.map((parameter) => (
            <div key={parameter.label}>
              <dt>{parameter.label}</dt>
              <dd>{parameter.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** 'Order again': boxes per eye (none leaves an eye out), the colour of a colour lens, auto-reorder. */
function OrderAgainForm({
  prescription,
  lastResult,
}: {
  prescription: WalletPrescriptionView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const twoEyes = prescription.eyes.length > 1;
  const defaultValue: Record<string, string> = { prescriptionId: String(prescription.id) };
  for (const eye of prescription.eyes) {
    defaultValue[`${eye.eye}Quantity`] = String(eye.quantity);
    if (eye.color) defaultValue[`${eye.eye}Color`] = eye.color;
  }
  if (prescription.autoReorder && prescription.allowsAutoReorder) defaultValue.autoReorder = "on";
  const [form, fields] = useForm({
    id: `order-again-${prescription.id}`,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(orderAgainFieldsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: orderAgainFormSchema }),
    shouldValidate: "onSubmit",
  });
  const all = fields as unknown as Record<string, FieldMetadata<string>>;
  return (
    <Form method="post" {...getFormProps(form)} className="rx-order-again">
      <h4 id={`order-again-${prescription.id}-title`}>Order again</h4>
      <input type="hidden" name="intent" value="order-again" />
      <input type="hidden" name="prescriptionId" value={prescription.id} />
      <FieldError as="p" field={form} />
      <div className="rx-order-fields">
        {prescription.eyes.map((eye) => {
          const quantity = all[`${eye.eye}Quantity`]!;
          const color = all[`${eye.eye}Color`]!;
          return (
            <div key={eye.eye} className="rx-order-eye">
              <p className="form-field">
                <label htmlFor={quantity.id}>Boxes for the {eye.title.toLowerCase()}</label>
                <select {...getSelectProps(quantity)} key={quantity.key}>
                  {eye.quantityOptions.map((option) => (
                    <option key={option} value={option}>
                      {option} {option === 1 ? "box" : "boxes"}
                    </option>
                  ))}
                  {twoEyes ? <option value="0">None for this eye</option> : null}
                </select>
                <FieldError field={quantity} />
              </p>
              {eye.colors.length > 0 ? (
                <p className="form-field">
                  <label htmlFor={color.id}>Colour for the {eye.title.toLowerCase()}</label>
                  <select {...getSelectProps(color)} key={color.key}>
                    {eye.colors.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                  <FieldError field={color} />
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {prescription.allowsAutoReorder ? (
        <p className="form-field rx-auto-reorder">
          <label htmlFor={all.autoReorder!.id}>
            <input
              type="checkbox"
              id={all.autoReorder!.id}
              name={all.autoReorder!.name}
              value="on"
              defaultChecked={all.autoReorder!.initialValue === "on"}
              key={all.autoReorder!.key}
            />{" "}
            Auto-reorder (we send them again when you run out)
          </label>
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-primary"
        aria-label={`Order again: ${prescriptionLenses(prescription)} for ${prescription.patientName}`}
      >
        Order again
      </button>
    </Form>
  );
}

/**
 * The second step of 'Delete' (no-JS browsers cannot `confirm()`): `?delete={id}` renders this form; 'Keep it' goes
 * back without the parameter.
 */
export function WalletDeleteConfirm({
  prescription,
  cancelHref,
}: {
  prescription: WalletPrescriptionView;
  cancelHref: string;
}) {
  return (
    <section className="rx-delete-confirm notice" aria-labelledby="delete-prescription-title" role="alert">
      <h2 id="delete-prescription-title">Delete this prescription?</h2>
      <p>
        {prescription.patientName}&apos;s prescription for {prescriptionLenses(prescription)} (
        {prescription.expiry.text}) and its uploaded images will be deleted. This can&apos;t be undone. Orders placed
        with it are kept.
      </p>
      <Form method="post" className="rx-actions">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="prescriptionId" value={prescription.id} />
        <button type="submit" className="button button-primary">
          Delete prescription
        </button>
        <Link to={cancelHref} preventScrollReset>
          Keep it
        </Link>
      </Form>
    </section>
  );
}
