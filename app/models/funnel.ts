import { isInternational, shippingAddressProblem } from "./address";
import type { LineItemGroupState, LineItemState, RxEntryType } from "./line-item-group";
import { appendSegment, pagePath } from "./page";
import { SUBMIT_AND_SKIP_UPC } from "./stock";

export { PROGRESS_STEPS, progressStep, type ProgressStep } from "./funnel-progress";

/**
 * The purchase funnel (spec 2 §2, §4): which page follows which, which pages are skipped because their criteria
 * are already met, the progress bar, the journey's next page and the cart guard. Pure: every step's action reads
 * the cart and session into a `FunnelState` and asks where to go.
 */

export const FUNNEL_PAGES = [
  "LensProductDetailPage",
  "SolutionProductDetailPage",
  "ProductListPage",
  "RxDetails",
  "Parameters",
  "Patient",
  "UploadSuccess",
  "Cart",
  "Address",
  "Doctor",
  "Checkout",
  "ThankYou",
] as const;
export type FunnelPage = (typeof FUNNEL_PAGES)[number];

export const UPLOAD_RX_PATH = "/upload-rx";

export const IMAGE_CLASSIFICATIONS = ["Box", "Human", "Other", "Prescription"] as const;
export type ImageClassification = (typeof IMAGE_CLASSIFICATIONS)[number];

export function isImageClassification(value: string | null): value is ImageClassification {
  return value !== null && (IMAGE_CLASSIFICATIONS as readonly string[]).includes(value);
}

/** The address fields the shipping rules read (address.ts). */
export type FunnelAddress = Parameters<typeof shippingAddressProblem>[0];

export interface FunnelGroup extends Pick<LineItemGroupState, "id" | "type" | "submitAndSkipImageId"> {
  items: Pick<LineItemState, "id" | "whichEye" | "upc">[];
  /** As `rxEntryType()` in line-item-group.ts computes it (and the cart stores it). */
  rxEntryType: RxEntryType | null;
  submitAndSkipImageClassification: ImageClassification | null;
  patient: { firstName: string; lastName: string } | null;
  hasDoctor: boolean;
  isPrivateLabel: boolean;
  examVoucherToken: string | null;
}

export interface ShippingAddressState {
  /** The cart's shipping address. */
  shipping: FunnelAddress | null;
  /** The customer's primary address (null when signed out or none). */
  primary: FunnelAddress | null;
  signedIn: boolean;
  /** The account phone, filled into the primary address when it has none. */
  accountPhone: string | null;
}

export interface FunnelState {
  /** The working line item groups: the current group while it is built, the cart's groups after the cart. */
  groups: FunnelGroup[];
  cartEmpty: boolean;
  proceededPastCart: boolean;
  address: ShippingAddressState;
}

const hasText = (value: string | null | undefined) => !!value && value.trim().length > 0;

/**
 * The address the order would ship to: the cart's shipping address when valid; otherwise the primary address
 * (signed in, existing) with the account phone filled in when missing, if that is valid; otherwise null.
 */
export function usableShippingAddress(address: ShippingAddressState): FunnelAddress | null {
  if (address.shipping && shippingAddressProblem(address.shipping) === null) return address.shipping;
  if (!address.signedIn || !address.primary) return null;
  const primary = hasText(address.primary.phone)
    ? address.primary
    : { ...address.primary, phone: address.accountPhone };
  return shippingAddressProblem(primary) === null ? primary : null;
}

/** Shipping is international when the address it would ship to (or, lacking one, the entered one) is. */
function shipsInternationally(address: ShippingAddressState): boolean {
  return isInternational((usableShippingAddress(address) ?? address.shipping)?.country);
}

/**
 * Spec 2 §4 Doctor rules: required for a group with lenses, no doctor, not private label, no exam voucher token,
 * non-international shipping, and (not submit-and-skip, or an image classification exists and is not Prescription).
 */
export function doctorRequired(
  group: Pick<
    FunnelGroup,
    | "type"
    | "items"
    | "hasDoctor"
    | "isPrivateLabel"
    | "examVoucherToken"
    | "rxEntryType"
    | "submitAndSkipImageClassification"
  >,
  { international }: { international: boolean },
): boolean {
  const classification = group.submitAndSkipImageClassification;
  return (
    group.type === "Lens" &&
    group.items.length > 0 &&
    !group.hasDoctor &&
    !group.isPrivateLabel &&
    !hasText(group.examVoucherToken) &&
    !international &&
    (group.rxEntryType !== "SubmitAndSkip" || (classification !== null && classification !== "Prescription"))
  );
}

const everyLineHasUpc = (group: FunnelGroup) => group.items.every((item) => hasText(item.upc));
const lensGroups = (state: FunnelState) => state.groups.filter((group) => group.type === "Lens");

/** Parameters are settled for a group: every line has a upc; a submit-and-skip group shows the page only for a
 * Prescription or Box image while a placeholder UPC remains. */
function parametersSettled(group: FunnelGroup): boolean {
  if (group.rxEntryType !== "SubmitAndSkip") return everyLineHasUpc(group);
  const classification = group.submitAndSkipImageClassification;
  if (classification !== "Prescription" && classification !== "Box") return true;
  return group.items.every((item) => hasText(item.upc) && item.upc !== SUBMIT_AND_SKIP_UPC);
}

/**
 * Spec 2 §4: a page is skipped when its criteria are already met. "Every group" is read as `Array.every`: with
 * no group of the kind, the criterion is met. Doctor: the caller has already tried to set doctors by patient.
 */
