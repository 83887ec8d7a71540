import { randomInt } from "node:crypto";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { isInternational, shippingAddressProblem, type AddressInput } from "~/models/address";
import { CARD_MESSAGES, isCardExpired } from "~/models/card";
import { doctorRequired } from "~/models/funnel";
import { deliveryEstimate } from "~/models/shipping";
import { INSURANCE_CART_MESSAGES } from "~/models/insurance";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import type { PaymentGateway } from "../adapters/payments/payment-gateway";
import { pricedCart, type Shopper } from "../cart/cart-pricing.server";
import { CartNotFoundError, withCartLock } from "../cart/cart.server";
import { benefitLeftForOrder, shrinkBenefit } from "../cart/cart-insurance.server";
import { checkoutCart } from "./checkout-cart.server";
import { together, type Executor, type Transaction } from "../db/client.server";
import { coupons, customers, orders, skus } from "../db/schema";
import { confirmOrder, releaseOrder, type OrderServices } from "./order-confirmation.server";
import { paymentKey, type OrderPlan } from "~/models/order-plan";
import { findPaymentMethod, findPayIn4Method } from "./payment-methods.server";
import { groupPrescriptionExtras } from "../prescriptions/prescription-records.server";
import { PAY_IN_4_NAME, paymentMethodType } from "~/models/payment-methods";
import {
  cartPaymentOptions,
  PROVIDER_PAYMENT_METHOD,
  type PaymentOptionSwitches,
  type ProviderOption,
} from "~/models/payment-options";
import type { AppServices } from "../platform/context.server";
import { chargeSavedPayIn4 } from "./saved-pay-in-4.server";

/**
 * Placing an order (DESIGN §9, decision 29), keyed by the checkout form's idempotency key, so a double click, a
 * resubmit or a retried request gives exactly one order and one charge. Three steps, and no transaction is open while
 * the card is charged:
 * 1. Reserve, in one transaction under the cart's lock: re-price the cart, check it, take the stock with guarded
 *    updates, spend store credit and a single-use coupon, and write the order row as pending with its plan.
 * 2. Charge the card outside any transaction, with the idempotency key (or pay with the saved pay-in-4 method under
 *    the same key: saved-pay-in-4.server.ts, decision 57).
 * 3. Confirm (order-confirmation.server.ts): write the order's groups, lines, prescriptions and subscriptions, empty
 *    the cart, write the confirmation e-mail and mark it paid; or, on a decline, release what step 1 took.
 * A crash between 2 and 3 leaves a pending order that the recovery job settles by asking the payment provider; a
 * resubmit with the same key meanwhile finishes it itself (the provider answers a repeated key with the same charge).
 */

export const PLACE_ORDER_MESSAGES = {
  emptyCart: "Your cart is empty. Add items before placing an order.",
  address: "Add a shipping address before placing your order.",
  parameters: "Choose the lens parameters for every item before placing your order.",
  patient: "Add the patient's name for each pair of lenses before placing your order.",
  doctor: "Choose the eye doctor for each pair of lenses before placing your order.",
  unavailable: (name: string) => `${name} is no longer available. Remove it from your cart to continue.`,
  soldOut: (name: string) =>
    `Sorry, ${name} just sold out. Remove it from your cart or call us, then place your order.`,
  creditChanged: "Your store credit changed. Please review your order and place it again.",
  keyReused: "This page has expired. Please review your order and place it again.",
  inProgress: "Your order is being placed. Please wait a moment, then check your order history.",
} as const;

export type PlaceOrderFailure =
  | "empty-cart"
  | "address"
  | "parameters"
  | "patient"
  | "doctor"
  | "unavailable"
  | "sold-out"
  | "credit"
  | "insurance"
  | "payment-method"
  | "declined"
  | "payment-error"
  | "key-reused"
  | "in-progress";

