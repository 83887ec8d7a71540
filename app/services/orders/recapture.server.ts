import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQLWrapper } from "drizzle-orm";
import { DateTime } from "luxon";
import {
  isForgotten,
  RECAPTURE_FORGET_AFTER_DAYS,
  RECAPTURE_ORDER_WINDOW_DAYS,
  RECAPTURE_PRESCRIPTION_STATUSES,
  RECAPTURE_STATUS_CODES,
  recaptureBannerOrder,
  type RecaptureCandidate,
} from "~/models/recapture";
import type { Database, Executor } from "../db/client.server";
import { examVouchers, orderGroups, orders, prescriptions, recaptureNotices } from "../db/schema";
import { getPrimaryAddress } from "../accounts/addresses.server";
import type { AppServices } from "../platform/context.server";

/**
 * Recapture of held orders (issue 16; the rules in models/recapture.ts). What the spec keeps in the browser's
 * storage (the watch map: dismissed, completeDate, examVoucherToken per order) is kept here per customer and order,
 * so it holds on every device and without JavaScript. The root middleware learns in its session lookup whether a
 * customer has a held order at all (`heldOrderExists`), so only those customers pay for the banner's queries.
 */

type RecaptureServices = Pick<AppServices, "db" | "examProvider" | "logger">;

const windowStart = (now: Date) => DateTime.fromJSDate(now).minus({ days: RECAPTURE_ORDER_WINDOW_DAYS }).toJSDate();

/** The customer's paid orders in a held status (H or S), placed within the recapture window. */
const heldInWindow = (customerId: SQLWrapper | number, now: Date) =>
  and(
    eq(orders.customerId, customerId),
    inArray(orders.statusCode, [...RECAPTURE_STATUS_CODES]),
    eq(orders.paymentState, "paid"),
    gte(orders.createdAt, windowStart(now)),
  );

/** A held lens order of the customer in the window whose prescription is still needed (for an `exists`). */
export function heldOrderExists(db: Database, customerId: SQLWrapper, now: Date = new Date()) {
  return db
    .select({ one: sql`1` })
    .from(orders)
    .innerJoin(orderGroups, eq(orderGroups.orderId, orders.id))
    .where(
      and(
        heldInWindow(customerId, now),
        eq(orderGroups.type, "Lens"),
        inArray(orderGroups.prescriptionStatus, [...RECAPTURE_PRESCRIPTION_STATUSES]),
      ),
    );
}

/** The customer's held orders in the window, with what the banner remembers of each. */
export async function recaptureCandidates(db: Executor, customerId: number, now: Date): Promise<RecaptureCandidate[]> {
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      statusCode: orders.statusCode,
      placedAt: orders.createdAt,
      type: orderGroups.type,
      prescriptionStatus: orderGroups.prescriptionStatus,
      dismissedAt: recaptureNotices.dismissedAt,
      completedAt: recaptureNotices.completedAt,
    })
    .from(orders)
    .innerJoin(orderGroups, eq(orderGroups.orderId, orders.id))
    .leftJoin(
      recaptureNotices,
      and(eq(recaptureNotices.orderId, orders.id), eq(recaptureNotices.customerId, orders.customerId)),
    )
    .where(heldInWindow(customerId, now));
  const byOrder = new Map<string, RecaptureCandidate>();
  for (const row of rows) {
    const order = byOrder.get(row.orderNumber) ?? {
      orderNumber: row.orderNumber,
      statusCode: row.statusCode,
      placedAt: row.placedAt,
      isLensOrder: false,
      prescriptionStatuses: [],
      dismissed: row.dismissedAt !== null,
      // A completed entry is forgotten after 2 days: the order counts as any other again.
      completedAt: isForgotten(row.completedAt, now) ? null : row.completedAt,
    };
    if (row.type === "Lens") {
      order.isLensOrder = true;
      order.prescriptionStatuses = [...order.prescriptionStatuses, row.prescriptionStatus];
    }
    byOrder.set(row.orderNumber, order);
  }
  return [...byOrder.values()];
}

