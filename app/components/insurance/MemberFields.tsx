import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/components/forms/FieldError";

type TextField = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/**
 * The plan member's name, date of birth and ZIP, as the benefit search and the exam's coverage check both ask them
 * (decision 54). Nothing here is remembered by the browser (autocomplete off, but the ZIP): it is someone's plan.
 */
export function MemberFields({
  firstName,
  lastName,
  dateOfBirth,
  zip,
  nameLabel = (part) => `${part} name`,
}: {
  firstName: TextField;
  lastName: TextField;
  dateOfBirth: TextField;
  zip: TextField;
  /** "First name", or "Member's first name" where the page is about someone else's exam. */
  nameLabel?: (part: "First" | "Last") => string;
}) {
  return (
    <>
      <p>
        <label htmlFor={firstName.id}>{nameLabel("First")}</label>
        <input {...getInputProps(firstName, { type: "text" })} key={firstName.key} autoComplete="off" />
        <FieldError field={firstName} />
      </p>
      <p>
        <label htmlFor={lastName.id}>{nameLabel("Last")}</label>
        <input {...getInputProps(lastName, { type: "text" })} key={lastName.key} autoComplete="off" />
        <FieldError field={lastName} />
      </p>
      <p>
        <label htmlFor={dateOfBirth.id}>Date of birth (YYYY-MM-DD)</label>
        <input
          {...getInputProps(dateOfBirth, { type: "text" })}
          key={dateOfBirth.key}
          inputMode="numeric"
          placeholder="YYYY-MM-DD"
          autoComplete="off"
        />
        <FieldError field={dateOfBirth} />
      </p>
      <p>
        <label htmlFor={zip.id}>ZIP code</label>
        <input
          {...getInputProps(zip, { type: "text" })}
          key={zip.key}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
        />
        <FieldError field={zip} />
      </p>
    </>
  );
}
