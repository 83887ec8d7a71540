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
import { SavedChoice, SavedChoiceList } from "~/components/forms/SavedChoice";

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
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="saved-addresses">
      <input type="hidden" name="intent" value={intent} />
      <SavedChoiceList legend="Your addresses" form={form} field={fields.addressId}>
        {addresses.map((address) => {
          return (
            <SavedChoice
              key={address.id}
              id={`${formId}-${address.id}`}
              className="saved-address-choice"
              name={fields.addressId.name}
              value={address.id}
              defaultChecked={address.id === selectedId}
            >
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
            </SavedChoice>
          );
        })}
      </SavedChoiceList>
      <button type="submit" className="button button-primary">
        Ship to this address
      </button>
    </Form>
  );
}
