import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { AddressForm } from "~/components/account/AddressForm";
import { SavedAddressForm, type SavedAddressChoice } from "~/components/checkout/AddressStepSaved";
import { type AddressFormDefaults } from "~/models/address";
import { AddressLines } from "../ui/AddressLines";

type Result = SubmissionResult<string[]> | undefined;

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
          <AddressLines lines={currentLines} />
        </address>
      ) : (
        <p>There is no shipping address on this subscription.</p>
      )}
      {addresses.length > 0 ? (
        <SavedAddressForm
          id="subscription-saved-address"
          action={detailsHref}
          intent="use-saved-address"
          addresses={addresses}
          selectedId={selectedId}
          lastResult={savedResult}
        />
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
