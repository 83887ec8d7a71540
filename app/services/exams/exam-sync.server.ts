import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { examRefundDue } from "~/models/exam-payments";
import { orderStatus } from "~/models/order-status";
import type { IssuedPrescription } from "../adapters/exam-provider/exam-provider";
import type { Executor } from "../db/client.server";
import { examVouchers, orderGroups, orders, prescriptions } from "../db/schema";
import { holdOrders } from "../orders/order-hold.server";
import type { AppServices } from "../platform/context.server";
import { completeRecaptureByExam } from "../orders/recapture.server";
import { refundForVoucher } from "./exam-refunds.server";

/**
 * How the store learns what happened to an exam (decision 31): it reads the exam from the provider and brings its
 * voucher up to date. Pages call it when they read a voucher, a job calls it every minute for the open ones, and a
 * real provider's webhook would call it too. It is safe to run any number of times at once: the prescription an
 * issued exam gives is written once (the voucher's row is locked and its prescriptionId checked), and a decline only
 * moves groups still waiting for the exam.
 */

/** The e-mail and the site's address: a declined exam puts its orders on hold, which the shopper is told by e-mail. */
export type SyncServices = Pick<AppServices, "db" | "examProvider" | "logger" | "email" | "config" | "payments">;
export type ExamVoucherRow = typeof examVouchers.$inferSelect;

/** Vouchers whose exam can still change on the provider's side without the shopper (the job polls these). */
export const OPEN_VOUCHER_STATUSES = ["Created", "Started", "Taken", "Retake"] as const;
/** A voucher read this recently is not polled again. */
export const SYNC_INTERVAL_MS = 60_000;
/** Reads the exam and updates its voucher; the voucher as it is now, or null when either side has no such token. */
export async function syncExamVoucher(
  services: SyncServices,
  token: string,
  now: Date = new Date(),
): Promise<ExamVoucherRow | null> {
  const exam = await services.examProvider.getExam(token);
  if (!exam) return null;
  let held = false;
  const synced = await services.db.transaction(async (tx) => {
    // The lock makes racing syncs of one voucher take turns, so the issued prescription is written once.
    const [voucher] = await tx.select().from(examVouchers).where(eq(examVouchers.token, token)).for("update");
    if (!voucher) return null;
    let prescriptionId = voucher.prescriptionId;
    if (exam.status === "Issued" && exam.prescription && prescriptionId === null) {
      prescriptionId = await recordIssuedPrescription(tx, voucher, exam.prescription, now);
    }
    if (exam.status === "Declined") held = await failWaitingGroups(services, tx, voucher, now);
    const [updated] = await tx
      .update(examVouchers)
      .set({
        status: exam.status,
        statusDate: new Date(exam.statusDate),
        potentialEvidence: exam.potentialEvidence,
        examDate: exam.examDate ? new Date(exam.examDate) : null,
        providerId: exam.providerId ?? voucher.providerId,
        prescriptionId,
        syncedAt: now,
        updatedAt: now,
      })
      .where(eq(examVouchers.token, token))
      .returning();
    if (voucher.status !== exam.status) {
      services.logger.info({ token: token.slice(0, 6), from: voucher.status, to: exam.status }, "exam status changed");
    }
    return updated ?? null;
  });
  // Committed: the on-hold e-mails go out in the background (with SMTP), or by the outbox job's next run.
  if (held) services.email.deliverSoon();
  // A recapture exam taken with potential evidence (or issued) sends its held order on (issue 16).
  if (synced) await completeRecaptureByExam(services.db, synced, now);
  // The provider did not take the exam (its doctor declined it, or it was canceled): its fee goes back (decision 55).
  // A refund that fails here is owed on the payment, and the exams job settles it.
  if (synced && examRefundDue(synced.status)) {
    try {
      await refundForVoucher(services, token);
    } catch (error) {
      services.logger.error({ err: error, token: token.slice(0, 6) }, "exam refund after the provider's answer failed");
    }
  }
  return synced;
}

/** The groups of the voucher's customer's orders that were ordered from this exam. */
async function examGroups(tx: Executor, voucher: ExamVoucherRow) {
  return tx
    .select({
      id: orderGroups.id,
      orderId: orderGroups.orderId,
      prescriptionId: orderGroups.prescriptionId,
      prescriptionStatus: orderGroups.prescriptionStatus,
      patient: orderGroups.patient,
      statusCode: orders.statusCode,
    })
    .from(orderGroups)
    .innerJoin(orders, eq(orders.id, orderGroups.orderId))
    .where(and(eq(orderGroups.examVoucherToken, voucher.token), eq(orders.customerId, voucher.customerId)))
    .orderBy(asc(orderGroups.id));
}

