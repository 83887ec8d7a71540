import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { z } from "zod";
import {
  examContinueSchema,
  examForOrderSchema,
  examFromLensesSchema,
  examFromPrescriptionSchema,
  examNewPatientSchema,
} from "~/models/exam-forms";
import { EYE_LABELS, EYE_NAMES, type LensParameter } from "~/models/lens-parameters";
import { FIRST_NAME_MAX, LAST_NAME_MAX } from "~/models/patient";
import { FieldError } from "~/components/forms/FieldError";

/** What the exam's start shows, step by step (URL state; the route's loader decides). */
export type ExamStartView =
  | { step: "not-served"; message: string }
  | {
      step: "choose";
      choices: Array<{ id: string; patientName: string; examInProgress: boolean }>;
      chosen: string;
      error: string | null;
    }
  | { step: "new-patient"; backHref: string }
  | { step: "continue"; patientName: string; examVoucherToken: string }
  | { step: "for-order"; orderNumber: string; patientName: string; lenses: string[] }
  | {
      step: "lenses";
      patientId: number;
      patientName: string;
      prescriptions: Array<{ id: number; eyes: string[]; expiry: string }>;
      lensProducts: Array<{ id: number; name: string }>;
      productId: number | null;
      parameters: LensParameter[];
    };

type LastResult = SubmissionResult<string[]> | undefined;

export function ExamStartStep({ view, lastResult }: { view: ExamStartView; lastResult: LastResult }) {
  switch (view.step) {
    case "not-served":
      return (
        <section className="narrow-page">
          <h1>Online vision exam</h1>
          <p className="notice" role="alert">
            {view.message}
          </p>
          <p>
            <Link to="/eye-doctor-search">Find an eye doctor near you</Link> or{" "}
            <Link to="/upload-rx">upload your prescription</Link>.
          </p>
        </section>
      );
    case "choose":
      return <ChoosePatient view={view} />;
    case "new-patient":
      return <NewPatient backHref={view.backHref} lastResult={lastResult} />;
    case "continue":
      return <ContinueExam view={view} lastResult={lastResult} />;
    case "for-order":
      return <ExamForOrder view={view} lastResult={lastResult} />;
    case "lenses":
      return <ChooseLenses view={view} lastResult={lastResult} />;
  }
}

/** 'Who is taking the exam?': a GET form, so the choice is URL state (?patient=). */
function ChoosePatient({ view }: { view: Extract<ExamStartView, { step: "choose" }> }) {
  return (
    <section className="narrow-page exam-start">
      <h1>Who is taking the exam?</h1>
      <Form method="get" className="order-form">
        <FieldError as="p" errors={view.error} />
        <fieldset className="choice-list">
          <legend>Choose a patient</legend>
          {view.choices.map((choice) => (
            <div key={choice.id}>
              <label>
                <input
                  type="radio"
                  name="patient"
                  value={choice.id}
                  defaultChecked={choice.id === view.chosen}
                  required
                />{" "}
                {choice.patientName}
                {choice.examInProgress ? " (exam in progress)" : ""}
              </label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary">
          Continue
        </button>
      </Form>
    </section>
  );
}

type NewPatientFields = z.input<typeof examNewPatientSchema>;

function NewPatient({ backHref, lastResult }: { backHref: string; lastResult: LastResult }) {
  const [form, fields] = useForm<NewPatientFields>({
    id: "exam-new-patient",
    defaultNoValidate: false,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: examNewPatientSchema }),
    // Spec: an invalid submit marks every field touched; editing one re-validates both.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="narrow-page exam-start">
      <p>
        <Link to={backHref}>← Back</Link>
      </p>
      <h1>Who would you like to add?</h1>
      <Form method="post" {...getFormProps(form)} className="order-form">
        <input type="hidden" name="intent" value="add-patient" />
        <FieldError as="p" field={form} />
        {(
          [
            ["First name", fields.firstName, "given-name", FIRST_NAME_MAX],
            ["Last name", fields.lastName, "family-name", LAST_NAME_MAX],
          ] as const
        ).map(([label, field, autoComplete, max]) => (
          <p className="form-field" key={field.name}>
            <label htmlFor={field.id}>{label}</label>
            <input
              {...getInputProps(field, { type: "text" })}
              key={field.key}
              autoComplete={autoComplete}
              maxLength={max}
              required
            />
            <FieldError as="p" field={field} />
          </p>
        ))}
        <button type="submit" className="button button-primary">
          Continue
        </button>
      </Form>
    </section>
  );
}

function ContinueExam({
  view,
  lastResult,
}: {
  view: Extract<ExamStartView, { step: "continue" }>;
  lastResult: LastResult;
}) {
  const [form] = useForm({
    id: "exam-continue",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: examContinueSchema }),
  });
  return (
    <section className="narrow-page exam-start">
      <h1>Continue {view.patientName}&apos;s exam</h1>
      <p>{view.patientName} has an exam that isn&apos;t finished yet. Pick up where you left off.</p>
      <Form method="post" {...getFormProps(form)}>
        <FieldError as="p" field={form} />
        <input type="hidden" name="intent" value="continue" />
        <input type="hidden" name="examVoucherToken" value={view.examVoucherToken} />
        <button type="submit" className="button button-primary">
          Continue your exam
        </button>
      </Form>
      <p>
        <Link to="/exam/start">Someone else is taking the exam</Link>
      </p>
    </section>
  );
}

