import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { CartInsurance } from "~/components/cart/CartInsurance";
import { ContentSlot } from "~/components/content/ContentSlot";
import { CartGroup } from "~/components/cart/CartGroup";
import { CartPromotions } from "~/components/cart/CartPromotions";
import { RemovedNotice } from "~/components/cart/RemovedNotice";
import { CouponForm } from "~/components/cart/CouponForm";
import { DeliveryDateNotice } from "~/components/cart/DeliveryDateNotice";
import { OrderSummary } from "~/components/cart/OrderSummary";
import { InstalmentNote } from "~/components/checkout/InstalmentNote";
import { ShippingMethods } from "~/components/cart/ShippingMethods";
import { CART_MESSAGES, cartLineSchema, couponFormSchema, shippingFormSchema } from "~/models/cart-forms";
import { deliveryNoticeFor } from "~/models/delivery-date-campaign";
import type { PageHandle } from "~/models/page";
import { otherEyeOffer } from "~/models/product-order";
import { applyOfferFormSchema, INSURANCE_CART_MESSAGES } from "~/models/insurance";
import { acceptsInsurancePost, insuranceEntry } from "~/models/insurance-campaigns";
import { isShippingLevel } from "~/models/shipping";
import { lineQuantityOptions } from "~/models/supply";
import { applyCouponToShopperCart, removeCoupon, setShippingLevel } from "~/services/cart/cart-changes.server";
import { applyOfferedBenefit, removeBenefits } from "~/services/cart/cart-insurance.server";
import { shopperOf } from "~/services/cart/cart-pricing.server";
import { cartForPage } from "~/services/cart/cart-page.server";
import { queuePassiveSearch } from "~/services/insurance/passive-search.server";
import { insuranceServicesFor, requestedEligibility } from "~/services/insurance/eligibility-choice.server";
import { cartExists, cartView, changeItemQuantity, removeCartItem } from "~/services/cart/cart.server";
import { requestInfoContext, servicesContext, visitorContext } from "~/services/platform/context.server";
import { requestMemoContext } from "~/services/platform/request-memo.server";
import { readsCartMiddleware } from "~/services/cart/cart-request.server";
import { redirectToNextStep } from "~/services/funnel/funnel.server";
import { paymentOptionsFor } from "~/services/checkout/provider-payments.server";
import { flashToast } from "~/services/platform/session.server";
import { featureSwitchOn } from "~/services/scenarios/feature-switches.server";
import { readForm } from "~/services/platform/http.server";
import { slotsForPage } from "~/server/page-slots.server";
import slotStyles from "~/styles/content-slots.css?url";
import type { Route } from "./+types/cart";
import { FieldError } from "~/components/forms/FieldError";
import { IntentForm } from "~/components/forms/IntentForm";

export const handle: PageHandle = { pageName: "Cart" };

export const meta: Route.MetaFunction = () => [
  { title: "Your cart | Lenslane" },
  { name: "robots", content: "noindex" },
];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: slotStyles }];

// The page reads the cart: its read starts before the loaders, and the header's count shares it.
export const middleware: Route.MiddlewareFunction[] = [readsCartMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const { session, customer } = visitor;
  // The cart-banner slot (decision 61) is chosen while the cart is priced (read once for the page and the header),
  // when the cart banner page feature is on (decision 66).
  const slotsRead = featureSwitchOn(services, session, "cart", "cartBanner").then((on) =>
    on ? slotsForPage(context, "cart") : { slots: [], personalizationEvents: false },
  );
  const memo = context.get(requestMemoContext);
  const { cart, removed } = await cartForPage({ ...services, memo }, session.get("cartId") ?? null, shopperOf(visitor));
  // How the cart offers insurance: the cart insurance switch (decision 65).
  const insurance = insuranceEntry("cart", visitor.campaignVariations);
  // The passive insurance search (decision 54): asked for when a signed-in customer's cart that offers insurance has
  // items and neither a benefit nor an offer; the job checks patients and ZIPs, and the queue runs it at most once per
  // customer a window, on the visitor's eligibility service.
  const passive = insurance === "offered" && !cart.insurance.applied && !cart.insurance.offer;
  if (passive && customer && cart.cartId && cart.groups.length > 0) {
    // Not awaited: the page does not wait for the queue (a lost request only means no offer this time).
    const eligibility = requestedEligibility(visitor);
    void queuePassiveSearch(services.logger, { customerId: customer.id, cartId: cart.cartId, eligibility });
  }
  // Paying in 4 (or why not) under the total, as checkout shows it (spec 3 §4, §5).
  const payIn4 = cart.groups.length > 0 ? (await paymentOptionsFor(services, session, cart, "cart")).payIn4 : null;
  const { slots, personalizationEvents } = await slotsRead;
  return {
    payIn4,
    banner: slots.find((view) => view.slot === "cart-banner") ?? null,
    personalizationEvents,
    cart: {
      ...cart,
      groups: cart.groups.map((group) => ({
        ...group,
        items: group.items.map((item) => ({ ...item, quantityOptions: lineQuantityOptions(item, item.quantity) })),
        otherEye: otherEyeOffer(group),
      })),
    },
    removed,
    providers: services.insurance.providers,
    insuranceEntry: insurance,
    // The estimated delivery date campaign's line (decision 66): none for the control.
    deliveryDate:
      cart.groups.length > 0 ? deliveryNoticeFor(visitor.campaignVariations, cart.shippingMethods, "cart") : null,
  };
}

