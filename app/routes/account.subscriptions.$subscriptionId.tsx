import { data, redirect } from "react-router";
import { addressChoices } from "~/components/checkout/AddressStepSaved";
import { quantityFields } from "~/components/subscriptions/QuantitiesForm";
import { scheduleDefaults } from "~/components/subscriptions/ScheduleForms";
import { SubscriptionManage, type SubscriptionFormName } from "~/components/subscriptions/SubscriptionManage";
import { summarizeSubscription } from "~/components/subscriptions/SubscriptionSummary";
import { newAddressDefaults, verifyDialogLines } from "~/models/address-verify-view";
import { addressesEqualForShipping } from "~/models/address-standardize";
import { dropCardSecrets, expiryYearOptions } from "~/models/card";
import { billingDefaultsFor, cardChoices } from "~/models/card-choice";
import { isOrderNumberShaped } from "~/models/order-status";
import type { PageHandle } from "~/models/page";
import { businessToday, SUBSCRIPTION_MESSAGES } from "~/models/subscription";
import { signedInCustomer } from "~/services/accounts/auth/signed-in.server";
import { isCardSavingLocked } from "~/services/checkout/card-lock.server";
import { shippableAddressBook } from "~/services/funnel/checkout-address.server";
import { listPaymentMethods } from "~/services/checkout/payment-methods.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { pendingSubscriptionAddressOf } from "~/services/subscriptions/subscription-address.server";
import { subscriptionPrice } from "~/services/subscriptions/subscription-pricing.server";
import { parseSubscriptionId, subscriptionFor } from "~/services/subscriptions/subscriptions.server";
import ordersStyles from "~/styles/orders.css?url";
import addressStyles from "~/styles/checkout-address.css?url";
import styles from "~/styles/subscriptions.css?url";
import { detailsHref, refusal, reply } from "./account.subscriptions.$subscriptionId/intent.server";
import { INTENT_FORMS, INTENT_HANDLERS } from "./account.subscriptions.$subscriptionId/intents.server";
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

/** Signed in, and the customer's own subscription: anything else (another's, malformed, missing) is a 404. */
async function requireSubscription(args: Route.LoaderArgs | Route.ActionArgs, now: Date) {
  const customer = signedInCustomer(args.context);
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
        newAddressDefaults: newAddressDefaults(pending, customer),
        verify:
          wantsDialog && pending
            ? {
                closeHref: pending.addressId === null ? `${href}?address=new#new-address` : href,
                ...verifyDialogLines(pending),
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

export async function action(args: Route.ActionArgs) {
  const now = new Date();
  const { customer, view } = await requireSubscription(args, now);
  const formData = await readForm(args.request, { cardFields: true });
  const intent = formData.get("intent");
  // The account's address form posts no intent: anything without one is a new address.
  const form: SubscriptionFormName | undefined = intent === null ? "new-address" : INTENT_FORMS[String(intent)];
  if (form !== "card") dropCardSecrets(formData);
  if (!form) return reply("page", refusal("We couldn't tell which change you asked for. Please try again."));
  if (view.status === "Cancelled") return reply("page", refusal(SUBSCRIPTION_MESSAGES.cancelled), { status: 409 });
  return INTENT_HANDLERS[form]({
    form,
    formData,
    request: args.request,
    context: args.context,
    services: args.context.get(servicesContext),
    session: args.context.get(visitorContext).session,
    customer,
    view,
    href: detailsHref(view.id),
    now,
  });
}

export default function SubscriptionDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscriptionManage page={loaderData} actionData={actionData} />;
}
