import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { AddressForm } from "~/components/account/AddressForm";
import { savedAddressSchema, type SavedAddressChoice } from "~/components/checkout/AddressStepSaved";
import {
  ADDRESS_MESSAGES,
  addressLines,
  type AddressFormDefaults,
  type AddressInput,
  type ShippingAddressProblem,
} from "~/models/address";

type Result = SubmissionResult<string[]> | undefined;

/** Why a saved address cannot be shipped to as it is (the address step's words). */
export const ADDRESS_PROBLEM_MESSAGES: Record<ShippingAddressProblem, string> = {
  "missing-fields": "This address is missing details. Edit it in your address book, or enter a new one.",
  "international-without-phone": ADDRESS_MESSAGES.internationalPhoneRequired,
  "military-without-phone": ADDRESS_MESSAGES.militaryPhoneRequired,
};

/** The address book (each entry as it would ship) as the form's choices. */
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
    problem: problem ? ADDRESS_PROBLEM_MESSAGES[problem] : null,
  }));
}

/**
 * Change address: one of the saved addresses (intent=use-saved-address), or a new one through the account's address
 * form (which posts no intent). Both are verified as at checkout; the new-address form opens from the URL
 * (?address=new), as does the 'Verify your address' dialog (?verify=address).
 */
export function AddressChange({
  detailsHref,
  currentLines,
  addresses,
  selectedId,
  showNewForm,
  newAddressDefaults,
  savedResult,
  newResult,
}: {
  detailsHref: string;
  currentLines: string[];
  addresses: SavedAddressChoice[];
  selectedId: number | null;
  showNewForm: boolean;
  newAddressDefaults: AddressFormDefaults;
  savedResult: Result;
  newResult: Result;
}) {
  return (
    <>
      {currentLines.length > 0 ? (
        <address className="subscription-address" data-testid="subscription-address">
          {currentLines.map((line, index) => (
            <span key={index} className="address-line">
              {line}
            </span>
          ))}
        </address>
      ) : (
        <p>There is no shipping address on this subscription.</p>
      )}
      {addresses.length > 0 ? (
        <SavedAddressChoiceForm addresses={addresses} selectedId={selectedId} lastResult={savedResult} />
      ) : null}
      {showNewForm ? (
        <div id="new-address">
          <h3>A new address</h3>
          <AddressForm
            id="subscription-new-address"
            defaultValue={newAddressDefaults}
            lastResult={newResult}
            submitLabel="Ship to this address"
            cancelHref={addresses.length > 0 ? detailsHref : null}
          />
        </div>
      ) : (
        <p>
          <Link to="?address=new#new-address" preventScrollReset>
            Ship to a new address
          </Link>
        </p>
      )}
    </>
  );
}

function SavedAddressChoiceForm({
  addresses,
  selectedId,
  lastResult,
}: {
  addresses: SavedAddressChoice[];
  selectedId: number | null;
  lastResult: Result;
}) {
  const [form, fields] = useForm({
    id: "subscription-saved-address",
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(savedAddressSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savedAddressSchema }),
    shouldValidate: "onSubmit",
  });
  const errors = [...(form.errors ?? []), ...(fields.addressId.errors ?? [])];
  return (
    <Form method="post" {...getFormProps(form)} className="saved-addresses">
      <input type="hidden" name="intent" value="use-saved-address" />
      <fieldset className="choice-list" aria-describedby={errors.length ? form.errorId : undefined}>
        <legend>Your addresses</legend>
        {addresses.map((address) => {
          const id = `subscription-saved-address-${address.id}`;
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
      <button type="submit" className="button">
        Ship to this address
      </button>
    </Form>
  );
}
