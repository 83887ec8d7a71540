import { and, asc, eq, inArray } from "drizzle-orm";
import { redirect } from "react-router";
import {
  isImageClassification,
  nextPage,
  usableShippingAddress,
  type FunnelAddress,
  type FunnelGroup,
  type FunnelPage,
  type FunnelState,
} from "~/models/funnel";
import { isVerificationStatus } from "~/models/address-verification";
import type { GroupType, RxEntryType, WhichEye } from "~/models/line-item-group";
import { pagePath } from "~/models/page";
import type { Visitor } from "../platform/context.server";
import type { Database } from "../db/client.server";
import { getPrimaryAddress } from "../accounts/addresses.server";
import { setCartShippingAddress } from "./checkout-address.server";
import { addresses, carts, customers, lineItemGroups, lineItems, products } from "../db/schema";
import type { StoreSession } from "../platform/session.server";

/**
 * The purchase funnel on the server: the journey context kept in the cookie session, the funnel state read from
 * the cart, and the redirect every step's action answers with (spec 2 §4, the sequencer in models/funnel.ts).
 */

/** What the cookie session remembers of the shopper's journey (spec: journey context). */
export interface JourneyData {
  /** The group being built from a product page; the funnel's steps before the cart work on it alone. */
  currentGroupId?: string;
  /** Set when the shopper goes on from the cart (the cart page is then skipped). */
  proceededPastCart?: boolean;
  /** Orders this browser placed (thank-you pages are shown to their owner or to this session). */
  placedOrderNumbers?: string[];
  /** The address step's entry and suggestion while the shopper chooses in 'Verify your address'. */
  addressVerification?: unknown;
  /** The same for a subscription's address change (with the subscription's id). */
  subscriptionAddressVerification?: unknown;
  /** Spec "examOptions": the online exam being taken (signed in only; cleared with the session on sign-out). */
  examVoucherToken?: string;
  /** Spec: the shopper chose to take the exam in a browser the store does not support. */
  allowUnsupportedBrowser?: boolean;
  /** Spec 1 §2.12: the QA helper button is enabled for this session (outside production only). */
  qa?: boolean;
  /** Spec 3 §5: the alternative payments, a session's override of the content's page features (outside production). */
  paypal?: boolean;
  afterpay?: boolean;
  applePay?: boolean;
  /** The same for PayPal Pay Later and for pre-orders (decision 53). */
  paypalPayLater?: boolean;
  preorder?: boolean;
  /** The cart page's banner, a session's override of the content's page feature (decision 66). */
  cartBanner?: boolean;
  /** The session's real-time identity data switch (issue 28): GET api/customerDataPlatform/realTimeIdentityData answers. */
  realTimeIdentityData?: boolean;
}

export function journeyOf(session: StoreSession): JourneyData {
  const raw = session.get("journey");
  return raw && typeof raw === "object" ? (raw as JourneyData) : {};
}

export function updateJourney(session: StoreSession, change: Partial<JourneyData>): void {
  const next: Record<string, unknown> = { ...journeyOf(session), ...change };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  session.set("journey", next);
}

/** The cart's groups in the funnel's shape, in cart order. */
export async function funnelGroups(db: Database, cartId: string): Promise<FunnelGroup[]> {
  const groupRows = await db
    .select({
      id: lineItemGroups.id,
      type: lineItemGroups.type,
      rxEntryType: lineItemGroups.rxEntryType,
      submitAndSkipImageId: lineItemGroups.submitAndSkipImageId,
      classification: lineItemGroups.submitAndSkipImageClassification,
      patient: lineItemGroups.patient,
      doctorId: lineItemGroups.doctorId,
      examVoucherToken: lineItemGroups.examVoucherToken,
    })
    .from(lineItemGroups)
    .where(eq(lineItemGroups.cartId, cartId))
    .orderBy(asc(lineItemGroups.position));
  if (groupRows.length === 0) return [];
  const itemRows = await db
    .select({
      id: lineItems.id,
      groupId: lineItems.groupId,
      whichEye: lineItems.whichEye,
      upc: lineItems.upc,
      isPrivateLabel: products.isPrivateLabel,
    })
    .from(lineItems)
    .innerJoin(products, eq(products.id, lineItems.productId))
    .where(
      inArray(
        lineItems.groupId,
        groupRows.map((group) => group.id),
      ),
    );
  return groupRows.map((group) => {
    const items = itemRows.filter((item) => item.groupId === group.id);
    return {
      id: group.id,
      type: group.type as GroupType,
      submitAndSkipImageId: group.submitAndSkipImageId,
      items: items.map((item) => ({ id: item.id, whichEye: item.whichEye as WhichEye, upc: item.upc })),
      rxEntryType: group.rxEntryType as RxEntryType | null,
      submitAndSkipImageClassification: isImageClassification(group.classification) ? group.classification : null,
      patient: group.patient ? { firstName: group.patient.firstName, lastName: group.patient.lastName } : null,
      hasDoctor: group.doctorId !== null,
      isPrivateLabel: items.length > 0 && items.every((item) => item.isPrivateLabel),
      examVoucherToken: group.examVoucherToken,
    };
  });
}