export type PlaceOrderResult =
  { ok: true; orderNumber: string; created: boolean } | { ok: false; reason: PlaceOrderFailure; message: string };

export interface PlaceOrderInput {
  cartId: string;
  customer: { id: number; email: string; firstName: string; lastName?: string };
  idempotencyKey: string;
  /** The saved card (ignored when `provider` is set), or a saved pay-in-4 method when `paymentSwitches` is set. */
  paymentMethodId: number;
  /**
   * The session's payment switches: set by the web checkout, where a saved pay-in-4 method may pay (decision 57),
   * offered by the same rules as paying in 4 through the provider's page. Without them only cards pay.
   */
  paymentSwitches?: PaymentOptionSwitches;
  /**
   * Paid through a provider's page instead (PayPal, Pay Later, pay in 4; decision 53): the order is reserved here and
   * finished by provider-payments.server.ts when the shopper comes back.
   */
  provider?: ProviderOption;
  shopper: Shopper;
  now?: Date;
  /** Set by the reorder runner: the subscription (and reorder date) this order is for; it creates none. */
  subscription?: { id: number; reorderDate: string };
}

/** Thrown inside the transaction so that everything done so far rolls back. */
class OrderRefused extends Error {
  constructor(
    readonly reason: PlaceOrderFailure,
    message: string,
    /** For "insurance": what is left of the cart's benefit, which the cart takes once the transaction is gone. */
    readonly insuranceLeft?: number,
  ) {
    super(message);
  }
}

/** What placing an order uses; the pay-in-4 provider only where saved pay-in-4 methods may pay (the web checkout). */
export type PlaceOrderServices = OrderServices & Partial<Pick<AppServices, "payIn4">>;

export async function placeOrder(services: PlaceOrderServices, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const reserved = await reserveOrResume(services, { ...input, provider: undefined });
  if (!("reservation" in reserved)) return reserved.result;
  // A provider's order under this key is finished by the shopper's return from the provider, never by a card.
  if (reserved.reservation.provider) {
    return { ok: false, reason: "in-progress", message: PLACE_ORDER_MESSAGES.inProgress };
  }
  return finishPending(services, reserved.reservation, { created: reserved.created });
}

/**
 * Step 1 under the key: the order this key already made (paid: its result; pending: its reservation, to finish), or
 * a new reservation. Card orders go on to charge (placeOrder); provider orders to the provider's page
 * (provider-payments.server.ts).
 */
export async function reserveOrResume(
  services: OrderServices,
  input: PlaceOrderInput,
): Promise<{ result: PlaceOrderResult } | { reservation: Reservation; created: boolean }> {
  const now = input.now ?? new Date();
  // The common resubmit (the order committed a moment ago) is answered without taking the cart's lock.
  const known = await orderForKey(services.db, input);
  if (known) return known.pending ? { reservation: known.pending, created: false } : { result: known.result };
  let reserved: Reservation | PlaceOrderResult;
  try {
    reserved = await withCartLock(services.db, input.cartId, async (tx) => {
      // A submit that waited for the lock while its twin reserved the order finds that order here.
      const twin = await orderForKey(tx, input);
      if (twin) return twin.pending ?? twin.result;
      return reserveOrder(services, tx, input, now);
    });
  } catch (error) {
    if (error instanceof OrderRefused) {
      if (error.insuranceLeft !== undefined) await shrinkBenefit(services.db, input.cartId, error.insuranceLeft, now);
      return { result: { ok: false, reason: error.reason, message: error.message } };
    }
    if (error instanceof CartNotFoundError) {
      return { result: { ok: false, reason: "empty-cart", message: PLACE_ORDER_MESSAGES.emptyCart } };
    }
    // The same key placed from another cart at the same moment loses on the key's unique index: its twin's order.
    const placed = await orderForKey(services.db, input);
    if (placed) return placed.pending ? { reservation: placed.pending, created: false } : { result: placed.result };
    throw error;
  }
  if ("ok" in reserved) return { result: reserved };
  return { reservation: reserved, created: true };
}

