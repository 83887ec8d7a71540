import { and, asc, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import { CARD_KINDS } from "~/models/payment-methods";
import { isCardExpired } from "~/models/card";
import type { WhichEye } from "~/models/line-item-group";
import type { OrderedLine } from "~/models/order-plan";
import { orderChoices } from "~/models/product-order";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import { PRESCRIPTION_VALID_DAYS } from "~/models/prescriptions";
import { prescriptionChange } from "~/models/subscription-prescription";
import {
  businessToday,
  DEFAULT_FREQUENCY_DAYS,
  FAILURE_MESSAGES,
  firstReorderDate,
  frequencyLabel,
  isListable,
  isPrescriptionExpired,
  snoozeOutcome,
  SUBSCRIPTION_FAILURES,
  type CancelReason,
  type SnoozeOutcome,
  type SubscriptionFailure,
  type SubscriptionStatus,
} from "~/models/subscription";
import type { Database, Executor, Transaction } from "../db/client.server";
import {
  brands,
  clinics,
  customers,
  doctors,
  paymentMethods,
  prescriptions,
  products,
  subscriptionItems,
  subscriptions,
  type AddressSnapshot,
} from "../db/schema";

/**
 * Auto-reorder subscriptions (spec 3 §3–7): created with the order that chose auto-reorder, read and changed by the
 * account pages and the API. Every read and change takes the signed-in customer's id and filters by it, so another
 * customer's subscription is simply not found. Changes to a cancelled subscription are refused.
 */

// ---------------------------------------------------------------------------------------------------------
// Created by an order.

export interface OrderedGroup {
  type: "Lens" | "Solution";
  autoReorderFrequencyDays: number | null;
  patient: { firstName: string; lastName: string; patientId?: number } | null;
  doctorId: number | null;
  /** The expiration date of the group's prescription (typed with it, or the saved prescription's); null unknown. */
  prescriptionExpiresOn?: string | null;
  items: OrderedLine[];
}

/**
 * Inside the order's transaction: one subscription per group that chose auto-reorder, with the group's items, the
 * order's address, shipping level and card, the first reorder date one frequency after the order, and the expiration
 * date of the group's prescription (the runner stops reordering once it has passed). A group whose prescription is
 * still to come (submit-and-skip, PendingSubmission) gets none: there is no UPC to reorder yet, nor a date.
 */
export async function createSubscriptionsForOrder(
  tx: Executor,
  order: {
    id: number;
    customerId: number;
    placedAt: Date;
    shippingAddress: AddressSnapshot;
    shippingLevel: number;
    paymentMethodId: number | null;
  },
  groups: readonly OrderedGroup[],
): Promise<number[]> {
  const created: number[] = [];
  const orderDate = businessToday(order.placedAt);
  for (const group of groups) {
    if (group.autoReorderFrequencyDays === null) continue;
    const items = group.items.filter((item) => item.upc && item.upc !== SUBMIT_AND_SKIP_UPC && item.quantity > 0);
    if (items.length === 0 || items.length !== group.items.length) continue;
    const frequencyDays = group.autoReorderFrequencyDays || DEFAULT_FREQUENCY_DAYS;
    const [row] = await tx
      .insert(subscriptions)
      .values({
        customerId: order.customerId,
        type: group.type,
        frequencyDays,
        nextReorderDate: firstReorderDate(orderDate, frequencyDays),
        patient: group.patient,
        doctorId: group.doctorId,
        shippingAddress: order.shippingAddress,
        shippingLevel: order.shippingLevel,
        paymentMethodId: order.paymentMethodId,
        prescriptionExpiresOn:
          group.type === "Lens"
            ? (group.prescriptionExpiresOn ?? firstReorderDate(orderDate, PRESCRIPTION_VALID_DAYS))
            : null,
        sourceOrderId: order.id,
        lastOrderId: order.id,
        createdAt: order.placedAt,
        updatedAt: order.placedAt,
      })
      .returning({ id: subscriptions.id });
    await tx.insert(subscriptionItems).values(
      items.map((item) => ({
        subscriptionId: row!.id,
        whichEye: item.whichEye,
        productId: item.productId,
        upc: item.upc!,
        quantity: item.quantity,
        selectedParameters: item.parameters,
      })),
    );
    created.push(row!.id);
  }
  if (created.length > 0) {
    // Reminders come with auto-reorder: a customer who never chose otherwise is opted in, so the settings page
    // shows what will be sent (an explicit opt-out stays).
    await tx
      .update(customers)
      .set({ preferences: sql`${customers.preferences} || '{"EmailReorderReminder": true}'::jsonb` })
      .where(and(eq(customers.id, order.customerId), sql`not (${customers.preferences} ? 'EmailReorderReminder')`));
  }
  return created;
}

// ---------------------------------------------------------------------------------------------------------
// Reads.

export interface SubscriptionItemView {
  whichEye: WhichEye;
  productId: number;
  productName: string;
  brandName: string;
  imageUrl: string;
  upc: string;
  quantity: number;
  parameters: Record<string, string>;
  /** The quantities this product may be ordered in (0 pauses one eye of two). */
  quantityOptions: number[];
  isDiscontinued: boolean;
}

export interface SubscriptionView {
  id: number;
  customerId: number;
  status: SubscriptionStatus;
  type: "Lens" | "Solution";
  frequencyDays: number;
  frequencyLabel: string;
  nextReorderDate: string;
  patient: { firstName: string; lastName: string } | null;
  doctor: { id: number; name: string; clinicName: string } | null;
  /** Right eye first, then left; a solution's single item has whichEye 'none'. */
  items: SubscriptionItemView[];
  shippingAddress: AddressSnapshot | null;
  shippingLevel: number;
  card: { id: number; brand: string; lastFour: string; expired: boolean } | null;
  prescriptionExpiresOn: string | null;
  /** Expired as of today (the runner will not place the order). */
  prescriptionExpired: boolean;
  lastFailure: { reason: SubscriptionFailure; message: string; at: string } | null;
  lastOrderId: number | null;
  cancelReason: string | null;
  cancelledAt: string | null;
}

const EYE_ORDER: Record<string, number> = { right: 0, left: 1, none: 2 };

function isFailure(value: string | null): value is SubscriptionFailure {
  return value !== null && (SUBSCRIPTION_FAILURES as readonly string[]).includes(value);
}

/** Subscriptions as views; `where` picks the rows (always including the customer filter). */
async function readSubscriptions(db: Executor, where: ReturnType<typeof and>, now: Date): Promise<SubscriptionView[]> {
  const rows = await db
    .select({
      subscription: subscriptions,
      card: {
        id: paymentMethods.id,
        brand: paymentMethods.brand,
        lastFour: paymentMethods.lastFour,
        expirationMonth: paymentMethods.expirationMonth,
        expirationYear: paymentMethods.expirationYear,
      },
      doctor: { id: doctors.id, firstName: doctors.firstName, lastName: doctors.lastName },
      clinicName: clinics.name,
    })
    .from(subscriptions)
    // Subscriptions charge cards only (a pay-in-4 token never stands in for one).
    .leftJoin(
      paymentMethods,
      and(eq(paymentMethods.id, subscriptions.paymentMethodId), inArray(paymentMethods.kind, [...CARD_KINDS])),
    )
    .leftJoin(doctors, eq(doctors.id, subscriptions.doctorId))
    .leftJoin(clinics, eq(clinics.id, doctors.clinicId))
    .where(where)
    .orderBy(asc(subscriptions.nextReorderDate), asc(subscriptions.id));
  if (rows.length === 0) return [];
  const itemRows = await db
    .select({
      item: subscriptionItems,
      productName: products.displayName,
      brandName: brands.name,
      imageUrl: products.imageUrl,
      productType: products.productType,
      categories: products.categories,
      wearTimeDays: products.wearTimeDays,
      quantityPerPackage: products.quantityPerPackage,
      maximumQuantity: products.maximumQuantity,
      discontinued: products.discontinuedInCatalog,
    })
    .from(subscriptionItems)
    .innerJoin(products, eq(products.id, subscriptionItems.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      inArray(
        subscriptionItems.subscriptionId,
        rows.map((row) => row.subscription.id),
      ),
    );
  const today = businessToday(now);
  return rows.map(({ subscription: row, card, doctor, clinicName }) => {
    const items = itemRows
      .filter(({ item }) => item.subscriptionId === row.id)
      .map(({ item, productName, brandName, imageUrl, discontinued, ...product }) => ({
        whichEye: item.whichEye as WhichEye,
        productId: item.productId,
        productName,
        brandName,
        imageUrl,
        upc: item.upc,
        quantity: item.quantity,
        parameters: item.selectedParameters,
        quantityOptions: orderChoices(product).quantityOptions,
        isDiscontinued: discontinued,
      }))
      .sort((a, b) => EYE_ORDER[a.whichEye]! - EYE_ORDER[b.whichEye]!);
    return {
      id: row.id,
      customerId: row.customerId,
      status: row.status as SubscriptionStatus,
      type: row.type as "Lens" | "Solution",
      frequencyDays: row.frequencyDays,
      frequencyLabel: frequencyLabel(row.frequencyDays),
      nextReorderDate: row.nextReorderDate,
      patient: row.patient ? { firstName: row.patient.firstName, lastName: row.patient.lastName } : null,
      doctor: doctor
        ? { id: doctor.id, name: `Dr. ${doctor.firstName} ${doctor.lastName}`, clinicName: clinicName ?? "" }
        : null,
      items,
      shippingAddress: row.shippingAddress ?? null,
      shippingLevel: row.shippingLevel,
      // A card kind's card columns are always set (the table's check).
      card:
        card && card.lastFour !== null && card.expirationMonth !== null && card.expirationYear !== null
          ? {
              id: card.id,
              brand: card.brand,
              lastFour: card.lastFour,
              expired: isCardExpired(card.expirationMonth, card.expirationYear, now),
            }
          : null,
      prescriptionExpiresOn: row.prescriptionExpiresOn,
      prescriptionExpired: isPrescriptionExpired(row.prescriptionExpiresOn, today),
      lastFailure:
        isFailure(row.lastFailureReason) && row.lastFailureAt
          ? {
              reason: row.lastFailureReason,
              message: FAILURE_MESSAGES[row.lastFailureReason],
              at: row.lastFailureAt.toISOString(),
            }
          : null,
      lastOrderId: row.lastOrderId,
      cancelReason: row.cancelReason,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
    };
  });
}

/** The customer's active subscriptions that have an item to send (spec 3 §3), next order first. */
export async function listSubscriptions(db: Executor, customerId: number, now = new Date()) {
  const views = await readSubscriptions(
    db,
    and(eq(subscriptions.customerId, customerId), eq(subscriptions.status, "Active")),
    now,
  );
  return views.filter((view) => isListable(view.items));
}

/** One of the customer's subscriptions (active or cancelled), or null when it is not theirs or does not exist. */
export async function subscriptionFor(
  db: Executor,
  customerId: number,
  subscriptionId: number,
  now = new Date(),
): Promise<SubscriptionView | null> {
  const [view] = await readSubscriptions(
    db,
    and(eq(subscriptions.customerId, customerId), eq(subscriptions.id, subscriptionId)),
    now,
  );
  return view ?? null;
}

/** Whether the header and footer show 'My subscriptions' (spec 1 §2.6: only with subscriptions). */
export async function hasSubscriptions(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await subscriptionsToSend(db, customerId).limit(1);
  return row !== undefined;
}

/** The rule of 'having subscriptions', over subscriptions joined to their items: active, with something to send. */
const sendsSomething = (customerId: number | SQLWrapper) =>
  and(
    eq(subscriptions.customerId, customerId),
    eq(subscriptions.status, "Active"),
    sql`${subscriptionItems.quantity} > 0`,
  );

/**
 * hasSubscriptions's rule as a query: the customer's active subscriptions with something to send. `customerId` may be
 * a column of an outer query (the root middleware asks it in the same query that finds the signed-in customer).
 */
export function subscriptionsToSend(db: Executor, customerId: number | SQLWrapper) {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(subscriptionItems, eq(subscriptionItems.subscriptionId, subscriptions.id))
    .where(sendsSomething(customerId));
}

/** The spec's customer.subscriptionsCount: active subscriptions with something to send. */
export async function countSubscriptions(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${subscriptions.id})::int` })
    .from(subscriptions)
    .innerJoin(subscriptionItems, eq(subscriptionItems.subscriptionId, subscriptions.id))
    .where(sendsSomething(customerId));
  return row?.count ?? 0;
}

/** A subscription id from a path or a form: 1 to 9 digits, else null (a 404, never a 500). */
export function parseSubscriptionId(raw: unknown): number | null {
  return typeof raw === "string" && /^[0-9]{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Changes. Each runs in one transaction with the row locked, so two changes never interleave.

export type ChangeResult<T = undefined> =
  { ok: true; value: T } | { ok: false; reason: "not-found" | "cancelled" | "invalid"; message?: string };

type SubscriptionRow = typeof subscriptions.$inferSelect;

async function withSubscription<T>(
  db: Database,
  customerId: number | null,
  subscriptionId: number,
  now: Date,
  change: (tx: Transaction, row: SubscriptionRow, save: SaveSubscription) => Promise<ChangeResult<T>>,
): Promise<ChangeResult<T>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(
        customerId === null
          ? eq(subscriptions.id, subscriptionId)
          : and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)),
      )
      .for("update");
    if (!row) return { ok: false, reason: "not-found" };
    if (row.status !== "Active") return { ok: false, reason: "cancelled" };
    const save: SaveSubscription = async (values) => {
      await tx
        .update(subscriptions)
        .set({ ...values, updatedAt: now })
        .where(eq(subscriptions.id, subscriptionId));
    };
    return change(tx, row, save);
  });
}

/** Writes the given columns to the subscription being changed, and its updatedAt. */
type SaveSubscription = (values: Partial<typeof subscriptions.$inferInsert>) => Promise<void>;

/**
 * New quantities per eye. The caller validated them against the products' options (quantitiesSchema); an eye the
 * subscription does not have is ignored.
 */
export async function setSubscriptionQuantities(
  db: Database,
  customerId: number,
  subscriptionId: number,
  quantities: { right: number | null; left: number | null; none?: number | null },
  now = new Date(),
): Promise<ChangeResult> {
  return withSubscription(db, customerId, subscriptionId, now, async (tx, _row, save) => {
    for (const [eye, quantity] of Object.entries(quantities)) {
      if (quantity === null || quantity === undefined) continue;
      await tx
        .update(subscriptionItems)
        .set({ quantity })
        .where(and(eq(subscriptionItems.subscriptionId, subscriptionId), eq(subscriptionItems.whichEye, eye)));
    }
    await save({});
    return { ok: true, value: undefined };
  });
}

export async function setSubscriptionFrequency(
  db: Database,
  customerId: number,
  subscriptionId: number,
  frequencyDays: number,
  now = new Date(),
): Promise<ChangeResult> {
  return withSubscription(db, customerId, subscriptionId, now, async (tx, _row, save) => {
    await save({ frequencyDays });
    return { ok: true, value: undefined };
  });
}

/** A date the customer chose (validated by nextDateSchema). A new date is a new reminder and a fresh attempt. */
export async function setNextReorderDate(
  db: Database,
  customerId: number,
  subscriptionId: number,
  isoDate: string,
  now = new Date(),
): Promise<ChangeResult<{ date: string }>> {
  return withSubscription(db, customerId, subscriptionId, now, async (tx, _row, save) => {
    await save({ nextReorderDate: isoDate, ...clearedAttempt });
    return { ok: true, value: { date: isoDate } };
  });
}

/** What a moved reorder date resets: the failure of the old date and its notices. */
const clearedAttempt = { lastFailureReason: null, lastFailureAt: null, failureNotice: null } as const;

/**
 * Snoozes by `days` from `linkDate` (spec 3 §4): the e-mailed link carries the date it was written for, the web
 * form the current date. Signed-out snoozes (the e-mailed link) pass customerId null: the signed token is the
 * authority. Idempotent: a second press reports 'already snoozed'.
 */
export async function snoozeSubscription(
  db: Database,
  customerId: number | null,
  subscriptionId: number,
  request: { linkDate: string; days: number },
  now = new Date(),
): Promise<ChangeResult<SnoozeOutcome>> {
  return withSubscription(db, customerId, subscriptionId, now, async (tx, row, save) => {
    const outcome = snoozeOutcome({ ...request, currentDate: row.nextReorderDate });
    if (outcome.kind === "snoozed") {
      await save({ nextReorderDate: outcome.to, ...clearedAttempt });
    }
    return { ok: true, value: outcome };
  });
}

/** A new shipping address (already verified by the address step's rules; see checkout-address.server.ts). */
export async function setSubscriptionAddress(
  db: Database,
  customerId: number,
  subscriptionId: number,
  address: AddressSnapshot,
  now = new Date(),
): Promise<ChangeResult> {
  return withSubscription(db, customerId, subscriptionId, now, async (tx, row, save) => {
    await save({
      shippingAddress: address,
      ...(row.lastFailureReason === "no-address" ? clearedAttempt : {}),
    });
    return { ok: true, value: undefined };
  });
}

/** One of the customer's saved cards; another customer's card is refused as invalid. */
export async function setSubscriptionCard(
  db: Database,
  customerId: number,
  subscriptionId: number,
  paymentMethodId: number,
  now = new Date(),
): Promise<ChangeResult> {
  return withSubscription(db, customerId, subscriptionId, now, async (tx, row, save) => {
    const [card] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, paymentMethodId),
          eq(paymentMethods.customerId, customerId),
          inArray(paymentMethods.kind, [...CARD_KINDS]),
        ),
      );
    if (!card) return { ok: false, reason: "invalid" };
    const cardFailure = ["declined", "no-card", "card-expired"].includes(row.lastFailureReason ?? "");
    await save({ paymentMethodId, ...(cardFailure ? clearedAttempt : {}) });
    return { ok: true, value: undefined };
  });
}

export async function cancelSubscription(
  db: Database,
  customerId: number,
  subscriptionId: number,
  cancellation: { reason: CancelReason; note: string | null },
  now = new Date(),
): Promise<ChangeResult> {
  return withSubscription(db, customerId, subscriptionId, now, async (tx, _row, save) => {
    await save({
      status: "Cancelled",
      cancelReason: cancellation.reason,
      cancelNote: cancellation.note,
      cancelledAt: now,
      claimedUntil: null,
    });
    return { ok: true, value: undefined };
  });
}

/**
 * The prescription the subscription reorders on (PUT api/autoReorder/prescription): one of the customer's, usable,
 * for the subscription's patient and the same lens on each eye (subscription-prescription.ts). Its UPCs and
 * parameters replace the items', its expiration date the subscription's, and its listed doctor the subscription's.
 * `value` is null when the prescription is not the customer's.
 */
export async function setSubscriptionPrescription(
  db: Database,
  customerId: number,
  subscriptionId: number,
  prescriptionId: number,
  now = new Date(),
): Promise<ChangeResult<{ prescriptionFound: boolean }>> {
  type Found = { prescriptionFound: boolean };
  return withSubscription<Found>(db, customerId, subscriptionId, now, async (tx, row, save) => {
    const [prescription] = await tx
      .select()
      .from(prescriptions)
      .where(and(eq(prescriptions.id, prescriptionId), eq(prescriptions.customerId, customerId)));
    if (!prescription) return { ok: true, value: { prescriptionFound: false } };
    const items = await tx
      .select({ whichEye: subscriptionItems.whichEye, productId: subscriptionItems.productId })
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscriptionId, subscriptionId));
    const productIds = [
      ...new Set([prescription.rightEye?.productId, prescription.leftEye?.productId].filter((id) => id !== undefined)),
    ];
    const catalog =
      productIds.length === 0
        ? []
        : await tx
            .select({
              id: products.id,
              discontinuedInCatalog: products.discontinuedInCatalog,
              isHidden: products.isHidden,
            })
            .from(products)
            .where(inArray(products.id, productIds));
    const change = prescriptionChange(
      { items: items.map((item) => ({ ...item, whichEye: item.whichEye as WhichEye })), patient: row.patient },
      prescription,
      new Map(catalog.map((product) => [product.id, product])),
      businessToday(now),
    );
    if (!change.ok) return { ok: false, reason: "invalid", message: change.message };
    for (const eye of change.eyes) {
      await tx
        .update(subscriptionItems)
        .set({ upc: eye.upc, selectedParameters: eye.parameters })
        .where(and(eq(subscriptionItems.subscriptionId, subscriptionId), eq(subscriptionItems.whichEye, eye.whichEye)));
    }
    await save({
      prescriptionExpiresOn: prescription.expirationDate,
      ...(prescription.prescriber?.doctorId ? { doctorId: prescription.prescriber.doctorId } : {}),
      ...(row.lastFailureReason === "prescription-expired" ? clearedAttempt : {}),
    });
    return { ok: true, value: { prescriptionFound: true } };
  });
}
