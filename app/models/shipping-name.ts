/**
 * The shipping name (spec 1 §5, spec 2 §4): a parcel needs a full name. When the shipping address has no last
 * name, the first and last name come from the primary address that has a last name, else from any address that
 * has one, else from the customer.
 */

export interface PersonName {
  firstName: string;
  lastName: string;
}

export interface BookName extends PersonName {
  isPrimary: boolean;
}

const hasText = (value: string | null | undefined) => !!value && value.trim().length > 0;

/** The name an address ships under: its own when it has a last name, otherwise the spec's fallbacks. */
export function ensureShippingName<T extends PersonName>(
  address: T,
  addressBook: readonly BookName[],
  customer: PersonName | null,
): T {
  if (hasText(address.lastName)) return address;
  const source =
    addressBook.find((entry) => entry.isPrimary && hasText(entry.lastName)) ??
    addressBook.find((entry) => hasText(entry.lastName)) ??
    (customer && hasText(customer.lastName) ? customer : null);
  if (!source) return address;
  return { ...address, firstName: source.firstName.trim(), lastName: source.lastName.trim() };
}
