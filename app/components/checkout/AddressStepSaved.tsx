import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { z } from "zod";
import {
  addressLines,
  SHIPPING_ADDRESS_PROBLEM_MESSAGES,
  type AddressInput,
  type ShippingAddressProblem,
} from "~/models/address";
import { AddressLines } from "../ui/AddressLines";

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

/** The address book, each entry as it would ship (shippableAddressBook), as the form's choices. */
export function addressChoices(
  book: ReadonlyArray<{
    saved: { id: number; isPrimary: boolean };
    address: AddressInput;
    problem: ShippingAddressProblem | null;
  }>,
): SavedAddressChoice[] {
  return book.map(({ saved, address, problem }) => ({
    id: saved.id,
    lines: addressLines(address),
    isPrimary: saved.isPrimary,
    problem: problem ? SHIPPING_ADDRESS_PROBLEM_MESSAGES[problem] : null,
  }));
}

/**
 * The address book as radio choices; the cart's current address (or the primary one) chosen to begin with. The
 * address step's by default; a subscription's address change posts its own intent to its own page.
 */
export function SavedAddressForm({
  addresses,
  selectedId,
  lastResult,
  id: formId = "saved-address",
  action = "/address",
  intent = "use-saved",
}: {
  addresses: SavedAddressChoice[];
  selectedId: number | null;
  lastResult: SubmissionResult<string[]> | undefined;
  id?: string;
  action?: string;
  intent?: string;
}) {
  const [form, fields] = useForm({
    id: formId,
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(savedAddressSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savedAddressSchema }),
    shouldValidate: "onSubmit",
  });
  const errors = [...(form.errors ?? []), ...(fields.addressId.errors ?? [])];
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="saved-addresses">
      <input type="hidden" name="intent" value={intent} />
      <fieldset className="choice-list" aria-describedby={errors.length ? form.errorId : undefined}>
        <legend>Your addresses</legend>
        {addresses.map((address) => {
          const id = `${formId}-${address.id}`;
          // A block per choice and <br> between the lines (a label holds no block), so it reads right without CSS.
          return (
            <div key={address.id}>
              <label htmlFor={id} className="saved-address-choice">
                <input
                  type="radio"
                  id={id}
                  name={fields.addressId.name}
                  value={address.id}
                  defaultChecked={address.id === selectedId}
                  required
                />
                <span>
                  {address.isPrimary ? (
                    <>
                      <span className="address-badge">Primary address</span>
                      <br />
                    </>
                  ) : null}
                  <AddressLines lines={address.lines} />
                  {address.problem ? (
                    <>
                      <br />
                      <span className="form-hint">{address.problem}</span>
                    </>
                  ) : null}
                </span>
              </label>
            </div>
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
