import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { summarizeSubscription } from "~/components/subscriptions/SubscriptionSummary";
import { cancelSchema, formatReorderDate } from "~/models/subscription";
import { orderSubscriptionNow } from "~/services/auto-reorder/reorder-runner.server";
import { cancelSubscription } from "~/services/subscriptions/subscriptions.server";
import { done, refusal, reply, settle, type IntentAnswer, type IntentArgs } from "./intent.server";

/** Placing a subscription's order today (intent=order-now), and ending the subscription (intent=cancel). */

export async function orderNow(args: IntentArgs): Promise<IntentAnswer> {
  const { form, services, customer, view, href, now } = args;
  const result = await orderSubscriptionNow(services, customer.id, view.id, now);
  if (result.ok) {
    return done(
      args,
      `Order ${result.orderNumber} is placed. Your next order is scheduled for ${formatReorderDate(result.nextReorderDate)}.`,
      `${href}?ordered=${encodeURIComponent(result.orderNumber)}`,
    );
  }
  if (result.reason === "not-found") throw data(null, { status: 404 });
  const status = result.reason === "cancelled" || result.reason === "busy" ? 409 : 400;
  return reply(form, refusal(result.message), { status });
}

export async function cancel(args: IntentArgs): Promise<IntentAnswer> {
  const { form, formData, services, customer, view, now } = args;
  const submission = parseWithZod(formData, { schema: cancelSchema });
  if (submission.status !== "success") return reply(form, submission.reply());
  const result = await cancelSubscription(services.db, customer.id, view.id, submission.value, now);
  if (!result.ok) return settle(args, result, "");
  return done(
    args,
    `Your subscription (${summarizeSubscription(view, null).heading}) is cancelled. No more orders will be placed.`,
    "/account/subscriptions",
  );
}
