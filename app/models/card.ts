import { DateTime } from "luxon";
import { z } from "zod";
import { ADDRESS_LINE_MAX, ADDRESS_MESSAGES, CITY_MAX, normalizeUsZip, POSTAL_CODE_MAX, US_STATES } from "./address";
import { BUSINESS_TIME_ZONE } from "./business-time";

/**
 * Card entry (spec 3 §3 Wallet and payments, §4 Card entry, §5 Card validity, §8, §9): the card type from the first
 * digits, the mod-10 check, the validity rule behind 'Invalid card', the card-lock constants, the card form and the
 * place-order form, and which saved card is selected. Pure: the vault, the lock and the wallet live in services.
 */

export const CARD_TYPES = [
  "Visa",
  "MasterCard",
  "AmericanExpress",
  "Discover",
  "Amazon",
  "GoogleCheckout",
  "PayPal",
  "Unknown",
] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const CARD_TYPE_LABELS: Record<CardType, string> = {
  Visa: "Visa",
  MasterCard: "Mastercard",
  AmericanExpress: "American Express",
  Discover: "Discover",
  Amazon: "Amazon",
  GoogleCheckout: "Google Checkout",
  PayPal: "PayPal",
  Unknown: "Card",
};

/** Spec 3 §9: 10 failed saves (more than 9), or the lock cookie, refuse saving for 30 minutes. */
export const CARD_LOCK_MAX_FAILURES = 10;
export const CARD_LOCK_MINUTES = 30;
export const CARD_LOCK_COOKIE = "cardLock";

export const CARD_NAME_MAX = 50;
/** Years offered in the expiry list: cards are issued for at most about 20 years. */
export const CARD_YEARS_AHEAD = 20;

export const CARD_MESSAGES = {
  /** Spec 3 §8, word for word. */
  invalidCard: "Invalid card",
  tooManyAttempts: "Too many invalid attempts. Please try again later.",
  declined: "Your card was declined.",
  paymentUnavailable: "We couldn't reach the payment service. Please try again in a moment.",
  numberRequired: "Enter the card number.",
  nameRequired: "Enter the name on the card.",
  nameTooLong: `The name on the card can be at most ${CARD_NAME_MAX} characters.`,
  monthRequired: "Choose the expiration month.",
  yearRequired: "Choose the expiration year.",
  expired: "This card has expired. Check the expiration date or use another card.",
  cvvRequired: "Enter the security code (CVV).",
  cvvAmex: "Enter the 4-digit security code on the front of the card.",
  cvvThreeDigits: "Enter the 3-digit security code on the back of the card.",
  cvvInvalid: "Enter the 3- or 4-digit security code.",
  stateRequired: "Choose the billing state.",
  zipInvalid: ADDRESS_MESSAGES.zipInvalid,
  chooseCard: "Choose a card to pay with.",
  cardGone: "That card is no longer in your wallet. Choose another card.",
  savedCardExpired: "That card has expired. Choose another card or add a new one.",
} as const;

/** The card number's digits (shoppers may type spaces or dashes between groups). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

/**
 * Spec 3 §4: the type from the first digit — 2 or 5 MasterCard, 3 AmericanExpress, 4 Visa, 6 Discover; a first digit
 * 8 is Amazon with the prefix 865, GoogleCheckout with 820, PayPal with 809; anything else Unknown.
 */
export function cardType(number: string): CardType {
  const digits = cardDigits(number);
  switch (digits[0]) {
    case "2":
    case "5":
      return "MasterCard";
    case "3":
      return "AmericanExpress";
    case "4":
      return "Visa";
    case "6":
      return "Discover";
    case "8":
      if (digits.startsWith("865")) return "Amazon";
      if (digits.startsWith("820")) return "GoogleCheckout";
      if (digits.startsWith("809")) return "PayPal";
      return "Unknown";
    default:
      return "Unknown";
  }
}

