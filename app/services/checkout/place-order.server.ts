import { randomInt } from "node:crypto";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { isInternational, shippingAddressProblem, type AddressInput } from "~/models/address";
import { CARD_MESSAGES, isCardExpired } from "~/models/card";
import { doctorRequired } from "~/models/funnel";
import { orderDetailsPath, orderNextSteps } from "~/models/order-status";
import { orderPrescriptionStatus } from "~/models/prescriptions";
import { deliveryEstimate } from "~/models/shipping";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import { orderConfirmationEmail } from "../adapters/email/order-templates";
import type { PaymentGateway } from "../adapters/payments/payment-gateway";
import { pricedCart, type Shopper } from "../cart/cart-pricing.server";
import { CartNotFoundError, withCartLock } from "../cart/cart.server";
import { checkoutCart } from "./checkout-cart.server";
import type { AppServices } from "../platform/context.server";
import { together, type Executor, type Transaction } from "../db/client.server";
import { carts, coupons, customers, lineItemGroups, orderGroups, orderLines, orders, skus } from "../db/schema";
import { orderDetails } from "../orders/order-history.server";
import { findPaymentMethod } from "./payment-methods.server";
import { createSubscriptionsForOrder } from "../subscriptions/subscriptions.server";
import { groupPrescriptionExtras, recordGroupPrescription } from "../prescriptions/prescription-records.server";

/**
 * Placing an order (DESIGN §9): one transaction under the cart's lock, keyed by the checkout form's idempotency
 * key, so a double click, a resubmit or a retried request gives exactly one order and one charge. The cart is
 * re-priced inside the transaction, stock is taken with guarded updates, the card is charged last (a decline rolls
 * everything back), and the cart is emptied. The confirmation e-mail is written to the outbox in the same
 * transaction (DESIGN §6a: a crash cannot leave an order without its e-mail, and a retry with the same key finds
 * both); it is sent after the commit, in the background.
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
  | "payment-method"
  | "declined"
  | "payment-error"
  | "key-reused";

export type PlaceOrderResult =
  { ok: true; orderNumber: string; created: boolean } | { ok: false; reason: PlaceOrderFailure; message: string };

export interface PlaceOrderInput {
  cartId: string;
  customer: { id: number; email: string; firstName: string };
  idempotencyKey: string;
  paymentMethodId: number;
  shopper: Shopper;
  now?: Date;
  /** Set by the reorder runner: the subscription (and reorder date) this order is for; it creates none. */
  subscription?: { id: number; reorderDate: string };
}

export type OrderServices = Pick<AppServices, "db" | "tax" | "email" | "logger" | "config"> & {
  payments: PaymentGateway;
};

/** Thrown inside the transaction so that everything done so far rolls back. */
class OrderRefused extends Error {
  constructor(
    readonly reason: PlaceOrderFailure,
    message: string,
  ) {
    super(message);
  }
}

export async function placeOrder(services: OrderServices, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const now = input.now ?? new Date();
  // The common resubmit (the order committed a moment ago) is answered without taking the cart's lock.
  const known = await orderForKey(services.db, input);
  if (known) return known;
  let result: PlaceOrderResult;
  try {
    result = await withCartLock(services.db, input.cartId, async (tx) => {
      // A submit that waited for the lock while its twin placed the order finds that order here.
      return (await orderForKey(tx, input)) ?? (await createOrder(services, tx, input, now));
    });
  } catch (error) {
    if (error instanceof OrderRefused) return { ok: false, reason: error.reason, message: error.message };
    if (error instanceof CartNotFoundError) {
      return { ok: false, reason: "empty-cart", message: PLACE_ORDER_MESSAGES.emptyCart };
    }
    // The same key placed from another cart at the same moment loses on the key's unique index: its twin's order.
    const placed = await orderForKey(services.db, input);
    if (placed) return placed;
    throw error;
  }
  // Committed: the confirmation goes out in the background (with SMTP), or by the jobs' next delivery run.
  if (result.ok && result.created) services.email.deliverSoon();
  return result;
}

async function orderForKey(db: Executor, input: PlaceOrderInput): Promise<PlaceOrderResult | null> {
  const [row] = await db
    .select({ orderNumber: orders.orderNumber, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.idempotencyKey, input.idempotencyKey));
  if (!row) return null;
  // Someone else's key (a forged or leaked form) reveals nothing about their order.
  if (row.customerId !== input.customer.id) {
    return { ok: false, reason: "key-reused", message: PLACE_ORDER_MESSAGES.keyReused };
  }
  return { ok: true, orderNumber: row.orderNumber, created: false };
}

