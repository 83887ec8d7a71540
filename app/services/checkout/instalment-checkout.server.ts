import {
  INSTALMENT_API_MESSAGES,
  isOwnPage,
  type BillingAgreementBody,
  type InstalmentCheckoutBody,
} from "~/models/instalment-request";
import { INSTALMENT_UNAVAILABLE } from "~/models/payment-options";
import type { TokenResult } from "../adapters/pay-in-4/pay-in-4-provider";
import { paymentProvidersReady } from "../platform/config.server";
import type { AppServices } from "../platform/context.server";

/**
 * The spec's pay-in-4 calls (`POST api/afterpay`, `POST api/afterpay/billingAgreement`): the shopper's browser asks
 * the provider for a checkout or a billing agreement through the store, which answers the token. Saving the token as
 * a payment method is `POST api/paymentMethods/afterpay…` (the wallet's calls).
 */

export type InstalmentTokenOutcome =
  | { ok: true; token: string; expires: string | null; redirectCheckoutUrl: string }
  | { ok: false; status: 400 | 502 | 503; message: string };

/** No credentials and no simulator (production without them): the provider cannot take a payment, so no token. */
const providerMissing = (config: AppServices["config"]): InstalmentTokenOutcome | null =>
  paymentProvidersReady(config).payIn4 ? null : { ok: false, status: 503, message: INSTALMENT_UNAVAILABLE.switchedOff };

function outcomeOf(result: TokenResult): InstalmentTokenOutcome {
  if (result.ok) return result;
  if (result.reason === "invalid") {
    return { ok: false, status: 400, message: result.message ?? "The provider refused the request." };
  }
  return { ok: false, status: 502, message: INSTALMENT_API_MESSAGES.provider };
}

export async function createInstalmentToken(
  services: Pick<AppServices, "payIn4" | "config">,
  body: InstalmentCheckoutBody,
): Promise<InstalmentTokenOutcome> {
  const missing = providerMissing(services.config);
  if (missing) return missing;
  if (!ownRedirects(body, services.config.siteUrl)) {
    return { ok: false, status: 400, message: INSTALMENT_API_MESSAGES.foreignRedirect };
  }
  if (Number(body.amount.amount) <= 0) return { ok: false, status: 400, message: INSTALMENT_API_MESSAGES.amount };
  return outcomeOf(await services.payIn4.createInstalmentCheckout(body));
}

export async function createBillingAgreementToken(
  services: Pick<AppServices, "payIn4" | "config">,
  body: BillingAgreementBody,
): Promise<InstalmentTokenOutcome> {
  const missing = providerMissing(services.config);
  if (missing) return missing;
  if (!ownRedirects(body, services.config.siteUrl)) {
    return { ok: false, status: 400, message: INSTALMENT_API_MESSAGES.foreignRedirect };
  }
  return outcomeOf(await services.payIn4.createBillingAgreement(body));
}

const ownRedirects = (body: { merchant: { redirectConfirmUrl: string; redirectCancelUrl: string } }, site: string) =>
  isOwnPage(body.merchant.redirectConfirmUrl, site) && isOwnPage(body.merchant.redirectCancelUrl, site);
