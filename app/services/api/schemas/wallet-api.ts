import { z } from "zod";
import { CARD_MESSAGES } from "~/models/card";
import { PAYMENT_METHOD_KINDS, WALLET_MESSAGES } from "~/models/payment-methods";

/**
 * The request and response schemas of the wallet and payment calls (spec 3 §7 'Wallet and payments'): GET api/wallet,
 * POST api/paymentMethods, POST api/paymentMethods/nonce, DELETE api/paymentmethods, POST api/paymentMethods/afterpay,
 * POST api/paymentMethods/afterpayBillingAgreement, GET api/sitePreferences/ccgEncryptionKey and GET
 * api/sitePreferences/brainTree. Pure zod; the routes parse with these and openapi/wallet.server.ts describes the
 * calls with the same objects.
 */

export { afterpayTokenSchema, billingAgreementTokenSchema } from "~/models/payment-methods";

const text = (max: number) => z.string().max(max);

/** The billing address of a card or nonce (spec 3 §3). */
const billingAddressSchema = z.object({
  address1: text(100),
  address2: text(100).optional(),
  city: text(100),
  country: text(2).optional(),
  postalCode: text(20),
  state: text(20),
  name: text(100).optional(),
});

/**
 * POST api/paymentMethods (spec 3 §3 save-card request): the card as fields (cardNumber, expirationDate as MM/YY or
 * MM/YYYY, nameOnCard, cvv, billingAddress), or `encryptedCard`, the encrypted payload (base64, RSA-OAEP SHA-256 to
 * the key of GET api/sitePreferences/ccgEncryptionKey). The card itself is checked by the card form's rules after
 * parsing, so a bad card counts against the card lock like any failed save.
 */
export const saveCardRequestSchema = z.object({
  cardNumber: text(30).optional(),
  expirationDate: text(7).optional(),
  lastFourCreditCardNumber: text(4).optional(),
  nameOnCard: text(100).optional(),
  paymentType: z.union([z.number().int(), text(40)]).optional(),
  checkoutToken: text(200).optional(),
  shouldUpdateSubscriptions: z.boolean().optional(),
  cvv: text(4).optional(),
  billingAddress: billingAddressSchema.optional(),
  encryptedCard: text(2000).optional(),
});
export type SaveCardRequest = z.output<typeof saveCardRequestSchema>;

/** POST api/paymentMethods/nonce (spec 3 §3 payment nonce request). A missing nonce is 'Invalid nonce'. */
export const nonceRequestSchema = z.object({
  paymentNonce: z
    .string({ error: WALLET_MESSAGES.invalidNonce })
    .trim()
    .min(1, { error: WALLET_MESSAGES.invalidNonce })
    .max(200, { error: WALLET_MESSAGES.invalidNonce }),
  firstName: text(50).optional(),
  lastName: text(50).optional(),
  billingAddress: billingAddressSchema.partial().optional(),
  paymentOption: text(40).optional(),
});

/** DELETE api/paymentmethods: `{ timeBasedToken }` from GET api/wallet. */
export const deletePaymentMethodSchema = z.object({
  timeBasedToken: z
    .string({ error: WALLET_MESSAGES.invalidTimeBasedToken })
    .min(1, { error: WALLET_MESSAGES.invalidTimeBasedToken })
    .max(200, { error: WALLET_MESSAGES.invalidTimeBasedToken }),
});

// --- Answers ---------------------------------------------------------------------------------------------------

export const walletPaymentMethodSchema = z.object({
  paymentToken: z.string(),
  isPreferred: z.boolean(),
  insertDate: z.string().describe("ISO 8601 date and time the method was saved."),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  paymentType: z.number().int().nullable().describe("The spec's payment method enumeration (Visa 1 … Afterpay 15)."),
  name: z.string().describe("How the store names it: 'Visa ending in 4242', 'Afterpay'."),
  brand: z.string(),
  lastFour: z.string().nullable(),
  expirationMonth: z.number().int().nullable(),
  expirationYear: z.number().int().nullable(),
  isExpired: z.boolean(),
  timeBasedToken: z
    .string()
    .describe("Deletes this method with DELETE api/paymentmethods, for 15 minutes after this answer."),
});

export const walletResponseSchema = z.object({ paymentMethods: z.array(walletPaymentMethodSchema) });

/** Spec 3 §3: 'Saved payment method response: paymentToken.' */
export const savedPaymentMethodResponseSchema = z.object({ paymentToken: z.string() });

export const encryptionKeyResponseSchema = z.object({
  provider: z.string(),
  environment: z.enum(["test", "production"]),
  key: z.string().describe("PEM (SPKI) RSA public key; encrypt the card payload with RSA-OAEP, SHA-256."),
});

export const clientKeyResponseSchema = z.object({
  provider: z.string(),
  environment: z.enum(["test", "production"]),
  clientKey: z.string().describe("The payment SDK's tokenization key: public, it can only make nonces."),
});

export const CARD_SAVE_MESSAGES = {
  invalidCard: CARD_MESSAGES.invalidCard,
  tooManyAttempts: CARD_MESSAGES.tooManyAttempts,
} as const;
