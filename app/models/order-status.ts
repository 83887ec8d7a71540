import { DateTime } from "luxon";
import { BUSINESS_TIME_ZONE } from "./business-time";
import { formatCents } from "./catalog";
import { HELD_ORDER_WORDS, heldOrderMessage, isOrderOnHold } from "./held-order";
import { EYE_NAMES, isLensParameterName, LENS_PARAMETER_LABELS } from "./lens-parameters";
import { DELIVERY_BUFFER_DAYS, formatDeliveryDate, shippingDays, shippingPriceLabel } from "./shipping";

/**
 * An order's status and age (spec 2 §3 "Order status codes", §4 "Order status and age"): the one-character status
 * code, the expected delivery date, the 'old' rule and the words a shopper reads about an order.
 */

export const ORDER_STATUSES = ["Processing", "Shipped", "Test", "Deleted", "Unsupported"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Spec: blank, D, S, H, T, P, V are Processing. */
export const PROCESSING_CODES = ["", "D", "S", "H", "T", "P", "V"] as const;
export const SHIPPED_CODE = "G";
export const TEST_CODE = "|";
export const DELETED_CODE = "-";

/** The status of a code. Blank is empty or a space (a one-character column may pad); case matters. */
export function orderStatus(code: string | null | undefined): OrderStatus {
  if (code == null || code.trim() === "") return "Processing";
  if ((PROCESSING_CODES as readonly string[]).includes(code)) return "Processing";
  if (code === SHIPPED_CODE) return "Shipped";
  if (code === TEST_CODE) return "Test";
  if (code === DELETED_CODE) return "Deleted";
  return "Unsupported";
}

/** Spec: PendingExam, PendingVerification, PendingSubmission, Verified, FailedExam. */
export const PRESCRIPTION_STATUSES = [
  "PendingExam",
  "PendingVerification",
  "PendingSubmission",
  "Verified",
  "FailedExam",
] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

/** An order number or id as a URL may carry it: letters, digits and dashes, at most 40. */
export function isOrderNumberShaped(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9-]{1,40}$/.test(value);
}

const PRESCRIPTION_STATUS_TEXT: Record<PrescriptionStatus, string> = {
  PendingExam: "Waiting for your eye exam",
  PendingVerification: "Being verified with your doctor",
  PendingSubmission: "Waiting for your prescription",
  Verified: "Verified",
  FailedExam: "Eye exam not passed",
};

/** A group's prescription status as the shopper reads it; null when the group needs none (solutions). */
export function prescriptionStatusText(status: string | null): string | null {
  if (!status) return null;
  return Object.hasOwn(PRESCRIPTION_STATUS_TEXT, status)
    ? PRESCRIPTION_STATUS_TEXT[status as PrescriptionStatus]
    : status;
}

// ---- Dates --------------------------------------------------------------------------------------------------------

/** A date as stored (ISO date or timestamp text), a JS Date (timestamp columns) or a luxon DateTime. */
export type DateInput = string | Date | DateTime;

/** The start of the Boise calendar day the value falls on; null when absent or unreadable. */
export function businessDay(value: DateInput | null | undefined): DateTime | null {
  if (value == null || value === "") return null;
  const date =
    typeof value === "string"
      ? DateTime.fromISO(value, { zone: BUSINESS_TIME_ZONE })
      : value instanceof Date
        ? DateTime.fromJSDate(value, { zone: BUSINESS_TIME_ZONE })
        : value.setZone(BUSINESS_TIME_ZONE);
  return date.isValid ? date.startOf("day") : null;
}

/** "2026-11-25" on the Boise calendar, or null. */
export function businessIsoDate(value: DateInput | null | undefined): string | null {
  return businessDay(value)?.toISODate() ?? null;
}

export interface OrderDeliveryInput {
  /** When the order was taken. */
  orderDate: DateInput;
  shippingLevel: number;
  /** The estimate given when the order was placed. */
  estimatedDeliveryDate?: DateInput | null;
  /** The carrier's delivery date, once the order has shipped. */
  trackingDeliveryDate?: DateInput | null;
}

/**
 * Spec: the tracking delivery date if present, else the estimated delivery date, else the order date plus the
 * level's shipping days plus 2. A Boise calendar day; an unreadable date counts as absent.
 */
export function expectedDeliveryDate(order: OrderDeliveryInput): DateTime {
  const known = businessDay(order.trackingDeliveryDate) ?? businessDay(order.estimatedDeliveryDate);
  if (known) return known;
  const ordered = businessDay(order.orderDate);
  if (!ordered) throw new RangeError("an order needs a readable order date");
  return ordered.plus({ days: shippingDays(order.shippingLevel) + DELIVERY_BUFFER_DAYS });
}

/** Spec: an order is old once expected delivery plus 5 days is past. */
export const OLD_ORDER_DAYS = 5;

