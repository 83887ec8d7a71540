import { journeyOf, updateJourney } from "../funnel/funnel.server";
import type { StoreSession } from "../platform/session.server";

/** Orders this browser remembers placing (the thank-you page's second way in); the cookie stays small. */
const REMEMBERED_ORDERS = 20;

/**
 * An order was placed from this browser (checkout, or the shopper's return from PayPal or pay in 4): the thank-you
 * page may show it, and the journey ends here (the next product starts a new one).
 */
export function rememberPlacedOrder(session: StoreSession, orderNumber: string): void {
  const placed = (journeyOf(session).placedOrderNumbers ?? []).filter((number) => number !== orderNumber);
  updateJourney(session, {
    placedOrderNumbers: [...placed, orderNumber].slice(-REMEMBERED_ORDERS),
    currentGroupId: undefined,
    proceededPastCart: undefined,
  });
}
