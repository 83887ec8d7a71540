import { createHmac, timingSafeEqual } from "node:crypto";
import type { CardDetails } from "~/models/card";
import { paymentMethodLabel, paymentMethodType } from "~/models/payment-methods";
import type { AppConfig } from "../platform/config.server";
import type { WalletEntry } from "../checkout/wallet.server";
import type { SaveCardRequest } from "./schemas/wallet-api";

/**
 * The wallet calls' JSON (spec 3 §7 'Wallet and payments'): a saved method as GET api/wallet answers it, the
 * timeBasedToken that DELETE api/paymentmethods takes, and the save-card request read as a card.
 */

/**
 * A timeBasedToken (decision 56) names one payment method of one customer for 15 minutes: `<id>.<expiry in epoch
 * seconds>.<HMAC-SHA256 of customer, id and expiry>`, signed with the session secret. The wallet answer hands one
 * out per method; a delete with it cannot be replayed against another customer, and an old copy of the wallet cannot
 * delete after the window. Nothing is stored: rotating the secret list keeps tokens from the older secret valid.
 */
export const TIME_BASED_TOKEN_MINUTES = 15;

const signature = (secret: string, customerId: number, id: number, expires: number) =>
  createHmac("sha256", secret).update(`payment-method-delete:${customerId}:${id}:${expires}`).digest("base64url");

export function timeBasedToken(
  config: Pick<AppConfig, "sessionSecrets">,
  customerId: number,
  paymentMethodId: number,
  now = new Date(),
): string {
  const expires = Math.floor(now.getTime() / 1000) + TIME_BASED_TOKEN_MINUTES * 60;
  return `${paymentMethodId}.${expires}.${signature(config.sessionSecrets[0]!, customerId, paymentMethodId, expires)}`;
}

/** The payment method id a token names for this customer, or null (malformed, expired, forged, another's). */
export function readTimeBasedToken(
  config: Pick<AppConfig, "sessionSecrets">,
  customerId: number,
  token: string,
  now = new Date(),
): number | null {
  const match = /^([1-9][0-9]{0,9})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expires = Number(match[2]);
  if (id > 2_147_483_647 || expires * 1000 < now.getTime()) return null;
  const given = Buffer.from(match[3]!);
  const valid = config.sessionSecrets.some((secret) => {
    const expected = Buffer.from(signature(secret, customerId, id, expires));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? id : null;
}

export function walletMethodJson(
  config: Pick<AppConfig, "sessionSecrets">,
  customerId: number,
  entry: WalletEntry,
  now = new Date(),
) {
  return {
    paymentToken: entry.paymentToken,
    isPreferred: entry.isPreferred,
    insertDate: entry.insertedAt,
    kind: entry.kind,
    paymentType: paymentMethodType(entry),
    name: paymentMethodLabel(entry),
    brand: entry.brand,
    lastFour: entry.lastFour,
    expirationMonth: entry.expirationMonth,
    expirationYear: entry.expirationYear,
    isExpired: entry.isExpired,
    timeBasedToken: timeBasedToken(config, customerId, entry.id, now),
  };
}

/**
 * The save-card request's typed card (spec 3 §3), or null when it has no card fields. `expirationDate` is MM/YY or
 * MM/YYYY; blanks stay blank so the vault's validity check (spec 3 §5) answers 'Invalid card'.
 */
export function cardOfRequest(body: SaveCardRequest): CardDetails | null {
  if (body.cardNumber === undefined) return null;
  const expiry = /^\s*([0-9]{1,2})\s*\/\s*([0-9]{2}|[0-9]{4})\s*$/.exec(body.expirationDate ?? "");
  const year = expiry ? Number(expiry[2]) : null;
  return {
    number: body.cardNumber,
    nameOnCard: body.nameOnCard ?? "",
    expirationMonth: expiry ? Number(expiry[1]) : null,
    expirationYear: year === null ? null : year < 100 ? 2000 + year : year,
    cvv: body.cvv ?? "",
    billingAddress: {
      address1: body.billingAddress?.address1 ?? "",
      city: body.billingAddress?.city ?? "",
      postalCode: body.billingAddress?.postalCode ?? "",
      state: body.billingAddress?.state ?? "",
    },
  };
}
