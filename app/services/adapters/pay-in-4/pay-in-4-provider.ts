import type { CaptureResult, ProviderCheckoutRequest, RedirectPaymentProvider } from "../payments/redirect-provider";

/**
 * The pay-in-4 provider (an Afterpay-style checkout API; spec 3 "Pay-later and instalments"). A checkout is created
 * for the order's amount; the provider sends the shopper back to the store with `orderToken` and `status` (SUCCESS
 * or CANCELLED); the store then captures the full payment, which starts the shopper's 4 instalments. Implemented by
 * the real client (afterpay-client.server.ts) and by the embedded simulated provider (simulated-pay-in-4.server.ts,
 * the same simulator as PayPal's: payments/simulated-redirect.server.ts).
 *
 * The spec's `POST api/afterpay` sends the full checkout request (below); `POST api/afterpay/billingAgreement` asks
 * for a billing agreement, whose approval token `POST api/paymentMethods/afterpayBillingAgreement` saves.
 */

export interface Money {
  amount: string;
  currency: string;
}

/** Spec 3 §3 "Instalment checkout request", in the provider's own shape (amounts as Money). */
export interface InstalmentCheckoutRequest {
  amount: Money;
  consumer: { email: string; givenNames?: string; surname?: string; phoneNumber?: string };
  billing?: InstalmentAddress;
  shipping?: InstalmentAddress;
  items?: Array<{
    name: string;
    sku?: string;
    quantity: number;
    pageUrl?: string;
    imageUrl?: string;
    price: Money;
    preorder?: boolean;
  }>;
  discounts?: Array<{ displayName: string; amount: Money }>;
  merchant: { redirectConfirmUrl: string; redirectCancelUrl: string };
  /** The cart id. */
  merchantReference: string;
  taxAmount?: Money;
  shippingAmount?: Money;
  /** An optional billing agreement asked for with the checkout. */
  agreements?: Array<{ type: string; merchantReference?: string }>;
}

export interface InstalmentAddress {
  name: string;
  line1: string;
  line2?: string;
  area1: string;
  region: string;
  postcode: string;
  countryCode: string;
  phoneNumber?: string;
}

/** Spec 3 §7 `POST api/afterpay/billingAgreement` {consumer, agreements, merchantReference, merchant}. */
export interface BillingAgreementRequest {
  consumer: InstalmentCheckoutRequest["consumer"];
  agreements: Array<{ type: string; merchantReference?: string }>;
  merchantReference: string;
  merchant: InstalmentCheckoutRequest["merchant"];
}

export type TokenResult =
  | { ok: true; token: string; expires: string | null; redirectCheckoutUrl: string }
  | { ok: false; reason: "invalid" | "error"; message?: string };

/**
 * A checkout token as saving it (and paying with it) needs to know it (decision 57): approved and capturable for its
 * amount, not (yet) approved, closed (cancelled, declined, expired), or already captured. Null from the provider: it
 * knows no such checkout.
 */
export type CheckoutTokenState =
  | { status: "approved"; amountCents: number }
  | { status: "open" | "closed" }
  | { status: "captured"; captureId: string };

/**
 * A billing agreement made from its approval token: active (its token pays, `payWithAgreement`); unknown (the
 * provider knows no such approval); not-approved (the shopper did not approve it, or it was cancelled or expired);
 * error (no answer: nothing is known).
 */
export type AgreementResult =
  { ok: true; agreementToken: string } | { ok: false; reason: "unknown" | "not-approved" | "error" };

/** A payment against an active billing agreement, captured at once (no redirect). */
export interface AgreementPaymentRequest {
  agreementToken: string;
  amountCents: number;
  /** The store's payment key (decision 29): the same request id always answers the same payment. */
  requestId: string;
  /** The order number. */
  merchantReference: string;
  consumer?: { email: string; givenNames: string; surname: string };
}

export interface PayIn4Provider extends RedirectPaymentProvider {
  /** The spec's checkout request as the shopper's browser sends it (`POST api/afterpay`): the checkout's token. */
  createInstalmentCheckout(request: InstalmentCheckoutRequest, requestId?: string): Promise<TokenResult>;
  /** A billing agreement's checkout (`POST api/afterpay/billingAgreement`): its token. */
  createBillingAgreement(request: BillingAgreementRequest, requestId?: string): Promise<TokenResult>;
  /** A checkout token's state and amount (null: unknown to the provider). Throws when the provider does not answer. */
  checkoutState(token: string): Promise<CheckoutTokenState | null>;
  /**
   * Makes the billing agreement the shopper approved (from the approval token), or finds the one made from it before
   * (saved again); its agreement token is what pays later.
   */
  createAgreement(approvalToken: string, requestId: string): Promise<AgreementResult>;
  /**
   * Creates and captures a payment against an active agreement for the amount: declined (the provider refused it),
   * not-approved (the agreement is unknown, cancelled or expired), error (no answer: ask again with the same id).
   */
  payWithAgreement(request: AgreementPaymentRequest): Promise<CaptureResult>;
}

/** The store's order checkout in the provider's request shape (what `createCheckout` sends). */
export function instalmentRequestOf(request: ProviderCheckoutRequest): InstalmentCheckoutRequest {
  return {
    amount: { amount: (request.amountCents / 100).toFixed(2), currency: "USD" },
    consumer: request.consumer ?? { email: "" },
    merchant: { redirectConfirmUrl: request.returnUrl, redirectCancelUrl: request.cancelUrl },
    merchantReference: request.merchantReference,
  };
}
