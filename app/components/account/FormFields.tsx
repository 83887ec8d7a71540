import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { FieldError } from "~/components/forms/FieldError";

/**
 * Small field helpers for the account forms: a label, the Conform-wired control, an optional hint and the
 * field's errors (rendered by the server too, so messages show without JavaScript).
 */

export function TextField({
  label,
  field,
  type = "text",
  autoComplete,
  maxLength,
  hint,
  hidden,
  required,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  type?: "text" | "email" | "tel" | "password";
  autoComplete: string;
  /** Set explicitly: getZodConstraint gives only `required` with this zod version. */
  maxLength?: number;
  hint?: ReactNode;
  hidden?: boolean;
  /** Natively required or not, where the page knows better than the schema (by default the schema's). */
  required?: boolean;
}) {
  const hintId = hint ? `${field.id}-hint` : null;
  const inputProps = getInputProps(field, { type, ariaDescribedBy: hintId ?? undefined });
  return (
    <p className="form-field" hidden={hidden}>
      <label htmlFor={field.id}>{label}</label>
      <input
        {...inputProps}
        key={field.key}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={required ?? inputProps.required}
      />
      {hint ? (
        <span className="form-hint" id={hintId!}>
          {hint}
        </span>
      ) : null}
      <FieldError field={field} />
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
      <FieldError field={field} />
    </p>
  );
}

export function CheckboxField({ label, field }: { label: ReactNode; field: FieldMetadata<boolean | undefined> }) {
  return (
    <p className="form-check">
      <label>
        <input {...getInputProps(field, { type: "checkbox" })} key={field.key} /> <span>{label}</span>
      </label>
      <FieldError field={field} />
    </p>
  );
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
