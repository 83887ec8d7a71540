import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { switchStates } from "~/models/feature-switches";
import { paymentKey } from "~/models/order-plan";
import type { FeaturePage } from "~/models/page-features";
import { PAYMENT_METHOD_TYPES } from "~/models/payment-methods";
import {
  cartPaymentOptions,
  paymentOptionSwitches,
  PAYPAL_RETURN_PATH,
  PROVIDER_MESSAGES,
  PROVIDER_OF,
  PROVIDER_PAYMENT_METHOD,
  type PaymentOptions,
  type PaymentOptionsCart,
  type PaymentOptionSwitches,
  type PaymentProviderName,
  type ProviderOption,
} from "~/models/payment-options";
import type { RedirectPaymentProvider } from "../adapters/payments/redirect-provider";
import type { Executor } from "../db/client.server";
import { orders } from "../db/schema";
import { journeyOf } from "../funnel/funnel.server";
import { pageFeatures } from "../growth/page-features.server";
import type { AppServices } from "../platform/context.server";
import { paymentProvidersReady } from "../platform/config.server";
import type { StoreSession } from "../platform/session.server";
import { confirmOrder, RECOVERY_GRACE_SECONDS, releaseOrder, type OrderServices } from "./order-confirmation.server";
import { chargeSavedPayIn4 } from "./saved-pay-in-4.server";
import {
  PLACE_ORDER_MESSAGES,
  reserveOrResume,
  type PlaceOrderInput,
  type PlaceOrderFailure,
} from "./place-order.server";

/**
 * Paying through a provider's page (PayPal, PayPal Pay Later, pay in 4; decision 53). Placing the order reserves it
 * exactly as a card order is reserved (place-order.server.ts: the stock, credit and coupon, the order row pending
 * under the form's idempotency key), then creates the provider's checkout for the amount and sends the shopper there.
 * The shopper comes back to the store: on approval the payment is captured under the order's payment key and the
 * order confirmed (the same confirmation as a card's); on cancel or decline the reservation is released and the cart
 * is as it was. A return replayed (twice, or by two tabs) captures under the same key, so the provider answers the
 * same capture, and the guard on the order row confirms it once.
 */

export type ProviderServices = OrderServices & Pick<AppServices, "paypal" | "payIn4">;

/** A checkout the shopper has not come back from is given up after this (the providers' own checkouts expire then). */
export const PROVIDER_CHECKOUT_WINDOW_SECONDS = 3 * 60 * 60;

export function providerFor(services: Pick<AppServices, "paypal" | "payIn4">, name: PaymentProviderName) {
  return name === "paypal" ? services.paypal : services.payIn4;
}

/** Which provider an order's payment method number went through: Afterpay's 15 and 16 are pay in 4, else PayPal. */
const providerOfMethod = (method: number | null): PaymentProviderName =>
  method === PAYMENT_METHOD_TYPES.Afterpay || method === PAYMENT_METHOD_TYPES.AfterpayBillingAgreement
    ? "pay-in-4"
    : "paypal";

/**
 * Where each provider sends the shopper back. Pay in 4 returns to /thank-you with `orderToken` and `status` (spec 3:
 * pay-later and instalment outcomes return there); PayPal to /checkout/paypal with `token` (and `PayerID`).
 */
export function returnUrls(siteUrl: string, name: PaymentProviderName): { returnUrl: string; cancelUrl: string } {
  const base = siteUrl.replace(/\/+$/, "");
  if (name === "pay-in-4") return { returnUrl: `${base}/thank-you`, cancelUrl: `${base}/thank-you` };
  return { returnUrl: `${base}${PAYPAL_RETURN_PATH}`, cancelUrl: `${base}${PAYPAL_RETURN_PATH}?cancelled=1` };
}

export type StartProviderResult =
  | { ok: true; redirectUrl: string }
  /** Nothing to pay (store credit covered it): the order is placed. */
  | { ok: true; orderNumber: string }
  | { ok: false; reason: PlaceOrderFailure | "provider"; message: string };

