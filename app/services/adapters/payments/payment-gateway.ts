import type { CardDetails, CardType } from "~/models/card";

/**
 * Payments (spec 3 Wallet and payments). A card is tokenized once, when the shopper saves it; orders charge the
 * token. Only the token, brand, last four and expiry come back: the number and CVV go to the vault and nowhere else
 * (never stored, never logged). The embedded default is a test-mode vault (test-vault.server.ts); a real provider's
 * client implements the same interface.
 */
export type TokenizeResult =
  | {
      ok: true;
      token: string;
      brand: CardType;
      lastFour: string;
      expirationMonth: number;
      expirationYear: number;
    }
  /** declined: the issuer refused the card; invalid: the details cannot be a card (fails the validity check). */
  | { ok: false; reason: "declined" | "invalid" };

export type ChargeResult =
  | { ok: true; chargeId: string }
  /** error: the provider could not be reached or failed; nothing was charged. */
  | { ok: false; reason: "declined" | "invalid" | "error" };

/**
 * What a browser or app needs to hand a card or a wallet payment to the provider: all public (never a secret).
 * GET api/sitePreferences/ccgEncryptionKey answers `encryptionPublicKey`, GET api/sitePreferences/brainTree answers
 * `clientKey`.
 */
export interface PaymentClientKeys {
  /** Which provider the keys belong to ("embedded-test-vault" for the embedded default). */
  provider: string;
  environment: "test" | "production";
  /** PEM (SPKI) public key: a card payload encrypted to it with RSA-OAEP (SHA-256) can be tokenized. */
  encryptionPublicKey: string;
  /** The client-side SDK's key (a tokenization key: it can only create nonces, never charge). */
  clientKey: string;
}

/** An Apple Pay payment as the browser's Payment Request API hands it over (`details` of the response). */
export interface WalletPaymentToken {
  /** The encrypted payment data (for the embedded vault: its simulator's token). */
  paymentData: unknown;
  paymentMethod?: { displayName?: string; network?: string; type?: string };
  transactionIdentifier?: string;
}

export type WalletTokenizeResult = { ok: true; nonce: string } | { ok: false; reason: "declined" | "invalid" };
export type RefundResult =
  | { ok: true; refundId: string }
  /**
   * invalid: no such charge, more than is left of it, or the key reused for another refund; failed: the issuer
   * refused the refund (the money must be returned another way); error: the provider could not be reached or failed,
   * nothing was refunded and the same key may be tried again.
   */
  | { ok: false; reason: "invalid" | "failed" | "error" };

export interface PaymentGateway {
  tokenize(card: CardDetails): Promise<TokenizeResult>;
  /**
   * Opens a card payload encrypted to `clientKeys().encryptionPublicKey` (base64), or null when it cannot be read.
   * The card is then saved like a typed one (and under the same card lock); it is never stored or logged.
   */
  openEncryptedCard(encrypted: string): Promise<CardDetails | null>;
  clientKeys(): Promise<PaymentClientKeys>;
  /**
   * Apple Pay merchant validation: the merchant session the browser completes `onmerchantvalidation` with, or
   * null when the provider refuses (the browser then aborts the session).
   */
  validateMerchant(input: { validationUrl: string; domain: string }): Promise<Record<string, unknown> | null>;
  /** Turns an authorized wallet payment (Apple Pay) into a one-time nonce. */
  tokenizeWalletPayment(payment: WalletPaymentToken): Promise<WalletTokenizeResult>;
  /** Exchanges a nonce, once, for a card token (POST api/paymentMethods/nonce); invalid when unknown or used. */
  exchangeNonce(nonce: string): Promise<TokenizeResult>;
  /**
   * Charges a token. The same idempotency key always gives the same result and at most one charge, so a retried
   * order never charges twice.
   */
  charge(token: string, amountCents: number, idempotencyKey: string): Promise<ChargeResult>;
  /**
   * The charge made under an idempotency key, or null when none was (never asked, or declined): what the recovery of
   * an order whose request stopped after charging asks (decision 29).
   */
  findCharge(idempotencyKey: string): Promise<{ chargeId: string; amountCents: number } | null>;
  /**
   * Gives back `amountCents` of a charge. Exactly once per idempotency key: the same key answers the same outcome and
   * refunds at most once, so a retried refund (a job that ran twice, a request and the job racing) never pays twice.
   */
  refund(chargeId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
}
