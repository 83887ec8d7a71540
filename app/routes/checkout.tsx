import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { CheckoutPayment } from "~/components/checkout/CheckoutPayment";
import { CheckoutReview } from "~/components/checkout/CheckoutReview";
import { CartInsurance } from "~/components/cart/CartInsurance";
import { OrderSummary } from "~/components/cart/OrderSummary";
import { ShippingMethods } from "~/components/cart/ShippingMethods";
import { addressLines, type AddressInput } from "~/models/address";
import { shippingFormSchema } from "~/models/cart-forms";
import {
  cardDetailsFromForm,
  cardFormSchema,
  cardLabel,
  expiryYearOptions,
  lastFour,
  placeOrderSchema,
  dropCardSecrets,
  SECRET_CARD_FIELDS,
} from "~/models/card";
import { billingDefaultsFor, cardChoices, firstPaymentChoice, payIn4Choices } from "~/models/card-choice";
import { pagePath, type PageHandle } from "~/models/page";
import { INSURANCE_CART_MESSAGES } from "~/models/insurance";
import { acceptsInsurancePost, insuranceEntry } from "~/models/insurance-campaigns";
import { isShippingLevel } from "~/models/shipping";
import { isCardSavingLocked } from "~/services/checkout/card-lock.server";
import { saveCardUnderLock } from "~/services/checkout/card-save.server";
import { setShippingLevel } from "~/services/cart/cart-changes.server";
import { removeBenefits } from "~/services/cart/cart-insurance.server";
import { pricedCart, shopperOf } from "~/services/cart/cart-pricing.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { requestMemoContext } from "~/services/platform/request-memo.server";
import { readsCartMiddleware } from "~/services/cart/cart-request.server";
import { rememberPlacedOrder } from "~/services/checkout/placed-orders.server";
import { walletOf } from "~/services/checkout/payment-methods.server";
import { checkoutCart, checkoutReviewGroups, missingCheckoutStep } from "~/services/checkout/checkout-cart.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import {
  paymentOptionsFor,
  releaseAbandonedProviderOrders,
  sessionPaymentSwitches,
  startProviderPayment,
} from "~/services/checkout/provider-payments.server";
import { optionOffered, PROVIDER_MESSAGES, providerPaymentSchema } from "~/models/payment-options";
import { flashToast } from "~/services/platform/session.server";
import { paymentSwitches } from "~/services/scenarios/feature-switches.server";
import styles from "~/styles/checkout.css?url";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/checkout";

export const handle: PageHandle = {
  pageName: "Checkout",
  headerType: "simple",
  footerSimplified: true,
  // Paying is no place for promotions: the store's own notices only (decision 60).
  notificationSources: ["form-result", "order-status", "expired-rx", "coupon", "recapture"],
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Checkout | Lenslane" },
  { name: "robots", content: "noindex" },
];

// The card lock's cookie rides on the action's answer, whichever way the page is rendered.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  for (const cookie of actionHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
};

