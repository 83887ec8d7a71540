import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { addressChoices, savedAddressSchema } from "~/components/checkout/AddressStepSaved";
import { verifyChoiceSchema } from "~/components/checkout/VerifyAddressDialog";

import { billingDefaultsFor, cardChoices, savedCardSchema } from "~/components/subscriptions/CardChange";
import { quantityFields } from "~/components/subscriptions/QuantitiesForm";
import { scheduleDefaults, STALE_SNOOZE_MESSAGE, webSnoozeSchema } from "~/components/subscriptions/ScheduleForms";
import { SubscriptionManage, type SubscriptionFormName } from "~/components/subscriptions/SubscriptionManage";
import { summarizeSubscription } from "~/components/subscriptions/SubscriptionSummary";
import {
  addressFormSchema,
  addressLines,
  toAddressFormDefaults,
  SHIPPING_ADDRESS_PROBLEM_MESSAGES,
  toAddressInput,
  type AddressInput,
} from "~/models/address";
import {
  CARD_MESSAGES,
  cardDetailsFromForm,
  cardFormSchema,
  cardLabel,
  expiryYearOptions,
  isCardExpired,
  lastFour,
  dropCardSecrets,
  SECRET_CARD_FIELDS,
} from "~/models/card";
import { addressesEqualForShipping } from "~/models/address-standardize";
import { isOrderNumberShaped } from "~/models/order-status";
import type { PageHandle } from "~/models/page";
import {
  businessToday,
  cancelSchema,
  formatReorderDate,
  frequencyLabel,
  frequencySchema,
  isSnoozeSuccess,
  nextDateSchema,
  quantitiesSchema,
  snoozeMessage,
  SUBSCRIPTION_MESSAGES,
} from "~/models/subscription";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import { isCardSavingLocked } from "~/services/checkout/card-lock.server";
import { saveCardUnderLock } from "~/services/checkout/card-save.server";
import { shippableAddressBook, withSuggestion } from "~/services/checkout/checkout-address.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { listPaymentMethods } from "~/services/checkout/payment-methods.server";
import { orderSubscriptionNow } from "~/services/subscriptions/reorder-runner.server";
import { flashToast } from "~/services/platform/session.server";
import {
  clearPendingSubscriptionAddress,
  confirmSubscriptionAddress,
  holdPendingSubscriptionAddress,
  pendingSubscriptionAddressOf,
  submitSubscriptionAddress,
  type SubscriptionAddressOutcome,
} from "~/services/subscriptions/subscription-address.server";
import { subscriptionPrice } from "~/services/subscriptions/subscription-pricing.server";
import {
  cancelSubscription,
  parseSubscriptionId,
  setNextReorderDate,
  setSubscriptionCard,
  setSubscriptionFrequency,
  setSubscriptionQuantities,
  snoozeSubscription,
  subscriptionFor,
  type ChangeResult,
} from "~/services/subscriptions/subscriptions.server";
import ordersStyles from "~/styles/orders.css?url";
import addressStyles from "~/styles/checkout-address.css?url";
import styles from "~/styles/subscriptions.css?url";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/account.subscriptions.$subscriptionId";

