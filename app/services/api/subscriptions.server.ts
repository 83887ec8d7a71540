import { and, eq, inArray } from "drizzle-orm";
import { CARD_KINDS } from "~/models/payment-methods";
import type { AddressInput } from "~/models/address";
import { addressesEqualForShipping } from "~/models/address-standardize";
import { isCardExpired } from "~/models/card";
import { reorderDateParts, SUBSCRIPTION_MESSAGES } from "~/models/subscription";
import type { AddressSuggestion } from "../adapters/address-verification/address-verifier";
import type { RouterContextProvider } from "react-router";
import { requireApiCustomer } from "./customer.server";
import { jsonError, type Method, methodNotAllowed, privateJson } from "./json.server";
import { verifyWithTimeout, withSuggestion } from "../funnel/checkout-address.server";
import { walletTokens, type WalletToken } from "../checkout/payment-methods.server";
import { type AppServices, servicesContext } from "../platform/context.server";
import type { Executor } from "../db/client.server";
import { paymentMethods, products, type AddressSnapshot } from "../db/schema";
import {
  subscriptionFor,
  type ChangeResult,
  type SubscriptionItemView,
  type SubscriptionView,
} from "../subscriptions/subscriptions.server";

/**
 * The subscriptions JSON API (spec 3 §7 "Subscriptions"): who is asking, the subscription entity's JSON (spec 3
 * §3), and the answers every subscription call shares — 401 signed out, 404 'could not get subscription' for an
 * id that is not the customer's, 409 for a cancelled subscription, 400 for bad input. Helpers throw the error
 * Response; React Router returns a Response thrown from a resource route as it is.
 */

export const SUBSCRIPTION_SIGN_IN_MESSAGE = "Sign in to manage your subscriptions.";

/** The 401 of every subscription call (`requireApiCustomer`). */
export const SUBSCRIPTION_SIGN_IN = { message: SUBSCRIPTION_SIGN_IN_MESSAGE } as const;

/** 404 `{ error: 'could not get subscription' }` (spec 3 error catalogue: subscription load failure). */
export const subscriptionNotFound = () => jsonError(404, SUBSCRIPTION_MESSAGES.notFound);

/** 409 `{ error }`: the subscription's state refuses the change (cancelled, or an order being placed). */
export const subscriptionConflict = (message: string = SUBSCRIPTION_MESSAGES.cancelled) =>
  privateJson({ error: message }, 409);

/** A subscription id from the path: 1 to 9 digits; anything else cannot be loaded (404). */
export function requireSubscriptionId(raw: string | undefined): number {
  const id = raw !== undefined && /^[0-9]{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw subscriptionNotFound();
  return id;
}

/**
 * The opening every /api/autoReorder/:id call shares, in its order: the method (405 naming `allow` when it is not
 * `method`; none checked for a loader), the signed-in customer (401), the subscription id from the path (404).
 */
export function subscriptionCall(
  { request, params, context }: { request: Request; params: { id?: string }; context: Readonly<RouterContextProvider> },
  method?: { is: Method; allow?: Method[] },
) {
  if (method && request.method !== method.is) throw methodNotAllowed(...(method.allow ?? [method.is]));
  return {
    customer: requireApiCustomer(request, context, SUBSCRIPTION_SIGN_IN),
    id: requireSubscriptionId(params.id),
    services: context.get(servicesContext),
  };
}

/** One of the customer's subscriptions; 404 when it is not theirs, 409 when cancelled (unless allowed). */
export async function requireSubscription(
  db: Executor,
  customerId: number,
  subscriptionId: number,
  { allowCancelled = false } = {},
): Promise<SubscriptionView> {
  const view = await subscriptionFor(db, customerId, subscriptionId);
  if (!view) throw subscriptionNotFound();
  if (view.status !== "Active" && !allowCancelled) throw subscriptionConflict();
  return view;
}

/** A refused change as the API answers it. */
export function changeFailure(result: Extract<ChangeResult<unknown>, { ok: false }>): Response {
  switch (result.reason) {
    case "not-found":
      return subscriptionNotFound();
    case "cancelled":
      return subscriptionConflict();
    case "invalid":
      return jsonError(400, result.message ?? "The change is not valid.");
  }
}

/** The answer to a change of one subscription: 200 the subscription as it now is, or the failure (404, 409, 400). */
export async function subscriptionChangeAnswer(
  db: Executor,
  customerId: number,
  subscriptionId: number,
  result: ChangeResult<unknown>,
): Promise<Response> {
  if (!result.ok) return changeFailure(result);
  return privateJson(await currentSubscriptionJson(db, customerId, subscriptionId));
}

// --- Input --------------------------------------------------------------------------------------------------

/**
 * A JSON value as the pages' form schemas read it: a whole number becomes its digits, text stays text, null and
 * anything else is left for the schema to refuse (null reads as missing). The route then checks it with
 * `parseJson(formSchema, input, { fieldNames })`, which names each field as the API does.
 */
export function formText(value: unknown): unknown {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return value === null ? undefined : value;
}

export interface AddressVerificationJson {
  status: AddressSnapshot["verificationStatus"];
  /** The verifier's standardised form when it differs from the entry (send it back to take it). */
  suggestion: AddressSuggestion | null;
}

/**
 * Checkout's address verification for an API client, which cannot answer the 'Verify your address' dialog: the
 * entry is stored as sent, Verified when the verifier's one match is the same address for shipping, else
 * NeedsVerification (and a differing match is handed back as the suggestion).
 */
export async function verifySubscriptionAddress(
  services: Pick<AppServices, "addressVerifier" | "logger">,
  entry: AddressInput,
): Promise<{ snapshot: AddressSnapshot; verification: AddressVerificationJson }> {
  const outcome = await verifyWithTimeout(services.addressVerifier, entry, undefined, services.logger);
  const suggestion = outcome.kind === "suggestion" ? outcome.suggestion : null;
  const matched = suggestion !== null && addressesEqualForShipping(entry, withSuggestion(entry, suggestion));
  const status = matched ? "Verified" : "NeedsVerification";
  return {
    snapshot: { ...entry, verificationStatus: status },
    verification: { status, suggestion: matched ? null : suggestion },
  };
}

/** The id of the customer's saved card with this vault token; 400 for another's, an unknown or an expired card. */
export async function requireSavedCard(db: Executor, customerId: number, paymentToken: string, now = new Date()) {
  const [card] = await db
    .select({
      id: paymentMethods.id,
      expirationMonth: paymentMethods.expirationMonth,
      expirationYear: paymentMethods.expirationYear,
    })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.paymentToken, paymentToken),
        eq(paymentMethods.customerId, customerId),
        inArray(paymentMethods.kind, [...CARD_KINDS]),
      ),
    );
  // A card kind's expiry is always set (the table's check); a pay-in-4 token is not a card.
  if (!card || card.expirationMonth === null || card.expirationYear === null)
    throw jsonError(400, `paymentToken: ${SUBSCRIPTION_MESSAGES.chooseCard} It must be one of your saved cards.`);
  if (isCardExpired(card.expirationMonth, card.expirationYear, now)) {
    throw jsonError(400, "paymentToken: This card has expired. Choose another card.");
  }
  return card.id;
}

