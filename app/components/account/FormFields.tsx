import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";

/**
 * Small field helpers for the account forms: a label, the Conform-wired control, an optional hint and the
 * field's errors (rendered by the server too, so messages show without JavaScript).
 */

function FieldErrors({ field }: { field: FieldMetadata<unknown> }) {
  return field.errors ? (
    <span className="field-error" id={field.errorId} role="alert">
      {field.errors.join(" ")}
    </span>
  ) : null;
}

export function TextField({
  label,
  field,
  type = "text",
  autoComplete,
  maxLength,
  hint,
  hidden,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  type?: "text" | "email" | "tel" | "password";
  autoComplete: string;
  /** Set explicitly: getZodConstraint gives only `required` with this zod version. */
  maxLength?: number;
  hint?: ReactNode;
  hidden?: boolean;
}) {
  const hintId = hint ? `${field.id}-hint` : null;
  return (
    <p className="form-field" hidden={hidden}>
      <label htmlFor={field.id}>{label}</label>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: hintId ?? undefined })}
        key={field.key}
        autoComplete={autoComplete}
        maxLength={maxLength}
      />
      {hint ? (
        <span className="form-hint" id={hintId!}>
          {hint}
        </span>
      ) : null}
      <FieldErrors field={field} />
    </p>
  );
}

export function SelectField({
  label,
  field,
  options,
  placeholder,
  autoComplete,
  hidden,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  options: ReadonlyArray<{ code: string; name: string }>;
  placeholder?: string;
  autoComplete: string;
  hidden?: boolean;
}) {
  return (
    <p className="form-field" hidden={hidden}>
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field)} key={field.key} autoComplete={autoComplete}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      <FieldErrors field={field} />
    </p>
  );
}

export function CheckboxField({ label, field }: { label: ReactNode; field: FieldMetadata<boolean | undefined> }) {
  return (
    <p className="form-check">
      <label>
        <input {...getInputProps(field, { type: "checkbox" })} key={field.key} /> <span>{label}</span>
      </label>
      <FieldErrors field={field} />
    </p>
  );
}

export function FormErrors({ errors, id }: { errors: string[] | undefined; id: string }) {
  return errors?.length ? (
    <p className="field-error" id={id} role="alert">
      {errors.join(" ")}
    </p>
  ) : null;
}

/** The short confirmation after a save (the redirect carries ?saved=...). */
export function SavedNotice({ message }: { message: string | null }) {
  return message ? (
    <p className="notice notice-success" role="status">
      {message}
    </p>
  ) : null;
}

/** Links between the account pages built so far. */
export function AccountNav() {
  return (
    <nav className="account-nav" aria-label="Account">
      <ul>
        <li>
          <NavLink to="/account/settings">Account settings</NavLink>
        </li>
        <li>
          <NavLink to="/account/addresses">Address book</NavLink>
        </li>
      </ul>
    </nav>
  );
}