/** The mod-10 (Luhn) check: from the right, every second digit doubled (less 9 above 9); the sum ends in 0. */
export function passesLuhn(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The last four digits (all that is ever kept or shown of a number), or null for fewer than four digits. */
export function lastFour(number: string): string | null {
  const digits = cardDigits(number).replace(/\D/g, "");
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/** A card as entered (the encrypted payload's fields, spec 3 §3). Never stored or logged. */
export interface CardDetails {
  number: string;
  nameOnCard: string;
  expirationMonth: number | string | null;
  expirationYear: number | string | null;
  cvv: string;
  billingAddress: { address1: string; city: string; postalCode: string; state: string };
}

const filled = (value: unknown) => value !== null && value !== undefined && String(value).trim().length > 0;

/**
 * Spec 3 §5: a card is valid only if expiration month and year, name, number, cvv and billing address1, city,
 * postalCode and state are non-blank and the number passes the mod-10 check.
 */
export function isValidCard(card: CardDetails): boolean {
  const { billingAddress: billing } = card;
  return (
    [
      card.expirationMonth,
      card.expirationYear,
      card.nameOnCard,
      card.number,
      card.cvv,
      billing.address1,
      billing.city,
      billing.postalCode,
      billing.state,
    ].every(filled) && passesLuhn(card.number)
  );
}

/** The spec's message for a card that fails the validity check, or null. */
export function cardValidityError(card: CardDetails): string | null {
  return isValidCard(card) ? null : CARD_MESSAGES.invalidCard;
}

/** A card stops working after the last day of its expiry month (read on the business calendar). */
export function isCardExpired(month: number, year: number, now: Date): boolean {
  const today = DateTime.fromJSDate(now).setZone(BUSINESS_TIME_ZONE);
  return year < today.year || (year === today.year && month < today.month);
}

/** 2-digit years (e.g. "29") read as 20xx. */
function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** The expiry years the form offers: this year and the next CARD_YEARS_AHEAD. */
export function expiryYearOptions(now: Date): number[] {
  const year = DateTime.fromJSDate(now).setZone(BUSINESS_TIME_ZONE).year;
  return Array.from({ length: CARD_YEARS_AHEAD + 1 }, (_, index) => year + index);
}

const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((state) => state.code));

function requiredText(message: string, max: number, tooLong: string) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong });
}

/**
 * The new-card form, shared by the browser (Conform) and the action. `now` decides what counts as expired (the
 * schema is built per request, so a long-running server never freezes the date). Field messages say what to fix;
 * a number that fails the digits or mod-10 check gets the spec's 'Invalid card'.
 */
export function cardFormSchema(now: Date = new Date()) {
  return (
    z
      .object({
        cardNumber: z
          .string({ error: CARD_MESSAGES.numberRequired })
          .trim()
          .min(1, { error: CARD_MESSAGES.numberRequired, abort: true })
          .max(23, { error: CARD_MESSAGES.invalidCard, abort: true })
          .regex(/^[\d\s-]+$/, { error: CARD_MESSAGES.invalidCard, abort: true })
          .transform(cardDigits)
          .refine((digits) => digits.length >= 12 && digits.length <= 19 && passesLuhn(digits), {
            error: CARD_MESSAGES.invalidCard,
          }),
        nameOnCard: requiredText(CARD_MESSAGES.nameRequired, CARD_NAME_MAX, CARD_MESSAGES.nameTooLong),
        // Strings in, numbers out: the browser's fields are text, and an empty choice reads as "choose one".
        expirationMonth: z
          .string({ error: CARD_MESSAGES.monthRequired })
          .trim()
          .pipe(
            z.coerce
              .number<string>({ error: CARD_MESSAGES.monthRequired })
              .int({ error: CARD_MESSAGES.monthRequired })
              .min(1, { error: CARD_MESSAGES.monthRequired })
              .max(12, { error: CARD_MESSAGES.monthRequired }),
          ),
        expirationYear: z
          .string({ error: CARD_MESSAGES.yearRequired })
          .trim()
          .pipe(
            z.coerce
              .number<string>({ error: CARD_MESSAGES.yearRequired })
              .int({ error: CARD_MESSAGES.yearRequired })
              .min(1, { error: CARD_MESSAGES.yearRequired })
              .max(9999, { error: CARD_MESSAGES.yearRequired })
              .transform(fullYear),
          ),
        cvv: z
          .string({ error: CARD_MESSAGES.cvvRequired })
          .trim()
          .min(1, { error: CARD_MESSAGES.cvvRequired, abort: true })
          .regex(/^\d{3,4}$/, { error: CARD_MESSAGES.cvvInvalid }),
        billingAddress1: requiredText(
          ADDRESS_MESSAGES.address1Required,
          ADDRESS_LINE_MAX,
          ADDRESS_MESSAGES.addressLineTooLong,
        ),
        billingCity: requiredText(ADDRESS_MESSAGES.cityRequired, CITY_MAX, ADDRESS_MESSAGES.cityTooLong),
        billingState: z
          .string({ error: CARD_MESSAGES.stateRequired })
          .trim()
          .toUpperCase()
          .refine((state) => STATE_CODES.has(state), { error: CARD_MESSAGES.stateRequired }),
        billingPostalCode: z
          .string({ error: ADDRESS_MESSAGES.postalCodeRequired })
          .trim()
          .min(1, { error: ADDRESS_MESSAGES.postalCodeRequired, abort: true })
          .max(POSTAL_CODE_MAX, { error: CARD_MESSAGES.zipInvalid, abort: true })
          .refine((zip) => normalizeUsZip(zip) !== null, { error: CARD_MESSAGES.zipInvalid })
          .transform((zip) => normalizeUsZip(zip) ?? zip),
      })
      // Rules joining fields; they also run when another field failed, skipping fields that have their own message.
      .superRefine(
        (value, ctx) => {
          const failed = new Set(ctx.issues.map((issue) => String(issue.path?.[0] ?? "")));
          const ok = (field: keyof typeof value) => !failed.has(field) && value[field] !== undefined;
          if (ok("expirationMonth") && ok("expirationYear")) {
            if (isCardExpired(value.expirationMonth, value.expirationYear, now)) {
              ctx.addIssue({ code: "custom", path: ["expirationYear"], message: CARD_MESSAGES.expired });
            }
          }
          if (ok("cardNumber") && ok("cvv")) {
            const type = cardType(value.cardNumber);
            // American Express prints 4 digits on the front; the other networks 3 on the back.
            if (type === "AmericanExpress" && value.cvv.length !== 4) {
              ctx.addIssue({ code: "custom", path: ["cvv"], message: CARD_MESSAGES.cvvAmex });
            } else if (type !== "AmericanExpress" && type !== "Unknown" && value.cvv.length !== 3) {
              ctx.addIssue({ code: "custom", path: ["cvv"], message: CARD_MESSAGES.cvvThreeDigits });
            }
          }
        },
        { when: () => true },
      )
  );
}
export type CardFormValue = z.output<ReturnType<typeof cardFormSchema>>;
/** The form as the browser holds it: every field text. */
export type CardFormInput = z.input<ReturnType<typeof cardFormSchema>>;

