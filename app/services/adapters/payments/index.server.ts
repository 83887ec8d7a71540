import type { Database } from "~/services/db/client.server";
import type { PaymentGateway } from "./payment-gateway";
import { createTestVault } from "./test-vault.server";

/**
 * Chosen once at start-up. Only the embedded test-mode vault exists for now; a card provider's client (configured
 * by its key) would be chosen here.
 */
export function createPaymentGateway(db: Database): PaymentGateway {
  return createTestVault({ db });
}
