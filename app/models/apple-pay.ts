import { z } from "zod";

/**
 * Apple Pay, the wallet payment of Apple platforms (spec 3 §4 Wallet payment, §5, §9): offered only on an Apple
 * platform, with JavaScript, through the Payment Request API. Session begins, the merchant is validated, the payment
 * is authorized, its token is saved (the vault turns it into a nonce, the nonce into a saved card), then success; a
 * failure completes the payment as failed, a merchant validation failure aborts the session.
 */

/** The Payment Request API's method identifier for Apple Pay. */
export const APPLE_PAY_METHOD = "https://apple.com/apple-pay";

/** Spec 3 §9: US, USD, networks visa, mastercard, amex, discover, 3DS, session version 3. */
export const APPLE_PAY_REQUEST = {
  version: 3,
  merchantIdentifier: "merchant.test.lenslane",
  merchantCapabilities: ["supports3DS"],
  supportedNetworks: ["visa", "mastercard", "amex", "discover"],
  countryCode: "US",
} as const;
export const APPLE_PAY_CURRENCY = "USD";
/** Spec 3 §9: the line items a payment sheet shows. */
export const APPLE_PAY_LINE_ITEMS = ["Subtotal", "Shipping", "Tax"] as const;

export const APPLE_PAY_MESSAGES = {
  failed: "Apple Pay didn't go through. Please try again or add a card.",
  merchant: "Apple Pay isn't available right now. Please add a card instead.",
} as const;

/** What the browser offers, read once on the client (nothing of it exists on the server or without JavaScript). */
export interface BrowserPaymentSupport {
  /** `window.ApplePaySession` exists: Safari on an Apple platform. */
  hasApplePaySession: boolean;
  /** `ApplePaySession.canMakePayments()`: the device can pay with Apple Pay. */
  canMakePayments: boolean;
  /** `window.PaymentRequest` exists. */
  hasPaymentRequest: boolean;
}

/** Apple Pay is offered only on an Apple platform that can make payments and has the Payment Request API. */
export function isApplePayOffered(support: BrowserPaymentSupport | null, switchedOn: boolean): boolean {
  if (!switchedOn || !support) return false;
  return support.hasApplePaySession && support.canMakePayments && support.hasPaymentRequest;
}

/** The browser's two calls to the store's Apple Pay resource. */
export const applePayStepSchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("validate-merchant"), validationURL: z.string().max(500) }),
  z.object({
    step: z.literal("authorize"),
    token: z.object({
      paymentData: z.unknown(),
      paymentMethod: z
        .object({
          displayName: z.string().max(100).optional(),
          network: z.string().max(40).optional(),
          type: z.string().max(40).optional(),
        })
        .optional(),
      transactionIdentifier: z.string().max(200).optional(),
    }),
    payerName: z.string().max(100).optional(),
    postalCode: z.string().max(20).optional(),
  }),
]);
export type ApplePayStep = z.infer<typeof applePayStepSchema>;