/** Reserves the order under the form's key and sends the shopper to the provider (the same URL on a resubmit). */
export async function startProviderPayment(
  services: ProviderServices,
  input: PlaceOrderInput & { provider: ProviderOption },
): Promise<StartProviderResult> {
  const reserved = await reserveOrResume(services, input);
  if (!("reservation" in reserved)) {
    return reserved.result.ok ? { ok: true, orderNumber: reserved.result.orderNumber } : reserved.result;
  }
  const reservation = reserved.reservation;
  // This key placed a card order that is still being charged: it is not this form's to pay again.
  if (!reservation.provider) return { ok: false, reason: "in-progress", message: PLACE_ORDER_MESSAGES.inProgress };
  if (reservation.providerCheckout) return { ok: true, redirectUrl: reservation.providerCheckout.redirectUrl };
  if (reservation.chargeCents === 0) {
    await confirmOrder(services, reservation.orderId, "none");
    return { ok: true, orderNumber: reservation.orderNumber };
  }
  const name = PROVIDER_OF[reservation.provider];
  const created = await providerFor(services, name).createCheckout({
    amountCents: reservation.chargeCents,
    ...returnUrls(services.config.siteUrl, name),
    merchantReference: reservation.orderNumber,
    requestId: paymentKey(reservation),
    consumer: {
      email: input.customer.email,
      givenNames: input.customer.firstName,
      surname: input.customer.lastName ?? "",
    },
  });
  if (!created.ok) {
    // Nothing is paid before a capture, so giving the reservation back is safe.
    await releaseOrder(services, reservation.orderId);
    return { ok: false, reason: "provider", message: PROVIDER_MESSAGES.unavailable };
  }
  const provider = { option: reservation.provider, token: created.token, redirectUrl: created.redirectUrl };
  const saved = await services.db
    .update(orders)
    .set({
      paymentToken: created.token,
      pendingPlan: sql`jsonb_set(${orders.pendingPlan}, '{provider}', ${JSON.stringify(provider)}::jsonb)`,
    })
    .where(and(eq(orders.id, reservation.orderId), eq(orders.paymentState, "pending")))
    .returning({ id: orders.id });
  // Released meanwhile (the shopper abandoned it from another tab): nothing was paid; start again.
  if (saved.length === 0) return { ok: false, reason: "provider", message: PROVIDER_MESSAGES.unknown };
  return { ok: true, redirectUrl: created.redirectUrl };
}

export type FinishProviderResult =
  | { ok: true; orderNumber: string; customerId: number }
  | { ok: false; reason: "cancelled" | "declined" | "unknown" | "in-progress"; message: string };

/** The provider's order by its checkout token (a provider's order has a token and no last four). */
async function providerOrder(db: Executor, name: PaymentProviderName, token: string) {
  const methods = [
    ...new Set(
      Object.entries(PROVIDER_PAYMENT_METHOD)
        .filter(([option]) => PROVIDER_OF[option as ProviderOption] === name)
        .map(([, method]) => method),
    ),
  ];
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerId: orders.customerId,
      idempotencyKey: orders.idempotencyKey,
      paymentState: orders.paymentState,
      pendingSince: orders.pendingSince,
    })
    .from(orders)
    .where(and(eq(orders.paymentToken, token), eq(orders.paymentLastFour, ""), inArray(orders.paymentMethod, methods)));
  return row ?? null;
}

/**
 * The shopper is back from the provider: capture and confirm on approval, release on cancel or decline. A replayed
 * return (the same token again) finds the order paid, or captures under the same key (the same capture) and finds
 * the order confirmed by its twin.
 */
