import type { Database } from "~/services/db/client.server";
import { createSimulatedRedirectProvider } from "../payments/simulated-redirect.server";
import type { PayPalProvider } from "./paypal-provider";

/** The embedded default: the simulated PayPal (payments/simulated-redirect.server.ts), its page at /dev/paypal/checkout/…. */
export function createSimulatedPayPal(options: { db: Database }): PayPalProvider {
  return createSimulatedRedirectProvider("paypal", options);
}
