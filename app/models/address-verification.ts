import type { AddressInput } from "./address";
import { addressesEqualForShipping } from "./address-standardize";

/**
 * Address verification's rule (spec 2 §4 "Address verification"): with a suggestion from the verifier that differs
 * from what was entered, the 'Verify your address' dialog asks; accepting the suggestion gives Verified, keeping the
 * entered address gives CustomerVerified. No suggestion (no match, several, an error, a timeout, an address outside
 * the US) gives NeedsVerification. The one rule for every address the store ships to: a cart's, a subscription's.
 */

/** Spec 2 §9: "Address verify timeout 5000 ms": after it, the address is NeedsVerification and the order goes on. */
export const ADDRESS_VERIFY_TIMEOUT_MS = 5000;

export const VERIFICATION_STATUSES = ["Verified", "CustomerVerified", "NeedsVerification"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const isVerificationStatus = (value: string): value is VerificationStatus =>
  (VERIFICATION_STATUSES as readonly string[]).includes(value);

/** Spec 2 §3: a verified suggestion holds address1, address2, city, state and postalCode. */
export interface AddressSuggestion {
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
}

/** The entry with the suggestion's street, city, state and ZIP (names, country and phone are the entry's). */
export function withSuggestion(entry: AddressInput, suggestion: AddressSuggestion): AddressInput {
  return { ...entry, ...suggestion };
}

export type VerificationStep =
  | { kind: "choose"; suggestion: AddressSuggestion }
  | { kind: "save"; verificationStatus: Extract<VerificationStatus, "Verified" | "NeedsVerification"> };

/**
 * What follows the verifier's answer (its one suggestion, or null): the dialog when the suggestion differs from the
 * entry for shipping; otherwise the entry is saved, Verified when the verifier recognised it as it stands.
 */
export function afterVerification(entry: AddressInput, suggestion: AddressSuggestion | null): VerificationStep {
  if (suggestion === null) return { kind: "save", verificationStatus: "NeedsVerification" };
  if (!addressesEqualForShipping(entry, withSuggestion(entry, suggestion))) return { kind: "choose", suggestion };
  return { kind: "save", verificationStatus: "Verified" };
}

/** The dialog's answer: the suggestion is Verified, the entry as typed is CustomerVerified. */
export function chosenAddress(
  pending: { entry: AddressInput; suggestion: AddressSuggestion },
  choice: "entered" | "suggested",
): { address: AddressInput; verificationStatus: Extract<VerificationStatus, "Verified" | "CustomerVerified"> } {
  return choice === "suggested"
    ? { address: withSuggestion(pending.entry, pending.suggestion), verificationStatus: "Verified" }
    : { address: pending.entry, verificationStatus: "CustomerVerified" };
}
