import { Form, Link } from "react-router";
import { addressLines, type AddressInput } from "~/models/address";
import { AddressLines } from "../ui/AddressLines";

export interface AddressCardData extends AddressInput {
  id: number;
  isPrimary: boolean;
}

/** One address of the address book: its label, and edit, make-primary and delete (plain forms). */
export function AddressCard({ address }: { address: AddressCardData }) {
  const lines = addressLines(address);
  const name = lines[0] ?? "";
  const summary = `${name}, ${address.address1}`;
  return (
    <li className={address.isPrimary ? "address-card address-card-primary" : "address-card"} data-testid="address-card">
      {address.isPrimary ? <p className="address-badge">Primary address</p> : null}
      <address>
        <AddressLines lines={lines} />
      </address>
      <div className="address-actions">
        <Link to={`/account/addresses/${address.id}`} aria-label={`Edit ${summary}`}>
          Edit
        </Link>
        {address.isPrimary ? null : (
          <Form method="post" action="/account/addresses">
            <input type="hidden" name="intent" value="set-primary" />
            <input type="hidden" name="addressId" value={address.id} />
            <button type="submit" className="link-button" aria-label={`Make ${summary} my primary address`}>
              Make primary
            </button>
          </Form>
        )}
        <Form method="post" action="/account/addresses">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="addressId" value={address.id} />
          <button type="submit" className="link-button" aria-label={`Delete ${summary}`}>
            Delete
          </button>
        </Form>
      </div>
    </li>
  );
}