export async function finishProviderPayment(
  services: ProviderServices,
  input: { provider: PaymentProviderName; token: string; outcome: "approved" | "cancelled" },
): Promise<FinishProviderResult> {
  const order = await providerOrder(services.db, input.provider, input.token);
  if (!order) return { ok: false, reason: "unknown", message: PROVIDER_MESSAGES.unknown };
  if (order.paymentState === "paid") {
    return { ok: true, orderNumber: order.orderNumber, customerId: order.customerId };
  }
  if (input.outcome === "cancelled") {
    await releaseOrder(services, order.id);
    return { ok: false, reason: "cancelled", message: PROVIDER_MESSAGES.cancelled };
  }
  const capture = await providerFor(services, input.provider).capture(input.token, paymentKey(order));
  if (!capture.ok) {
    if (capture.reason === "error") {
      // Unknown outcome: the order stays pending; a replay of the return or the recovery job settles it.
      services.logger.error({ orderNumber: order.orderNumber }, "provider capture without an answer");
      return { ok: false, reason: "in-progress", message: PLACE_ORDER_MESSAGES.inProgress };
    }
    await releaseOrder(services, order.id);
    return capture.reason === "declined"
      ? { ok: false, reason: "declined", message: PROVIDER_MESSAGES.declined }
      : { ok: false, reason: "cancelled", message: PROVIDER_MESSAGES.cancelled };
  }
  if (!(await confirmOrder(services, order.id, capture.captureId))) {
    const again = await providerOrder(services.db, input.provider, input.token);
    if (!again) {
      services.logger.error(
        { orderNumber: order.orderNumber, captureId: capture.captureId },
        "captured after the order was released: the capture needs a refund",
      );
      return { ok: false, reason: "unknown", message: PROVIDER_MESSAGES.unknown };
    }
  }
  return { ok: true, orderNumber: order.orderNumber, customerId: order.customerId };
}

/**
 * A cart's provider orders the shopper left on the provider's page (went back to checkout instead): released when
 * the provider says nothing was approved, so the cart can be ordered again. Approved or captured ones stay for their
 * return (or the recovery job) to finish. Nothing is captured without the store, so releasing an unapproved checkout
 * cannot lose a payment.
 */
export async function releaseAbandonedProviderOrders(
  services: ProviderServices,
  cartId: string,
  keepKey: string | null,
): Promise<void> {
  const rows = await services.db
    .select({
      id: orders.id,
      token: orders.paymentToken,
      key: orders.idempotencyKey,
      method: orders.paymentMethod,
      plan: orders.pendingPlan,
    })
    .from(orders)
    .where(and(eq(orders.cartId, cartId), eq(orders.paymentState, "pending"), eq(orders.paymentLastFour, "")));
  for (const row of rows) {
    // A saved pay-in-4 method's order is being paid by its own request, like a card's (decision 57).
    if (row.key === keepKey || row.plan?.savedPayIn4) continue;
    const name = providerOfMethod(row.method);
    const state = row.token
      ? await providerFor(services, name)
          .lookup(row.token)
          .catch(() => undefined)
      : null;
    if (state === undefined) continue;
    if (state === null || state.status === "open" || state.status === "closed") await releaseOrder(services, row.id);
  }
}

export interface ProviderRecoverySummary {
  found: number;
  confirmed: number;
  released: number;
}

/**
 * The recovery job's provider half (queue `payments`, decision 29): a provider's order still pending after the grace
 * period lost its return (the shopper closed the tab, or the request died). The provider says what became of its
 * checkout: captured → confirm with that capture; approved → capture (under the order's key: at most one) and
 * confirm; closed or unknown → release; still open → wait, and release after the provider's checkout window.
 */