/**
 * The doctor's prescription into the customer's wallet: an order group ordered from this exam gets it as its own
 * prescription (the row it has, brought up to date, or a new one) and is Verified; without such a group it is a new
 * prescription of the voucher's patient. Returns the prescription the voucher points at.
 */
async function recordIssuedPrescription(
  tx: Executor,
  voucher: ExamVoucherRow,
  issued: IssuedPrescription,
  now: Date,
): Promise<number> {
  const values = {
    source: "exam",
    status: "Verified",
    expirationDate: issued.expirationDate,
    rightEye: issued.rightEye,
    leftEye: issued.leftEye,
    prescriber: issued.prescriber,
    updatedAt: now,
  } as const;
  const insertNew = async () => {
    const [row] = await tx
      .insert(prescriptions)
      .values({
        ...values,
        customerId: voucher.customerId,
        patientId: voucher.patientId,
        patientFirstName: voucher.patientFirstName,
        patientLastName: voucher.patientLastName,
        createdAt: now,
      })
      .returning({ id: prescriptions.id });
    return row!.id;
  };

  const groups = await examGroups(tx, voucher);
  if (groups.length === 0) return insertNew();
  let first: number | null = null;
  for (const group of groups) {
    let id = group.prescriptionId;
    if (id !== null) {
      await tx
        .update(prescriptions)
        .set(values)
        .where(and(eq(prescriptions.id, id), eq(prescriptions.customerId, voucher.customerId)));
    } else {
      id = await insertNew();
    }
    await tx
      .update(orderGroups)
      .set({ prescriptionId: id, prescriptionStatus: "Verified" })
      .where(eq(orderGroups.id, group.id));
    first ??= id;
  }
  return first!;
}

/**
 * A declined exam: the groups still waiting for it fail the exam (their prescription too), and their orders go on
 * hold, with the on-hold e-mail, unless they are no longer being processed (shipped, deleted, test orders are left
 * alone). True when an order went on hold now.
 */
async function failWaitingGroups(
  services: SyncServices,
  tx: Executor,
  voucher: ExamVoucherRow,
  now: Date,
): Promise<boolean> {
  const waiting = (await examGroups(tx, voucher)).filter((group) => group.prescriptionStatus === "PendingExam");
  if (waiting.length === 0) return false;
  await tx
    .update(orderGroups)
    .set({ prescriptionStatus: "FailedExam" })
    .where(
      and(
        inArray(
          orderGroups.id,
          waiting.map((group) => group.id),
        ),
        eq(orderGroups.prescriptionStatus, "PendingExam"),
      ),
    );
  const prescriptionIds = waiting.flatMap((group) => (group.prescriptionId === null ? [] : [group.prescriptionId]));
  if (prescriptionIds.length > 0) {
    await tx
      .update(prescriptions)
      .set({ status: "FailedExam", updatedAt: now })
      .where(and(inArray(prescriptions.id, prescriptionIds), eq(prescriptions.status, "PendingExam")));
  }
  const toHold = [
    ...new Set(waiting.filter((group) => orderStatus(group.statusCode) === "Processing").map((group) => group.orderId)),
  ];
  const holds = toHold.map((orderId) => ({ orderId, reason: { kind: "exam-declined" } as const }));
  return (await holdOrders(services, tx, holds, now)).length > 0;
}

export interface OpenSyncSummary {
  synced: number;
  failed: number;
}

/**
 * The job's run: every open voucher not read in the last minute, oldest first, at most `limit`. One provider error
 * does not stop the others (the next run tries it again).
 */
export async function syncOpenExamVouchers(
  services: SyncServices,
  now: Date = new Date(),
  limit = 200,
): Promise<OpenSyncSummary> {
  const before = new Date(now.getTime() - SYNC_INTERVAL_MS);
  const due = await services.db
    .select({ token: examVouchers.token })
    .from(examVouchers)
    .where(
      and(
        inArray(examVouchers.status, [...OPEN_VOUCHER_STATUSES]),
        or(isNull(examVouchers.syncedAt), lt(examVouchers.syncedAt, before)),
      ),
    )
    .orderBy(sql`${examVouchers.syncedAt} asc nulls first`)
    .limit(limit);
  const summary: OpenSyncSummary = { synced: 0, failed: 0 };
  for (const { token } of due) {
    try {
      await syncExamVoucher(services, token, now);
      summary.synced++;
    } catch (error) {
      summary.failed++;
      services.logger.error({ err: error, token: token.slice(0, 6) }, "exam sync failed");
    }
  }
  return summary;
}
