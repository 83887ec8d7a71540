import { CARD_MESSAGES, type CardDetails } from "~/models/card";
import {
  cardLockCookie,
  hasCardLockCookie,
  isCardSavingLocked,
  releaseCardSaveAttempt,
  reserveCardSaveAttempt,
} from "./card-lock.server";
import type { AppServices } from "../platform/context.server";
import { saveCard, type SavedCard } from "./payment-methods.server";

export type CardSaveOutcome =
  | { ok: true; card: SavedCard }
  /**
   * Refused. `formError` is the form-level message (null when the form's own field errors say what to fix);
   * `setCookie` is the card lock's cookie when the answer must set it.
   */
  | { ok: false; formError: string | null; setCookie: string | null };

/**
 * Saving a new card under the card lock (spec 3 §4, §9), as checkout and the subscription page do it. The attempt is
 * reserved against the lock before the vault sees the card, so parallel saves cannot pass the count together; a
 * saved card releases it, and anything else (a form that is not a valid card, a decline, a vault that throws) keeps it
 * as a failure.
 * `card` is null when the form failed its own checks.
 */
export async function saveCardUnderLock(
  services: Pick<AppServices, "db" | "payments" | "config">,
  input: { customerId: number; cookieHeader: string | null; card: CardDetails | null; now?: Date },
): Promise<CardSaveOutcome> {
  const { db, config } = services;
  const now = input.now ?? new Date();
  const tooMany = (setCookie: boolean): CardSaveOutcome => ({
    ok: false,
    formError: CARD_MESSAGES.tooManyAttempts,
    setCookie: setCookie ? cardLockCookie(config) : null,
  });

  if (hasCardLockCookie(input.cookieHeader)) return tooMany(false);
  const attempt = await reserveCardSaveAttempt(db, input.customerId, now);
  // Locked by the database count alone (the cookie was cleared): the cookie is set again.
  if (!attempt) return tooMany(true);

  // A vault that throws (unreachable, timed out) may still have tried the card: the attempt stays counted.
  const saved = input.card ? await saveCard({ db, payments: services.payments }, input.customerId, input.card) : null;
  if (saved?.ok) {
    await releaseCardSaveAttempt(db, attempt);
    return { ok: true, card: saved.card };
  }
  // The failure that engages the lock says so at once (a 400 does not reload the page's data).
  if (await isCardSavingLocked(db, input.customerId, null, now)) return tooMany(true);
  if (!saved) return { ok: false, formError: null, setCookie: null };
  return {
    ok: false,
    formError: saved.reason === "declined" ? CARD_MESSAGES.declined : CARD_MESSAGES.invalidCard,
    setCookie: null,
  };
}
