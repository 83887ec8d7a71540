import { z } from "zod";
import type { CardDetails, CardType } from "~/models/card";

/**
 * What the embedded vault reads from a browser: the encrypted card payload (spec 3 §3: cardNumber, chargeType,
 * lastFourCreditCardNumber, nameOnCard, expirationMonth, expirationYear, cvv, billingAddress) once decrypted, and the
 * Apple Pay simulator's payment data. Both are checked field by field; anything else reads as null.
 */

const text = z.string().max(100);
const encryptedCardSchema = z.object({
  cardNumber: text,
  chargeType: text.optional(),
  lastFourCreditCardNumber: text.optional(),
  nameOnCard: text,
  expirationMonth: z.union([text, z.number()]),
  expirationYear: z.union([text, z.number()]),
  cvv: text,
  billingAddress: z.object({ address1: text, city: text, postalCode: text, state: text }),
});

export function readEncryptedCard(json: string): CardDetails | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = encryptedCardSchema.safeParse(value);
  if (!parsed.success) return null;
  const card = parsed.data;
  return {
    number: card.cardNumber,
    nameOnCard: card.nameOnCard,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
    cvv: card.cvv,
    billingAddress: card.billingAddress,
  };
}

/** The spec's wallet payment networks (§9: visa, mastercard, amex, discover) as the vault's card types. */
export const WALLET_NETWORKS: Readonly<Record<string, CardType>> = {
  visa: "Visa",
  mastercard: "MasterCard",
  amex: "AmericanExpress",
  discover: "Discover",
};

/**
 * The Apple Pay simulator's payment data (the embedded default stands in for Apple's encrypted token): the network,
 * the card's last four and expiry, and whether the simulated issuer declines.
 */
export const simulatedWalletTokenSchema = z.object({
  simulator: z.literal("embedded-test-vault"),
  network: z.enum(Object.keys(WALLET_NETWORKS) as [string, ...string[]]),
  lastFour: z.string().regex(/^[0-9]{4}$/),
  expirationMonth: z.number().int().min(1).max(12),
  expirationYear: z.number().int().min(2000).max(2100),
  outcome: z.enum(["approve", "decline"]).default("approve"),
});

export function readSimulatedWalletToken(paymentData: unknown) {
  const parsed = simulatedWalletTokenSchema.safeParse(paymentData);
  if (!parsed.success) return null;
  const token = parsed.data;
  return {
    brand: WALLET_NETWORKS[token.network]!,
    lastFour: token.lastFour,
    expirationMonth: token.expirationMonth,
    expirationYear: token.expirationYear,
    decline: token.outcome === "decline",
  };
}