export const handle: PageHandle = { pageName: "AutoReorder", headerType: "standard", pageDialog: true };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: ordersStyles },
  { rel: "stylesheet", href: addressStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? data.summary.heading : "Subscription"} | Lenslane` },
  { name: "robots", content: "noindex" },
];

// The card lock's cookie rides on the action's answer, whichever way the page is rendered.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  for (const cookie of actionHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
};

const detailsHref = (id: number) => `/account/subscriptions/${id}`;

/** Signed in, and the customer's own subscription: anything else (another's, malformed, missing) is a 404. */
async function requireSubscription(args: Route.LoaderArgs | Route.ActionArgs, now: Date) {
  const customer = requireCustomer(args.context, args.request);
  const id = parseSubscriptionId(args.params.subscriptionId);
  if (id === null) throw data(null, { status: 404 });
  const view = await subscriptionFor(args.context.get(servicesContext).db, customer.id, id, now);
  if (!view) throw data(null, { status: 404 });
  return { customer, view };
}

export async function loader(args: Route.LoaderArgs) {
  const now = new Date();
  const { customer, view } = await requireSubscription(args, now);
  const { db } = args.context.get(servicesContext);
  const { session, priceBook } = args.context.get(visitorContext);
  const url = new URL(args.request.url);
  const href = detailsHref(view.id);
  if (view.status === "Cancelled")
    return { summary: summarizeSubscription(view, null), href, ordered: null, forms: null };

  const pending = pendingSubscriptionAddressOf(session, view.id);
  const wantsDialog = url.searchParams.get("verify") === "address";
  // A stale dialog URL (the choice was saved, or the session moved on) shows the page.
  if (wantsDialog && !pending) throw redirect(href, 303);
  const [price, book, cards, cardLocked] = await Promise.all([
    subscriptionPrice(db, view.items, { customerId: customer.id, priceBook }, now),
    shippableAddressBook(db, customer),
    listPaymentMethods(db, customer.id),
    isCardSavingLocked(db, customer.id, args.request.headers.get("Cookie"), now),
  ]);
  const shipping = view.shippingAddress;
  const ordered = url.searchParams.get("ordered") ?? undefined;
  return {
    summary: summarizeSubscription(view, price),
    href,
    ordered: isOrderNumberShaped(ordered) ? ordered : null,
    forms: {
      quantities: quantityFields(view.items),
      ...scheduleDefaults(view.frequencyDays, view.nextReorderDate, businessToday(now)),
      address: {
        addresses: addressChoices(book),
        // The entry it came from, else one equal for shipping (an order's address may not name its entry).
        selectedId:
          shipping?.addressId ??
          (shipping ? book.find((entry) => addressesEqualForShipping(entry.saved, shipping))?.saved.id : null) ??
          null,
        showNewForm: url.searchParams.get("address") === "new" || book.length === 0,
        // A closed dialog leaves the entry in the form to correct; otherwise the form starts with the account's name.
        newAddressDefaults:
          pending && pending.addressId === null
            ? toAddressFormDefaults(pending.entry)
            : { ...toAddressFormDefaults(null), firstName: customer.firstName, lastName: customer.lastName },
        verify:
          wantsDialog && pending
            ? {
                closeHref: pending.addressId === null ? `${href}?address=new#new-address` : href,
                entryLines: addressLines(pending.entry),
                suggestionLines: addressLines(withSuggestion(pending.entry, pending.suggestion)),
              }
            : null,
      },
      card: {
        cards: cardChoices(cards, now),
        selectedId: view.card?.id ?? null,
        showCardForm: url.searchParams.get("card") === "new",
        locked: cardLocked,
        billingDefaults: billingDefaultsFor(shipping),
        yearOptions: expiryYearOptions(now),
      },
      orderNow: { confirming: url.searchParams.get("confirm") === "order-now" },
    },
  };
}

