/**
 * Address verification (spec 2 §7: POST api/addresses/verify, a list of matches, 5 s timeout). A verifier answers
 * with the standardised forms of the address it recognises; the checkout decides what to do with them (see
 * services/funnel/checkout-address.server.ts). The embedded default checks ZIP, state and city against a ZIP-code
 * dataset; a real provider's client would implement the same interface.
 */

/** The address to check (names and phone are not the verifier's business). */
export type VerifiableAddress = AddressPlace;

import type { AddressPlace } from "~/models/address";
import type { AddressSuggestion } from "~/models/address-verification";

export type { AddressSuggestion };

export interface VerificationAnswer {
  matches: AddressSuggestion[];
}

export interface AddressVerifier {
  /** `signal` aborts when the caller stops waiting (the checkout's timeout), so a network call can be dropped. */
  verify(address: VerifiableAddress, options?: { signal?: AbortSignal }): Promise<VerificationAnswer>;
}