/**
 * Spec "Express exam eligibility": whether the exam provider serves the state of the customer's primary address;
 * eligible when there is none, or when the provider does not answer.
 */
export async function expressExamEligible(services: RecaptureServices, customerId: number): Promise<boolean> {
  try {
    const primary = await getPrimaryAddress(services.db, customerId);
    if (!primary?.state) return true;
    return await services.examProvider.servesState(primary.state);
  } catch (error) {
    services.logger.warn({ err: error }, "express exam eligibility: no answer; counting the customer eligible");
    return true;
  }
}

/** When the customer last completed an exam (taken, or issued after), or null. */
export async function lastCompletedExamAt(db: Executor, customerId: number): Promise<Date | null> {
  const [row] = await db
    .select({ examDate: examVouchers.examDate })
    .from(examVouchers)
    .where(and(eq(examVouchers.customerId, customerId), isNotNull(examVouchers.examDate)))
    .orderBy(desc(examVouchers.examDate))
    .limit(1);
  return row?.examDate ?? null;
}

/** The order the attention banner is about for this customer now, or null. */
export async function recaptureBanner(
  services: RecaptureServices,
  customerId: number,
  now: Date = new Date(),
): Promise<{ orderNumber: string } | null> {
  const candidates = await recaptureCandidates(services.db, customerId, now);
  if (candidates.length === 0) return null;
  const [expressExam, lastExam] = await Promise.all([
    expressExamEligible(services, customerId),
    lastCompletedExamAt(services.db, customerId),
  ]);
  const orderNumber = recaptureBannerOrder({
    candidates,
    expressExamEligible: expressExam,
    lastCompletedExamAt: lastExam,
    now,
  });
  return orderNumber ? { orderNumber } : null;
}

async function orderIdOf(db: Executor, customerId: number, orderNumber: string): Promise<number | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.customerId, customerId)));
  return order?.id ?? null;
}

/** Dismisses the banner for one of the customer's orders; false when the order is not theirs. */
export async function dismissRecapture(
  db: Database,
  customerId: number,
  orderNumber: string,
  now: Date = new Date(),
): Promise<boolean> {
  const orderId = await orderIdOf(db, customerId, orderNumber);
  if (orderId === null) return false;
  await db
    .insert(recaptureNotices)
    .values({ customerId, orderId, dismissedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [recaptureNotices.customerId, recaptureNotices.orderId],
      set: { dismissedAt: now, updatedAt: now },
    });
  return true;
}

/** Spec: signing out dismisses the notification, for every order it could be about. */
export async function dismissAllRecaptures(db: Database, customerId: number, now: Date = new Date()): Promise<void> {
  const candidates = await recaptureCandidates(db, customerId, now);
  for (const candidate of candidates) await dismissRecapture(db, customerId, candidate.orderNumber, now);
}

/**
 * The held order got what it needed (an exam taken with potential evidence, or an uploaded prescription): the entry
 * is completed (once; true the first time, for the toast 'We're working on your order.'). Runs in the caller's
 * transaction. Entries completed more than 2 days ago are forgotten here too.
 */
export async function completeRecapture(
  tx: Executor,
  input: { customerId: number; orderId: number; examVoucherToken?: string | null },
  now: Date = new Date(),
): Promise<boolean> {
  const forgetBefore = DateTime.fromJSDate(now).minus({ days: RECAPTURE_FORGET_AFTER_DAYS }).toJSDate();
  await tx
    .delete(recaptureNotices)
    .where(and(eq(recaptureNotices.customerId, input.customerId), lt(recaptureNotices.completedAt, forgetBefore)));
  const values = {
    completedAt: now,
    examVoucherToken: input.examVoucherToken ?? null,
    toastShownAt: null,
    updatedAt: now,
  };
  const done = await tx
    .insert(recaptureNotices)
    .values({ customerId: input.customerId, orderId: input.orderId, ...values, createdAt: now })
    .onConflictDoUpdate({
      target: [recaptureNotices.customerId, recaptureNotices.orderId],
      set: values,
      where: or(isNull(recaptureNotices.completedAt), lt(recaptureNotices.completedAt, forgetBefore)),
    })
    .returning({ orderId: recaptureNotices.orderId });
  return done.length > 0;
}