export async function recoverProviderOrders(
  services: ProviderServices,
  options: { graceSeconds?: number; windowSeconds?: number; limit?: number } = {},
): Promise<ProviderRecoverySummary> {
  const graceSeconds = options.graceSeconds ?? RECOVERY_GRACE_SECONDS;
  const windowSeconds = options.windowSeconds ?? PROVIDER_CHECKOUT_WINDOW_SECONDS;
  const stale = await services.db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      idempotencyKey: orders.idempotencyKey,
      token: orders.paymentToken,
      method: orders.paymentMethod,
      plan: orders.pendingPlan,
      expired: sql<boolean>`${orders.pendingSince} < now() - make_interval(secs => ${windowSeconds})`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.paymentState, "pending"),
        eq(orders.paymentLastFour, ""),
        lt(orders.pendingSince, sql`now() - make_interval(secs => ${graceSeconds})`),
      ),
    )
    .orderBy(asc(orders.pendingSince))
    .limit(options.limit ?? 100);
  const summary: ProviderRecoverySummary = { found: stale.length, confirmed: 0, released: 0 };
  for (const order of stale) {
    const saved = order.plan?.savedPayIn4;
    if (saved && order.plan) {
      // A saved pay-in-4 method's order lost its request: the same charge step under the same key reads back the
      // payment it made, or makes the one the shopper asked for (decision 57); refused → released.
      const paid = await chargeSavedPayIn4(
        services.payIn4,
        { orderNumber: order.orderNumber, token: order.token, chargeCents: order.plan.chargeCents, savedPayIn4: saved },
        paymentKey(order),
      );
      if (paid.ok) {
        if (await confirmOrder(services, order.id, paid.chargeId)) summary.confirmed++;
        services.logger.warn({ orderNumber: order.orderNumber }, "saved pay-in-4 order recovered: paid, confirmed");
      } else if (paid.release) {
        if (await releaseOrder(services, order.id)) summary.released++;
        services.logger.warn({ orderNumber: order.orderNumber }, "saved pay-in-4 order recovered: refused, released");
      }
      continue;
    }
    const name = providerOfMethod(order.method);
    const provider: RedirectPaymentProvider = providerFor(services, name);
    let state: Awaited<ReturnType<RedirectPaymentProvider["lookup"]>>;
    try {
      state = order.token ? await provider.lookup(order.token) : null;
    } catch (error) {
      services.logger.warn({ err: error, orderNumber: order.orderNumber }, "provider lookup failed; next run");
      continue;
    }
    let captureId: string | null = state?.status === "captured" ? state.captureId : null;
    if (state?.status === "approved") {
      const capture = await provider.capture(order.token, paymentKey(order));
      if (capture.ok) captureId = capture.captureId;
      else if (capture.reason === "error") continue;
    }
    if (captureId) {
      if (await confirmOrder(services, order.id, captureId)) summary.confirmed++;
      services.logger.warn({ orderNumber: order.orderNumber }, "provider order recovered: captured, confirmed");
    } else if (state?.status !== "open" || order.expired) {
      if (await releaseOrder(services, order.id)) summary.released++;
      services.logger.warn({ orderNumber: order.orderNumber }, "provider order recovered: not paid, released");
    }
  }
  return summary;
}

/**
 * The options a page offers this cart and session (models/payment-options.ts). The cart's read already has each
 * product's categories, so this asks the database nothing (the page features are the content system's).
 */
export async function paymentOptionsFor(
  services: PaymentSwitchServices,
  session: StoreSession,
  cart: PaymentOptionsCart,
  page: FeaturePage,
): Promise<PaymentOptions> {
  return cartPaymentOptions(await sessionPaymentSwitches(services, session, page), cart);
}

type PaymentSwitchServices = Pick<AppServices, "config" | "content" | "logger">;

/**
 * A page's payment switches (PayPal, Pay Later, AfterPay, pre-order): the content's page features with the session's
 * overrides outside production, and a provider that cannot take a payment off.
 */
export async function sessionPaymentSwitches(
  services: PaymentSwitchServices,
  session: StoreSession,
  page: FeaturePage,
): Promise<PaymentOptionSwitches> {
  const overrides = services.config.isProduction ? null : (journeyOf(session) as Record<string, unknown>);
  const on = switchStates(await pageFeatures(services), page, overrides);
  return paymentOptionSwitches(on, paymentProvidersReady(services.config));
}