/** A pending order and what finishing it needs. */
export interface Reservation {
  orderId: number;
  orderNumber: string;
  /** The card's vault token; for a provider's order, the provider's checkout token ("" until it is made). */
  token: string;
  chargeCents: number;
  idempotencyKey: string;
  /** Paid through a provider's page (null: a card), and the provider's checkout once made. */
  provider: ProviderOption | null;
  providerCheckout: { token: string; redirectUrl: string } | null;
  /** Paid with a saved pay-in-4 method (decision 57), null: a card (or a provider's page). */
  savedPayIn4: OrderPlan["savedPayIn4"] | null;
}

/**
 * Charges the reservation's card (outside any transaction) and confirms the order, or releases it on a decline. A
 * charge without an answer leaves the order pending: the recovery job asks the provider later.
 */
async function finishPending(
  services: PlaceOrderServices,
  reservation: Reservation,
  options: { created?: boolean } = {},
): Promise<PlaceOrderResult> {
  let chargeId = "none";
  if (reservation.chargeCents > 0 && reservation.savedPayIn4) {
    const paid = await chargeSavedPayIn4(
      services.payIn4,
      { ...reservation, savedPayIn4: reservation.savedPayIn4 },
      paymentKey(reservation),
    );
    if (!paid.ok && !paid.release) {
      services.logger.error({ orderNumber: reservation.orderNumber }, "pay-in-4 payment without an answer");
      return { ok: false, reason: "in-progress", message: PLACE_ORDER_MESSAGES.inProgress };
    }
    if (!paid.ok) {
      await releaseOrder(services, reservation.orderId);
      return { ok: false, reason: paid.reason, message: paid.message };
    }
    chargeId = paid.chargeId;
  } else if (reservation.chargeCents > 0) {
    let charge: Awaited<ReturnType<PaymentGateway["charge"]>>;
    try {
      charge = await services.payments.charge(reservation.token, reservation.chargeCents, paymentKey(reservation));
    } catch (error) {
      // No answer: the card may or may not have been charged. The order stays pending for the recovery job (or this
      // form's resubmit) to settle with the provider; the shopper is told it is on its way, not to pay again.
      services.logger.error({ err: error, orderNumber: reservation.orderNumber }, "charge without an answer");
      return { ok: false, reason: "in-progress", message: PLACE_ORDER_MESSAGES.inProgress };
    }
    if (!charge.ok) {
      await releaseOrder(services, reservation.orderId);
      if (charge.reason === "declined") return { ok: false, reason: "declined", message: CARD_MESSAGES.declined };
      return { ok: false, reason: "payment-error", message: CARD_MESSAGES.paymentUnavailable };
    }
    chargeId = charge.chargeId;
  }
  const confirmed = await confirmOrder(services, reservation.orderId, chargeId);
  if (!confirmed) {
    // Settled meanwhile by its twin (or by recovery): the order is paid, or was released and this charge is an orphan.
    const [row] = await services.db
      .select({ paymentState: orders.paymentState })
      .from(orders)
      .where(eq(orders.id, reservation.orderId));
    if (!row) {
      services.logger.error(
        { orderNumber: reservation.orderNumber, chargeId },
        "charged after the order was released: the charge needs a refund",
      );
      return { ok: false, reason: "payment-error", message: CARD_MESSAGES.paymentUnavailable };
    }
  }
  return { ok: true, orderNumber: reservation.orderNumber, created: Boolean(options.created && confirmed) };
}

