import type { WhichEye } from "./line-item-group";
import type { PlacedOrderLine } from "./order-status";

/** A group's patient as checkout shows it and the order keeps it. */
export interface OrderPatient {
  firstName: string;
  lastName: string;
  patientId?: number;
}

/** A group's doctor (and clinic) as checkout shows it and the order keeps it. */
export interface OrderDoctor {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  clinicName: string;
}

/** A cart group's prescription expiry and wallet choice, carried onto the order. */
export interface GroupPrescriptionExtras {
  prescriptionExpiresOn: string | null;
  walletPrescriptionId: number | null;
}

/**
 * What confirming a reserved order writes, fixed when the stock was taken (decision 29): kept on the pending order
 * (`orders.pending_plan`, JSON), so the request that charged the card, or the recovery job after a crash, writes the
 * same order from it without reading the cart again.
 */
export interface OrderPlan {
  customer: { email: string; firstName: string };
  /** The saved card the order is paid with (the subscriptions made from the order keep it); null: a provider. */
  paymentMethodId: number | null;
  /** The card is charged this (the total less store credit); 0: nothing to charge. */
  chargeCents: number;
  /** The cart's coupon at reservation, cleared from the cart when the order is confirmed. */
  cartCouponId: number | null;
  /** Whether the order makes subscriptions for its auto-reorder groups (not when it is itself a reorder). */
  createsSubscriptions: boolean;
  groups: PlannedGroup[];
  /**
   * Paid through a provider's page (decision 53): which option, and the provider's checkout once made (its token is
   * also the order's payment token, by which the shopper's return finds the order).
   */
  provider?: { option: "paypal" | "paypal-pay-later" | "pay-in-4"; token: string | null; redirectUrl: string | null };
  /**
   * Paid with a saved pay-in-4 method (decision 57): an approved checkout token (Afterpay), captured for the order, or
   * a billing agreement, paid against; the order's payment token is the method's token. A used checkout token leaves
   * the wallet when the order is confirmed.
   */
  savedPayIn4?: { kind: "Afterpay" | "AfterpayBillingAgreement"; paymentMethodId: number };
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
  patient: OrderPatient | null;
  doctor: OrderDoctor | null;
  extras: GroupPrescriptionExtras | null;
  items: PlannedItem[];
}

/** A line to be written: an order line as the order pages will read it, before it has an id. */
export interface PlannedItem extends Omit<PlacedOrderLine, "id" | "whichEye"> {
  whichEye: WhichEye;
  productId: number;
  upc: string;
}

/** One eye's line of an ordered group, as the records made from the order read it (its prescription, its subscription). */
export interface OrderedLine {
  whichEye: WhichEye;
  productId: number;
  upc: string | null;
  quantity: number;
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
