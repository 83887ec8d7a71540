import type { ReactNode } from "react";
import { type ErrorSource, FieldError } from "./FieldError";

/**
 * One saved thing to choose in a `choice-list` fieldset (a saved address, a saved prescription): a required radio
 * and what it stands for, its lines split by `<br>`. A block per choice (a label holds no block), so the list reads
 * right without CSS.
 */
export function SavedChoice({
  id,
  className,
  name,
  value,
  defaultChecked,
  children,
}: {
  id: string;
  className: string;
  name: string;
  value: string | number;
  defaultChecked: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={className}>
        <input type="radio" id={id} name={name} value={value} defaultChecked={defaultChecked} required />
        <span>{children}</span>
      </label>
    </div>
  );
}

/**
 * The fieldset of saved choices and, after it, what is wrong: the form's errors and the choice field's, together,
 * named by the fieldset's aria-describedby.
 */
export function SavedChoiceList({
  legend,
  form,
  field,
  children,
}: {
  legend: string;
  form: ErrorSource;
  field: Pick<ErrorSource, "errors">;
  children: ReactNode;
}) {
  const errors = [...(form.errors ?? []), ...(field.errors ?? [])];
  return (
    <>
      <fieldset className="choice-list" aria-describedby={errors.length ? form.errorId : undefined}>
        <legend>{legend}</legend>
        {children}
      </fieldset>
      <FieldError as="p" errors={errors} id={form.errorId} />
    </>
  );
}
