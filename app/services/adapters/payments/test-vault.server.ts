import { createHash, randomBytes } from "node:crypto";
import { cardDigits, cardType, isCardExpired, isValidCard, lastFour, type CardDetails } from "~/models/card";
import type { ChargeResult, PaymentGateway, TokenizeResult } from "./payment-gateway";

/**
 * The embedded default: a test-mode card vault that really works on one machine and across restarts. It keeps no
 * card data at all: decisions are made when a card is tokenized, the token is random (nothing derived from the
 * number), and the caller stores token, brand, last four and expiry. Charges are idempotent without state: the
 * charge id is derived from the idempotency key.
 *
 * Like a provider's test mode, it accepts any valid card number except the standard test numbers that mean decline.
 */

/** The card networks' documented test numbers that decline, and why (for the vault's own records only). */
export const DECLINED_TEST_NUMBERS: ReadonlyMap<string, string> = new Map([
  ["4000000000000002", "generic_decline"],
  ["4000000000009995", "insufficient_funds"],
  ["4000000000009987", "lost_card"],
  ["4000000000009979", "stolen_card"],
  ["4000000000000069", "expired_card"],
  ["4000000000000127", "incorrect_cvc"],
  ["4000000000000119", "processing_error"],
]);

/** Saves fine, but every charge on it is declined (a decline at "Place order" rather than at "Save card"). */
export const CHARGE_DECLINED_TEST_NUMBER = "4000000000000341";

const TOKEN_PATTERN = /^tok_test_(cf_)?[0-9a-f]{32}$/;

export function createTestVault(options: { now?: () => Date } = {}): PaymentGateway {
  const now = options.now ?? (() => new Date());
  return {
    async tokenize(card: CardDetails): Promise<TokenizeResult> {
      if (!isValidCard(card)) return { ok: false, reason: "invalid" };
      const month = Number(card.expirationMonth);
      const year = Number(card.expirationYear);
      if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) {
        return { ok: false, reason: "invalid" };
      }
      const digits = cardDigits(card.number);
      if (DECLINED_TEST_NUMBERS.has(digits) || isCardExpired(month, year, now())) {
        return { ok: false, reason: "declined" };
      }
      // The mark only says how the vault answers charges; the rest is random.
      const mark = digits === CHARGE_DECLINED_TEST_NUMBER ? "cf_" : "";
      return {
        ok: true,
        token: `tok_test_${mark}${randomBytes(16).toString("hex")}`,
        brand: cardType(digits),
        lastFour: lastFour(digits)!,
        expirationMonth: month,
        expirationYear: year,
      };
    },

    async charge(token: string, amountCents: number, idempotencyKey: string): Promise<ChargeResult> {
      const match = TOKEN_PATTERN.exec(token);
      if (!match || !Number.isSafeInteger(amountCents) || amountCents <= 0 || idempotencyKey.trim() === "") {
        return { ok: false, reason: "invalid" };
      }
      if (match[1]) return { ok: false, reason: "declined" };
      const chargeId = `ch_test_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
      return { ok: true, chargeId };
    },
  };
}
