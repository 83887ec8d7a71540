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

export interface PaymentGateway {
  tokenize(card: CardDetails): Promise<TokenizeResult>;
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
}