// The page reads the cart: its read starts before the loaders, and the header's count shares it.
export const middleware: Route.MiddlewareFunction[] = [readsCartMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const { session, priceBook, customer } = visitor;
  const cartId = session.get("cartId");
  if (!cartId) throw redirect("/cart");
  // Guests become customers at the address step (sign in, or a guest e-mail), so that is where a visitor goes.
  if (!customer) throw redirect("/address");
  const now = new Date();
  // The prices and the review share one read of the cart (and the header's count too: the request memo).
  const memo = context.get(requestMemoContext);
  const [cart, { cart: row, groups }, wallet, locked] = await Promise.all([
    pricedCart({ ...services, memo }, cartId, shopperOf(visitor), now),
    checkoutCart(services.db, cartId, memo, priceBook),
    walletOf(services.db, customer.id),
    isCardSavingLocked(services.db, customer.id, request.headers.get("Cookie"), now),
  ]);
  if (cart.groups.length === 0) throw redirect("/cart");
  // Stored addresses passed the address rules when saved, so their country is one of the model's codes.
  const address = (row?.shippingAddress ?? null) as AddressInput | null;
  const missing = missingCheckoutStep(groups, address);
  if (missing) throw redirect(pagePath(missing) ?? "/cart");
  const paymentOptions = await paymentOptionsFor(services, session, cart, "checkout");
  // Saved pay-in-4 methods pay with the cards, under the rules of paying in 4 (decision 57).
  const payIn4 = payIn4Choices(wallet.payIn4, paymentOptions.payIn4);

  const url = new URL(request.url);
  // The checkout insurance switch (decision 65): on path A checkout offers the cart's insurance panel (the passive
  // search's offer stays the cart's); otherwise the order summary's insurance row is all, as before.
  const offersInsurance = insuranceEntry("checkout", visitor.campaignVariations) === "offered";
  return {
    groups: checkoutReviewGroups(cart.groups, groups),
    addressLines: addressLines(address!),
    shippingMethods: cart.shippingMethods,
    shippingLevel: cart.selectedShippingMethod.shippingLevel,
    orderSummary: cart.orderSummary,
    taxKnown: cart.taxState !== null,
    cards: cardChoices(wallet.cards, now),
    payIn4Methods: payIn4,
    selectedCardId: firstPaymentChoice(payIn4, wallet.selected?.id ?? null),
    // A new key for every rendering of the page: resubmitting this rendering's form is the same order.
    idempotencyKey: crypto.randomUUID(),
    paymentOptions,
    applePayOn: (await paymentSwitches(services, session, "checkout")).applePay,
    showCardForm: wallet.cards.length === 0 || url.searchParams.get("card") === "new",
    cardLocked: locked,
    billingDefaults: billingDefaultsFor(address ?? null),
    yearOptions: expiryYearOptions(now),
    insurance: offersInsurance
      ? {
          state: { ...cart.insurance, offer: null },
          hasRebates: cart.rebates.length > 0,
          providers: services.insurance.providers,
        }
      : null,
  };
}

type CheckoutForm = "card" | "order" | "shipping" | "provider";

