import { z } from "zod";
import { CARD_TYPE_LABELS, CARD_TYPES, type CardType } from "./card";

/**
 * Saved payment methods beyond the card form (spec 3 §3 Wallet and payments, §5, §8): what kinds a wallet holds, the
 * payment method enumeration, how a saved method is named to the shopper, and the messages and bodies of the wallet
 * calls. Pure: the wallet itself lives in services/checkout/payment-methods.server.ts.
 */

/**
 * What a saved payment method is: a card the vault tokenized, a card that came from Apple Pay (the vault turned its
 * payment token into a card token), or a pay-in-4 provider's checkout token or billing agreement.
 */
export const PAYMENT_METHOD_KINDS = ["Card", "ApplePay", "Afterpay", "AfterpayBillingAgreement"] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** Kinds charged through the card vault (they have brand, last four and expiry). */
export const CARD_KINDS: readonly PaymentMethodKind[] = ["Card", "ApplePay"];
export const isCardKind = (kind: PaymentMethodKind) => CARD_KINDS.includes(kind);

/** Spec 3 §3, the payment method enumeration, word for word. */
export const PAYMENT_METHOD_TYPES = {
  Visa: 1,
  MasterCard: 2,
  AmericanExpress: 3,
  Discover: 4,
  PayPal: 7,
  GoogleCheckout: 8,
  Amazon: 9,
  GoogleWallet: 10,
  ApplePay: 11,
  AndroidPay: 12,
  Venmo: 13,
  Afterpay: 15,
  AfterpayBillingAgreement: 16,
} as const;
export type PaymentMethodTypeName = keyof typeof PAYMENT_METHOD_TYPES;

/** The pay-in-4 provider's name as shoppers see it. */
export const PAY_IN_4_NAME = "Afterpay";

/**
 * A saved method's number in the enumeration: the wallet kind for Apple Pay and the pay-in-4 tokens, the card's
 * brand for a card; null for a card brand the enumeration has no number for (Unknown).
 */
export function paymentMethodType(method: { kind: PaymentMethodKind; brand: string }): number | null {
  if (method.kind !== "Card") return PAYMENT_METHOD_TYPES[method.kind];
  return Object.hasOwn(PAYMENT_METHOD_TYPES, method.brand)
    ? PAYMENT_METHOD_TYPES[method.brand as PaymentMethodTypeName]
    : null;
}

const brandLabel = (brand: string) =>
  (CARD_TYPES as readonly string[]).includes(brand) ? CARD_TYPE_LABELS[brand as CardType] : "Card";

/** How the wallet names a saved method: "Visa ending in 4242", "Apple Pay (Visa ending in 4242)", "Afterpay". */
export function paymentMethodLabel(method: {
  kind: PaymentMethodKind;
  brand: string;
  lastFour: string | null;
}): string {
  switch (method.kind) {
    case "Afterpay":
      return PAY_IN_4_NAME;
    case "AfterpayBillingAgreement":
      return `${PAY_IN_4_NAME} (billing agreement)`;
    case "ApplePay":
      return `Apple Pay (${brandLabel(method.brand)} ending in ${method.lastFour ?? "????"})`;
    case "Card":
      return `${brandLabel(method.brand)} ending in ${method.lastFour ?? "????"}`;
  }
}

/** "Expires 04/2029", or null for a method without an expiry. */
export function expiryLabel(method: { expirationMonth: number | null; expirationYear: number | null }): string | null {
  if (method.expirationMonth === null || method.expirationYear === null) return null;
  return `Expires ${String(method.expirationMonth).padStart(2, "0")}/${method.expirationYear}`;
}

export const WALLET_MESSAGES = {
  /** Spec 3 §8, word for word. */
  invalidNonce: "Invalid nonce",
  invalidPaymentToken: "Invalid paymentToken",
  billingAgreementTokenRequired: "Token is required to save billing agreement",
  /** The pay-in-4 provider did not answer the check of a token: nothing was saved (decision 57). */
  payIn4Unavailable: "We could not reach Afterpay to check that token. Nothing was saved; please try again.",
  /** The delete call's token is missing, malformed, expired or names no method of this customer. */
  invalidTimeBasedToken: "This payment method can no longer be deleted with that token. Load the wallet again.",
  notFound: "That payment method is no longer in your wallet.",
  deleted: "The payment method was deleted.",
  preferred: "That payment method is now your preferred one.",
} as const;

const token = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(512, { error: message });

/** POST api/paymentMethods/afterpay. */
export const afterpayTokenSchema = z.object({ checkoutToken: token(WALLET_MESSAGES.invalidPaymentToken) });
/** POST api/paymentMethods/afterpayBillingAgreement. */
export const billingAgreementTokenSchema = z.object({
  billingAgreementApprovalToken: token(WALLET_MESSAGES.billingAgreementTokenRequired),
});

/** The account page's forms on one saved method (delete, make preferred). */
export const walletFormSchema = z.object({
  intent: z.enum(["delete-payment-method", "make-preferred"]),
  paymentMethodId: z.coerce.number().int().min(1).max(2_147_483_647),
});