/**
 * The funnel state for this shopper: the working groups (the current group while it is built, all the cart's
 * groups once the shopper is past it or has no current group), the cart's shipping address and the primary one.
 */
export async function loadFunnelState(
  db: Database,
  visitor: Pick<Visitor, "session" | "customer">,
): Promise<FunnelState> {
  const cartId = visitor.session.get("cartId");
  const journey = journeyOf(visitor.session);
  const customerId = visitor.customer?.id ?? null;
  const [groups, cart, primary, account] = await Promise.all([
    cartId ? funnelGroups(db, cartId) : [],
    cartId
      ? db
          .select({ shippingAddress: carts.shippingAddress })
          .from(carts)
          .where(eq(carts.id, cartId))
          .then((rows) => rows[0])
      : undefined,
    customerId === null
      ? undefined
      : db
          .select()
          .from(addresses)
          .where(and(eq(addresses.customerId, customerId), eq(addresses.isPrimary, true)))
          .then((rows) => rows[0]),
    customerId === null
      ? undefined
      : db
          .select({ phone: customers.phone })
          .from(customers)
          .where(eq(customers.id, customerId))
          .then((rows) => rows[0]),
  ]);
  const current = journey.currentGroupId ? groups.filter((group) => group.id === journey.currentGroupId) : [];
  const working = !journey.proceededPastCart && current.length > 0 ? current : groups;
  return {
    groups: working,
    cartEmpty: groups.every((group) => group.items.length === 0),
    proceededPastCart: journey.proceededPastCart === true,
    address: {
      // Stored addresses were validated when saved; their country is one of the model's codes.
      shipping: (cart?.shippingAddress ?? null) as FunnelAddress | null,
      primary: (primary ?? null) as FunnelAddress | null,
      signedIn: customerId !== null,
      accountPhone: account?.phone ?? null,
    },
  };
}

/**
 * Where the funnel goes after `current` (spec 2 §4): the next page whose criteria are not yet met. Moving past
 * the cart clears the current group and marks the cart as passed. Every step's action answers with this.
 */
export async function redirectToNextStep(
  db: Database,
  visitor: Pick<Visitor, "session" | "customer">,
  current: FunnelPage,
): Promise<Response> {
  if (current === "Cart") updateJourney(visitor.session, { proceededPastCart: true });
  const state = await loadFunnelState(db, visitor);
  const move = nextPage(current, state);
  if (move.clearsCurrentGroup) updateJourney(visitor.session, { currentGroupId: undefined, proceededPastCart: true });
  const cartId = visitor.session.get("cartId");
  if (cartId && visitor.customer && PAGES_AFTER_ADDRESS.has(move.page)) {
    await adoptPrimaryAddress(db, cartId, visitor.customer.id, state);
  }
  return redirect(pagePath(move.page) ?? "/cart", 303);
}

const PAGES_AFTER_ADDRESS: ReadonlySet<FunnelPage> = new Set(["Doctor", "Checkout"]);

/**
 * The Address step is skipped when the primary address can be shipped to (spec 2 §4). The order ships to the
 * cart's own address, so the cart takes that primary address (the account phone filled in when it has none).
 */
async function adoptPrimaryAddress(db: Database, cartId: string, customerId: number, state: FunnelState) {
  const usable = usableShippingAddress(state.address);
  if (!usable || usable === state.address.shipping) return;
  const primary = await getPrimaryAddress(db, customerId);
  if (!primary) return;
  const { id, isPrimary: _primary, verificationStatus, ...fields } = primary;
  await setCartShippingAddress(db, cartId, {
    ...fields,
    phone: usable.phone ?? null,
    verificationStatus: isVerificationStatus(verificationStatus) ? verificationStatus : "NeedsVerification",
    addressId: id,
  });
}