type ActionForm = "line" | "coupon" | "shipping" | "insurance";

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const { session, priceBook, customer } = visitor;
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const cartId = session.get("cartId");
  const exists = cartId ? await cartExists(db, cartId) : false;
  const shopper = shopperOf(visitor);

  if (intent === "proceed") return redirectToNextStep(db, { session, customer }, "Cart");

  if (intent === "apply-coupon" || intent === "remove-coupon") {
    const submission = parseWithZod(formData, { schema: couponFormSchema });
    if (submission.status !== "success") return reply("coupon", submission.reply());
    if (submission.value.intent === "remove-coupon") {
      if (cartId && exists) await removeCoupon(db, cartId);
      flashToast(session, "info", "Coupon removed.");
      return redirect("/cart", 303);
    }
    const result = await applyCouponToShopperCart(db, session, submission.value.couponCode, shopper);
    if (!result.ok) return reply("coupon", submission.reply({ fieldErrors: { couponCode: [result.message] } }));
    flashToast(session, result.kind, result.message);
    return redirect("/cart", 303);
  }

  // Only the insurance forms this cart renders are taken (decision 65).
  if (
    (intent === "remove-insurance" || intent === "apply-insurance-offer") &&
    !acceptsInsurancePost("cart", insuranceEntry("cart", visitor.campaignVariations), intent)
  ) {
    flashToast(session, "error", INSURANCE_CART_MESSAGES.notOffered);
    return redirect("/cart", 303);
  }

  if (intent === "remove-insurance") {
    if (cartId && exists) await removeBenefits(db, cartId);
    flashToast(session, "info", INSURANCE_CART_MESSAGES.removed);
    return redirect("/cart", 303);
  }

  if (intent === "apply-insurance-offer") {
    const submission = parseWithZod(formData, { schema: applyOfferFormSchema });
    if (submission.status !== "success") return reply("insurance", submission.reply());
    if (!cartId || !exists) return reply("insurance", submission.reply({ formErrors: [CART_MESSAGES.cartGone] }));
    const outcome = await applyOfferedBenefit(insuranceServicesFor(context.get(servicesContext), visitor), cartId, {
      ...submission.value,
      clientIp: context.get(requestInfoContext).clientIp,
    });
    if (!outcome.ok) {
      const errors =
        outcome.reason === "not-verified"
          ? { fieldErrors: { dateOfBirth: [outcome.message] } }
          : { formErrors: [outcome.message] };
      return reply("insurance", submission.reply(errors));
    }
    flashToast(session, "success", INSURANCE_CART_MESSAGES.applied);
    return redirect("/cart", 303);
  }

  if (intent === "set-shipping") {
    const submission = parseWithZod(formData, { schema: shippingFormSchema });
    if (submission.status !== "success" || !isShippingLevel(submission.value.shippingLevel)) {
      return reply("shipping", submission.reply({ formErrors: ["Choose a shipping method."] }));
    }
    if (!cartId || !exists) return reply("shipping", submission.reply({ formErrors: [CART_MESSAGES.cartGone] }));
    await setShippingLevel(db, cartId, submission.value.shippingLevel);
    return redirect("/cart", 303);
  }

  const submission = parseWithZod(formData, { schema: cartLineSchema });
  if (submission.status !== "success") return reply("line", submission.reply());
  const { itemId } = submission.value;
  const item =
    cartId && exists
      ? (await cartView(db, cartId, priceBook)).groups
          .flatMap((group) => group.items)
          .find((line) => line.id === itemId)
      : undefined;
  if (!cartId || !item) return reply("line", submission.reply({ formErrors: [CART_MESSAGES.itemGone] }), itemId);
  if (submission.value.intent === "remove") {
    await removeCartItem(db, cartId, itemId);
  } else {
    if (!lineQuantityOptions(item, item.quantity).includes(submission.value.quantity)) {
      return reply("line", submission.reply({ fieldErrors: { quantity: [CART_MESSAGES.quantityNotOffered] } }), itemId);
    }
    await changeItemQuantity(db, cartId, itemId, submission.value.quantity);
  }
  return redirect("/cart", 303);
}

