import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/services/db/client.server";
import { testVaultCharges } from "~/services/db/schema";
import { cardDigits, cardType, isCardExpired, isValidCard, lastFour, type CardDetails } from "~/models/card";
import type { ChargeResult, PaymentGateway, TokenizeResult } from "./payment-gateway";

/**
 * The embedded default: a test-mode card vault that really works on one machine and across restarts. It keeps no
 * card data at all: decisions are made when a card is tokenized, the token is random (nothing derived from the
 * number), and the caller stores token, brand, last four and expiry. Charges are kept in a ledger, one row per
 * idempotency key (as a provider keeps them): the same key answers the same outcome and charges once, a key reused for
 * another card or amount is refused, and `findCharge` tells a recovery whether a key was charged.
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

export function createTestVault(options: { db: Database; now?: () => Date }): PaymentGateway {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const ledgerEntry = async (idempotencyKey: string) => {
    const [row] = await db.select().from(testVaultCharges).where(eq(testVaultCharges.idempotencyKey, idempotencyKey));
    return row;
  };
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
      const declined = Boolean(match[1]);
      // Recorded once per key (the first request wins a race); every request with the key answers from the record.
      await db
        .insert(testVaultCharges)
        .values({
          idempotencyKey,
          token,
          amountCents,
          outcome: declined ? "declined" : "succeeded",
          chargeId: declined
            ? null
            : `ch_test_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`,
        })
        .onConflictDoNothing();
      const entry = await ledgerEntry(idempotencyKey);
      // A key reused with another card or amount is a mistake a provider refuses rather than guess at.
      if (!entry || entry.token !== token || entry.amountCents !== amountCents) return { ok: false, reason: "invalid" };
      if (entry.outcome !== "succeeded" || !entry.chargeId) return { ok: false, reason: "declined" };
      return { ok: true, chargeId: entry.chargeId };
    },

    async findCharge(idempotencyKey: string) {
      const entry = await ledgerEntry(idempotencyKey);
      if (!entry || entry.outcome !== "succeeded" || !entry.chargeId) return null;
      return { chargeId: entry.chargeId, amountCents: entry.amountCents };
    },
  };
}
