import { parseWithZod } from "@conform-to/zod/v4";
import {
  CARD_MESSAGES,
  cardDetailsFromForm,
  cardFormSchema,
  cardLabel,
  isCardExpired,
  lastFour,
  SECRET_CARD_FIELDS,
} from "~/models/card";
import { savedCardSchema } from "~/models/card-choice";
import { saveCardUnderLock } from "~/services/checkout/card-save.server";
import { listPaymentMethods } from "~/services/checkout/payment-methods.server";
import { setSubscriptionCard } from "~/services/subscriptions/subscriptions.server";
import { reply, settle, type IntentAnswer, type IntentArgs } from "./intent.server";

/** What pays for a subscription: a saved card (intent=use-saved-card) or a new one (intent=save-card). */

export async function chooseSavedCard(args: IntentArgs): Promise<IntentAnswer> {
  const { form, formData, services, customer, view, now } = args;
  const submission = parseWithZod(formData, { schema: savedCardSchema });
  if (submission.status !== "success") return reply(form, submission.reply());
  const cards = await listPaymentMethods(services.db, customer.id);
  const card = cards.find((candidate) => candidate.id === submission.value.paymentMethodId);
  if (!card) return reply(form, submission.reply({ formErrors: [CARD_MESSAGES.cardGone] }));
  if (isCardExpired(card.expirationMonth, card.expirationYear, now)) {
    return reply(form, submission.reply({ formErrors: [CARD_MESSAGES.savedCardExpired] }));
  }
  const result = await setSubscriptionCard(services.db, customer.id, view.id, card.id, now);
  return settle(args, result, `${cardLabel(card)} will pay for this subscription.`, CARD_MESSAGES.cardGone);
}

/** Checkout's save-card path (the card lock, never echoing the number or CVV), then the card pays for this. */
export async function saveNewCard(args: IntentArgs): Promise<IntentAnswer> {
  const { formData, services, customer, view, now, request } = args;
  const submission = parseWithZod(formData, { schema: cardFormSchema(now) });
  const entered = lastFour(String(formData.get("cardNumber") ?? ""));
  const saved = await saveCardUnderLock(services, {
    customerId: customer.id,
    cookieHeader: request.headers.get("Cookie"),
    card: submission.status === "success" ? cardDetailsFromForm(submission.value) : null,
    now,
  });
  if (saved.ok) {
    const result = await setSubscriptionCard(services.db, customer.id, view.id, saved.card.id, now);
    return settle(args, result, `${cardLabel(saved.card)} saved. It will pay for this subscription.`);
  }
  return reply(
    "card",
    submission.reply({ formErrors: saved.formError ? [saved.formError] : undefined, hideFields: SECRET_CARD_FIELDS }),
    { lastFour: entered, headers: saved.setCookie ? { "Set-Cookie": saved.setCookie } : undefined },
  );
}