async function orderForKey(
  db: Executor,
  input: PlaceOrderInput,
): Promise<{ result: PlaceOrderResult; pending: Reservation | null } | null> {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerId: orders.customerId,
      paymentState: orders.paymentState,
      paymentToken: orders.paymentToken,
      plan: orders.pendingPlan,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, input.idempotencyKey));
  if (!row) return null;
  // Someone else's key (a forged or leaked form) reveals nothing about their order.
  if (row.customerId !== input.customer.id) {
    return { result: { ok: false, reason: "key-reused", message: PLACE_ORDER_MESSAGES.keyReused }, pending: null };
  }
  const result: PlaceOrderResult = { ok: true, orderNumber: row.orderNumber, created: false };
  if (row.paymentState !== "pending" || !row.plan) return { result, pending: null };
  return {
    result,
    pending: {
      orderId: row.id,
      orderNumber: row.orderNumber,
      token: row.paymentToken,
      chargeCents: row.plan.chargeCents,
      idempotencyKey: input.idempotencyKey,
      provider: row.plan.provider?.option ?? null,
      providerCheckout:
        row.plan.provider?.token && row.plan.provider.redirectUrl
          ? { token: row.plan.provider.token, redirectUrl: row.plan.provider.redirectUrl }
          : null,
      savedPayIn4: row.plan.savedPayIn4 ?? null,
    },
  };
}

