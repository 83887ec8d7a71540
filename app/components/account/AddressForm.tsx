import { getFormProps, type SubmissionResult } from "@conform-to/react";

import { Form, Link } from "react-router";
import { FIRST_NAME_MAX, LAST_NAME_MAX } from "~/models/account";
import {
  ADDRESS_LINE_MAX,
  addressFormSchema,
  type AddressFormDefaults,
  CITY_MAX,
  COUNTRIES,
  isInternational,
  POSTAL_CODE_MAX,
  REGION_MAX,
  US_STATES,
} from "~/models/address";
import { SelectField, TextField } from "./FormFields";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FieldError } from "~/components/forms/FieldError";
import { useFieldForm } from "~/components/forms/use-field-form";

/**
 * The add/edit address form. A US address picks its state from the list; another country types its state,
 * province or region. Without JavaScript both fields show (the country decides which one counts); with
 * JavaScript only the one for the chosen country does.
 */
export function AddressForm({
  id,
  defaultValue,
  lastResult,
  submitLabel,
  cancelHref = "/account/addresses",
}: {
  id: string;
  defaultValue: AddressFormDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  /** Where Cancel leads; null: no Cancel (checkout has nothing to cancel to). */
  cancelHref?: string | null;
}) {
  const [form, fields] = useFieldForm(addressFormSchema, { id, lastResult, defaultValue });
  const hydrated = useHydrated();
  // The form's values come back as they were posted: a name Conform reads as a list or an object (`country[0]=US`,
  // refused by the schema) is no country, so the form shows as for the default.
  const country: unknown = fields.country.value;
  const international = isInternational(typeof country === "string" ? country : "US");
  return (
    <Form method="post" {...getFormProps(form)} className="address-form">
      <FieldError as="p" field={form} />
      <div className="form-row">
        <TextField label="First name" field={fields.firstName} autoComplete="given-name" maxLength={FIRST_NAME_MAX} />
        <TextField label="Last name" field={fields.lastName} autoComplete="family-name" maxLength={LAST_NAME_MAX} />
      </div>
      <SelectField label="Country" field={fields.country} options={COUNTRIES} autoComplete="country" />
      <TextField
        label="Street address"
        field={fields.address1}
        autoComplete="address-line1"
        maxLength={ADDRESS_LINE_MAX}
      />
      <TextField
        label="Apartment, suite, etc. (optional)"
        field={fields.address2}
        autoComplete="address-line2"
        maxLength={ADDRESS_LINE_MAX}
      />
      <TextField
        label="City"
        field={fields.city}
        autoComplete="address-level2"
        maxLength={CITY_MAX}
        hint="Military addresses: APO, FPO or DPO."
      />
      <div className="form-row">
        <SelectField
          label={hydrated ? "State" : "State (US addresses)"}
          field={fields.state}
          options={US_STATES}
          placeholder="Choose a state"
          autoComplete="address-level1"
          hidden={hydrated && international}
        />
        <TextField
          label={hydrated ? "State, province or region" : "State, province or region (outside the US)"}
          field={fields.region}
          autoComplete="address-level1"
          maxLength={REGION_MAX}
          hidden={hydrated && !international}
        />
        <TextField
          label="ZIP or postal code"
          field={fields.postalCode}
          autoComplete="postal-code"
          maxLength={POSTAL_CODE_MAX}
        />
      </div>
      <TextField
        label="Phone"
        field={fields.phone}
        type="tel"
        autoComplete="tel-national"
        maxLength={20}
        hint="Needed for addresses outside the US and overseas military addresses."
      />
      <p className="form-actions">
        <button type="submit" className="button button-primary">
          {submitLabel}
        </button>
        {cancelHref ? (
          <>
            {" "}
            <Link to={cancelHref}>Cancel</Link>
          </>
        ) : null}
      </p>
    </Form>
  );
}
