import { and, eq } from "drizzle-orm";
import { parameterKey } from "~/models/lens-parameters";
import { orderStatus } from "~/models/order-status";
import type { PrescriptionEyeRecord } from "~/models/prescriptions";
import { correctedParameters, OUTCOME_EFFECTS, type VerificationOutcome } from "~/models/verification";
import type { PrescriberAnswer } from "../adapters/prescriber-verification/prescriber-verifier";
import type { Database, Transaction } from "../db/client.server";
import { orderGroups, orders, prescriptions, prescriptionVerifications, skus } from "../db/schema";
import { holdOrders, type HoldServices } from "../orders/order-hold.server";

/**
 * What a verification's outcome does (decision 30), in one transaction: the order's row is locked first (as
 * confirming and the warehouse's steps lock it), then the verification moves from 'sent' to its outcome with a guarded
 * update — a second pass, or the same answer read again after a restart, finds it no longer 'sent' and does nothing.
 * Confirmed, corrected (the prescription's eyes take the doctor's values first) and passive verify the group and its
 * prescription; invalid puts the order on hold with the prescription PendingVerification, expired on hold with
 * FailedExam, and the shopper gets the on-hold e-mail in the same transaction (orders/order-hold.server.ts). An order
 * no longer processing (shipped, cancelled, a test) or a group decided another way meanwhile is left alone: the
 * verification is 'skipped'.
 */

type VerificationRow = typeof prescriptionVerifications.$inferSelect;
export type OutcomeServices = { db: Database } & HoldServices;

/** Applies the outcome once; the state recorded, or null when another pass already did. */
export async function resolveVerification(
  services: OutcomeServices,
  row: VerificationRow,
  outcome: VerificationOutcome,
  answer: PrescriberAnswer,
  now: Date,
): Promise<VerificationOutcome | "skipped" | null> {
  let held = false;
  const state = await services.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ statusCode: orders.statusCode })
      .from(orders)
      .where(eq(orders.id, row.orderId))
      .for("update");
    const [group] = await tx
      .select({
        prescriptionStatus: orderGroups.prescriptionStatus,
        prescriptionId: orderGroups.prescriptionId,
        doctor: orderGroups.doctor,
      })
      .from(orderGroups)
      .where(eq(orderGroups.id, row.orderGroupId));
    const applies =
      !!order &&
      !!group &&
      orderStatus(order.statusCode) === "Processing" &&
      group.prescriptionStatus === "PendingVerification";
    const state = applies ? outcome : "skipped";

    const claimed = await tx
      .update(prescriptionVerifications)
      .set({
        state,
        answeredAt: answer.kind === "none" ? null : answer.answeredAt,
        resolvedAt: now,
        updatedAt: now,
      })
      .where(and(eq(prescriptionVerifications.id, row.id), eq(prescriptionVerifications.state, "sent")))
      .returning({ id: prescriptionVerifications.id });
    if (claimed.length === 0) return null;
    if (!applies) return state;

    const effect = OUTCOME_EFFECTS[outcome];
    const prescriptionId = group.prescriptionId ?? row.prescriptionId;
    if (prescriptionId !== null) {
      const corrected = answer.kind === "correct" ? await correctedEyes(tx, prescriptionId, answer) : {};
      await tx
        .update(prescriptions)
        .set({ ...corrected, status: effect.prescriptionStatus, updatedAt: now })
        .where(eq(prescriptions.id, prescriptionId));
    }
    await tx
      .update(orderGroups)
      .set({ prescriptionStatus: effect.prescriptionStatus })
      .where(eq(orderGroups.id, row.orderGroupId));
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, row.orderId));
    if (effect.holdOrder) {
      const kind = outcome === "expired" ? "prescription-expired" : "prescription-invalid";
      const holds = [{ orderId: row.orderId, reason: { kind, doctor: group.doctor } as const }];
      held = (await holdOrders(services, tx, holds, now)).length > 0;
    }
    return state;
  });
  // Committed: the on-hold e-mail goes out in the background (with SMTP), or by the outbox job's next run.
  if (held) services.email.deliverSoon();
  return state;
}

/**
 * The prescription's eyes with the doctor's corrected parameters. The eye's UPC follows when the catalog has the
 * product with those parameters (the lenses the corrected prescription names), else it stays as ordered.
 */
async function correctedEyes(
  tx: Transaction,
  prescriptionId: number,
  answer: Extract<PrescriberAnswer, { kind: "correct" }>,
): Promise<{ rightEye?: PrescriptionEyeRecord; leftEye?: PrescriptionEyeRecord }> {
  const [prescription] = await tx
    .select({ rightEye: prescriptions.rightEye, leftEye: prescriptions.leftEye })
    .from(prescriptions)
    .where(eq(prescriptions.id, prescriptionId))
    .for("update");
  if (!prescription) return {};
  const correct = async (eye: PrescriptionEyeRecord | null, corrected: Record<string, string> | null) => {
    if (!eye || !corrected) return undefined;
    const parameters = correctedParameters(eye.parameters, corrected);
    const [sku] = await tx
      .select({ upc: skus.upc })
      .from(skus)
      .where(and(eq(skus.productId, eye.productId), eq(skus.parameterKey, parameterKey(parameters))));
    return { ...eye, parameters, upc: sku?.upc ?? eye.upc };
  };
  const rightEye = await correct(prescription.rightEye, answer.rightEye);
  const leftEye = await correct(prescription.leftEye, answer.leftEye);
  return { ...(rightEye ? { rightEye } : {}), ...(leftEye ? { leftEye } : {}) };
}