/** Step 1: checks the cart and takes what the order needs, writing the order as pending with its plan. */
async function reserveOrder(
  services: OrderServices,
  tx: Transaction,
  input: PlaceOrderInput,
  now: Date,
): Promise<Reservation> {
  const card = input.provider ? null : await findPaymentMethod(tx, input.customer.id, input.paymentMethodId);
  const payIn4 =
    input.provider || card || !input.paymentSwitches
      ? null
      : await findPayIn4Method(tx, input.customer.id, input.paymentMethodId);
  if (!input.provider && !card && !payIn4) throw new OrderRefused("payment-method", CARD_MESSAGES.cardGone);
  if (card && isCardExpired(card.expirationMonth, card.expirationYear, now)) {
    throw new OrderRefused("payment-method", CARD_MESSAGES.savedCardExpired);
  }
  // A provider's order: its token is the provider's checkout (made after this commits), no last four.
  const payment = card
    ? {
        paymentToken: card.paymentToken,
        paymentBrand: card.brand,
        paymentLastFour: card.lastFour,
        // An Apple Pay method is a card the vault holds; the order says it came through Apple Pay (11).
        paymentMethod: paymentMethodType(card),
      }
    : payIn4
      ? {
          // A saved pay-in-4 method: its token pays (no last four, like a provider's order), Afterpay 15 or 16.
          paymentToken: payIn4.paymentToken,
          paymentBrand: PAY_IN_4_NAME,
          paymentLastFour: "",
          paymentMethod: paymentMethodType({ kind: payIn4.kind, brand: payIn4.kind }),
        }
      : {
          paymentToken: "",
          paymentBrand: input.provider === "pay-in-4" ? "Afterpay" : "PayPal",
          paymentLastFour: "",
          paymentMethod: PROVIDER_PAYMENT_METHOD[input.provider!],
        };

  const [{ cart, groups }, priced] = await together(tx, [
    () => checkoutCart(tx, input.cartId),
    () => pricedCart({ db: tx, tax: services.tax }, input.cartId, input.shopper, now),
  ]);
  const lines = priced.groups.flatMap((group) => group.items);
  if (!cart || lines.length === 0) throw new OrderRefused("empty-cart", PLACE_ORDER_MESSAGES.emptyCart);
  // Paying in 4 with a saved method follows the rules of paying in 4 (spec 3 §5), with the same reason shown.
  const payIn4Offer = payIn4 ? cartPaymentOptions(input.paymentSwitches!, priced).payIn4 : null;
  if (payIn4Offer && !payIn4Offer.available) throw new OrderRefused("payment-method", payIn4Offer.message);
  const address = cart.shippingAddress;
  // Stored addresses passed the address rules when saved, so their country is one of the model's codes.
  if (!address || shippingAddressProblem(address as AddressInput) !== null) {
    throw new OrderRefused("address", PLACE_ORDER_MESSAGES.address);
  }
  const unavailable = lines.find((line) => line.isDiscontinued);
  if (unavailable) throw new OrderRefused("unavailable", PLACE_ORDER_MESSAGES.unavailable(unavailable.productName));
  if (lines.some((line) => !line.upc)) throw new OrderRefused("parameters", PLACE_ORDER_MESSAGES.parameters);
  const international = isInternational(address.country);
  for (const group of groups) {
    if (group.type !== "Lens") continue;
    if (!group.patient?.firstName.trim() || !group.patient.lastName.trim()) {
      throw new OrderRefused("patient", PLACE_ORDER_MESSAGES.patient);
    }
    if (doctorRequired(group, { international })) throw new OrderRefused("doctor", PLACE_ORDER_MESSAGES.doctor);
  }

  // One order at a time from a cart: another key's order from it still waiting for its charge holds the same groups.
  const [busy] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.cartId, input.cartId), eq(orders.paymentState, "pending")))
    .limit(1);
  if (busy) throw new OrderRefused("in-progress", PLACE_ORDER_MESSAGES.inProgress);

  // The benefit's allowance again: another order may have used it since it was applied to this cart.
  const applied = priced.insurance.applied;
  const insuranceTaken = priced.insurance.orderBenefit?.amountCents ?? 0;
  if (applied && insuranceTaken > 0) {
    const left = await benefitLeftForOrder(tx, applied);
    if (left < insuranceTaken) throw new OrderRefused("insurance", INSURANCE_CART_MESSAGES.allowanceUsed, left);
  }

  await takeStock(tx, lines, now);

  const summary = priced.orderSummary;
  const creditUsed = summary.totalAmount - summary.totalAfterCredits;
  if (creditUsed > 0) {
    const spent = await tx
      .update(customers)
      .set({ creditCents: sql`${customers.creditCents} - ${creditUsed}`, updatedAt: now })
      .where(and(eq(customers.id, input.customer.id), gte(customers.creditCents, creditUsed)))
      .returning({ id: customers.id });
    if (spent.length === 0) throw new OrderRefused("credit", PLACE_ORDER_MESSAGES.creditChanged);
  }

  const orderNumber = await freeOrderNumber(tx);
  const couponApplied = priced.coupon?.status === "applied" ? priced.coupon : null;
  const detailsById = new Map(groups.map((group) => [group.id, group]));
  const extrasById = await groupPrescriptionExtras(tx, input.cartId);
  const plan: OrderPlan = {
    customer: { email: input.customer.email, firstName: input.customer.firstName },
    paymentMethodId: card?.id ?? null,
    chargeCents: summary.totalAfterCredits,
    cartCouponId: cart.couponId,
    createsSubscriptions: !input.subscription,
    ...(input.provider ? { provider: { option: input.provider, token: null, redirectUrl: null } } : {}),
    ...(payIn4 ? { savedPayIn4: { kind: payIn4.kind, paymentMethodId: payIn4.id } } : {}),
    groups: priced.groups.map((group) => {
      const details = detailsById.get(group.id);
      return {
        cartGroupId: group.id,
        type: group.type,
        autoReorderFrequencyDays: group.autoReorderFrequencyDays,
        rxEntryType: details?.rxEntryType ?? null,
        submitAndSkipImageId: details?.submitAndSkipImageId ?? null,
        examVoucherToken: details?.examVoucherToken ?? null,
        patient: details?.patient ?? null,
        doctor: details?.doctor ?? null,
        extras: extrasById.get(group.id) ?? null,
        items: group.items.map((item) => ({
          whichEye: item.whichEye,
          productId: item.productId,
          productName: item.productName,
          upc: item.upc!,
          quantity: item.quantity,
          unitPriceCents: item.unitPriceCents,
          discountCents: item.discountCents,
          parameters: details?.parameters.get(item.id) ?? {},
        })),
      };
    }),
  };
  const [order] = await tx
    .insert(orders)
    .values({
      orderNumber,
      customerId: input.customer.id,
      cartId: input.cartId,
      idempotencyKey: input.idempotencyKey,
      statusCode: "",
      shippingLevel: priced.selectedShippingMethod.shippingLevel,
      shippingAddress: address,
      ...payment,
      chargeId: "pending",
      paymentState: "pending",
      pendingPlan: plan,
      pendingSince: sql`now()`,
      couponCode: couponApplied?.code ?? null,
      insuranceBenefit: priced.insurance.orderBenefit,
      subtotalCents: summary.subTotal,
      discountCents: summary.discountAmount,
      shippingCents: summary.shipping,
      shippingDiscountCents: summary.shippingDiscount,
      taxCents: summary.taxAmount,
      rebateCents: summary.rebateTotal,
      totalCents: summary.totalAmount,
      creditCents: creditUsed,
      subscriptionId: input.subscription?.id ?? null,
      estimatedDeliveryDate: deliveryEstimate(
        priced.selectedShippingMethod.shippingLevel,
        DateTime.fromJSDate(now),
      ).toISODate(),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });

  // A single-use coupon that pays for this order is spent now (no other cart can take it meanwhile); a release
  // gives it back.
  if (cart.couponId !== null && couponApplied) {
    await tx
      .update(coupons)
      .set({ redeemedCartId: `order:${orderNumber}`, redeemedAt: now, updatedAt: now })
      .where(and(eq(coupons.id, cart.couponId), eq(coupons.singleUse, true)));
  }

  return {
    orderId: order!.id,
    orderNumber,
    token: payment.paymentToken,
    chargeCents: plan.chargeCents,
    idempotencyKey: input.idempotencyKey,
    provider: input.provider ?? null,
    providerCheckout: null,
    savedPayIn4: plan.savedPayIn4 ?? null,
  };
}

