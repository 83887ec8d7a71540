import { z } from "zod";
import { isInternational } from "./address";
import { CARD_MESSAGES, cardLabel, isCardExpired } from "./card";
import { paymentMethodLabel, type PaymentMethodKind } from "./payment-methods";
import type { InstalmentAvailability } from "./payment-options";

/**
 * A saved card as the pages offer it to pay with (checkout, a subscription's card, the rapid reorder): its label, its
 * expiry and whether it can be chosen. One mapping from the wallet, so every list says the same thing.
 */
export interface CardChoice {
  id: number;
  /** "Visa ending in 4242". */
  label: string;
  /** "03/2029". */
  expiry: string;
  isPreferred: boolean;
  /** Shown, but cannot be chosen. */
  expired: boolean;
  /** Said instead of the expiry, for a method without one (a saved pay-in-4 method: its payments, or why not). */
  detail?: string;
}

/** What the wallet knows of a saved card (a row of payment_methods, or the service's SavedCard). */
export interface WalletCard {
  id: number;
  brand: string;
  lastFour: string;
  expirationMonth: number;
  expirationYear: number;
  isPreferred: boolean;
}

export function cardChoice(card: WalletCard, now: Date): CardChoice {
  return {
    id: card.id,
    label: cardLabel(card),
    expiry: `${String(card.expirationMonth).padStart(2, "0")}/${card.expirationYear}`,
    isPreferred: card.isPreferred,
    expired: isCardExpired(card.expirationMonth, card.expirationYear, now),
  };
}

export function cardChoices(cards: readonly WalletCard[], now: Date): CardChoice[] {
  return cards.map((card) => cardChoice(card, now));
}

/**
 * The saved pay-in-4 methods as checkout offers them with the cards (decision 57): "Afterpay" with its 4 payments, or,
 * when paying in 4 is not available for this cart, shown but not choosable, with the reason.
 */
export function payIn4Choices(
  methods: ReadonlyArray<{ id: number; kind: PaymentMethodKind; isPreferred: boolean }>,
  offer: InstalmentAvailability,
): CardChoice[] {
  return methods.map((method) => ({
    id: method.id,
    label: paymentMethodLabel({ kind: method.kind, brand: method.kind, lastFour: null }),
    expiry: "",
    isPreferred: method.isPreferred,
    expired: !offer.available,
    detail: offer.available ? `${offer.label}, interest-free` : offer.message,
  }));
}

/**
 * What checkout selects first: a preferred saved pay-in-4 method that may pay, else the card checkout selects (the
 * preferred card, else the newest), else the newest pay-in-4 method that may pay; null when nothing may.
 */
export function firstPaymentChoice(payIn4: readonly CardChoice[], selectedCardId: number | null): number | null {
  const usable = payIn4.filter((choice) => !choice.expired);
  return usable.find((choice) => choice.isPreferred)?.id ?? selectedCardId ?? usable[0]?.id ?? null;
}

/** The saved-card choice a form posts (a subscription's intent=use-saved-card). */
export const savedCardSchema = z.object({
  paymentMethodId: z.coerce
    .number({ error: CARD_MESSAGES.chooseCard })
    .int({ error: CARD_MESSAGES.chooseCard })
    .min(1, { error: CARD_MESSAGES.chooseCard })
    .max(2_147_483_647, { error: CARD_MESSAGES.chooseCard }),
});

/** The card form's billing address, to start with. */
export interface BillingDefaults {
  billingAddress1: string;
  billingCity: string;
  billingState: string;
  billingPostalCode: string;
}

/** A new card's billing address starts as the (US) shipping address; an address abroad starts it empty. */
export function billingDefaultsFor(
  shipping: { address1: string; city: string; state: string; postalCode: string; country: string } | null,
): BillingDefaults {
  return shipping && !isInternational(shipping.country)
    ? {
        billingAddress1: shipping.address1,
        billingCity: shipping.city,
        billingState: shipping.state,
        billingPostalCode: shipping.postalCode,
      }
    : { billingAddress1: "", billingCity: "", billingState: "", billingPostalCode: "" };
}
