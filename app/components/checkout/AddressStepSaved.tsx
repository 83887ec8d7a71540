import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { z } from "zod";

/** Shared by this form and the /address action (intent=use-saved). */
export const SAVED_ADDRESS_MESSAGE = "Choose one of your addresses.";
export const savedAddressSchema = z.object({
  addressId: z.coerce.number({ error: SAVED_ADDRESS_MESSAGE }).int({ error: SAVED_ADDRESS_MESSAGE }).positive({
    error: SAVED_ADDRESS_MESSAGE,
  }),
});

export interface SavedAddressChoice {
  id: number;
  lines: string[];
  isPrimary: boolean;
  /** Why it cannot be shipped to as it is (e.g. needs a phone), or null. */
  problem: string | null;
}

/** The address book as radio choices; the cart's current address (or the primary one) chosen to begin with. */
export function SavedAddressForm({
  addresses,
  selectedId,
  lastResult,
}: {
  addresses: SavedAddressChoice[];
  selectedId: number | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "saved-address",
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(savedAddressSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savedAddressSchema }),
    shouldValidate: "onSubmit",
  });
  const errors = [...(form.errors ?? []), ...(fields.addressId.errors ?? [])];
  return (
    <Form method="post" action="/address" {...getFormProps(form)} className="saved-addresses">
      <input type="hidden" name="intent" value="use-saved" />
      <fieldset className="choice-list" aria-describedby={errors.length ? form.errorId : undefined}>
        <legend>Your addresses</legend>
        {addresses.map((address) => {
          const id = `saved-address-${address.id}`;
          return (
            <label key={address.id} htmlFor={id} className="saved-address-choice">
              <input
                type="radio"
                id={id}
                name={fields.addressId.name}
                value={address.id}
                defaultChecked={address.id === selectedId}
                required
              />
              <span>
                {address.isPrimary ? <span className="address-badge">Primary address</span> : null}
                <address>
                  {address.lines.map((line, index) => (
                    <span key={index} className="address-line">
                      {line}
                    </span>
                  ))}
                </address>
                {address.problem ? <span className="form-hint">{address.problem}</span> : null}
              </span>
            </label>
          );
        })}
      </fieldset>
      {errors.length ? (
        <p className="field-error" id={form.errorId} role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
      <button type="submit" className="button button-primary">
        Ship to this address
      </button>
    </Form>
  );
}