/**
 * Takes each SKU's quantity with a guarded update (stock never goes below 0). UPCs in a fixed order, so two orders
 * for the same SKUs cannot wait on each other. A line that sold out meanwhile refuses the order, naming it.
 */
async function takeStock(
  tx: Transaction,
  lines: ReadonlyArray<{ upc: string | null; quantity: number; productName: string }>,
  now: Date,
) {
  const wanted = new Map<string, { quantity: number; productName: string }>();
  for (const line of lines) {
    // The submit-and-skip placeholder is no SKU: the real one is picked once the prescription arrives.
    if (!line.upc || line.upc === SUBMIT_AND_SKIP_UPC) continue;
    const entry = wanted.get(line.upc) ?? { quantity: 0, productName: line.productName };
    entry.quantity += line.quantity;
    wanted.set(line.upc, entry);
  }
  for (const upc of [...wanted.keys()].sort()) {
    const { quantity, productName } = wanted.get(upc)!;
    const taken = await tx
      .update(skus)
      .set({ stockQuantity: sql`${skus.stockQuantity} - ${quantity}`, updatedAt: now })
      .where(and(eq(skus.upc, upc), eq(skus.isActive, true), gte(skus.stockQuantity, quantity)))
      .returning({ upc: skus.upc });
    if (taken.length === 0) throw new OrderRefused("sold-out", PLACE_ORDER_MESSAGES.soldOut(productName));
  }
}

/** "LL" and 8 random digits, not yet taken (checked in the transaction; the unique index is the last word). */
async function freeOrderNumber(tx: Transaction): Promise<string> {
  const candidates = Array.from({ length: 4 }, () => `LL${String(randomInt(0, 100_000_000)).padStart(8, "0")}`);
  const taken = await tx
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.orderNumber, candidates));
  const free = candidates.find((candidate) => !taken.some((row) => row.orderNumber === candidate));
  if (!free) throw new Error("no free order number");
  return free;
}