const INTENT_FORMS: Record<string, SubscriptionFormName> = {
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

/** A refused form's result, rendered next to that form (4xx, so it reads the same without JavaScript). */
function reply(
  form: SubscriptionFormName,
  result: SubmissionResult<string[]>,
  init: { status?: number; lastFour?: string | null; headers?: HeadersInit } = {},
) {
  return data(
    { form, result, enteredLastFour: init.lastFour ?? null },
    { status: init.status ?? 400, headers: init.headers },
  );
}

const refusal = (message: string): SubmissionResult<string[]> => ({ status: "error", error: { "": [message] } });

export async function action(args: Route.ActionArgs) {
  const now = new Date();
  const { customer, view } = await requireSubscription(args, now);
  const services = args.context.get(servicesContext);
  const { session } = args.context.get(visitorContext);
  const { db } = services;
  const href = detailsHref(view.id);
  const formData = await readForm(args.request, { cardFields: true });
  const intent = formData.get("intent");
  // The account's address form posts no intent: anything without one is a new address.
  const form: SubscriptionFormName | undefined = intent === null ? "new-address" : INTENT_FORMS[String(intent)];
  if (form !== "card") dropCardSecrets(formData);
  if (!form) return reply("page", refusal("We couldn't tell which change you asked for. Please try again."));
  if (view.status === "Cancelled") return reply("page", refusal(SUBSCRIPTION_MESSAGES.cancelled), { status: 409 });

  const done = (message: string, to = href) => {
    flashToast(session, "success", message);
    return redirect(to, 303);
  };
  /** A service's answer: saved → toast and back; refused → the reason, in the form that asked. */
  const settle = (result: ChangeResult<unknown>, message: string, invalid: string = SUBSCRIPTION_MESSAGES.notFound) => {
    if (result.ok) return done(message);
    if (result.reason === "not-found") throw data(null, { status: 404 });
    if (result.reason === "cancelled") return reply("page", refusal(SUBSCRIPTION_MESSAGES.cancelled), { status: 409 });
    return reply(form, refusal(result.message ?? invalid));
  };

  switch (form) {
    case "quantities": {
      const fields = quantityFields(view.items);
      const submission = parseWithZod(formData, { schema: quantitiesSchema(fields.options) });
      if (submission.status !== "success") return reply(form, submission.reply());
      const { rightQuantity, leftQuantity } = submission.value;
      // A solution's single item came in the right-eye field (see quantityFields).
      const solution = view.items.every((item) => item.whichEye === "none");
      const quantities = solution
        ? { right: null, left: null, none: rightQuantity }
        : { right: rightQuantity, left: leftQuantity };
      const result = await setSubscriptionQuantities(db, customer.id, view.id, quantities, now);
      return settle(result, quantitiesMessage(fields.eyes, submission.value, solution));
    }
    case "frequency": {
      const submission = parseWithZod(formData, { schema: frequencySchema });
      if (submission.status !== "success") return reply(form, submission.reply());
      const { frequencyDays } = submission.value;
      const result = await setSubscriptionFrequency(db, customer.id, view.id, frequencyDays, now);
      return settle(result, `Frequency changed to ${frequencyLabel(frequencyDays).toLowerCase()}.`);
    }
    case "next-date": {
      const submission = parseWithZod(formData, { schema: nextDateSchema(businessToday(now)) });
      if (submission.status !== "success") return reply(form, submission.reply());
      const { date } = submission.value;
      const result = await setNextReorderDate(db, customer.id, view.id, date, now);
      return settle(result, `Your next order is now scheduled for ${formatReorderDate(date)}.`);
    }
    case "snooze": {
      const submission = parseWithZod(formData, { schema: webSnoozeSchema });
      if (submission.status !== "success") return reply(form, submission.reply());
      // From the date the page showed: pressing the same form twice is 'already snoozed', not a second snooze.
      const { reorderDate: linkDate, days } = submission.value;
      const result = await snoozeSubscription(db, customer.id, view.id, { linkDate, days }, now);
      if (result.ok && !isSnoozeSuccess(result.value)) {
        return reply(form, submission.reply({ formErrors: [STALE_SNOOZE_MESSAGE] }), { status: 409 });
      }
      return settle(result, result.ok ? snoozeMessage(result.value) : "");
    }
    case "saved-address":
    case "new-address":
    case "verify":
      return changeAddress();
    case "saved-card": {
      const submission = parseWithZod(formData, { schema: savedCardSchema });
      if (submission.status !== "success") return reply(form, submission.reply());
      const card = (await listPaymentMethods(db, customer.id)).find((c) => c.id === submission.value.paymentMethodId);
      if (!card) return reply(form, submission.reply({ formErrors: [CARD_MESSAGES.cardGone] }));
      if (isCardExpired(card.expirationMonth, card.expirationYear, now)) {
        return reply(form, submission.reply({ formErrors: [CARD_MESSAGES.savedCardExpired] }));
      }
      const result = await setSubscriptionCard(db, customer.id, view.id, card.id, now);
      return settle(result, `${cardLabel(card)} will pay for this subscription.`, CARD_MESSAGES.cardGone);
    }
    case "card":
      return saveNewCard();
    case "order-now": {
      const result = await orderSubscriptionNow(services, customer.id, view.id, now);
      if (result.ok) {
        return done(
          `Order ${result.orderNumber} is placed. Your next order is scheduled for ${formatReorderDate(result.nextReorderDate)}.`,
          `${href}?ordered=${encodeURIComponent(result.orderNumber)}`,
        );
      }
      if (result.reason === "not-found") throw data(null, { status: 404 });
      const status = result.reason === "cancelled" || result.reason === "busy" ? 409 : 400;
      return reply(form, refusal(result.message), { status });
    }
    case "cancel": {
      const submission = parseWithZod(formData, { schema: cancelSchema });
      if (submission.status !== "success") return reply(form, submission.reply());
      const result = await cancelSubscription(db, customer.id, view.id, submission.value, now);
      if (!result.ok) return settle(result, "");
      return done(
        `Your subscription (${summarizeSubscription(view, null).heading}) is cancelled. No more orders will be placed.`,
        "/account/subscriptions",
      );
    }
    case "page":
      return reply(form, refusal(SUBSCRIPTION_MESSAGES.notFound));
  }

  /** Saved or new, verified as at checkout; a differing suggestion waits in the session for the dialog. */
  async function changeAddress() {
    const deps = { db, verifier: services.addressVerifier, logger: services.logger };
    let address: AddressInput;
    let outcome: SubscriptionAddressOutcome;
    if (form === "verify") {
      const pending = pendingSubscriptionAddressOf(session, view.id);
      if (!pending) return redirect(href, 303);
      const submission = parseWithZod(formData, { schema: verifyChoiceSchema });
      if (submission.status !== "success") return reply("verify", submission.reply());
      const { choice } = submission.value;
      const result = await confirmSubscriptionAddress(db, { customerId: customer.id, pending, choice });
      clearPendingSubscriptionAddress(session);
      const chosen = choice === "suggested" ? withSuggestion(pending.entry, pending.suggestion) : pending.entry;
      return settle(result, addressMessage(chosen, true));
    }
    if (form === "saved-address") {
      const submission = parseWithZod(formData, { schema: savedAddressSchema });
      if (submission.status !== "success") return reply(form, submission.reply());
      const { addressId } = submission.value;
      const saved = (await shippableAddressBook(db, customer)).find((entry) => entry.saved.id === addressId);
      if (!saved) {
        return reply(form, submission.reply({ formErrors: ["That address is no longer in your address book."] }));
      }
      if (saved.problem)
        return reply(form, submission.reply({ formErrors: [SHIPPING_ADDRESS_PROBLEM_MESSAGES[saved.problem]] }));
      address = saved.address;
      outcome = await submitSubscriptionAddress(deps, { customer, subscriptionId: view.id, address, addressId });
    } else {
      const submission = parseWithZod(formData, { schema: addressFormSchema });
      if (submission.status !== "success") return reply("new-address", submission.reply());
      address = toAddressInput(submission.value);
      outcome = await submitSubscriptionAddress(deps, { customer, subscriptionId: view.id, address, addressId: null });
    }
    if (outcome.kind === "choose") {
      holdPendingSubscriptionAddress(session, outcome.pending);
      return redirect(`${href}?verify=address`, 303);
    }
    clearPendingSubscriptionAddress(session);
    return settle(outcome.result, addressMessage(address, outcome.verificationStatus === "Verified"));
  }

  /** Checkout's save-card path (the card lock, never echoing the number or CVV), then the card pays for this. */
  async function saveNewCard() {
    const submission = parseWithZod(formData, { schema: cardFormSchema(now) });
    const entered = lastFour(String(formData.get("cardNumber") ?? ""));
    const cookieHeader = args.request.headers.get("Cookie");
    const refuse = (messages: string[] | undefined, headers?: HeadersInit) =>
      reply("card", submission.reply({ formErrors: messages, hideFields: SECRET_CARD_FIELDS }), {
        lastFour: entered,
        headers,
      });
    const saved = await saveCardUnderLock(services, {
      customerId: customer.id,
      cookieHeader,
      card: submission.status === "success" ? cardDetailsFromForm(submission.value) : null,
      now,
    });
    if (saved.ok) {
      const result = await setSubscriptionCard(db, customer.id, view.id, saved.card.id, now);
      return settle(result, `${cardLabel(saved.card)} saved. It will pay for this subscription.`);
    }
    return refuse(
      saved.formError ? [saved.formError] : undefined,
      saved.setCookie ? { "Set-Cookie": saved.setCookie } : undefined,
    );
  }
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

/** 'Shipping address changed to 12 Main St, Boise, ID.' (and a word when it ships as entered, unverified). */
function addressMessage(address: AddressInput, verified: boolean): string {
  const street = [address.address1, address.address2].filter(Boolean).join(" ");
  const where = `${street}, ${address.city}, ${address.state}`;
  return `Shipping address changed to ${where}.${verified ? "" : " We'll ship to it as you entered it."}`;
}

export default function SubscriptionDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscriptionManage page={loaderData} actionData={actionData} />;
}
