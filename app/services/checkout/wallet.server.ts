import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { isCardExpired } from "~/models/card";
import { isCardKind, type PaymentMethodKind } from "~/models/payment-methods";
import type { PayIn4Provider } from "../adapters/pay-in-4/pay-in-4-provider";
import type { PaymentGateway } from "../adapters/payments/payment-gateway";
import type { Database, Executor } from "../db/client.server";
import { orders, paymentMethods } from "../db/schema";

/**
 * The whole wallet (spec 3 §3: paymentMethods with paymentToken, isPreferred, insertDate): cards, Apple Pay cards and
 * the pay-in-4 provider's tokens, as the account page and GET api/wallet show them, and what a customer changes on
 * it (delete, make preferred, save a provider's token, checked with the provider first, or a wallet nonce).
 * Subscriptions charge only the card kinds (payment-methods.server.ts); checkout also pays with the saved pay-in-4
 * methods (decision 57). Every query filters by the customer.
 */

export interface WalletEntry {
  id: number;
  kind: PaymentMethodKind;
  paymentToken: string;
  brand: string;
  lastFour: string | null;
  expirationMonth: number | null;
  expirationYear: number | null;
  isPreferred: boolean;
  isExpired: boolean;
  insertedAt: string;
}

/** The customer's payment methods: the preferred one first, then newest first (the order checkout picks in). */
export async function listWallet(db: Executor, customerId: number, now = new Date()): Promise<WalletEntry[]> {
  const rows = await db
    .select({
      id: paymentMethods.id,
      kind: paymentMethods.kind,
      paymentToken: paymentMethods.paymentToken,
      brand: paymentMethods.brand,
      lastFour: paymentMethods.lastFour,
      expirationMonth: paymentMethods.expirationMonth,
      expirationYear: paymentMethods.expirationYear,
      isPreferred: paymentMethods.isPreferred,
      createdAt: paymentMethods.createdAt,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.customerId, customerId))
    .orderBy(desc(paymentMethods.isPreferred), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map(({ createdAt, ...row }) => ({
    ...row,
    isExpired:
      row.expirationMonth !== null && row.expirationYear !== null
        ? isCardExpired(row.expirationMonth, row.expirationYear, now)
        : false,
    insertedAt: createdAt.toISOString(),
  }));
}

/** Deletes one of the customer's methods; false when it is not theirs or already gone. */
export async function deletePaymentMethod(db: Executor, customerId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.customerId, customerId)))
    .returning({ id: paymentMethods.id });
  return deleted.length > 0;
}

/**
 * Makes one of the customer's methods the preferred one (the one checkout selects first) and no other; false when it
 * is not theirs. One statement, so two tabs choosing at once still leave exactly one preferred.
 */
export async function makePreferred(db: Executor, customerId: number, id: number): Promise<boolean> {
  const updated = await db
    .update(paymentMethods)
    .set({ isPreferred: sql`${paymentMethods.id} = ${id}`, updatedAt: new Date() })
    .where(
      and(
        eq(paymentMethods.customerId, customerId),
        sql`exists (select 1 from ${paymentMethods} mine where mine.id = ${id} and mine.customer_id = ${customerId})`,
      ),
    )
    .returning({ id: paymentMethods.id });
  return updated.length > 0;
}

/** The customer's method with this id, or null. */
export async function findWalletEntry(db: Executor, customerId: number, id: number, now = new Date()) {
  return (await listWallet(db, customerId, now)).find((entry) => entry.id === id) ?? null;
}

export type SaveTokenResult = { ok: true; paymentToken: string } | { ok: false; reason: "taken" };

/**
 * Saves a pay-in-4 provider's token (a checkout token, or a billing agreement's approval token) as a payment method
 * of its kind. Saving the same token again is the same method; a token another customer saved is refused. The
 * customer's first method becomes the preferred one.
 */
