import { z } from "zod";
import { formatCents } from "./catalog";
import type { FeatureSwitchKey } from "./feature-switches";
import { INSTALMENT_COUNT, instalmentPlan } from "./instalments";
import { PAY_IN_4_NAME, PAYMENT_METHOD_TYPES, paymentMethodLabel } from "./payment-methods";
import { boxSupplyDays } from "./supply";

/**
 * The ways to pay (spec 3 "Wallet and payments", "Pay-later and instalments", §5 availability, §9 constants; spec 2
 * the payment method enumeration): which options checkout offers a cart, the 4 instalment amounts, and how an order's
 * payment reads. Pure: the switches and the cart's facts come in as arguments.
 */

/** The options that leave the store for a provider's page and come back (the checkout form's `payWith` values). */
export const PROVIDER_OPTIONS = ["paypal", "paypal-pay-later", "pay-in-4"] as const;
export type ProviderOption = (typeof PROVIDER_OPTIONS)[number];
/** Which provider takes an option: PayPal (Orders v2, Pay Later included) or the pay-in-4 provider. */
export type PaymentProviderName = "paypal" | "pay-in-4";

export const PROVIDER_OF: Record<ProviderOption, PaymentProviderName> = {
  paypal: "paypal",
  "paypal-pay-later": "paypal",
  "pay-in-4": "pay-in-4",
};

/** What an order paid with an option records (the enumeration number): PayPal 7 (Pay Later too), Afterpay 15. */
export const PROVIDER_PAYMENT_METHOD: Record<ProviderOption, number> = {
  paypal: PAYMENT_METHOD_TYPES.PayPal,
  "paypal-pay-later": PAYMENT_METHOD_TYPES.PayPal,
  "pay-in-4": PAYMENT_METHOD_TYPES.Afterpay,
};

export const PROVIDER_OPTION_LABELS: Record<ProviderOption, string> = {
  paypal: "PayPal",
  "paypal-pay-later": "PayPal Pay Later",
  "pay-in-4": `Pay in 4 with ${PAY_IN_4_NAME}`,
};

/** How an order's payment reads on the thank-you page and order details: "PayPal", "Afterpay", "Apple Pay (…)" or the card. */
export function orderPaymentLabel(payment: { method: number | null; brand: string; lastFour: string }): string {
  if (payment.method === PAYMENT_METHOD_TYPES.PayPal && !payment.lastFour) return "PayPal";
  if (
    payment.method === PAYMENT_METHOD_TYPES.Afterpay ||
    payment.method === PAYMENT_METHOD_TYPES.AfterpayBillingAgreement
  ) {
    return PAY_IN_4_NAME;
  }
  const kind = payment.method === PAYMENT_METHOD_TYPES.ApplePay ? "ApplePay" : "Card";
  return paymentMethodLabel({ kind, brand: payment.brand, lastFour: payment.lastFour });
}

/**
 * The 4 instalments of a total (models/instalments.ts: each the total's quarter rounded UP to the cent, so the 4
 * together cover the total, exceeding it by up to 3 cents, never falling short).
 */
export function instalmentAmounts(totalCents: number): number[] {
  const each = instalmentPlan(totalCents)?.amountCents ?? 0;
  return Array.from({ length: INSTALMENT_COUNT }, () => each);
}

/** "4 payments of $12.50", the way shoppers expect to read it. */
export function instalmentLabel(totalCents: number): string {
  return `${INSTALMENT_COUNT} payments of ${formatCents(instalmentAmounts(totalCents)[0]!)}`;
}

/** A subscription whose supply is this many days or less for both eyes cannot be paid in 4 (spec 3 §5, §9). */
export const INSTALMENT_MIN_SUBSCRIPTION_DAYS = 30;

/** Product categories of specialty lenses (toric, multifocal, colour: made to a prescription's extra parameters). */
export const SPECIALTY_CATEGORIES = ["toric-astigmatism", "multifocal-bifocal", "color"] as const;

export function isSpecialtyLens(categories: readonly string[]): boolean {
  return categories.some((category) => (SPECIALTY_CATEGORIES as readonly string[]).includes(category));
}

