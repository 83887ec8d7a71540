import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { isCardExpired, selectPaymentMethod, type CardDetails, type CardType } from "~/models/card";
import { CARD_KINDS } from "~/models/payment-methods";
import type { PaymentGateway } from "../adapters/payments/payment-gateway";
import type { Database, Executor } from "../db/client.server";
import { paymentMethods } from "../db/schema";

/**
 * The customer's wallet (spec 3: paymentMethods with paymentToken, isPreferred, insertDate). Rows hold the vault's
 * token, the brand, the last four and the expiry — never the number or the CVV. Every read filters by customer.
 */

/** Only the methods charged through the card vault (a card, an Apple Pay card), not the pay-in-4 tokens. */
const isCardRow = inArray(paymentMethods.kind, [...CARD_KINDS]);

/** A card row's card columns, which the table's check keeps set for the card kinds. */
function cardColumns<
  T extends { lastFour: string | null; expirationMonth: number | null; expirationYear: number | null },
>(row: T) {
  return {
    ...row,
    lastFour: row.lastFour ?? "",
    expirationMonth: row.expirationMonth ?? 0,
    expirationYear: row.expirationYear ?? 0,
  };
}

/** A saved card as pages see it (the token stays on the server). */
export interface SavedCard {
  id: number;
  brand: CardType | string;
  lastFour: string;
  expirationMonth: number;
  expirationYear: number;
  nameOnCard: string;
  isPreferred: boolean;
  insertedAt: string;
}

const savedCardColumns = {
  id: paymentMethods.id,
  brand: paymentMethods.brand,
  lastFour: paymentMethods.lastFour,
  expirationMonth: paymentMethods.expirationMonth,
  expirationYear: paymentMethods.expirationYear,
  nameOnCard: paymentMethods.nameOnCard,
  isPreferred: paymentMethods.isPreferred,
  createdAt: paymentMethods.createdAt,
};

/** The customer's cards: the preferred one first, then newest first. */
export async function listPaymentMethods(db: Executor, customerId: number): Promise<SavedCard[]> {
  const rows = await db
    .select(savedCardColumns)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), isCardRow))
    .orderBy(desc(paymentMethods.isPreferred), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map(({ createdAt, ...card }) => toSavedCard({ ...card, createdAt }));
}

/**
 * The customer's cards as an API client chooses one (PUT api/autoReorder/{id}/payment takes the paymentToken):
 * the vault token, brand, last four and expiry — never more. Until GET api/wallet exists, the subscription answers
 * carry these (decision 40).
 */
export async function walletTokens(db: Executor, customerId: number, now = new Date()) {
  const rows = await db
    .select({
      paymentToken: paymentMethods.paymentToken,
      brand: paymentMethods.brand,
      lastFour: paymentMethods.lastFour,
      expirationMonth: paymentMethods.expirationMonth,
      expirationYear: paymentMethods.expirationYear,
      isPreferred: paymentMethods.isPreferred,
      createdAt: paymentMethods.createdAt,
    })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), isCardRow))
    .orderBy(desc(paymentMethods.isPreferred), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map(cardColumns).map(({ createdAt, ...card }) => ({
    ...card,
    insertDate: createdAt.toISOString(),
    isExpired: isCardExpired(card.expirationMonth, card.expirationYear, now),
  }));
}
export type WalletToken = Awaited<ReturnType<typeof walletTokens>>[number];

/**
 * The wallet and the card selected by default (the preferred card, else the most recent; spec 3 §3), with the saved
 * pay-in-4 methods checkout offers beside the cards (decision 57): one read of the customer's rows.
 */
export async function walletOf(db: Executor, customerId: number) {
  const rows = await db
    .select({ ...savedCardColumns, kind: paymentMethods.kind })
    .from(paymentMethods)
    .where(eq(paymentMethods.customerId, customerId))
    .orderBy(desc(paymentMethods.isPreferred), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  const cards = rows
    .filter((row) => CARD_KINDS.includes(row.kind))
    .map(({ kind: _kind, ...card }) => toSavedCard(card));
  const payIn4: SavedPayIn4[] = rows
    .filter((row) => isPayIn4Kind(row.kind))
    .map((row) => ({
      id: row.id,
      kind: row.kind as PayIn4Kind,
      isPreferred: row.isPreferred,
      insertedAt: row.createdAt.toISOString(),
    }));
  return { cards, selected: selectPaymentMethod(cards), payIn4 };
}

/**
 * One of the customer's cards with its token (for charging), or null when it is not theirs, gone, or not a card (a
 * pay-in-4 token is not charged through the card vault).
 */
export async function findPaymentMethod(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.customerId, customerId), isCardRow));
  return row ? { ...cardColumns(row), nameOnCard: row.nameOnCard ?? "" } : null;
}

/** The pay-in-4 kinds a wallet may hold (decision 57): paid through the pay-in-4 provider, never the card vault. */
const PAY_IN_4_KINDS = ["Afterpay", "AfterpayBillingAgreement"] as const;
export type PayIn4Kind = (typeof PAY_IN_4_KINDS)[number];
const isPayIn4Row = inArray(paymentMethods.kind, [...PAY_IN_4_KINDS]);
const isPayIn4Kind = (kind: string): kind is PayIn4Kind => (PAY_IN_4_KINDS as readonly string[]).includes(kind);

/** A saved pay-in-4 method as checkout offers it (the token stays on the server). */
export interface SavedPayIn4 {
  id: number;
  kind: PayIn4Kind;
  isPreferred: boolean;
  insertedAt: string;
}

/** One of the customer's saved pay-in-4 methods with its token (for paying), or null. */
export async function findPayIn4Method(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select({ id: paymentMethods.id, kind: paymentMethods.kind, paymentToken: paymentMethods.paymentToken })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.customerId, customerId), isPayIn4Row));
  return row ? { ...row, kind: row.kind as PayIn4Kind } : null;
}

function toSavedCard(row: {
  id: number;
  brand: string;
  lastFour: string | null;
  expirationMonth: number | null;
  expirationYear: number | null;
  nameOnCard: string | null;
  isPreferred: boolean;
  createdAt: Date;
}): SavedCard {
  const { createdAt, ...card } = cardColumns(row);
  return { ...card, nameOnCard: card.nameOnCard ?? "", insertedAt: createdAt.toISOString() };
}

export type SaveCardResult = { ok: true; card: SavedCard } | { ok: false; reason: "declined" | "invalid" };

/**
 * Tokenizes a card with the vault and saves what may be kept. The customer's first card becomes the preferred one
 * (decided by the insert itself, from what the wallet holds at that moment).
 */
export async function saveCard(
  services: { db: Database; payments: PaymentGateway },
  customerId: number,
  card: CardDetails,
): Promise<SaveCardResult> {
  const tokenized = await services.payments.tokenize(card);
  if (!tokenized.ok) return tokenized;
  const [row] = await services.db
    .insert(paymentMethods)
    .values({
      customerId,
      paymentToken: tokenized.token,
      brand: tokenized.brand,
      lastFour: tokenized.lastFour,
      expirationMonth: tokenized.expirationMonth,
      expirationYear: tokenized.expirationYear,
      nameOnCard: card.nameOnCard.trim(),
      billingPostalCode: card.billingAddress.postalCode.trim(),
      isPreferred: sql`not exists (select 1 from ${paymentMethods} where ${paymentMethods.customerId} = ${customerId})`,
    })
    .returning(savedCardColumns);
  return { ok: true, card: toSavedCard(row!) };
}