/**
 * Shipped, and the day `expected delivery + 5` is over on the Boise calendar (so an order delivered on the 1st is
 * old from the 7th): a date is past once the whole day has gone, not at its midnight.
 */
export function isOldOrder(order: OrderDeliveryInput & { statusCode: string | null }, now: DateInput): boolean {
  if (orderStatus(order.statusCode) !== "Shipped") return false;
  const today = businessDay(now);
  if (!today) throw new RangeError("now must be a readable date");
  return today > expectedDeliveryDate(order).plus({ days: OLD_ORDER_DAYS });
}

/** "Nov 16, 2026": the day an order was taken, on the Boise calendar. */
export function formatOrderDate(value: DateInput): string {
  const date = businessDay(value);
  return date ? date.setLocale("en-US").toFormat("LLL d, yyyy") : "";
}

// ---- Tracking -----------------------------------------------------------------------------------------------------

export type TrackingStatus = "InTransit" | "Delivered";

/** What the carrier says: delivered once delivered, in transit once shipped, nothing before. */
export function trackingStatus(order: {
  shippedAt?: DateInput | null;
  deliveredAt?: DateInput | null;
}): TrackingStatus | null {
  if (order.deliveredAt) return "Delivered";
  return order.shippedAt ? "InTransit" : null;
}

/** The order details page of an order (linked from the thank-you page and the order e-mails). */
export function orderDetailsPath(orderNumber: string): string {
  return `/account/order-history/${encodeURIComponent(orderNumber)}`;
}

/** Tracking numbers are USPS-style digits, so the carrier's tracking page is the link. */
export function trackingUrl(trackingNumber: string | null | undefined): string | null {
  if (!trackingNumber) return null;
  return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(trackingNumber)}`;
}

// ---- Words for the shopper ----------------------------------------------------------------------------------------

export interface OrderStatusTextInput extends OrderDeliveryInput {
  statusCode: string | null;
  deliveredAt?: DateInput | null;
  /** Each group's prescription status (null for solution groups). */
  prescriptionStatuses?: ReadonlyArray<string | null>;
}

/**
 * The short label of an order's status: Shipped reads "Delivered" once the carrier has delivered it, and a held
 * order (Processing by its code) reads "On hold" (held-order.ts).
 */
export function orderStatusLabel(order: { statusCode: string | null; deliveredAt?: DateInput | null }): string {
  if (isOrderOnHold(order.statusCode)) return HELD_ORDER_WORDS.label;
  const status = orderStatus(order.statusCode);
  switch (status) {
    case "Shipped":
      return order.deliveredAt ? "Delivered" : "Shipped";
    case "Test":
      return "Test order";
    case "Deleted":
      return "Cancelled";
    case "Unsupported":
      return "Status unavailable";
    default:
      return status;
  }
}

/** Why a processing order waits, most pressing first (the shopper has something to do before the doctor does). */
const PRESCRIPTION_WAITS: ReadonlyArray<[PrescriptionStatus, string]> = [
  ["FailedExam", "Your eye exam didn't give a prescription we can fill. We'll contact you about this order."],
  ["PendingSubmission", "We're waiting for your prescription. Upload it so we can send your order."],
  ["PendingExam", "We're waiting for your eye exam results."],
  ["PendingVerification", "We're verifying your prescription with your doctor."],
];

/**
 * One sentence about where the order is (spec: orderStatusMessage). A held order says what it needs and no date
 * (held-order.ts).
 */
export function orderStatusMessage(order: OrderStatusTextInput): string {
  if (isOrderOnHold(order.statusCode)) return heldOrderMessage(order.prescriptionStatuses ?? []);
  const status = orderStatus(order.statusCode);
  if (status === "Deleted") return "This order was cancelled.";
  if (status === "Test") return "This is a test order; it will not ship.";
  if (status === "Unsupported") return "Please call us for the status of this order.";
  const delivered = businessDay(order.deliveredAt);
  if (status === "Shipped" && delivered) return `Delivered ${formatDeliveryDate(delivered)}.`;
  const expected = formatDeliveryDate(expectedDeliveryDate(order));
  if (status === "Shipped") return `On its way. Expected to arrive ${expected}.`;
  const waiting = PRESCRIPTION_WAITS.find(([waitStatus]) => order.prescriptionStatuses?.includes(waitStatus));
  return waiting ? waiting[1] : `We're preparing your order. Expected to arrive ${expected}.`;
}

/**
 * Whether a page shows the order's expected delivery: while it is processing (not held: a held order has no date
 * until it is released) or shipped and not yet delivered.
 */
export function showsExpectedDelivery(order: { statusCode: string | null; deliveredAt?: DateInput | null }): boolean {
  const status = orderStatus(order.statusCode);
  if (status === "Processing") return !isOrderOnHold(order.statusCode);
  return status === "Shipped" && !order.deliveredAt;
}

