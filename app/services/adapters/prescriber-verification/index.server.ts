import type { Database } from "~/services/db/client.server";
import type { PrescriberVerifier } from "./prescriber-verifier";
import { createSimulatedPrescriber } from "./simulated-prescriber.server";

/**
 * Chosen once at start-up. Only the embedded simulated prescriber exists for now; a verification provider's client
 * (configured by its key) would be chosen here.
 */
export function createPrescriberVerifier(db: Database): PrescriberVerifier {
  return createSimulatedPrescriber({ db });
}
