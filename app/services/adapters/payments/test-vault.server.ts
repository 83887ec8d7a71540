import { constants, createHash, generateKeyPair, privateDecrypt, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "~/services/db/client.server";
import { testVaultCharges, testVaultKeys, testVaultNonces, testVaultRefunds } from "~/services/db/schema";
import {
  CARD_TYPES,
  cardDigits,
  cardType,
  isCardExpired,
  isValidCard,
  lastFour,
  type CardDetails,
  type CardType,
} from "~/models/card";
import type {
  ChargeResult,
  PaymentClientKeys,
  PaymentGateway,
  RefundResult,
  TokenizeResult,
  WalletPaymentToken,
  WalletTokenizeResult,
} from "./payment-gateway";
import { readEncryptedCard, readSimulatedWalletToken } from "./vault-payloads";

/**
 * The embedded default: a test-mode card vault that really works on one machine and across restarts. It keeps no
 * card data at all: decisions are made when a card is tokenized, the token is random (nothing derived from the
 * number), and the caller stores token, brand, last four and expiry. Charges are kept in a ledger, one row per
 * idempotency key (as a provider keeps them): the same key answers the same outcome and charges once, a key reused for
 * another card or amount is refused, and `findCharge` tells a recovery whether a key was charged.
 *
 * Like a provider's test mode, it accepts any valid card number except the standard test numbers that mean decline.
 * Refunds are kept in a ledger of their own, one row per refund key, and never exceed what is left of the charge.
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

/** Saves and charges fine, but its refunds are refused by the issuer (a provider's "refund fails" test card). */
export const REFUND_FAILS_TEST_NUMBER = "4000000000005126";

const TOKEN_PATTERN = /^tok_test_(cf_|rf_)?[0-9a-f]{32}$/;

/** The embedded vault's client key: public, names the test vault; it can only be used to make nonces. */
export const TEST_VAULT_CLIENT_KEY = "test_vault_tokenization_key";
/** A nonce is good for 3 hours, once (as the card providers' nonces are). */
export const NONCE_TTL_MS = 3 * 60 * 60 * 1000;
/** Apple's merchant validation hosts (Apple Pay on the Web: "Setting up your server"); any other URL is refused. */
const APPLE_VALIDATION_HOST = /^apple-pay-gateway(-[a-z0-9-]+)?\.apple\.com$/;

const generateKeyPairAsync = promisify(generateKeyPair);

export function createTestVault(options: { db: Database; now?: () => Date }): PaymentGateway {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const ledgerEntry = async (idempotencyKey: string) => {
    const [row] = await db.select().from(testVaultCharges).where(eq(testVaultCharges.idempotencyKey, idempotencyKey));
    return row;
  };
  const newToken = (mark = "") => `tok_test_${mark}${randomBytes(16).toString("hex")}`;

  /** The key pair, made once by whichever process asks first; the others read the same row. */
  let keys: Promise<{ publicKeyPem: string; privateKeyPem: string }> | null = null;
  const keyPair = () =>
    (keys ??= (async () => {
      const [existing] = await db.select().from(testVaultKeys).where(eq(testVaultKeys.name, "encryption"));
      if (existing) return existing;
      // 4096 bits: RSA-OAEP with SHA-256 then carries up to 446 bytes, room for the whole card payload.
      const pair = await generateKeyPairAsync("rsa", {
        modulusLength: 4096,
        publicKeyEncoding: { type: "spki", format: "pem" },
        privateKeyEncoding: { type: "pkcs8", format: "pem" },
      });
      await db
        .insert(testVaultKeys)
        .values({ name: "encryption", publicKeyPem: pair.publicKey, privateKeyPem: pair.privateKey })
        .onConflictDoNothing();
      const [row] = await db.select().from(testVaultKeys).where(eq(testVaultKeys.name, "encryption"));
      return row!;
    })().catch((error: unknown) => {
      keys = null;
      throw error;
    }));

  const vault: PaymentGateway = {
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
      const mark = digits === CHARGE_DECLINED_TEST_NUMBER ? "cf_" : digits === REFUND_FAILS_TEST_NUMBER ? "rf_" : "";
      return {
        ok: true,
        token: newToken(mark),
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
      const declined = match[1] === "cf_";
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

    async openEncryptedCard(encrypted: string): Promise<CardDetails | null> {
      const { privateKeyPem } = await keyPair();
      let plain: Buffer;
      try {
        plain = privateDecrypt(
          { key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
          Buffer.from(encrypted, "base64"),
        );
      } catch {
        return null;
      }
      return readEncryptedCard(plain.toString("utf8"));
    },

    async clientKeys(): Promise<PaymentClientKeys> {
      return {
        provider: "embedded-test-vault",
        environment: "test",
        encryptionPublicKey: (await keyPair()).publicKeyPem,
        clientKey: TEST_VAULT_CLIENT_KEY,
      };
    },

    async validateMerchant({ validationUrl, domain }) {
      let url: URL;
      try {
        url = new URL(validationUrl);
      } catch {
        return null;
      }
      if (url.protocol !== "https:" || !APPLE_VALIDATION_HOST.test(url.hostname)) return null;
      const issued = now().getTime();
      // The shape of Apple's merchant session; the simulator's signature is not Apple's (it is the test vault's).
      return {
        epochTimestamp: issued,
        expiresAt: issued + 60 * 60 * 1000,
        merchantSessionIdentifier: `SSH${randomBytes(16).toString("hex").toUpperCase()}`,
        nonce: randomBytes(4).toString("hex"),
        merchantIdentifier: "merchant.test.lenslane",
        domainName: domain,
        displayName: "Lenslane",
        signature: "embedded-test-vault",
      };
    },

    async tokenizeWalletPayment(payment: WalletPaymentToken): Promise<WalletTokenizeResult> {
      const card = readSimulatedWalletToken(payment.paymentData);
      if (!card) return { ok: false, reason: "invalid" };
      if (card.decline || isCardExpired(card.expirationMonth, card.expirationYear, now())) {
        return { ok: false, reason: "declined" };
      }
      const nonce = `nonce_test_${randomBytes(16).toString("hex")}`;
      await db.insert(testVaultNonces).values({
        nonce,
        source: "ApplePay",
        brand: card.brand,
        lastFour: card.lastFour,
        expirationMonth: card.expirationMonth,
        expirationYear: card.expirationYear,
        createdAt: now(),
      });
      return { ok: true, nonce };
    },

    async exchangeNonce(nonce: string): Promise<TokenizeResult> {
      // Used once: the update that marks it is the only one that can return it.
      const [row] = await db
        .update(testVaultNonces)
        .set({ usedAt: now() })
        .where(
          and(
            eq(testVaultNonces.nonce, nonce),
            isNull(testVaultNonces.usedAt),
            gt(testVaultNonces.createdAt, new Date(now().getTime() - NONCE_TTL_MS)),
          ),
        )
        .returning();
      if (!row) return { ok: false, reason: "invalid" };
      return {
        ok: true,
        token: newToken(),
        brand: (CARD_TYPES as readonly string[]).includes(row.brand) ? (row.brand as CardType) : "Unknown",
        lastFour: row.lastFour,
        expirationMonth: row.expirationMonth,
        expirationYear: row.expirationYear,
      };
    },

    async refund(chargeId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || idempotencyKey.trim() === "") {
        return { ok: false, reason: "invalid" };
      }
      const answer = (entry: typeof testVaultRefunds.$inferSelect | undefined): RefundResult => {
        // A key reused for another charge or amount is refused, as with charges.
        if (!entry || entry.chargeId !== chargeId || entry.amountCents !== amountCents) {
          return { ok: false, reason: "invalid" };
        }
        return entry.outcome === "succeeded" && entry.refundId
          ? { ok: true, refundId: entry.refundId }
          : { ok: false, reason: "failed" };
      };
      const refundEntry = async () => {
        const [row] = await db
          .select()
          .from(testVaultRefunds)
          .where(eq(testVaultRefunds.idempotencyKey, idempotencyKey));
        return row;
      };
      const known = await refundEntry();
      if (known) return answer(known);
      // The charge's ledger row is locked while the refund is weighed, so two refunds of one charge take turns and
      // together never give back more than was charged.
      const recorded = await db.transaction(async (tx) => {
        const [charge] = await tx
          .select()
          .from(testVaultCharges)
          .where(eq(testVaultCharges.chargeId, chargeId))
          .for("update");
        if (!charge || charge.outcome !== "succeeded") return false;
        // A twin that waited for the lock finds the refund its key already made, and answers from it.
        const [twin] = await tx
          .select({ key: testVaultRefunds.idempotencyKey })
          .from(testVaultRefunds)
          .where(eq(testVaultRefunds.idempotencyKey, idempotencyKey));
        if (twin) return true;
        const [{ refunded }] = (await tx
          .select({ refunded: sql<number>`coalesce(sum(${testVaultRefunds.amountCents}), 0)::int` })
          .from(testVaultRefunds)
          .where(and(eq(testVaultRefunds.chargeId, chargeId), eq(testVaultRefunds.outcome, "succeeded")))) as [
          { refunded: number },
        ];
        const fails = charge.token.startsWith("tok_test_rf_");
        if (!fails && refunded + amountCents > charge.amountCents) return false;
        await tx
          .insert(testVaultRefunds)
          .values({
            idempotencyKey,
            chargeId,
            amountCents,
            outcome: fails ? "failed" : "succeeded",
            refundId: fails
              ? null
              : `re_test_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`,
          })
          .onConflictDoNothing();
        return true;
      });
      if (!recorded) return { ok: false, reason: "invalid" };
      return answer(await refundEntry());
    },
  };
  return vault;
}