/** The parsed form as the vault takes it. (Not a transform on the schema: Conform reads constraints from it.) */
export function cardDetailsFromForm(
  value: CardFormValue,
): CardDetails & { expirationMonth: number; expirationYear: number } {
  return {
    number: value.cardNumber,
    nameOnCard: value.nameOnCard,
    expirationMonth: value.expirationMonth,
    expirationYear: value.expirationYear,
    cvv: value.cvv,
    billingAddress: {
      address1: value.billingAddress1,
      city: value.billingCity,
      state: value.billingState,
      postalCode: value.billingPostalCode,
    },
  };
}
/** Fields whose values are never sent back into the page after a failed save. */
export const SECRET_CARD_FIELDS = ["cardNumber", "cvv"];

/**
 * Drops the card number and CVV from a posted form. Every action of a page with a card form calls it for any
 * intent but the card's own, so no reply (which echoes what was posted) can write them back into the page.
 */
export function dropCardSecrets(form: FormData): FormData {
  for (const field of SECRET_CARD_FIELDS) form.delete(field);
  return form;
}

/** The checkout's "Place order" form: the card to charge and the key that makes a resubmit the same order. */
export const placeOrderSchema = z.object({
  intent: z.literal("place-order"),
  idempotencyKey: z.uuid({ error: "This page has expired. Please review your order and try again." }),
  paymentMethodId: z.coerce
    .number({ error: CARD_MESSAGES.chooseCard })
    .int({ error: CARD_MESSAGES.chooseCard })
    .min(1, { error: CARD_MESSAGES.chooseCard })
    .max(2_147_483_647, { error: CARD_MESSAGES.chooseCard }),
});

/** Spec 3 §3: the selected payment method is the preferred card, otherwise the most recently inserted, else none. */
export function selectPaymentMethod<T extends { id: number; isPreferred: boolean; insertedAt: Date | string }>(
  cards: readonly T[],
): T | null {
  const preferred = cards.find((card) => card.isPreferred);
  if (preferred) return preferred;
  let newest: T | null = null;
  for (const card of cards) {
    const time = new Date(card.insertedAt).getTime();
    const newestTime = newest ? new Date(newest.insertedAt).getTime() : -Infinity;
    // Same instant: the later id was inserted later.
    if (time > newestTime || (time === newestTime && newest && card.id > newest.id)) newest = card;
  }
  return newest;
}

/** "Visa ending in 4242". */
export function cardLabel(card: { brand: string; lastFour: string }): string {
  const label = (CARD_TYPES as readonly string[]).includes(card.brand)
    ? CARD_TYPE_LABELS[card.brand as CardType]
    : "Card";
  return `${label} ending in ${card.lastFour}`;
}
