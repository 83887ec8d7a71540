import { addressLines, type AddressFormDefaults, type AddressInput, toAddressFormDefaults } from "./address";
import { type AddressSuggestion, withSuggestion } from "./address-verification";

/**
 * What a page that ships somewhere (the checkout's address step, a subscription's address) shows while an address
 * waits for the 'Verify your address' choice: the new-address form's defaults and the dialog's two addresses.
 */

/** The entry waiting for the choice, and the saved address it came from (null: a new one). */
export interface PendingAddressChoice {
  entry: AddressInput;
  suggestion: AddressSuggestion;
  addressId: number | null;
}

/**
 * A closed dialog leaves a new entry in the form to correct; otherwise the form starts empty but for the
 * account's name.
 */
export function newAddressDefaults(
  pending: PendingAddressChoice | null,
  customer: { firstName: string; lastName: string },
): AddressFormDefaults {
  return pending && pending.addressId === null
    ? toAddressFormDefaults(pending.entry)
    : { ...toAddressFormDefaults(null), firstName: customer.firstName, lastName: customer.lastName };
}

/** The dialog's two addresses as label lines: as entered, and with the verifier's suggestion. */
export function verifyDialogLines(pending: PendingAddressChoice): { entryLines: string[]; suggestionLines: string[] } {
  return {
    entryLines: addressLines(pending.entry),
    suggestionLines: addressLines(withSuggestion(pending.entry, pending.suggestion)),
  };
}
