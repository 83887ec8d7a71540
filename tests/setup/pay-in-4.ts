import {
  decideSimulatedCheckout,
  type SimulatorDecision,
} from "~/services/adapters/payments/simulated-redirect.server";
import type { AppServices } from "~/services/platform/context.server";

/**
 * Pay-in-4 tokens from the embedded simulated provider, as a shopper's app gets them (decision 57): a checkout made
 * through `POST api/afterpay`, or a billing agreement's approval, then the shopper's choice on the provider's page.
 */

const merchant = { redirectConfirmUrl: "http://store.test/thank-you", redirectCancelUrl: "http://store.test/cart" };

export async function simulatedCheckoutToken(
  services: Pick<AppServices, "payIn4" | "db">,
  amountCents: number,
  decision: SimulatorDecision | null = "approve",
): Promise<string> {
  const made = await services.payIn4.createInstalmentCheckout({
    amount: { amount: (amountCents / 100).toFixed(2), currency: "USD" },
    consumer: { email: "pat@example.com" },
    merchant,
    merchantReference: `cart-${crypto.randomUUID()}`,
  });
  if (!made.ok) throw new Error("the simulator made no checkout");
  if (decision) await decideSimulatedCheckout(services.db, "pay-in-4", made.token, decision);
  return made.token;
}

/** decision "decline": approved, but the payments made against it are declined. */
export async function simulatedAgreementToken(
  services: Pick<AppServices, "payIn4" | "db">,
  decision: SimulatorDecision | null = "approve",
): Promise<string> {
  const made = await services.payIn4.createBillingAgreement({
    consumer: { email: "pat@example.com" },
    agreements: [{ type: "BILLING" }],
    merchantReference: `customer-${crypto.randomUUID()}`,
    merchant,
  });
  if (!made.ok) throw new Error("the simulator made no agreement");
  if (decision) await decideSimulatedCheckout(services.db, "pay-in-4", made.token, decision);
  return made.token;
}
