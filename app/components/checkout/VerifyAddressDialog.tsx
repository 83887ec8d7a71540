import { getCollectionProps, getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { z } from "zod";
import { AddressLines } from "../ui/AddressLines";
import { UrlDialog } from "../ui/UrlDialog";
import { FieldError } from "~/components/forms/FieldError";

/** Spec 2 §5: the address verify modal needs a choice. Shared by the dialog and the /address action. */
export const VERIFY_CHOICE_MESSAGE = "Choose the address to ship to.";
export const verifyChoiceSchema = z.object({
  choice: z.enum(["entered", "suggested"], { error: VERIFY_CHOICE_MESSAGE }),
});
export type VerifyChoice = z.infer<typeof verifyChoiceSchema>["choice"];

/** The URL that opens the dialog (state in the URL, so the server renders it and it works without JavaScript). */
export const VERIFY_ADDRESS_HREF = "/address?verify=address";

const LABELS: Record<VerifyChoice, string> = { entered: "Address entered", suggested: "Suggested address" };

/**
 * 'Verify your address' (spec 2 §2): the address as entered and the verifier's suggestion, the suggestion chosen
 * by default; 'Save address' posts the choice (intent=verify-choice) to `action`. Closing goes back to the form.
 * The checkout's address step by default; a subscription's address change passes its own page.
 */
export function VerifyAddressDialog({
  entryLines,
  suggestionLines,
  lastResult,
  action = VERIFY_ADDRESS_HREF,
  closeHref = "/address",
}: {
  entryLines: string[];
  suggestionLines: string[];
  lastResult: SubmissionResult<string[]> | undefined;
  action?: string;
  closeHref?: string;
}) {
  const [form, fields] = useForm({
    id: "verify-address",
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(verifyChoiceSchema),
    defaultValue: { choice: "suggested" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifyChoiceSchema }),
    shouldValidate: "onSubmit",
  });
  const lines: Record<VerifyChoice, string[]> = { entered: entryLines, suggested: suggestionLines };
  return (
    <UrlDialog titleId="verify-address-title" title="Verify your address" closeHref={closeHref}>
      <p>We couldn&apos;t match the address you entered exactly. Which one should we ship to?</p>
      <Form method="post" action={action} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="verify-choice" />
        <fieldset className="choice-list verify-choices" aria-describedby={fields.choice.errorId}>
          <legend className="visually-hidden">Address to ship to</legend>
          {/* Each choice in its own block, and <br> between the lines (a label holds no block): without CSS the two
              addresses read as two, line by line. */}
          {getCollectionProps(fields.choice, { type: "radio", options: ["suggested", "entered"] }).map((props) => (
            <div key={props.key}>
              <label htmlFor={props.id} className="verify-choice">
                <input {...props} key={props.key} />
                <span>
                  <strong>{LABELS[props.value as VerifyChoice]}</strong>
                  <br />
                  <AddressLines lines={lines[props.value as VerifyChoice]} />
                </span>
              </label>
            </div>
          ))}
        </fieldset>
        <FieldError as="p" field={fields.choice} />
        <button type="submit" className="button button-primary">
          Save address
        </button>
      </Form>
    </UrlDialog>
  );
}
