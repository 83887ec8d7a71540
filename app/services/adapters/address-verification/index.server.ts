import type { AddressVerifier } from "./address-verifier";
import { createZipCodeVerifier } from "./zip-code-verifier.server";

/** Chosen once at start-up. Only the embedded ZIP-code verifier exists; a provider's client would be chosen here. */
export function createAddressVerifier(): AddressVerifier {
  return createZipCodeVerifier();
}