/** "2 × Acuvue Oasys, 1 × Biotrue": boxes per product, in the order they first appear. */
export function orderItemsSummary(lines: ReadonlyArray<{ productName: string; quantity: number }>): string {
  const boxes = new Map<string, number>();
  for (const line of lines) boxes.set(line.productName, (boxes.get(line.productName) ?? 0) + line.quantity);
  return [...boxes].map(([name, quantity]) => `${quantity} × ${name}`).join(", ");
}

/** The development operations page's steps for moving an order along (verify, ship, deliver). */
export const ADVANCE_ACTIONS = ["verify", "ship", "deliver"] as const;
export type AdvanceAction = (typeof ADVANCE_ACTIONS)[number];

export function isAdvanceAction(value: unknown): value is AdvanceAction {
  return typeof value === "string" && (ADVANCE_ACTIONS as readonly string[]).includes(value);
}

/** A placed order's line as its pages and e-mails read it. */
export interface PlacedOrderLine {
  id: number;
  whichEye: string;
  productName: string;
  parameters: Record<string, string>;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
}

/**
 * A placed order's line as its pages show it (thank-you, order details): the boxes at their price
 * ("2 × $42.99 = $85.98"), the line's share of the order's discounts on its own ("−$12.90", null when it had none),
 * and what the line came to ("$73.08"). The discount is never folded silently into the product of the first two.
 */
export function orderLineView(line: PlacedOrderLine) {
  const subtotal = line.unitPriceCents * line.quantity;
  const discount = Math.min(Math.max(line.discountCents, 0), subtotal);
  return {
    id: line.id,
    eye: line.whichEye === "right" || line.whichEye === "left" ? EYE_NAMES[line.whichEye] : null,
    productName: line.productName,
    /** "Power/sphere -2.00", "BC 8.6", … in the order they were stored. */
    parameters: Object.entries(line.parameters).map(
      ([name, value]) => `${isLensParameterName(name) ? LENS_PARAMETER_LABELS[name] : name} ${value}`,
    ),
    quantity: line.quantity,
    price: formatCents(line.unitPriceCents),
    amount: `${line.quantity} × ${formatCents(line.unitPriceCents)} = ${formatCents(subtotal)}`,
    discount: discount > 0 ? `−${formatCents(discount)}` : null,
    total: formatCents(subtotal - discount),
  };
}

/** "Dr. Maya Okafor, Clearview Eye Care" for an order group's doctor snapshot. */
export function orderDoctorLabel(doctor: { firstName: string; lastName: string; clinicName: string } | null) {
  return doctor ? `Dr. ${doctor.firstName} ${doctor.lastName}, ${doctor.clinicName}` : null;
}

/** What happens after the order, in the shopper's words (thank-you page and e-mail). */
export function orderNextSteps(prescriptionStatuses: ReadonlyArray<string | null>): string[] {
  return [
    ...(prescriptionStatuses.includes("PendingSubmission")
      ? ["Upload a photo of your prescription so we can send your lenses."]
      : []),
    ...(prescriptionStatuses.includes("PendingVerification")
      ? ["We'll verify your prescription with your eye doctor — you don't need to do anything."]
      : []),
    "We'll e-mail you when your order ships, with its tracking number.",
  ];
}

/** What an order's totals were, in cents, as stored with it. */
export interface PlacedOrderTotals {
  subTotal: number;
  discountAmount: number;
  shipping: number;
  taxAmount: number;
  rebateTotal: number;
  totalAmount: number;
  /** Store credit the order used. */
  storeCredit: number;
  /** The insurance benefit the order used (decision 54), when it used one. */
  insuranceBenefit?: { planName: string; amountCents: number } | null;
}

/**
 * A placed order's totals as the thank-you and order-details pages show them: the rows up to the total, the total,
 * then any store credit and what the card was charged, and the mail-in rebates paid back later.
 */
export function placedOrderTotals(totals: PlacedOrderTotals, shippingLabel = "Shipping") {
  return {
    rows: [
      { label: "Subtotal", amount: formatCents(totals.subTotal) },
      ...(totals.discountAmount > 0 ? [{ label: "Discounts", amount: `−${formatCents(totals.discountAmount)}` }] : []),
      // Stored after any shipping discount, as the cart's summary shows it ('FREE' at 0).
      { label: shippingLabel, amount: shippingPriceLabel(totals.shipping) },
      { label: "Tax", amount: formatCents(totals.taxAmount) },
      ...(totals.insuranceBenefit
        ? [
            {
              label: `Insurance benefits (${totals.insuranceBenefit.planName})`,
              amount: `−${formatCents(totals.insuranceBenefit.amountCents)}`,
            },
          ]
        : []),
    ],
    total: formatCents(totals.totalAmount),
    credit:
      totals.storeCredit > 0
        ? {
            used: `−${formatCents(totals.storeCredit)}`,
            charged: formatCents(totals.totalAmount - totals.storeCredit),
          }
        : null,
    rebates: totals.rebateTotal > 0 ? formatCents(totals.rebateTotal) : null,
  };
}
