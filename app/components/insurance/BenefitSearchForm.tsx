import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { FieldError } from "~/components/forms/FieldError";
import { useFieldForm } from "~/components/forms/use-field-form";
import { benefitSearchFormSchema } from "~/models/insurance";

/**
 * 'Check my benefits' (issue 27): the plan member's first and last name, date of birth, ZIP and provider. It posts to
 * /vision-insurance, whose action checks it with the same schema and starts the search; the cart shows it too.
 */
export function BenefitSearchForm({
  providers,
  lastResult,
  headingLevel = 2,
}: {
  providers: readonly string[];
  lastResult?: SubmissionResult<string[]> | null;
  headingLevel?: 2 | 3;
}) {
  const [form, fields] = useFieldForm(benefitSearchFormSchema, { id: "benefit-search", lastResult });
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="insurance-search" aria-labelledby="benefit-search-heading">
      <Heading id="benefit-search-heading">Check my benefits</Heading>
      <p>Enter the details of the person on the plan, as your insurance card shows them.</p>
      <Form method="post" action="/vision-insurance" {...getFormProps(form)} className="stacked-form">
        <HoneypotInputs label="Please leave this field blank" />
        <p>
          <label htmlFor={fields.firstName.id}>First name</label>
          <input {...getInputProps(fields.firstName, { type: "text" })} key={fields.firstName.key} autoComplete="off" />
          <FieldError field={fields.firstName} />
        </p>
        <p>
          <label htmlFor={fields.lastName.id}>Last name</label>
          <input {...getInputProps(fields.lastName, { type: "text" })} key={fields.lastName.key} autoComplete="off" />
          <FieldError field={fields.lastName} />
        </p>
        <p>
          <label htmlFor={fields.dateOfBirth.id}>Date of birth (YYYY-MM-DD)</label>
          <input
            {...getInputProps(fields.dateOfBirth, { type: "text" })}
            key={fields.dateOfBirth.key}
            inputMode="numeric"
            placeholder="YYYY-MM-DD"
            autoComplete="off"
          />
          <FieldError field={fields.dateOfBirth} />
        </p>
        <p>
          <label htmlFor={fields.zip.id}>ZIP code</label>
          <input
            {...getInputProps(fields.zip, { type: "text" })}
            key={fields.zip.key}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
          />
          <FieldError field={fields.zip} />
        </p>
        <p>
          <label htmlFor={fields.provider.id}>Insurance provider</label>
          <select {...getSelectProps(fields.provider)} key={fields.provider.key}>
            <option value="">I'm not sure (search all)</option>
            {providers.map((provider) => (
              <option key={provider} value={provider}>
                {provider}
              </option>
            ))}
          </select>
          <FieldError field={fields.provider} />
        </p>
        <FieldError as="p" field={form} />
        <p>
          <button type="submit" className="button button-primary">
            Check my benefits
          </button>
        </p>
      </Form>
    </section>
  );
}
