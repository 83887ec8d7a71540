import { parseWithZod } from "@conform-to/zod/v4";
import { quantityFields } from "~/components/subscriptions/QuantitiesForm";
import { STALE_SNOOZE_MESSAGE, webSnoozeSchema } from "~/components/subscriptions/ScheduleForms";
import {
  businessToday,
  formatReorderDate,
  frequencyLabel,
  frequencySchema,
  isSnoozeSuccess,
  nextDateSchema,
  quantitiesSchema,
  snoozeMessage,
} from "~/models/subscription";
import {
  setNextReorderDate,
  setSubscriptionFrequency,
  setSubscriptionQuantities,
  snoozeSubscription,
} from "~/services/subscriptions/subscriptions.server";
import { reply, settle, type IntentAnswer, type IntentArgs } from "./intent.server";

/** What and when a subscription sends: intents set-quantities, set-frequency, set-next-date and snooze. */

export async function changeQuantities(args: IntentArgs): Promise<IntentAnswer> {
  const { form, formData, services, customer, view, now } = args;
  const fields = quantityFields(view.items);
  const submission = parseWithZod(formData, { schema: quantitiesSchema(fields.options) });
  if (submission.status !== "success") return reply(form, submission.reply());
  const { rightQuantity, leftQuantity } = submission.value;
  // A solution's single item came in the right-eye field (see quantityFields).
  const solution = view.items.every((item) => item.whichEye === "none");
  const quantities = solution
    ? { right: null, left: null, none: rightQuantity }
    : { right: rightQuantity, left: leftQuantity };
  const result = await setSubscriptionQuantities(services.db, customer.id, view.id, quantities, now);
  return settle(args, result, quantitiesMessage(fields.eyes, submission.value, solution));
}

export async function changeFrequency(args: IntentArgs): Promise<IntentAnswer> {
  const { form, formData, services, customer, view, now } = args;
  const submission = parseWithZod(formData, { schema: frequencySchema });
  if (submission.status !== "success") return reply(form, submission.reply());
  const { frequencyDays } = submission.value;
  const result = await setSubscriptionFrequency(services.db, customer.id, view.id, frequencyDays, now);
  return settle(args, result, `Frequency changed to ${frequencyLabel(frequencyDays).toLowerCase()}.`);
}

export async function changeNextDate(args: IntentArgs): Promise<IntentAnswer> {
  const { form, formData, services, customer, view, now } = args;
  const submission = parseWithZod(formData, { schema: nextDateSchema(businessToday(now)) });
  if (submission.status !== "success") return reply(form, submission.reply());
  const { date } = submission.value;
  const result = await setNextReorderDate(services.db, customer.id, view.id, date, now);
  return settle(args, result, `Your next order is now scheduled for ${formatReorderDate(date)}.`);
}

export async function snooze(args: IntentArgs): Promise<IntentAnswer> {
  const { form, formData, services, customer, view, now } = args;
  const submission = parseWithZod(formData, { schema: webSnoozeSchema });
  if (submission.status !== "success") return reply(form, submission.reply());
  // From the date the page showed: pressing the same form twice is 'already snoozed', not a second snooze.
  const { reorderDate: linkDate, days } = submission.value;
  const result = await snoozeSubscription(services.db, customer.id, view.id, { linkDate, days }, now);
  if (result.ok && !isSnoozeSuccess(result.value)) {
    return reply(form, submission.reply({ formErrors: [STALE_SNOOZE_MESSAGE] }), { status: 409 });
  }
  return settle(args, result, result.ok ? snoozeMessage(result.value) : "");
}

/** 'Quantities changed: right eye 3, left eye paused.' ('Quantity changed to 3.' for a solution). */
function quantitiesMessage(
  eyes: ReadonlyArray<{ name: "rightQuantity" | "leftQuantity"; label: string }>,
  value: { rightQuantity: number | null; leftQuantity: number | null },
  solution: boolean,
): string {
  if (solution) return `Quantity changed to ${value.rightQuantity}.`;
  const words = eyes.map((eye) => {
    const quantity = value[eye.name];
    return `${eye.label.toLowerCase()} ${quantity === 0 ? "paused" : quantity}`;
  });
  return `Quantities changed: ${words.join(", ")}.`;
}