/** A failed form's result, rendered next to that form (status 400, so it works the same without JavaScript). */
function reply(form: ActionForm, result: SubmissionResult<string[]>, itemId?: string) {
  return data({ form, itemId: itemId ?? null, result }, { status: 400 });
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, removed, banner, personalizationEvents } = loaderData;
  const notices = removed.length > 0 ? <RemovedNotice names={removed} /> : null;
  const slot = banner ? <ContentSlot view={banner} events={personalizationEvents} variant="banner" /> : null;
  if (cart.groups.length === 0) {
    return (
      <section className="cart cart-empty">
        <h1>Your cart</h1>
        {notices}
        <p>Your cart is empty.</p>
        {slot}
        {cart.insurance.applied ? (
          <p data-testid="applied-insurance">
            Your {cart.insurance.applied.planName} benefit is saved to your cart. Add items to use it.
          </p>
        ) : null}
        {cart.coupon ? (
          <p className="coupon-saved" data-testid="applied-coupon">
            Coupon <strong>{cart.coupon.code}</strong> is saved to your cart. Add items to use it.
          </p>
        ) : null}
        <p className="hero-actions">
          <Link to="/lenses" className="button button-primary">
            Shop contact lenses
          </Link>
          <Link to="/contact-lens-solution" className="button">
            Shop solution
          </Link>
        </p>
      </section>
    );
  }
  const lineResult = actionData?.form === "line" ? actionData : null;
  const firstImageLineId = cart.groups.flatMap((group) => group.items).find((item) => item.imageUrl)?.id;
  return (
    <section className="cart">
      <h1>Your cart</h1>
      {notices}
      {slot}
      <div className="cart-layout">
        <div className="cart-main">
          {cart.groups.map((group) => (
            <CartGroup key={group.id} group={group} lineResult={lineResult} eagerLineId={firstImageLineId} />
          ))}
          <FieldError
            as="p"
            errors={lineResult && !lineResult.itemId ? "We couldn't change your cart. Please try again." : null}
          />
          <CartPromotions promotions={cart.promotions} rebates={cart.rebates} rebateHints={cart.rebateHints} />
        </div>
        <aside className="cart-side">
          <CouponForm
            key={cart.coupon?.code ?? "none"}
            coupon={cart.coupon}
            lastResult={actionData?.form === "coupon" ? actionData.result : undefined}
          />
          {loaderData.deliveryDate ? <DeliveryDateNotice notice={loaderData.deliveryDate} /> : null}
          <ShippingMethods
            key={cart.selectedShippingMethod.shippingLevel}
            methods={cart.shippingMethods}
            error={actionData?.form === "shipping" ? (actionData.result.error?.[""]?.[0] ?? null) : null}
          />
          <OrderSummary summary={cart.orderSummary} taxKnown={cart.taxState !== null} />
          {loaderData.payIn4 ? <InstalmentNote payIn4={loaderData.payIn4} /> : null}
          <CartInsurance
            entry={loaderData.insuranceEntry}
            insurance={cart.insurance}
            insuranceTotalCents={cart.orderSummary.insuranceBenefitsTotal}
            hasRebates={cart.rebates.length > 0}
            providers={loaderData.providers}
            offerResult={actionData?.form === "insurance" ? actionData.result : undefined}
          />
          {/* A POST: going on marks the cart as passed in the journey (the funnel then skips it). */}
          <IntentForm intent="proceed" className="button button-primary cart-checkout">
            Continue to checkout
          </IntentForm>
        </aside>
      </div>
    </section>
  );
}
