/**
 * What PayPal (adapters/paypal) and the pay-in-4 provider (adapters/pay-in-4) have in common: the shopper leaves the
 * store for the provider's page and comes back (decision 53). The store creates a checkout for an amount with its
 * return and cancel URLs and sends the shopper to the provider's redirect URL; the provider sends the shopper back
 * to one of them with the checkout's token; the store then captures the payment. Nothing moves money before the
 * capture, and a capture repeated with the same request id answers the same capture (at most one charge).
 */

export interface ProviderCheckoutRequest {
  amountCents: number;
  /** Where the provider sends the shopper after approving, and after cancelling (absolute URLs of the store). */
  returnUrl: string;
  cancelUrl: string;
  /** The store's reference for the payment (the order number). */
  merchantReference: string;
  /** The create call's idempotency key: a repeated create with it gives the same checkout. */
  requestId: string;
  consumer?: { email: string; givenNames: string; surname: string };
}

export type CreateCheckoutResult =
  | { ok: true; token: string; redirectUrl: string }
  /** error: the provider could not be reached or refused the request; no checkout was made. */
  | { ok: false; reason: "error" };

export type CaptureResult =
  | { ok: true; captureId: string; amountCents: number }
  /**
   * declined: the provider refused the payment (nothing captured); not-approved: the shopper has not approved it
   * (or cancelled); error: no answer or a failure whose outcome is unknown (ask again later, with the same request id).
   */
  | { ok: false; reason: "declined" | "not-approved" | "error" };

/**
 * A checkout as the provider keeps it: open (created, the shopper not yet back), approved (capturable), captured,
 * or closed (cancelled, declined or expired: never capturable).
 */
export type ProviderCheckoutState =
  { status: "open" | "approved" | "closed"; captureId: null } | { status: "captured"; captureId: string };

export interface RedirectPaymentProvider {
  createCheckout(request: ProviderCheckoutRequest): Promise<CreateCheckoutResult>;
  /** Captures an approved checkout; the same request id always answers the same capture. */
  capture(token: string, requestId: string): Promise<CaptureResult>;
  /** The checkout by its token (null: the provider knows no such checkout): what a recovery asks (decision 29). */
  lookup(token: string): Promise<ProviderCheckoutState | null>;
}

/** Cents as the providers write money: "12.50". */
export function moneyString(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "12.50" (or 12.5) as cents; NaN for anything else. */
export function centsOf(value: unknown): number {
  const text = typeof value === "number" ? value.toFixed(2) : String(value ?? "");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}