export const INSTALMENT_UNAVAILABLE = {
  switchedOff: "Pay in 4 is not available right now.",
  shortSubscription: "Pay in 4 is not available for subscriptions with 30 days of supply or less.",
  specialtyMixed: "Pay in 4 is not available when specialty lenses are ordered with other lenses.",
  preorderOff: "Pay in 4 is not available while pre-orders are paused.",
} as const;
export type InstalmentUnavailableReason = keyof typeof INSTALMENT_UNAVAILABLE;

/** The page's switches the options read (models/feature-switches.ts: the content's default, a session's override). */
export interface PaymentOptionSwitches {
  paypal: boolean;
  paypalPayLater: boolean;
  afterpay: boolean;
  preorder: boolean;
}

/**
 * Whether each redirect provider can take a payment at all: its API credentials are configured, or its simulated page
 * answers (outside production, or PAYMENT_SIMULATOR=true). A provider that cannot is never offered, whatever the
 * session's switch says: in production without credentials PayPal and AfterPay are off (decision 53).
 */
export interface PaymentProvidersReady {
  paypal: boolean;
  payIn4: boolean;
}

/**
 * The payment switches of a page (models/feature-switches.ts `switchStates`: the content's page features, with the
 * session's overrides outside production), with PayPal (and its Pay Later) and pay in 4 off when their provider
 * cannot take a payment.
 */
export function paymentOptionSwitches(
  on: Readonly<Record<FeatureSwitchKey, boolean>>,
  ready: PaymentProvidersReady,
): PaymentOptionSwitches {
  return {
    paypal: ready.paypal && on.paypal,
    paypalPayLater: ready.paypal && on.paypalPayLater,
    afterpay: ready.payIn4 && on.afterpay,
    preorder: on.preorder,
  };
}

/** What the options depend on, per cart line. */
export interface PaymentCartLine {
  /** The line's group: its auto-reorder frequency (null: not a subscription). */
  groupId: string;
  autoReorderFrequencyDays: number | null;
  whichEye: string;
  productType: string;
  quantity: number;
  wearTimeDays: number;
  quantityPerPackage: number;
  categories: readonly string[];
}

export type InstalmentAvailability =
  | { available: true; amounts: number[]; label: string }
  | { available: false; reason: InstalmentUnavailableReason; message: string };

export interface PaymentOptions {
  paypal: boolean;
  payLater: boolean;
  payIn4: InstalmentAvailability;
}

/**
 * A subscription (an auto-reorder group) with 30 days of supply or less for both eyes: every lens line of the group
 * (one per eye ordered) supplies 30 days or less.
 */
export function hasShortSubscription(lines: readonly PaymentCartLine[]): boolean {
  const groups = new Map<string, PaymentCartLine[]>();
  for (const line of lines) {
    if (line.autoReorderFrequencyDays === null) continue;
    groups.set(line.groupId, [...(groups.get(line.groupId) ?? []), line]);
  }
  return [...groups.values()].some((group) => {
    const eyes = group.filter((line) => line.whichEye !== "none");
    return (
      eyes.length > 0 && eyes.every((line) => boxSupplyDays(line) * line.quantity <= INSTALMENT_MIN_SUBSCRIPTION_DAYS)
    );
  });
}

/** Specialty lenses with other lenses in one cart (lens care does not count). */
export function mixesSpecialty(lines: readonly PaymentCartLine[]): boolean {
  const lenses = lines.filter((line) => line.productType !== "solution" && line.whichEye !== "none");
  const specialty = lenses.filter((line) => isSpecialtyLens(line.categories));
  return specialty.length > 0 && specialty.length < lenses.length;
}