function ExamForOrder({
  view,
  lastResult,
}: {
  view: Extract<ExamStartView, { step: "for-order" }>;
  lastResult: LastResult;
}) {
  const [form] = useForm({
    id: "exam-for-order",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: examForOrderSchema }),
  });
  return (
    <section className="narrow-page exam-start">
      <h1>Renew the prescription for order {view.orderNumber}</h1>
      <p>
        The exam is for {view.patientName} and renews the prescription for {view.lenses.join(" and ")}. Once you finish,
        we&apos;ll go on with your order.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <FieldError as="p" field={form} />
        <input type="hidden" name="intent" value="for-order" />
        <input type="hidden" name="orderNumber" value={view.orderNumber} />
        <button type="submit" className="button button-primary">
          Start your exam
        </button>
      </Form>
    </section>
  );
}

function ChooseLenses({
  view,
  lastResult,
}: {
  view: Extract<ExamStartView, { step: "lenses" }>;
  lastResult: LastResult;
}) {
  return (
    <section className="narrow-page exam-start">
      <p>
        <Link to="/exam/start">← Someone else is taking the exam</Link>
      </p>
      <h1>Which lenses does {view.patientName} wear now?</h1>
      <p>The exam renews the prescription for the contact lenses you wear now.</p>
      {view.prescriptions.length > 0 ? <FromPrescription view={view} lastResult={lastResult} /> : null}
      <h2>{view.prescriptions.length > 0 ? "Or choose your lenses" : "Choose your lenses"}</h2>
      <Form method="get" className="order-form">
        <input type="hidden" name="patient" value={view.patientId} />
        <p className="form-field">
          <label htmlFor="exam-product">Your lenses</label>
          <select id="exam-product" name="productId" defaultValue={view.productId ?? ""} required>
            <option value="">Choose your lenses</option>
            {view.lensProducts.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
        </p>
        <button type="submit" className="button">
          {view.productId === null ? "Next" : "Change lenses"}
        </button>
      </Form>
      {view.productId !== null ? (
        <FromLenses key={view.productId} view={view} productId={view.productId} lastResult={lastResult} />
      ) : null}
    </section>
  );
}

function FromPrescription({
  view,
  lastResult,
}: {
  view: Extract<ExamStartView, { step: "lenses" }>;
  lastResult: LastResult;
}) {
  const [form, fields] = useForm({
    id: "exam-from-prescription",
    defaultNoValidate: false,
    lastResult: lastResult?.initialValue?.intent === "from-prescription" ? lastResult : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: examFromPrescriptionSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="order-form">
      <input type="hidden" name="intent" value="from-prescription" />
      <input type="hidden" name="patientId" value={view.patientId} />
      <FieldError as="p" field={form} />
      <fieldset className="choice-list">
        <legend>From a prescription we have</legend>
        {view.prescriptions.map((rx, index) => (
          <div key={rx.id}>
            <label>
              <input type="radio" name="prescriptionId" value={rx.id} defaultChecked={index === 0} required />{" "}
              {rx.eyes.join("; ")} ({rx.expiry})
            </label>
          </div>
        ))}
      </fieldset>
      <FieldError as="p" field={fields.prescriptionId} />
      <button type="submit" className="button button-primary">
        Start your exam with these lenses
      </button>
    </Form>
  );
}

function FromLenses({
  view,
  productId,
  lastResult,
}: {
  view: Extract<ExamStartView, { step: "lenses" }>;
  productId: number;
  lastResult: LastResult;
}) {
  const mine = lastResult?.initialValue?.intent === "from-lenses" ? lastResult : undefined;
  const [form, fields] = useForm({
    id: `exam-from-lenses-${productId}`,
    defaultNoValidate: false,
    lastResult: mine,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: examFromLensesSchema }),
  });
  const errorsOf = (name: string) => mine?.error?.[name] ?? undefined;
  // What was sent, so a refused form (re-rendered by the server without JavaScript) keeps the shopper's choices.
  const sent = (mine?.initialValue ?? {}) as Record<string, unknown>;
  const sentValue = (eye: "right" | "left", name: string) => {
    const values = sent[eye];
    return values && typeof values === "object" ? String((values as Record<string, unknown>)[name] ?? "") : "";
  };
  const chosen = view.parameters.filter((parameter) => parameter.options.length > 0);
  return (
    <Form method="post" {...getFormProps(form)} className="order-form">
      <input type="hidden" name="intent" value="from-lenses" />
      <input type="hidden" name="patientId" value={view.patientId} />
      <input type="hidden" name="productId" value={productId} />
      <FieldError as="p" field={form} />
      <fieldset className="choice-list">
        <legend>I wear lenses in</legend>
        {(
          [
            ["both", "Both eyes"],
            ["right", "My right eye only"],
            ["left", "My left eye only"],
          ] as const
        ).map(([value, label]) => (
          <div key={value}>
            <label>
              <input
                type="radio"
                name="eyes"
                value={value}
                defaultChecked={value === (typeof sent.eyes === "string" ? sent.eyes : "both")}
                required
              />{" "}
              {label}
            </label>
          </div>
        ))}
      </fieldset>
      <FieldError as="p" errors={fields.eyes.errors} />
      {(["right", "left"] as const).map((eye) => (
        <fieldset key={eye} className="eye-parameters">
          <legend>
            {EYE_NAMES[eye]} ({EYE_LABELS[eye]}), as on your lens box
          </legend>
          <FieldError as="p" errors={errorsOf(eye)} />
          {chosen.map((parameter) => {
            const name = `${eye}.${parameter.name}`;
            return (
              <p className="form-field" key={name}>
                <label htmlFor={`exam-${eye}-${parameter.name}`}>{parameter.displayName}</label>
                <select id={`exam-${eye}-${parameter.name}`} name={name} defaultValue={sentValue(eye, parameter.name)}>
                  <option value="">Choose</option>
                  {parameter.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
                <FieldError errors={errorsOf(name)} />
              </p>
            );
          })}
        </fieldset>
      ))}
      <button type="submit" className="button button-primary">
        Start your exam
      </button>
    </Form>
  );
}