async function createOrder(
  services: OrderServices,
  tx: Transaction,
  input: PlaceOrderInput,
  now: Date,
): Promise<PlaceOrderResult> {
  const card = await findPaymentMethod(tx, input.customer.id, input.paymentMethodId);
  if (!card) throw new OrderRefused("payment-method", CARD_MESSAGES.cardGone);
  if (isCardExpired(card.expirationMonth, card.expirationYear, now)) {
    throw new OrderRefused("payment-method", CARD_MESSAGES.savedCardExpired);
  }

  const [{ cart, groups }, priced] = await together(tx, [
    () => checkoutCart(tx, input.cartId),
    () => pricedCart({ db: tx, tax: services.tax }, input.cartId, input.shopper, now),
  ]);
  const lines = priced.groups.flatMap((group) => group.items);
  if (!cart || lines.length === 0) throw new OrderRefused("empty-cart", PLACE_ORDER_MESSAGES.emptyCart);
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
      paymentToken: card.paymentToken,
      paymentBrand: card.brand,
      paymentLastFour: card.lastFour,
      // Set below, once the charge went through (inside this transaction, so never seen unset).
      chargeId: "pending",
      couponCode: couponApplied?.code ?? null,
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

  const detailsById = new Map(groups.map((group) => [group.id, group]));
  // Each lens group's prescription is recorded with the order (decision 23): a new row, or the wallet's row reused.
  const extrasById = await groupPrescriptionExtras(tx, input.cartId);
  for (const [position, group] of priced.groups.entries()) {
    const details = detailsById.get(group.id);
    const recorded = details
      ? await recordGroupPrescription(tx, {
          orderId: order!.id,
          customerId: input.customer.id,
          placedAt: now,
          group: {
            type: group.type,
            rxEntryType: details.rxEntryType,
            submitAndSkipImageId: details.submitAndSkipImageId,
            patient: details.patient,
            doctor: details.doctor,
            autoReorder: group.autoReorderFrequencyDays !== null,
            lines: group.items.map((item) => ({
              whichEye: item.whichEye,
              productId: item.productId,
              upc: item.upc,
              quantity: item.quantity,
              parameters: details.parameters.get(item.id) ?? {},
            })),
          },
          extras: extrasById.get(group.id),
        })
      : null;
    const [orderGroup] = await tx
      .insert(orderGroups)
      .values({
        orderId: order!.id,
        position,
        type: group.type,
        patient: details?.patient ?? null,
        doctor: details?.doctor ?? null,
        rxEntryType: details?.rxEntryType ?? null,
        prescriptionStatus:
          recorded?.status ??
          orderPrescriptionStatus({
            type: group.type,
            rxEntryType: details?.rxEntryType ?? null,
            submitAndSkipImageId: details?.submitAndSkipImageId ?? null,
          }),
        prescriptionId: recorded?.prescriptionId ?? null,
        autoReorderFrequencyDays: group.autoReorderFrequencyDays,
      })
      .returning({ id: orderGroups.id });
    await tx.insert(orderLines).values(
      group.items.map((item) => ({
        orderGroupId: orderGroup!.id,
        whichEye: item.whichEye,
        productId: item.productId,
        productName: item.productName,
        upc: item.upc!,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        discountCents: item.discountCents,
        selectedParameters: details?.parameters.get(item.id) ?? {},
      })),
    );
  }

  if (!input.subscription) {
    await createSubscriptionsForOrder(
      tx,
      {
        id: order!.id,
        customerId: input.customer.id,
        placedAt: now,
        shippingAddress: address,
        shippingLevel: priced.selectedShippingMethod.shippingLevel,
        paymentMethodId: card.id,
      },
      priced.groups.map((group) => {
        const details = detailsById.get(group.id);
        return {
          type: group.type,
          autoReorderFrequencyDays: group.autoReorderFrequencyDays,
          patient: details?.patient ?? null,
          doctorId: details?.doctor?.id ?? null,
          prescriptionExpiresOn: extrasById.get(group.id)?.prescriptionExpiresOn ?? null,
          items: group.items.map((item) => ({
            whichEye: item.whichEye,
            productId: item.productId,
            upc: item.upc,
            quantity: item.quantity,
            parameters: details?.parameters.get(item.id) ?? {},
          })),
        };
      }),
    );
  }

  // The cart lives on, empty; a single-use coupon that paid for this order is spent (no cart can take it again).
  await tx.delete(lineItemGroups).where(eq(lineItemGroups.cartId, input.cartId));
  await tx.update(carts).set({ couponId: null }).where(eq(carts.id, input.cartId));
  if (cart.couponId !== null && couponApplied) {
    await tx
      .update(coupons)
      .set({ redeemedCartId: `order:${orderNumber}`, redeemedAt: now, updatedAt: now })
      .where(and(eq(coupons.id, cart.couponId), eq(coupons.singleUse, true)));
  }

  await writeConfirmation(services, tx, input.customer, orderNumber);

  // Charged last: only the commit follows, and a retry with the same key gets the same charge back, not a second.
  let chargeId = "none";
  if (summary.totalAfterCredits > 0) {
    const charge = await services.payments.charge(card.paymentToken, summary.totalAfterCredits, input.idempotencyKey);
    if (!charge.ok) {
      if (charge.reason === "declined") throw new OrderRefused("declined", CARD_MESSAGES.declined);
      throw new OrderRefused("payment-error", CARD_MESSAGES.paymentUnavailable);
    }
    chargeId = charge.chargeId;
  }
  await tx.update(orders).set({ chargeId }).where(eq(orders.id, order!.id));
  return { ok: true, orderNumber, created: true };
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

/**
 * The confirmation e-mail, into the outbox in the order's transaction (before the charge, so a failed write costs
 * the shopper nothing). It reads the order as the transaction wrote it.
 */
async function writeConfirmation(
  services: OrderServices,
  tx: Transaction,
  customer: PlaceOrderInput["customer"],
  orderNumber: string,
) {
  const order = await orderDetails(tx, customer.id, orderNumber);
  if (!order) throw new Error(`order ${orderNumber} not readable in its own transaction`);
  await services.email.send(
    orderConfirmationEmail({
      to: customer.email,
      firstName: customer.firstName,
      order,
      orderLink: `${services.config.siteUrl}${orderDetailsPath(orderNumber)}`,
      nextSteps: orderNextSteps(order.groups.map((group) => group.prescriptionStatus)),
    }),
    { db: tx },
  );
}
