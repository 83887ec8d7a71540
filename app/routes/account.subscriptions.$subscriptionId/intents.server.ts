import type { SubscriptionFormName } from "~/components/subscriptions/SubscriptionManage";
import { SUBSCRIPTION_MESSAGES } from "~/models/subscription";
import { changeAddress } from "./address.server";
import { saveNewCard, chooseSavedCard } from "./card.server";
import { refusal, reply, type IntentAnswer, type IntentArgs } from "./intent.server";
import { cancel, orderNow } from "./order.server";
import { changeFrequency, changeNextDate, changeQuantities, snooze } from "./schedule.server";

/** The details page's intents, and the form each one belongs to (its refusal is rendered next to that form). */
export const INTENT_FORMS: Record<string, SubscriptionFormName> = {
  "set-quantities": "quantities",
  "set-frequency": "frequency",
  "set-next-date": "next-date",
  snooze: "snooze",
  "use-saved-address": "saved-address",
  "verify-choice": "verify",
  "use-saved-card": "saved-card",
  "save-card": "card",
  "order-now": "order-now",
  cancel: "cancel",
};

/** Each form's handling, one focused module per kind of change. */
export const INTENT_HANDLERS: Record<SubscriptionFormName, (args: IntentArgs) => Promise<IntentAnswer>> = {
  quantities: changeQuantities,
  frequency: changeFrequency,
  "next-date": changeNextDate,
  snooze,
  "saved-address": changeAddress,
  "new-address": changeAddress,
  verify: changeAddress,
  "saved-card": chooseSavedCard,
  card: saveNewCard,
  "order-now": orderNow,
  cancel,
  page: async ({ form }) => reply(form, refusal(SUBSCRIPTION_MESSAGES.notFound)),
};
