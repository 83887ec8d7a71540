import type { OrderInsuranceBenefit } from "~/models/insurance";
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  max,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import { DateTime } from "luxon";
import {
  businessIsoDate,
  DELETED_CODE,
  TEST_CODE,
  expectedDeliveryDate,
  isOldOrder,
  orderStatus,
  orderStatusLabel,
  orderStatusMessage,
  trackingStatus,
  trackingUrl,
  type OrderStatus,
  type PlacedOrderLine,
} from "~/models/order-status";
import type { OrderSummary } from "~/models/order-summary";
import { isShippingLevel, shippingMethod } from "~/models/shipping";
import { together, type Executor } from "../db/client.server";
import { orderGroups, orderLines, orders } from "../db/schema";

/**
 * A customer's placed orders as history and details (spec 2 §3 order-history entry, §4 order status and age). Every read filters by the customer's id, so another
 * customer's order is simply not found (DESIGN §9); deleted orders are never shown.
 */

type OrderRow = typeof orders.$inferSelect;
type GroupRow = typeof orderGroups.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/** A placed line as the order pages and e-mails read it, with its product and SKU. */
export interface OrderLine extends PlacedOrderLine {
  productId: number;
  upc: string;
}

export interface OrderGroup {
  id: number;
  type: string;
  patient: GroupRow["patient"];
  doctor: GroupRow["doctor"];
  rxEntryType: string | null;
  prescriptionStatus: string | null;
  /** The prescription recorded for the group (null for solution, or once deleted from the wallet). */
  prescriptionId?: number | null;
  autoReorderFrequencyDays: number | null;
  lines: OrderLine[];
}

/** One order as history shows it: its status, dates and tracking worked out, and what was in it. */
export interface OrderSummaryView {
  id: number;
  orderNumber: string;
  orderTakenDate: string;
  /** The Boise calendar day the order was taken. */
  orderDate: string;
  statusCode: string;
  status: OrderStatus;
  statusLabel: string;
  statusMessage: string;
  estimatedDeliveryDate: string | null;
  expectedDeliveryDate: string;
  deliveredDate: string | null;
  isOld: boolean;
  shippingLevel: number;
  trackingNumber: string | null;
  trackingUrl: string | null;
  tracking: { deliveryDate: string | null; trackingStatus: string | null } | null;
  totalCents: number;
  isNonLensOrder: boolean;
  groups: OrderGroup[];
}

export interface OrderDetailsView extends OrderSummaryView {
  shippingAddress: OrderRow["shippingAddress"];
  shippingMethodLabel: string;
  /** method: the payment method enumeration (PayPal 7, Afterpay 15, a card brand's number; null on older orders). */
  payment: { brand: string; lastFour: string; method: number | null };
  couponCode: string | null;
  /** The order summary's amounts (models/order-summary.ts), with the store credit applied as the order recorded it. */
  totals: Pick<
    OrderSummary,
    "subTotal" | "discountAmount" | "shipping" | "shippingDiscount" | "taxAmount" | "rebateTotal" | "totalAmount"
  > & { storeCredit: number; insuranceBenefit: OrderInsuranceBenefit | null };
}

export interface OrderHistoryPage {
  orders: OrderSummaryView[];
  /** Orders the customer can see (deleted ones are not counted). */
  totalCount: number;
  page: number;
  pageSize: number;
}

/** The customer's orders, without deleted ones and without a reservation still waiting for its charge (decision 29). */
const visibleTo = (customerId: number): SQL =>
  and(eq(orders.customerId, customerId), ne(orders.statusCode, DELETED_CODE), eq(orders.paymentState, "paid"))!;

