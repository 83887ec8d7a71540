import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { savedPrescriptionChoiceSchema, type SavedPrescriptionChoiceView } from "~/models/prescriptions";
import { SavedChoice, SavedChoiceList } from "~/components/forms/SavedChoice";

/** The form's intent on RxDetails and on the product page. */
export const SAVED_PRESCRIPTION_INTENT = "use-saved-prescription";

/** The action's answer to a refused choice: its own key, so the page's other form does not show its errors. */
export interface SavedPrescriptionReply {
  savedPrescription: SubmissionResult<string[]>;
}

/** The saved choice's result out of a page's action data, if that is what it is. */
export function savedPrescriptionResult(actionData: unknown): SubmissionResult<string[]> | undefined {
  return actionData && typeof actionData === "object" && "savedPrescription" in actionData
    ? (actionData as SavedPrescriptionReply).savedPrescription
    : undefined;
}

/** The page's other result (its own form's), when the action data is not the saved choice's. */
export function withoutSavedPrescriptionResult<T>(actionData: T | SavedPrescriptionReply | undefined): T | undefined {
  return savedPrescriptionResult(actionData) === undefined ? (actionData as T | undefined) : undefined;
}

/**
 * A signed-in shopper's saved prescriptions usable for these lenses, as radio choices with 'Use this prescription'
 * (a plain POST with intent=use-saved-prescription to the page's own action). Without JavaScript the browser requires
 * a choice; with it, Conform checks the same schema first. Rendered only when there is a choice to make.
 */
export function SavedPrescriptionChoice({
  choices,
  lastResult,
  groupId,
  heading = "Use a saved prescription",
  lead,
  submitLabel = "Use this prescription",
}: {
  choices: SavedPrescriptionChoiceView[];
  lastResult: SubmissionResult<string[]> | undefined;
  /** RxDetails: the cart group it applies to. */
  groupId?: string;
  heading?: string;
  lead?: string;
  submitLabel?: string;
}) {
  const formId = `saved-prescription${groupId ? `-${groupId}` : ""}`;
  const [form, fields] = useForm({
    id: formId,
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(savedPrescriptionChoiceSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savedPrescriptionChoiceSchema }),
    shouldValidate: "onSubmit",
  });
  if (choices.length === 0) return null;
  const headingId = `${formId}-title`;
  return (
    <section className="saved-prescriptions" aria-labelledby={headingId} data-testid="saved-prescription-choice">
      <h2 id={headingId}>{heading}</h2>
      {lead ? <p>{lead}</p> : null}
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={SAVED_PRESCRIPTION_INTENT} />
        {groupId ? <input type="hidden" name="groupId" value={groupId} /> : null}
        <SavedChoiceList legend="Your saved prescriptions" form={form} field={fields.prescriptionId}>
          {choices.map((choice, index) => (
            <SavedChoice
              key={choice.prescriptionId}
              id={`${formId}-${choice.prescriptionId}`}
              className="saved-prescription-option"
              name={fields.prescriptionId.name}
              value={choice.prescriptionId}
              defaultChecked={choices.length === 1 && index === 0}
            >
              <strong>{choice.patientName}</strong> · {choice.expiry}
              {choice.badge ? <> · {choice.badge}</> : null}
              {choice.eyes.map((eye) => (
                <span key={eye}>
                  <br />
                  {eye}
                </span>
              ))}
            </SavedChoice>
          ))}
        </SavedChoiceList>
        <button type="submit" className="button">
          {submitLabel}
        </button>
      </Form>
    </section>
  );
}