/**
 * The toast 'We're working on your order.' for a notice this exam completed: true once (the first page after the
 * completion, whoever completed it: the page itself, the exams job or the details call).
 */
export async function takeRecaptureToast(
  db: Executor,
  input: { customerId: number; orderId: number; examVoucherToken: string },
  now: Date = new Date(),
): Promise<boolean> {
  const taken = await db
    .update(recaptureNotices)
    .set({ toastShownAt: now, updatedAt: now })
    .where(
      and(
        eq(recaptureNotices.customerId, input.customerId),
        eq(recaptureNotices.orderId, input.orderId),
        eq(recaptureNotices.examVoucherToken, input.examVoucherToken),
        isNotNull(recaptureNotices.completedAt),
        isNull(recaptureNotices.toastShownAt),
      ),
    )
    .returning({ orderId: recaptureNotices.orderId });
  return taken.length > 0;
}

/**
 * A held order goes on: processing again, its lens groups waiting on what the shopper sent (an uploaded prescription
 * to verify, or the exam's doctor), or verified already by an exam the doctor issued. Inside the caller's transaction.
 */
export async function resumeHeldOrder(
  tx: Executor,
  orderId: number,
  change:
    | { prescriptionStatus: "PendingVerification"; source: "uploaded" }
    | { prescriptionStatus: "PendingExam" | "Verified"; examVoucherToken: string; prescriptionId?: number | null },
  now: Date = new Date(),
): Promise<void> {
  await tx
    .update(orders)
    .set({ statusCode: "", updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.statusCode, [...RECAPTURE_STATUS_CODES])));
  const groups = await tx
    .update(orderGroups)
    .set({
      prescriptionStatus: change.prescriptionStatus,
      ...("examVoucherToken" in change ? { examVoucherToken: change.examVoucherToken } : {}),
      ...("prescriptionId" in change && change.prescriptionId ? { prescriptionId: change.prescriptionId } : {}),
    })
    .where(
      and(
        eq(orderGroups.orderId, orderId),
        eq(orderGroups.type, "Lens"),
        inArray(orderGroups.prescriptionStatus, [...RECAPTURE_PRESCRIPTION_STATUSES]),
      ),
    )
    .returning({ prescriptionId: orderGroups.prescriptionId });
  const ids = groups.flatMap((group) => (group.prescriptionId ? [group.prescriptionId] : []));
  if (ids.length === 0 || change.prescriptionStatus === "Verified") return;
  await tx
    .update(prescriptions)
    .set({
      status: change.prescriptionStatus,
      ...("source" in change ? { source: change.source } : { source: "exam" }),
      updatedAt: now,
    })
    .where(inArray(prescriptions.id, ids));
}

/**
 * A recapture exam was taken with potential evidence (or already issued): the order's banner entry completes and the
 * order goes on, waiting for the exam's prescription. True the first time (the page then shows 'We're working on
 * your order.').
 */
export async function completeRecaptureByExam(
  db: Database,
  voucher: {
    token: string;
    customerId: number;
    orderId: number | null;
    isRecapture: boolean;
    status: string;
    potentialEvidence: boolean;
    prescriptionId: number | null;
  },
  now: Date = new Date(),
): Promise<boolean> {
  if (!voucher.isRecapture || voucher.orderId === null) return false;
  const issued = voucher.status === "Issued" && voucher.prescriptionId !== null;
  if (!issued && !(voucher.status === "Taken" && voucher.potentialEvidence)) return false;
  const orderId = voucher.orderId;
  return db.transaction(async (tx) => {
    const first = await completeRecapture(
      tx,
      { customerId: voucher.customerId, orderId, examVoucherToken: voucher.token },
      now,
    );
    if (first) {
      await resumeHeldOrder(
        tx,
        orderId,
        issued
          ? { prescriptionStatus: "Verified", examVoucherToken: voucher.token, prescriptionId: voucher.prescriptionId }
          : { prescriptionStatus: "PendingExam", examVoucherToken: voucher.token },
        now,
      );
    }
    return first;
  });
}