export async function saveProviderToken(
  db: Database,
  customerId: number,
  kind: Exclude<PaymentMethodKind, "Card" | "ApplePay">,
  token: string,
): Promise<SaveTokenResult> {
  await db
    .insert(paymentMethods)
    .values({
      customerId,
      kind,
      brand: kind,
      paymentToken: token,
      isPreferred: sql`not exists (select 1 from ${paymentMethods} where ${paymentMethods.customerId} = ${customerId})`,
    })
    .onConflictDoNothing({ target: paymentMethods.paymentToken });
  const [row] = await db
    .select({ customerId: paymentMethods.customerId, kind: paymentMethods.kind })
    .from(paymentMethods)
    .where(eq(paymentMethods.paymentToken, token));
  if (!row || row.customerId !== customerId || row.kind !== kind) return { ok: false, reason: "taken" };
  return { ok: true, paymentToken: token };
}

export type SaveCheckedTokenResult =
  | SaveTokenResult
  /** refused: the provider knows no such token, or it is not approved, or already used; unavailable: no answer. */
  | { ok: false; reason: "refused" | "unavailable" };

/**
 * Saves a pay-in-4 checkout token (kind Afterpay, 15) once the provider says it is approved and not yet captured
 * (decision 57). A token that is an order's own checkout (the redirect flow's) is not the customer's to keep.
 */
export async function savePayIn4Checkout(
  services: { db: Database; payIn4: PayIn4Provider },
  customerId: number,
  token: string,
): Promise<SaveCheckedTokenResult> {
  let state: Awaited<ReturnType<PayIn4Provider["checkoutState"]>>;
  try {
    state = await services.payIn4.checkoutState(token);
  } catch {
    return { ok: false, reason: "unavailable" };
  }
  if (state?.status !== "approved") return { ok: false, reason: "refused" };
  const [order] = await services.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentToken, token))
    .limit(1);
  if (order) return { ok: false, reason: "refused" };
  return saveProviderToken(services.db, customerId, "Afterpay", token);
}

/**
 * Saves a billing agreement (kind AfterpayBillingAgreement, 16) from the approval token the shopper approved: the
 * provider makes the agreement (or answers the one made before, so saving it again is the same method) and its
 * agreement token is what is saved and later paid against.
 */
export async function savePayIn4Agreement(
  services: { db: Database; payIn4: PayIn4Provider },
  customerId: number,
  approvalToken: string,
): Promise<SaveCheckedTokenResult> {
  // A new request id each time: a refusal (not approved yet) must not be the provider's answer to a later try.
  const made = await services.payIn4.createAgreement(approvalToken, `agreement-${randomUUID()}`);
  if (!made.ok) return { ok: false, reason: made.reason === "error" ? "unavailable" : "refused" };
  return saveProviderToken(services.db, customerId, "AfterpayBillingAgreement", made.agreementToken);
}

export type SaveNonceResult =
  | { ok: true; entry: WalletEntry }
  /** invalid: the vault knows no such nonce, or it was used or expired. */
  | { ok: false; reason: "invalid" };

/**
 * Exchanges a wallet payment's nonce (an Apple Pay payment the vault accepted) for a saved payment method: the vault
 * answers a card token once per nonce, kept as kind ApplePay with the card's brand, last four and expiry.
 */
export async function savePaymentNonce(
  services: { db: Database; payments: PaymentGateway },
  customerId: number,
  input: { nonce: string; nameOnCard: string; billingPostalCode: string },
): Promise<SaveNonceResult> {
  const vaulted = await services.payments.exchangeNonce(input.nonce);
  if (!vaulted.ok) return { ok: false, reason: "invalid" };
  const [row] = await services.db
    .insert(paymentMethods)
    .values({
      customerId,
      kind: "ApplePay",
      paymentToken: vaulted.token,
      brand: vaulted.brand,
      lastFour: vaulted.lastFour,
      expirationMonth: vaulted.expirationMonth,
      expirationYear: vaulted.expirationYear,
      nameOnCard: input.nameOnCard,
      billingPostalCode: input.billingPostalCode,
      isPreferred: sql`not exists (select 1 from ${paymentMethods} where ${paymentMethods.customerId} = ${customerId})`,
    })
    .returning({ id: paymentMethods.id });
  const entry = await findWalletEntry(services.db, customerId, row!.id);
  return entry && isCardKind(entry.kind) ? { ok: true, entry } : { ok: false, reason: "invalid" };
}
