/**
 * The one way a form shows what is wrong: a field's errors, or a whole form's, announced (role=alert) and tied to
 * the control whose `aria-describedby` names its id. The server renders it too, so messages show without JavaScript.
 *
 * Give it Conform's metadata of a field or of the form (`field={fields.email}`, `field={form}`: its `errors` and
 * `errorId`), or the messages and the id yourself (`errors={...} id="doctor-q-error"`). Inside a `<p>` it is a
 * `<span>`; a form's errors, standing alone, are a paragraph (`as="p"`).
 */

/** What Conform gives a field or a form: its errors, and the id its control's aria-describedby names. */
export interface ErrorSource {
  errors?: string[] | undefined;
  errorId: string;
}

type FieldErrorProps = {
  as?: "span" | "p";
  "data-testid"?: string;
} & (
  | { field: ErrorSource | undefined; errors?: never; id?: never }
  | { field?: never; errors: string[] | string | null | undefined; id?: string }
);

export function FieldError({ as: Tag = "span", field, errors, id, "data-testid": testId }: FieldErrorProps) {
  const messages = (field ? field.errors : typeof errors === "string" ? [errors] : errors)?.filter(Boolean);
  if (!messages?.length) return null;
  return (
    <Tag className="field-error" id={field ? field.errorId : id} role="alert" data-testid={testId}>
      {messages.join(" ")}
    </Tag>
  );
}

/** The `aria-describedby` of a control (or a fieldset of radios) whose errors a FieldError shows. */
export function describedByErrors(field: ErrorSource): string | undefined {
  return field.errors?.length ? field.errorId : undefined;
}