/** A page (from 0) of the customer's orders, newest first, deleted ones left out. */
export async function orderHistory(
  db: Executor,
  customerId: number,
  { pageSize, page }: { pageSize: number; page: number },
  now: DateTime = DateTime.now(),
): Promise<OrderHistoryPage> {
  const [rows, [counted]] = await together(db, [
    () =>
      db
        .select()
        .from(orders)
        .where(visibleTo(customerId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(pageSize)
        .offset(page * pageSize),
    () => db.select({ total: count() }).from(orders).where(visibleTo(customerId)),
  ]);
  const groups = await groupsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    orders: rows.map((row) => summaryView(row, groups.get(row.id) ?? [], now)),
    totalCount: counted?.total ?? 0,
    page,
    pageSize,
  };
}

/** The largest database id; a longer number is an order number, never an id. */
const MAX_ID = 2_147_483_647;

/** One of the customer's orders by its order number (or its id), with everything the details page shows. */
export async function orderDetails(
  db: Executor,
  customerId: number,
  orderNumberOrId: string,
  now: DateTime = DateTime.now(),
): Promise<OrderDetailsView | null> {
  const id = /^[0-9]{1,10}$/.test(orderNumberOrId) ? Number(orderNumberOrId) : NaN;
  const byNumber = eq(orders.orderNumber, orderNumberOrId);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(visibleTo(customerId), id > 0 && id <= MAX_ID ? or(byNumber, eq(orders.id, id)) : byNumber))
    // An order number wins over an id that happens to be the same digits.
    .orderBy(desc(sql`${byNumber}`))
    .limit(1);
  if (!row) return null;
  const groups = (await groupsOf(db, [row.id])).get(row.id) ?? [];
  return {
    ...summaryView(row, groups, now),
    shippingAddress: row.shippingAddress,
    shippingMethodLabel: isShippingLevel(row.shippingLevel) ? shippingMethod(row.shippingLevel).label : "Shipping",
    payment: { brand: row.paymentBrand, lastFour: row.paymentLastFour, method: row.paymentMethod },
    couponCode: row.couponCode,
    totals: {
      subTotal: row.subtotalCents,
      discountAmount: row.discountCents,
      shipping: row.shippingCents,
      shippingDiscount: row.shippingDiscountCents,
      taxAmount: row.taxCents,
      rebateTotal: row.rebateCents,
      totalAmount: row.totalCents,
      storeCredit: row.creditCents,
      insuranceBenefit: row.insuranceBenefit,
    },
  };
}

/** The groups and lines of some orders, in the order they were placed. */
export async function groupsOf(db: Executor, orderIds: number[]): Promise<Map<number, OrderGroup[]>> {
  const byOrder = new Map<number, OrderGroup[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ group: orderGroups, line: orderLines })
    .from(orderGroups)
    .leftJoin(orderLines, eq(orderLines.orderGroupId, orderGroups.id))
    .where(inArray(orderGroups.orderId, orderIds))
    .orderBy(asc(orderGroups.orderId), asc(orderGroups.position), asc(orderLines.id));
  const byId = new Map<number, OrderGroup>();
  for (const { group, line } of rows) {
    let view = byId.get(group.id);
    if (!view) {
      view = groupView(group);
      byId.set(group.id, view);
      byOrder.set(group.orderId, [...(byOrder.get(group.orderId) ?? []), view]);
    }
    if (line) view.lines.push(lineView(line));
  }
  return byOrder;
}

function groupView(group: GroupRow): OrderGroup {
  const { id, type, patient, doctor, rxEntryType, prescriptionStatus, prescriptionId, autoReorderFrequencyDays } =
    group;
  return {
    id,
    type,
    patient,
    doctor,
    rxEntryType,
    prescriptionStatus,
    prescriptionId,
    autoReorderFrequencyDays,
    lines: [],
  };
}

function lineView(line: LineRow): OrderLine {
  const { id, whichEye, productId, productName, upc, quantity, unitPriceCents, discountCents } = line;
  return {
    id,
    whichEye,
    productId,
    productName,
    upc,
    quantity,
    unitPriceCents,
    discountCents,
    parameters: line.selectedParameters,
  };
}

function summaryView(row: OrderRow, groups: OrderGroup[], now: DateTime): OrderSummaryView {
  const timing = {
    statusCode: row.statusCode,
    orderDate: row.createdAt,
    shippingLevel: row.shippingLevel,
    estimatedDeliveryDate: row.estimatedDeliveryDate,
    trackingDeliveryDate: row.trackingDeliveryDate,
    deliveredAt: row.deliveredAt,
  };
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    orderTakenDate: row.createdAt.toISOString(),
    orderDate: businessIsoDate(row.createdAt)!,
    statusCode: row.statusCode,
    status: orderStatus(row.statusCode),
    statusLabel: orderStatusLabel(timing),
    statusMessage: orderStatusMessage({ ...timing, prescriptionStatuses: groups.map((g) => g.prescriptionStatus) }),
    estimatedDeliveryDate: businessIsoDate(row.estimatedDeliveryDate),
    expectedDeliveryDate: expectedDeliveryDate(timing).toISODate()!,
    deliveredDate: businessIsoDate(row.deliveredAt),
    isOld: isOldOrder(timing, now),
    shippingLevel: row.shippingLevel,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(row.trackingNumber),
    tracking: row.trackingNumber
      ? { deliveryDate: businessIsoDate(row.trackingDeliveryDate), trackingStatus: trackingStatus(row) }
      : null,
    totalCents: row.totalCents,
    isNonLensOrder: !groups.some((group) => group.type === "Lens"),
    groups,
  };
}

// ---- JSON (spec 2 §3 order-history entry; money in integer cents, like the cart API) -------------------------

const WHICH_EYE: Record<string, string> = { right: "Right", left: "Left" };
const isLens = (group: OrderGroup) => group.type === "Lens";