export function isSkipped(page: FunnelPage, state: FunnelState): boolean {
  switch (page) {
    case "LensProductDetailPage":
    case "SolutionProductDetailPage":
      return state.groups.every((group) => group.items.length > 0);
    case "RxDetails":
      return lensGroups(state).every((group) => hasText(group.submitAndSkipImageId) || everyLineHasUpc(group));
    case "Parameters":
      return state.groups.every(parametersSettled);
    case "Patient":
      return lensGroups(state).every((group) => hasText(group.patient?.firstName) && hasText(group.patient?.lastName));
    case "Cart":
      return state.proceededPastCart;
    case "Address":
      return usableShippingAddress(state.address) !== null;
    case "Doctor": {
      const international = shipsInternationally(state.address);
      return !state.groups.some((group) => doctorRequired(group, { international }));
    }
    default:
      return false;
  }
}

export type FunnelFlow = "lens" | "solution";

/** The solution flow applies when there are working groups and all of them contain solutions only. */
export function funnelFlow(groups: ReadonlyArray<Pick<FunnelGroup, "type">>): FunnelFlow {
  return groups.length > 0 && groups.every((group) => group.type === "Solution") ? "solution" : "lens";
}

const FLOW_STEPS: Record<FunnelFlow, Partial<Record<FunnelPage, FunnelPage>>> = {
  lens: {
    LensProductDetailPage: "RxDetails",
    RxDetails: "Parameters",
    Parameters: "Patient",
    Patient: "Cart",
    Cart: "Address",
    Address: "Doctor",
    Doctor: "Checkout",
    UploadSuccess: "Patient",
  },
  solution: {
    SolutionProductDetailPage: "Cart",
    RxDetails: "Cart",
    Patient: "Cart",
    Cart: "Address",
    Address: "Doctor",
    Doctor: "Checkout",
  },
};

export const PAGES_AFTER_CART: ReadonlySet<FunnelPage> = new Set(["Address", "Doctor", "Checkout"]);

export interface FunnelMove {
  page: FunnelPage;
  /** Moving to a page after the cart clears the current line item group. */
  clearsCurrentGroup: boolean;
}

/**
 * The page after `current`, skipping pages whose criteria are met. A page only the other flow names takes that
 * flow's step first; pages no flow moves on from (ProductListPage, Checkout, ThankYou) stay put. With an empty
 * cart, a page after the cart becomes ProductListPage.
 */
export function nextPage(current: FunnelPage, state: FunnelState): FunnelMove {
  const flow = funnelFlow(state.groups);
  const otherFlow: FunnelFlow = flow === "lens" ? "solution" : "lens";
  let page = FLOW_STEPS[flow][current] ?? FLOW_STEPS[otherFlow][current] ?? current;
  if (page !== current) {
    for (
      let following = FLOW_STEPS[flow][page];
      following && isSkipped(page, state);
      following = FLOW_STEPS[flow][page]
    ) {
      page = following;
    }
  }
  if (state.cartEmpty && PAGES_AFTER_CART.has(page)) page = "ProductListPage";
  return { page, clearsCurrentGroup: PAGES_AFTER_CART.has(page) };
}

/** The journey context a step's action reads from the session (spec 2 §4 Journey next page). */
export interface JourneyContext {
  finalizedOrderNumber?: string | null;
  examOptions?: { landingPageVariation?: string | null } | null;
  prescriptionRequest?: { complete: boolean; path: string; orderNumber?: string | null } | null;
}

export interface JourneyMove {
  path: string;
  /** A terminal page clears the journey context after success. */
  terminal: boolean;
  clearsCurrentGroup: boolean;
}

/**
 * Where the journey goes from `current`: a finalized order → thank-you?oid=; exam options → the exam landing
 * (with its variation); a prescription request → upload-rx when complete, else its own path; otherwise the
 * funnel's next page. The private-label rules chain (exam Rx entry, exam landing, cart) is not specified precisely
 * enough to build; the exam flow adds it, and until then private-label groups follow the funnel.
 */
export function journeyNextPage(journey: JourneyContext, current: FunnelPage, state: FunnelState): JourneyMove {
  const end = (path: string): JourneyMove => ({ path, terminal: true, clearsCurrentGroup: false });
  const withOrder = (path: string, orderNumber: string | null | undefined) =>
    hasText(orderNumber) ? `${path}?oid=${encodeURIComponent(orderNumber!)}` : path;
  if (hasText(journey.finalizedOrderNumber)) return end(withOrder(pagePath("ThankYou")!, journey.finalizedOrderNumber));
  if (journey.examOptions)
    return end(appendSegment(pagePath("ExamLanding")!, journey.examOptions.landingPageVariation));
  const request = journey.prescriptionRequest;
  if (request?.complete) return end(withOrder(UPLOAD_RX_PATH, request.orderNumber));
  if (request) return { path: request.path, terminal: false, clearsCurrentGroup: false };
  const move = nextPage(current, state);
  return { path: pagePath(move.page)!, terminal: false, clearsCurrentGroup: move.clearsCurrentGroup };
}

export type CartGuardResult = "stay" | { moveItems: string[] } | "home";

/**
 * Pages that need cart items: a cart with items stays; an empty cart takes in the working groups' lens items
 * that have no upc yet; with none, the shopper goes home.
 */
export function cartGuard(state: Pick<FunnelState, "cartEmpty" | "groups">): CartGuardResult {
  if (!state.cartEmpty) return "stay";
  const itemIds = state.groups
    .filter((group) => group.type === "Lens")
    .flatMap((group) => group.items.filter((item) => !hasText(item.upc)).map((item) => item.id));
  return itemIds.length > 0 ? { moveItems: itemIds } : "home";
}
