import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { type RefObject, useEffect, useMemo, useRef } from "react";
import { Form, Link } from "react-router";
import { StatusButton } from "~/components/forms/StatusButton";
import { SelectField, TextField } from "~/components/account/FormFields";
import { ADDRESS_LINE_MAX, CITY_MAX, POSTAL_CODE_MAX, US_STATES } from "~/models/address";
import type { BillingDefaults } from "~/models/card-choice";
import { CARD_NAME_MAX, cardFormSchema } from "~/models/card";
import { FieldError } from "~/components/forms/FieldError";
import { useFieldForm } from "~/components/forms/use-field-form";

const MONTHS = Array.from({ length: 12 }, (_, index) => {
  const code = String(index + 1);
  return { code, name: code.padStart(2, "0") };
});

/**
 * A new card (intent=save-card). The billing address starts as the shipping address. After a failed save the
 * number and CVV are never sent back: the shopper sees the last four they typed and types the card again.
 */
export function CardForm({
  lastResult,
  enteredLastFour,
  billingDefaults,
  yearOptions,
  locked,
  lockedMessage,
  cancelable,
  cancelHref = "/checkout",
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  enteredLastFour: string | null;
  billingDefaults: BillingDefaults;
  yearOptions: number[];
  locked: boolean;
  lockedMessage: string;
  cancelable: boolean;
  /** Where 'Cancel' goes (the page the form sits on, without its ?card=new). */
  cancelHref?: string;
}) {
  // Built per render so "expired" is judged against today (the server judges again on submit).
  const schema = useMemo(() => cardFormSchema(), []);
  const [form, fields] = useFieldForm(schema, { id: "card-form", lastResult, defaultValue: billingDefaults });
  // The server never sends the number or the CVV back; with JavaScript the browser would keep what was typed, so a
  // refused save clears them here too (the page shows only the last four, as it does without JavaScript).
  const numberRef = useRef<HTMLInputElement>(null);
  const cvvRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!lastResult) return;
    for (const input of [numberRef.current, cvvRef.current]) if (input) input.value = "";
  }, [lastResult]);
  const years = yearOptions.map((year) => ({ code: String(year), name: String(year) }));
  return (
    <Form method="post" {...getFormProps(form)} className="card-form" aria-labelledby="card-form-heading">
      <h3 id="card-form-heading">Add a card</h3>
      <input type="hidden" name="intent" value="save-card" />
      {locked ? (
        <FieldError as="p" errors={lockedMessage} data-testid="card-locked" />
      ) : (
        <FieldError as="p" field={form} />
      )}
      <fieldset disabled={locked}>
        {enteredLastFour && lastResult ? (
          <p className="form-hint" data-testid="entered-last-four">
            You entered a card ending in {enteredLastFour}. For your security, please type the card number and security
            code again.
          </p>
        ) : null}
        <CardSecretField
          label="Card number"
          field={fields.cardNumber}
          inputRef={numberRef}
          autoComplete="cc-number"
          maxLength={23}
        />
        <TextField label="Name on card" field={fields.nameOnCard} autoComplete="cc-name" maxLength={CARD_NAME_MAX} />
        <div className="form-row card-form-expiry">
          <SelectField
            label="Expiration month"
            field={fields.expirationMonth}
            options={MONTHS}
            placeholder="Month"
            autoComplete="cc-exp-month"
          />
          <SelectField
            label="Expiration year"
            field={fields.expirationYear}
            options={years}
            placeholder="Year"
            autoComplete="cc-exp-year"
          />
          <CardSecretField
            className="card-form-cvv"
            label="Security code (CVV)"
            field={fields.cvv}
            inputRef={cvvRef}
            autoComplete="cc-csc"
            maxLength={4}
          />
        </div>
        <fieldset className="card-form-billing">
          <legend>Billing address</legend>
          <TextField
            label="Street address"
            field={fields.billingAddress1}
            autoComplete="billing address-line1"
            maxLength={ADDRESS_LINE_MAX}
          />
          <div className="form-row">
            <TextField
              label="City"
              field={fields.billingCity}
              autoComplete="billing address-level2"
              maxLength={CITY_MAX}
            />
            <SelectField
              label="State"
              field={fields.billingState}
              options={US_STATES}
              placeholder="Choose a state"
              autoComplete="billing address-level1"
            />
            <TextField
              label="ZIP code"
              field={fields.billingPostalCode}
              autoComplete="billing postal-code"
              maxLength={POSTAL_CODE_MAX}
            />
          </div>
        </fieldset>
        <p className="form-actions">
          <StatusButton intent="save-card" pendingText="Saving card…" className="button">
            Save card
          </StatusButton>
          {cancelable ? (
            <>
              {" "}
              <Link to={cancelHref} preventScrollReset>
                Cancel
              </Link>
            </>
          ) : null}
        </p>
      </fieldset>
    </Form>
  );
}

/** The number or the CVV: digits, never filled in from the server (a refused save sends neither back). */
function CardSecretField({
  label,
  field,
  inputRef,
  autoComplete,
  maxLength,
  className,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  inputRef: RefObject<HTMLInputElement | null>;
  autoComplete: "cc-number" | "cc-csc";
  maxLength: number;
  className?: string;
}) {
  return (
    <p className={className ? `form-field ${className}` : "form-field"}>
      <label htmlFor={field.id}>{label}</label>
      <input
        {...getInputProps(field, { type: "text" })}
        key={field.key}
        ref={inputRef}
        defaultValue=""
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={maxLength}
      />
      <FieldError field={field} />
    </p>
  );
}
