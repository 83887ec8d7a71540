import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { ManageActionData, SubscriptionFormName } from "~/components/subscriptions/SubscriptionManage";
import { SUBSCRIPTION_MESSAGES } from "~/models/subscription";
import type { AppServices, VisitorCustomer } from "~/services/platform/context.server";
import { flashToast, type StoreSession } from "~/services/platform/session.server";
import type { ChangeResult, SubscriptionView } from "~/services/subscriptions/subscriptions.server";

/**
 * What every intent of the subscription details page (account.subscriptions.$subscriptionId.tsx) is handed, and the
 * three ways it answers: saved (a toast and back to the page, 303), refused in its own form (4xx with the Conform
 * reply, so it reads the same without JavaScript), or not found (404).
 */

export interface IntentArgs {
  /** The form that posted (from its intent). */
  form: SubscriptionFormName;
  formData: FormData;
  request: Request;
  context: Readonly<RouterContextProvider>;
  services: AppServices;
  session: StoreSession;
  customer: VisitorCustomer;
  view: SubscriptionView;
  /** The details page's path. */
  href: string;
  now: Date;
}

export const detailsHref = (id: number) => `/account/subscriptions/${id}`;

/** A refused form's result, rendered next to that form. */
export function reply(
  form: SubscriptionFormName,
  result: SubmissionResult<string[]>,
  init: { status?: number; lastFour?: string | null; headers?: HeadersInit } = {},
) {
  const answer: ManageActionData = { form, result, enteredLastFour: init.lastFour ?? null };
  return data(answer, { status: init.status ?? 400, headers: init.headers });
}

export type IntentAnswer = Response | ReturnType<typeof reply>;

/** A form-level refusal, without a submission to reply to. */
export const refusal = (message: string): SubmissionResult<string[]> => ({ status: "error", error: { "": [message] } });

/** Saved: a toast, and back to the page (or `to`). */
export function done(args: Pick<IntentArgs, "session" | "href">, message: string, to = args.href): Response {
  flashToast(args.session, "success", message);
  return redirect(to, 303);
}

/** A service's answer: saved → toast and back; refused → the reason, in the form that asked. */
export function settle(
  args: Pick<IntentArgs, "form" | "session" | "href">,
  result: ChangeResult<unknown>,
  message: string,
  invalid: string = SUBSCRIPTION_MESSAGES.notFound,
): IntentAnswer {
  if (result.ok) return done(args, message);
  if (result.reason === "not-found") throw data(null, { status: 404 });
  if (result.reason === "cancelled") return reply("page", refusal(SUBSCRIPTION_MESSAGES.cancelled), { status: 409 });
  return reply(args.form, refusal(result.message ?? invalid));
}
