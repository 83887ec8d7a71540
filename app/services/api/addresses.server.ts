import { toAddressInput, type AddressInput } from "~/models/address";
import { addressesEqualForShipping } from "~/models/address-standardize";
import type { Address } from "../accounts/addresses.server";
import { verificationMatches, withSuggestion } from "../funnel/checkout-address.server";
import type { AppServices } from "../platform/context.server";
import { ADDRESS_REQUIRED_MESSAGE, addressRequestSchema } from "./schemas/addresses-api";
import { jsonError, parseJson, readJson } from "./json.server";

/** The address calls of the JSON API (spec 2 §7, spec 3 §7 'Addresses'): parsing, verifying, and the JSON. */

/**
 * The `{ address }` body of the address calls and PUT api/autoReorder/{id}/address, checked by the account address
 * forms' schema (400 with every message), in its stored shape. A missing address is one message for the whole body.
 */
export async function readAddressBody(request: Request): Promise<AddressInput> {
  const body = await readJson(request);
  const address = body.address;
  if (typeof address !== "object" || address === null || Array.isArray(address)) {
    throw jsonError(400, ADDRESS_REQUIRED_MESSAGE);
  }
  return toAddressInput(parseJson(addressRequestSchema, body).address);
}

/** An address-book entry as the API answers it (addressResponseSchema). */
export function addressJson(address: Address) {
  const { id, firstName, lastName, address1, address2, city, state, postalCode, country, phone } = address;
  return {
    id,
    firstName,
    lastName,
    address1,
    address2,
    city,
    state,
    postalCode,
    country,
    phone,
    isPrimary: address.isPrimary,
    verificationStatus: address.verificationStatus as "Verified" | "CustomerVerified" | "NeedsVerification",
  };
}

/**
 * POST api/addresses/verify: the verifier's matches within checkout's 5 s timeout (none for a non-US address, which
 * is not sent). `verificationStatus` is what the entry would be saved with as it is: Verified when a match is the
 * same address for shipping, else NeedsVerification (the client's 'Verify your address' choice then decides:
 * the suggestion is Verified, the entry kept is CustomerVerified).
 */
export async function verifyAddressJson(
  services: Pick<AppServices, "addressVerifier" | "logger">,
  entry: AddressInput,
) {
  const found = await verificationMatches(services.addressVerifier, entry, undefined, services.logger);
  if (found.kind === "unverified") {
    return { matches: [], verificationStatus: "NeedsVerification" as const, reason: found.reason };
  }
  const same = found.matches.some((match) => addressesEqualForShipping(entry, withSuggestion(entry, match)));
  return {
    matches: found.matches,
    verificationStatus: same ? ("Verified" as const) : ("NeedsVerification" as const),
    reason: found.matches.length > 0 ? ("matched" as const) : ("no-match" as const),
  };
}