/** The options checkout offers a cart (spec 3 §5); the first reason that applies is the one shown. */
export function paymentOptions(input: {
  switches: PaymentOptionSwitches;
  lines: readonly PaymentCartLine[];
  totalCents: number;
}): PaymentOptions {
  const { switches, lines, totalCents } = input;
  const subscription = lines.some((line) => line.autoReorderFrequencyDays !== null);
  const unavailable = (reason: InstalmentUnavailableReason): InstalmentAvailability => ({
    available: false,
    reason,
    message: INSTALMENT_UNAVAILABLE[reason],
  });
  let payIn4: InstalmentAvailability;
  if (!switches.afterpay) payIn4 = unavailable("switchedOff");
  else if (hasShortSubscription(lines)) payIn4 = unavailable("shortSubscription");
  else if (mixesSpecialty(lines)) payIn4 = unavailable("specialtyMixed");
  else if (!switches.preorder) payIn4 = unavailable("preorderOff");
  else payIn4 = { available: true, amounts: instalmentAmounts(totalCents), label: instalmentLabel(totalCents) };
  return {
    paypal: switches.paypal,
    // Pay later is off for subscription carts (spec 3 §5).
    payLater: switches.paypal && switches.paypalPayLater && !subscription,
    payIn4,
  };
}

/** A cart as the options read it (the cart's priced read: groups with their lines' facts). */
export interface PaymentOptionsCart {
  groups: ReadonlyArray<{
    id: string;
    autoReorderFrequencyDays: number | null;
    items: ReadonlyArray<{
      whichEye: string;
      productType: string;
      quantity: number;
      wearTimeDays: number;
      quantityPerPackage: number;
      categories: readonly string[];
    }>;
  }>;
  orderSummary: { totalAfterCredits: number };
}

/** The options for a priced cart and the session's switches. */
export function cartPaymentOptions(switches: PaymentOptionSwitches, cart: PaymentOptionsCart): PaymentOptions {
  const lines: PaymentCartLine[] = cart.groups.flatMap((group) =>
    group.items.map((item) => ({
      groupId: group.id,
      autoReorderFrequencyDays: group.autoReorderFrequencyDays,
      whichEye: item.whichEye,
      productType: item.productType,
      quantity: item.quantity,
      wearTimeDays: item.wearTimeDays,
      quantityPerPackage: item.quantityPerPackage,
      categories: item.categories,
    })),
  );
  return paymentOptions({ switches, lines, totalCents: cart.orderSummary.totalAfterCredits });
}

/**
 * Paying with a saved pay-in-4 method (decision 57): the checkout token was approved for another amount than the
 * order comes to (the provider captures a checkout's own amount, whole).
 */
export function payIn4AmountMismatch(tokenCents: number, orderCents: number): string {
  return `That ${PAY_IN_4_NAME} checkout was approved for ${formatCents(tokenCents)}, but this order comes to ${formatCents(orderCents)}. Please choose another way to pay.`;
}

/** Whether an option may be used now (what the action checks again, whatever the form says). */
export function optionOffered(options: PaymentOptions, option: ProviderOption): boolean {
  if (option === "paypal") return options.paypal;
  if (option === "paypal-pay-later") return options.payLater;
  return options.payIn4.available;
}

/**
 * Where PayPal sends the shopper back (its `token` parameter is PayPal's order id, not the store's auto-login token;
 * the visitor middleware leaves it alone on this path).
 */
export const PAYPAL_RETURN_PATH = "/checkout/paypal";

/** The provider's return to the store: the status it reports (Afterpay: SUCCESS or CANCELLED). */
export const providerReturnSchema = z.object({
  orderToken: z.string().min(1).max(200),
  status: z.enum(["SUCCESS", "CANCELLED"]),
});

export const PROVIDER_MESSAGES = {
  cancelled: "You cancelled the payment. Your cart is just as you left it; choose how to pay to place your order.",
  declined: "The payment was declined. Your cart is just as you left it; please choose another way to pay.",
  unavailable: "We could not reach the payment provider. Your cart is just as you left it; please try again.",
  notOffered: "That way to pay is not available for this order. Please choose another.",
  unknown: "We could not find that payment. Your cart is just as you left it; please place your order again.",
} as const;

/** The checkout's provider buttons (intent=pay-with-provider): one form per option, each with the page's key. */
export const providerPaymentSchema = z.object({
  intent: z.literal("pay-with-provider"),
  idempotencyKey: z.uuid({ error: "This page has expired. Please review your order and try again." }),
  payWith: z.enum(PROVIDER_OPTIONS, { error: PROVIDER_MESSAGES.notOffered }),
});