// --- The subscription entity ---------------------------------------------------------------------------------

function itemJson(item: SubscriptionItemView | undefined) {
  if (!item) return null;
  return {
    productId: item.productId,
    productName: item.productName,
    upc: item.upc,
    quantity: item.quantity,
    parameters: item.parameters,
    /** The quantities the product may be ordered in (0 pauses one eye of two). */
    quantityOptions: item.quantityOptions,
  };
}

/** Spec 3 §3 Subscription, as every subscription call answers it. */
export function subscriptionJson(view: SubscriptionView, privateLabelProductIds: ReadonlySet<number>) {
  const byEye = (eye: string) => view.items.find((item) => item.whichEye === eye);
  const right = byEye("right");
  const left = byEye("left");
  const address = view.shippingAddress;
  return {
    subscriptionId: view.id,
    type: view.type,
    status: view.status,
    rightItem: itemJson(right),
    leftItem: itemJson(left),
    rightQuantity: right?.quantity ?? 0,
    leftQuantity: left?.quantity ?? 0,
    /** A solution subscription's one item. */
    item: itemJson(byEye("none")),
    prescription: {
      reorderDate: reorderDateParts(view.nextReorderDate),
      expiresOn: view.prescriptionExpiresOn,
      isExpired: view.prescriptionExpired,
    },
    frequencyInDays: view.frequencyDays,
    frequencyLabel: view.frequencyLabel,
    nextReorderDate: view.nextReorderDate,
    hasPrivateLabelProduct: view.items.some((item) => privateLabelProductIds.has(item.productId)),
    patient: view.patient,
    shippingAddress: address
      ? {
          firstName: address.firstName,
          lastName: address.lastName,
          address1: address.address1,
          address2: address.address2,
          city: address.city,
          state: address.state,
          postalCode: address.postalCode,
          country: address.country,
          phone: address.phone,
          verificationStatus: address.verificationStatus,
        }
      : null,
    payment: view.card ? { brand: view.card.brand, lastFour: view.card.lastFour, expired: view.card.expired } : null,
    lastFailure: view.lastFailure,
  };
}
/**
 * The GET answers add `paymentMethods`: the customer's saved cards (token, brand, last four, expiry), so an app can
 * choose one for PUT …/payment until GET api/wallet exists (decision 40).
 */
export type SubscriptionJson = ReturnType<typeof subscriptionJson> & { paymentMethods?: WalletToken[] };

/**
 * The views as JSON, with the private-label flag read from the catalog. The GET answers (the list and the details)
 * pass `withPaymentMethods`: they carry the customer's saved cards' tokens; a change's answer does not repeat them.
 */
export async function subscriptionsJson(
  db: Executor,
  views: readonly SubscriptionView[],
  { withPaymentMethods = false } = {},
): Promise<SubscriptionJson[]> {
  const productIds = [...new Set(views.flatMap((view) => view.items.map((item) => item.productId)))];
  const privateLabel =
    productIds.length === 0
      ? []
      : await db
          .select({ id: products.id })
          .from(products)
          .where(and(inArray(products.id, productIds), eq(products.isPrivateLabel, true)));
  const ids = new Set(privateLabel.map((row) => row.id));
  const cards = new Map<number, WalletToken[]>();
  if (withPaymentMethods) {
    for (const customerId of new Set(views.map((view) => view.customerId))) {
      cards.set(customerId, await walletTokens(db, customerId));
    }
  }
  return views.map((view) => {
    const json = subscriptionJson(view, ids);
    const tokens = cards.get(view.customerId);
    return tokens ? { ...json, paymentMethods: tokens } : json;
  });
}

/** The customer's subscription as JSON, read again after a change. */
export async function currentSubscriptionJson(
  db: Executor,
  customerId: number,
  subscriptionId: number,
): Promise<SubscriptionJson> {
  const view = await subscriptionFor(db, customerId, subscriptionId);
  if (!view) throw subscriptionNotFound();
  return (await subscriptionsJson(db, [view]))[0]!;
}