/** An order's number, dates and status as every order answer of the API names them (GET api/orders, history). */
export function orderHeadlineJson(order: OrderSummaryView) {
  return {
    orderNumber: order.orderNumber,
    orderTakenDate: order.orderTakenDate,
    orderDate: order.orderDate,
    orderStatusCode: order.statusCode,
    orderStatus: order.status,
    orderStatusMessage: order.statusMessage,
  };
}

export function orderHistoryEntryJson(order: OrderSummaryView) {
  return {
    ...orderHeadlineJson(order),
    estimatedDeliveryDate: order.estimatedDeliveryDate,
    expectedDeliveryDate: order.expectedDeliveryDate,
    deliveredDate: order.deliveredDate,
    isOld: order.isOld,
    trackingUrl: order.trackingUrl,
    tracking: order.tracking,
    shipping: { shippingLevel: order.shippingLevel },
    // Saved prescriptions (the wallet) arrive later; until then an order's lens items name none.
    items: order.groups.flatMap((group) =>
      group.lines.map((line) => ({
        productId: line.productId,
        itemType: isLens(group) ? "lens" : "solution",
        whichEye: WHICH_EYE[line.whichEye] ?? "none",
        quantity: line.quantity,
        prescription: isLens(group) ? { prescriptionId: null } : null,
      })),
    ),
    prescriptions: order.groups.filter(isLens).map((group) => {
      const upcOf = (eye: string) => group.lines.find((line) => line.whichEye === eye)?.upc;
      const eyeJson = (eye: string) => (upcOf(eye) ? { upc: upcOf(eye) } : null);
      return {
        patientId: group.patient?.patientId ?? null,
        detail: { leftEye: eyeJson("left"), rightEye: eyeJson("right") },
      };
    }),
    isNonLensOrder: order.isNonLensOrder,
    totalAmount: order.totalCents,
  };
}

/** The order's summary as the API answers it: the spec's insuranceBenefitsTotal in place of the benefit. */
function orderSummaryJson({ insuranceBenefit, ...totals }: OrderDetailsView["totals"]) {
  return { ...totals, insuranceBenefitsTotal: insuranceBenefit?.amountCents ?? 0 };
}

export function orderDetailsJson(order: OrderDetailsView) {
  return {
    ...orderHistoryEntryJson(order),
    shipping: { shippingLevel: order.shippingLevel, label: order.shippingMethodLabel },
    shippingAddress: order.shippingAddress,
    payment: order.payment,
    couponCode: order.couponCode,
    orderSummary: orderSummaryJson(order.totals),
    // The insurance benefit the order used (decision 54), or null.
    insuranceBenefit: order.totals.insuranceBenefit,
    lineItemGroups: order.groups.map((group) => ({
      id: group.id,
      type: group.type,
      patient: group.patient,
      doctor: group.doctor,
      rxEntryType: group.rxEntryType,
      prescriptionStatus: group.prescriptionStatus,
      autoReorder: group.autoReorderFrequencyDays ? { reorderFrequencyInDays: group.autoReorderFrequencyDays } : null,
      lineItems: group.lines.map((line) => ({
        whichEye: WHICH_EYE[line.whichEye] ?? "none",
        productId: line.productId,
        displayName: line.productName,
        upc: line.upc,
        quantity: line.quantity,
        price: line.unitPriceCents,
        discountAmount: line.discountCents,
        parameters: line.parameters,
      })),
    })),
  };
}

/**
 * An order for its thank-you page: shown to its owner (signed in) or to the browser session that placed it
 * (its journey remembers the number); to anyone else it does not exist.
 */
export async function placedOrderFor(
  db: Executor,
  orderNumber: string,
  viewer: { customerId: number | null; placedOrderNumbers: readonly string[] },
) {
  const [row] = await db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  if (!row) return null;
  if (row.customerId !== viewer.customerId && !viewer.placedOrderNumbers.includes(orderNumber)) return null;
  return orderDetails(db, row.customerId, orderNumber);
}

/** When the customer last ordered (deleted and test orders do not count), or null: the entry guard reads it. */
export async function lastOrderAt(db: Executor, customerId: number): Promise<Date | null> {
  const [row] = await lastOrderAtQuery(db, customerId);
  return row?.at ?? null;
}

/** The query of `lastOrderAt`, also for a subquery of the visitor's one lookup (the customer id a column there). */
export function lastOrderAtQuery(db: Executor, customerId: number | SQLWrapper) {
  return db
    .select({ at: max(orders.createdAt) })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        notInArray(orders.statusCode, [DELETED_CODE, TEST_CODE]),
        eq(orders.paymentState, "paid"),
      ),
    );
}
