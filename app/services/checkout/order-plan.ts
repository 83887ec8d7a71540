import type { WhichEye } from "~/models/line-item-group";
import type { CheckoutGroupDetails } from "./checkout-cart.server";
import type { GroupPrescriptionExtras } from "../prescriptions/prescription-records.server";

/**
 * What confirming a reserved order writes, fixed when the stock was taken (decision 29): kept on the pending order
 * (`orders.pending_plan`, JSON), so the request that charged the card, or the recovery job after a crash, writes the
 * same order from it without reading the cart again.
 */
export interface OrderPlan {
  customer: { email: string; firstName: string };
  /** The saved card the order is paid with (the subscriptions made from the order keep it). */
  paymentMethodId: number;
  /** The card is charged this (the total less store credit); 0: nothing to charge. */
  chargeCents: number;
  /** The cart's coupon at reservation, cleared from the cart when the order is confirmed. */
  cartCouponId: number | null;
  /** Whether the order makes subscriptions for its auto-reorder groups (not when it is itself a reorder). */
  createsSubscriptions: boolean;
  groups: PlannedGroup[];
}

export interface PlannedGroup {
  /** The cart's line item group it came from (removed from the cart on confirmation). */
  cartGroupId: string;
  type: "Lens" | "Solution";
  autoReorderFrequencyDays: number | null;
  rxEntryType: string | null;
  submitAndSkipImageId: string | null;
  /** The online exam the group's prescription comes from (absent in plans written before issue 16). */
  examVoucherToken?: string | null;
  patient: CheckoutGroupDetails["patient"];
  doctor: CheckoutGroupDetails["doctor"];
  extras: GroupPrescriptionExtras | null;
  items: PlannedItem[];
}

export interface PlannedItem {
  whichEye: WhichEye;
  productId: number;
  productName: string;
  upc: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  parameters: Record<string, string>;
}

/**
 * The key a reservation's charge is made under: the order's key and its order number. A twin request finishing the
 * same reservation charges under the same key (one charge); a new reservation after a decline (a new order number)
 * is a new attempt, which may use another card.
 */
export function paymentKey(order: { idempotencyKey: string; orderNumber: string }): string {
  return `${order.idempotencyKey}/${order.orderNumber}`;
}
