import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { FieldError } from "~/components/forms/FieldError";
import { useFieldForm } from "~/components/forms/use-field-form";
import { benefitSearchFormSchema } from "~/models/insurance";
import type { InsuranceReturnPath } from "~/models/insurance-campaigns";
import { MemberFields } from "./MemberFields";

/**
 * 'Check my benefits' (issue 27): the plan member's first and last name, date of birth, ZIP and provider. It posts to
 * /vision-insurance, whose action checks it with the same schema and starts the search; the cart shows it too (and
 * checkout and the rapid reorder, by their insurance switches: decision 65).
 */
export function BenefitSearchForm({
  providers,
  lastResult,
  headingLevel = 2,
  returnTo = null,
}: {
  providers: readonly string[];
  lastResult?: SubmissionResult<string[]> | null;
  headingLevel?: 2 | 3;
  /** Where 'Apply to my cart' comes back to (decision 65; none: the cart). */
  returnTo?: InsuranceReturnPath | null;
}) {
  const [form, fields] = useFieldForm(benefitSearchFormSchema, { id: "benefit-search", lastResult });
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="insurance-search" aria-labelledby="benefit-search-heading">
      <Heading id="benefit-search-heading">Check my benefits</Heading>
      <p>Enter the details of the person on the plan, as your insurance card shows them.</p>
      <Form method="post" action="/vision-insurance" {...getFormProps(form)} className="stacked-form">
        <HoneypotInputs label="Please leave this field blank" />
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <MemberFields
          firstName={fields.firstName}
          lastName={fields.lastName}
          dateOfBirth={fields.dateOfBirth}
          zip={fields.zip}
        />
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
