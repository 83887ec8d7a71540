import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form } from "react-router";
import { EyeParameterSelects } from "~/components/product/EyeParameterFields";
import {
  EXPIRATION_FIELD,
  prescriptionSchema,
  type ExpirationAsk,
  type PrescriptionEntry,
  type PrescriptionFormEye,
} from "~/models/funnel-steps";
import { latestExpirationDate } from "~/models/prescriptions";
import { businessToday } from "~/models/subscription";
import { fieldName } from "~/models/product-order";
import { FieldError } from "~/components/forms/FieldError";

/**
 * The prescription per eye (RxDetails and Parameters): for each eye, its lens's parameters as selects named like the
 * product page's (`right-power`), and the prescription's expiration date (`expiration`: required by default, as on
 * RxDetails; optional, or left out). A plain POST form; the same schema checks it in the browser and in the action.
 */
export function PrescriptionForm({
  groupId,
  eyes,
  lastResult,
  submitLabel,
  expiration = "required",
  expirationDate,
}: {
  groupId: string;
  eyes: PrescriptionFormEye[];
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  /** Whether the form asks for the expiration date (the action must parse with the same `expiration`). */
  expiration?: ExpirationAsk;
  /** A known expiration date to start with (ISO day), e.g. one read from an uploaded image. */
  expirationDate?: string | null;
}) {
  const schema = useMemo(() => prescriptionSchema(eyes, { expiration }), [eyes, expiration]);
  const defaultValue: Record<string, string> = { [EXPIRATION_FIELD]: expirationDate ?? "" };
  for (const { eye, parameters, selected } of eyes) {
    for (const parameter of parameters) {
      // A parameter with one option (often BC or DIA) is chosen already.
      const value = selected[parameter.name] ?? (parameter.options.length === 1 ? parameter.options[0]!.value : "");
      defaultValue[fieldName(eye, parameter.name)] = value;
    }
  }
  // Field names depend on the lenses' parameters, so the form is typed as a plain record of strings.
  const [form, fields] = useForm<Record<string, string>, PrescriptionEntry>({
    id: `prescription-${groupId}`,
    // Without JavaScript the browser checks the selects' `required`; Conform takes over once hydrated.
    defaultNoValidate: false,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const all = fields as unknown as Record<string, FieldMetadata<string>>;
  return (
    <Form method="post" {...getFormProps(form)} className="order-form prescription-form">
      <input type="hidden" name="intent" value="save-prescription" />
      <input type="hidden" name="groupId" value={groupId} />
      <FieldError as="p" field={form} />
      <div className="eye-columns">
        {eyes.map(({ eye, title, productName, parameters }) => (
          <fieldset key={eye} className="eye-fieldset" data-eye={eye}>
            <legend>{title}</legend>
            <p className="prescription-product">{productName}</p>
            <EyeParameterSelects eye={eye} parameters={parameters} fields={all} required />
            {/* Errors for the eye as a whole: the combination isn't made, or not enough in stock. */}
            <FieldError field={all[eye]!} />
          </fieldset>
        ))}
      </div>
      {expiration !== "none" ? (
        <ExpirationField field={all[EXPIRATION_FIELD]!} required={expiration === "required"} />
      ) : null}
      <button type="submit" className="button button-primary">
        {submitLabel}
      </button>
    </Form>
  );
}

/**
 * The prescription's expiration date: a date input (a text browser shows a text field; the server also reads
 * MM/DD/YYYY). The browser keeps it between today and 10 years ahead; the action checks it again.
 */
export function ExpirationField({ field, required }: { field: FieldMetadata<string>; required: boolean }) {
  const today = businessToday();
  const hintId = `${field.id}-hint`;
  return (
    <p className="form-field expiration-field">
      <label htmlFor={field.id}>Prescription expiration date{required ? "" : " (optional)"}</label>
      <input
        {...getInputProps(field, { type: "date" })}
        key={field.key}
        required={required}
        min={today}
        max={latestExpirationDate(today)}
        aria-describedby={[hintId, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ")}
      />
      <span className="field-hint" id={hintId}>
        Printed on your prescription, often after &ldquo;Exp.&rdquo; or &ldquo;Expires&rdquo; (MM/DD/YYYY).
      </span>
      <FieldError field={field} />
    </p>
  );
}
