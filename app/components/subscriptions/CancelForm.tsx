import { getCollectionProps, getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { CANCEL_NOTE_MAX, CANCEL_REASONS, cancelSchema } from "~/models/subscription";
import { FieldError } from "~/components/forms/FieldError";

const REASON_VALUES = CANCEL_REASONS.map((reason) => reason.value);
const LABELS = Object.fromEntries(CANCEL_REASONS.map((reason) => [reason.value, reason.label]));

/** Cancel (intent=cancel): a reason from the short list; 'Other' needs a few words (at most 200 characters). */
export function CancelForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<z.input<typeof cancelSchema>, z.output<typeof cancelSchema>>({
    id: "subscription-cancel",
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(cancelSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cancelSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="subscription-form">
      <input type="hidden" name="intent" value="cancel" />
      <fieldset className="choice-list" aria-describedby={fields.reason.errors ? fields.reason.errorId : undefined}>
        <legend>Why are you cancelling?</legend>
        {getCollectionProps(fields.reason, { type: "radio", options: REASON_VALUES }).map((props) => (
          // A block per choice: without CSS (which shows the labels as blocks) each reads on a line of its own.
          <div key={props.key}>
            <label htmlFor={props.id}>
              <input {...props} key={props.key} /> <span>{LABELS[props.value]}</span>
            </label>
          </div>
        ))}
      </fieldset>
      <FieldError as="p" field={fields.reason} />
      <p className="form-field">
        <label htmlFor={fields.note.id}>Tell us more (needed for Other)</label>
        <textarea {...getTextareaProps(fields.note)} key={fields.note.key} rows={3} maxLength={CANCEL_NOTE_MAX} />
        <FieldError field={fields.note} />
      </p>
      <FieldError as="p" field={form} />
      <button type="submit" className="button">
        Cancel subscription
      </button>
    </Form>
  );
}