/** A failed form's result, shown next to that form (status 400, the same with or without JavaScript). */
function reply(
  form: CheckoutForm,
  result: SubmissionResult<string[]>,
  extra: { lastFour?: string | null } = {},
  init?: HeadersInit,
) {
  return data({ form, result, enteredLastFour: extra.lastFour ?? null }, { status: 400, headers: init });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const { session, customer } = visitor;
  if (!customer) throw redirect("/address", 303);
  const cartId = session.get("cartId");
  const formData = await readForm(request, { cardFields: true });
  const intent = formData.get("intent");
  if (intent !== "save-card") dropCardSecrets(formData);

  if (intent === "set-shipping") {
    const submission = parseWithZod(formData, { schema: shippingFormSchema });
    if (submission.status !== "success" || !isShippingLevel(submission.value.shippingLevel)) {
      return reply("shipping", submission.reply({ formErrors: ["Choose a shipping method."] }));
    }
    if (!cartId) throw redirect("/cart", 303);
    await setShippingLevel(services.db, cartId, submission.value.shippingLevel);
    return redirect("/checkout", 303);
  }

  if (intent === "remove-insurance" || intent === "apply-insurance-offer") {
    // Only when this checkout lists the benefit with its 'Remove' (decision 65); the offer is applied on the cart.
    const offered = acceptsInsurancePost("checkout", insuranceEntry("checkout", visitor.campaignVariations), intent);
    if (offered && cartId) await removeBenefits(services.db, cartId);
    if (offered) flashToast(session, "info", INSURANCE_CART_MESSAGES.removed);
    else flashToast(session, "error", INSURANCE_CART_MESSAGES.notOffered);
    return redirect("/checkout", 303);
  }

  if (intent === "save-card") {
    const schema = cardFormSchema();
    const submission = parseWithZod(formData, { schema });
    const entered = lastFour(String(formData.get("cardNumber") ?? ""));
    // The card lock is checked and the attempt counted before the vault sees the card (card-save.server.ts).
    const saved = await saveCardUnderLock(services, {
      customerId: customer.id,
      cookieHeader: request.headers.get("Cookie"),
      card: submission.status === "success" ? cardDetailsFromForm(submission.value) : null,
    });
    if (saved.ok) {
      flashToast(session, "success", `${cardLabel(saved.card)} saved.`);
      return redirect("/checkout", 303);
    }
    // Never echo the number or the CVV back into the page.
    const formErrors = saved.formError ? [saved.formError] : undefined;
    return reply(
      "card",
      submission.reply({ formErrors, hideFields: SECRET_CARD_FIELDS }),
      { lastFour: entered },
      saved.setCookie ? { "Set-Cookie": saved.setCookie } : undefined,
    );
  }

  if (intent === "pay-with-provider") {
    const provider = parseWithZod(formData, { schema: providerPaymentSchema });
    if (provider.status !== "success") return reply("provider", provider.reply());
    if (!cartId) throw redirect("/cart", 303);
    // The options are checked again here, whatever the form said (a switch or the cart may have changed).
    const priced = await pricedCart(services, cartId, shopperOf(visitor), new Date());
    const options = await paymentOptionsFor(services, session, priced, "checkout");
    if (!optionOffered(options, provider.value.payWith)) {
      return reply("provider", provider.reply({ formErrors: [PROVIDER_MESSAGES.notOffered] }));
    }
    await releaseAbandonedProviderOrders(services, cartId, provider.value.idempotencyKey);
    const started = await startProviderPayment(services, {
      cartId,
      customer,
      idempotencyKey: provider.value.idempotencyKey,
      paymentMethodId: 0,
      provider: provider.value.payWith,
      shopper: shopperOf(visitor),
    });
    if (!started.ok) return reply("provider", provider.reply({ formErrors: [started.message] }));
    if ("redirectUrl" in started) return redirect(started.redirectUrl, 303);
    rememberPlacedOrder(session, started.orderNumber);
    return redirect(`/thank-you?oid=${encodeURIComponent(started.orderNumber)}`, 303);
  }

  const submission = parseWithZod(formData, { schema: placeOrderSchema });
  if (submission.status !== "success") return reply("order", submission.reply());
  if (!cartId) throw redirect("/cart", 303);
  // A PayPal or pay-in-4 checkout this cart was left on (the shopper came back without paying) gives way.
  await releaseAbandonedProviderOrders(services, cartId, submission.value.idempotencyKey);
  const result = await placeOrder(services, {
    cartId,
    customer,
    idempotencyKey: submission.value.idempotencyKey,
    paymentMethodId: submission.value.paymentMethodId,
    // Saved pay-in-4 methods may pay here, by the session's switches (decision 57).
    paymentSwitches: await sessionPaymentSwitches(services, session, "checkout"),
    shopper: shopperOf(visitor),
  });
  if (!result.ok) return reply("order", submission.reply({ formErrors: [result.message] }));
  rememberPlacedOrder(session, result.orderNumber);
  return redirect(`/thank-you?oid=${encodeURIComponent(result.orderNumber)}`, 303);
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="checkout">
      <h1>Checkout</h1>
      <div className="checkout-layout">
        <div className="checkout-main">
          <CheckoutReview groups={loaderData.groups} addressLines={loaderData.addressLines} />
          <CheckoutPayment
            cards={loaderData.cards}
            payIn4Methods={loaderData.payIn4Methods}
            selectedCardId={loaderData.selectedCardId}
            idempotencyKey={loaderData.idempotencyKey}
            totalCents={loaderData.orderSummary.totalAfterCredits}
            options={loaderData.paymentOptions}
            applePayOn={loaderData.applePayOn}
            showCardForm={loaderData.showCardForm}
            cardLocked={loaderData.cardLocked}
            billingDefaults={loaderData.billingDefaults}
            yearOptions={loaderData.yearOptions}
            actionData={actionData}
          />
        </div>
        <aside className="checkout-side">
          <ShippingMethods
            key={loaderData.shippingLevel}
            methods={loaderData.shippingMethods}
            error={actionData?.form === "shipping" ? (actionData.result.error?.[""]?.[0] ?? null) : null}
          />
          <OrderSummary summary={loaderData.orderSummary} taxKnown={loaderData.taxKnown} />
          {loaderData.insurance ? (
            <CartInsurance
              insurance={loaderData.insurance.state}
              insuranceTotalCents={loaderData.orderSummary.insuranceBenefitsTotal}
              hasRebates={loaderData.insurance.hasRebates}
              providers={loaderData.insurance.providers}
              returnTo="/checkout"
            />
          ) : null}
        </aside>
      </div>
    </section>
  );
}
