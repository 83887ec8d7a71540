import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors, SelectField, TextField } from "~/components/account/FormFields";
import { ADDRESS_LINE_MAX, CITY_MAX, POSTAL_CODE_MAX, US_STATES } from "~/models/address";
import { CARD_NAME_MAX, cardFormSchema, type CardFormInput, type CardFormValue } from "~/models/card";

export interface BillingDefaults {
  billingAddress1: string;
  billingCity: string;
  billingState: string;
  billingPostalCode: string;
}

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
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  enteredLastFour: string | null;
  billingDefaults: BillingDefaults;
  yearOptions: number[];
  locked: boolean;
  lockedMessage: string;
  cancelable: boolean;
}) {
  // Built per render so "expired" is judged against today (the server judges again on submit).
  const schema = useMemo(() => cardFormSchema(), []);
  const [form, fields] = useForm<CardFormInput, CardFormValue>({
    id: "card-form",
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: billingDefaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // The server never sends the number or the CVV back; with JavaScript the browser would keep what was typed, so a
  // refused save clears them here too (the page shows only the last four, as it does without JavaScript).
  const numberRef = useRef<HTMLInputElement>(null);
  const cvvRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!lastResult) return;
    for (const input of [numberRef.current, cvvRef.current]) if (input) input.value = "";
  }, [lastResult]);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-card";
  const years = yearOptions.map((year) => ({ code: String(year), name: String(year) }));
  return (
    <Form method="post" {...getFormProps(form)} className="card-form" aria-labelledby="card-form-heading">
      <h3 id="card-form-heading">Add a card</h3>
      <input type="hidden" name="intent" value="save-card" />
      {locked ? (
        <p className="field-error" role="alert" data-testid="card-locked">
          {lockedMessage}
        </p>
      ) : (
        <FormErrors errors={form.errors} id={form.errorId} />
      )}
      <fieldset disabled={locked}>
        {enteredLastFour && lastResult ? (
          <p className="form-hint" data-testid="entered-last-four">
            You entered a card ending in {enteredLastFour}. For your security, please type the card number and security
            code again.
          </p>
        ) : null}
        <p className="form-field">
          <label htmlFor={fields.cardNumber.id}>Card number</label>
          <input
            {...getInputProps(fields.cardNumber, { type: "text" })}
            key={fields.cardNumber.key}
            ref={numberRef}
            defaultValue=""
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
          />
          {fields.cardNumber.errors ? (
            <span className="field-error" id={fields.cardNumber.errorId} role="alert">
              {fields.cardNumber.errors.join(" ")}
            </span>
          ) : null}
        </p>
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
          <p className="form-field card-form-cvv">
            <label htmlFor={fields.cvv.id}>Security code (CVV)</label>
            <input
              {...getInputProps(fields.cvv, { type: "text" })}
              key={fields.cvv.key}
              ref={cvvRef}
              defaultValue=""
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
            />
            {fields.cvv.errors ? (
              <span className="field-error" id={fields.cvv.errorId} role="alert">
                {fields.cvv.errors.join(" ")}
              </span>
            ) : null}
          </p>
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
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving card…" : "Save card"}
          </button>
          {cancelable ? (
            <>
              {" "}
              <Link to="/checkout" preventScrollReset>
                Cancel
              </Link>
            </>
          ) : null}
        </p>
      </fieldset>
    </Form>
  );
}
