import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import { DateTime } from "luxon";
import { addBusinessHours, PASSIVE_VERIFICATION_BUSINESS_HOURS } from "~/models/business-hours";
import { orderStatus } from "~/models/order-status";
import {
  ANSWER_OUTCOMES,
  needsPrescriberVerification,
  type VerificationOutcome,
  type VerificationState,
} from "~/models/verification";
import type { VerificationEye } from "~/models/verification";
import type { Executor, Transaction } from "../db/client.server";
import { orderGroups, orderLines, orders, prescriptions, prescriptionVerifications } from "../db/schema";
import type { AppServices } from "../platform/context.server";
import { resolveVerification } from "./verification-outcomes.server";

/**
 * Verifying prescriptions with the doctor (issue 16, decision 30), the store's side. Confirming an order queues one
 * row per order group that needs it (`queueVerifications`, in the confirming transaction). The `verification` job
 * (`runVerificationPass`, every minute) sends queued requests through the prescriber verifier and reads the answers;
 * what an outcome does to the order is verification-outcomes.server.ts.
 *
 * Exactly once, on any number of processes and across crashes: every step is a guarded update on the row's state.
 * Sending first claims the row for a short lease (a concurrent pass leaves it alone); the request carries the row's
 * idempotency key, so a resend after a crash between sending and recording (the lease ran out) is the same request
 * with the same reference and receipt time. Recording the reference moves the row from queued to sent once; an
 * outcome moves it from sent once, in the transaction that applies it.
 */

export type VerificationServices = Pick<AppServices, "db" | "prescriberVerifier" | "logger" | "email" | "config">;
type VerificationRow = typeof prescriptionVerifications.$inferSelect;

/** How long a pass that is sending a request keeps others away from it: far longer than a send takes. */
export const SEND_CLAIM_SECONDS = 120;
const PASS_LIMIT = 100;

/** Inside the order's confirming transaction: a queued verification for each of its groups that needs one. */
export async function queueVerifications(tx: Transaction, orderId: number): Promise<number> {
  const groups = await tx
    .select({
      id: orderGroups.id,
      type: orderGroups.type,
      doctor: orderGroups.doctor,
      prescriptionStatus: orderGroups.prescriptionStatus,
      examVoucherToken: orderGroups.examVoucherToken,
      prescriptionId: orderGroups.prescriptionId,
    })
    .from(orderGroups)
    .where(eq(orderGroups.orderId, orderId));
  const rows = groups.filter(needsPrescriberVerification).map((group) => ({
    orderId,
    orderGroupId: group.id,
    prescriptionId: group.prescriptionId,
    idempotencyKey: `pv_${randomUUID()}`,
  }));
  if (rows.length === 0) return 0;
  // Unique on the group: confirming twice (it can't: the order's guard) would still queue one.
  const queued = await tx.insert(prescriptionVerifications).values(rows).onConflictDoNothing().returning();
  return queued.length;
}

export interface VerificationSummary {
  sent: number;
  /** Requests another pass was sending, or that failed to send (tried again after the claim runs out). */
  notSent: number;
  resolved: Partial<Record<VerificationOutcome | "skipped", number>>;
  /** Sent requests still waiting for an answer within their deadline. */
  waiting: number;
}

/** One run of the `verification` job: send what is queued, then act on answers and deadlines. */
export async function runVerificationPass(
  services: VerificationServices,
  now: Date = new Date(),
): Promise<VerificationSummary> {
  const summary: VerificationSummary = { sent: 0, notSent: 0, resolved: {}, waiting: 0 };
  const count = (state: VerificationOutcome | "skipped") =>
    (summary.resolved[state] = (summary.resolved[state] ?? 0) + 1);

  const queued = await services.db
    .select({ id: prescriptionVerifications.id })
    .from(prescriptionVerifications)
    .where(
      and(
        eq(prescriptionVerifications.state, "queued"),
        or(isNull(prescriptionVerifications.claimedUntil), lte(prescriptionVerifications.claimedUntil, now)),
      ),
    )
    .orderBy(asc(prescriptionVerifications.id))
    .limit(PASS_LIMIT);
  for (const { id } of queued) {
    const result = await sendQueued(services, id, now).catch((error: unknown) => {
      services.logger.error({ err: error, verificationId: id }, "prescription verification not sent; will retry");
      return "not-sent" as const;
    });
    if (result === "sent") summary.sent++;
    else if (result === "skipped") count("skipped");
    else summary.notSent++;
  }

  const open = await services.db
    .select()
    .from(prescriptionVerifications)
    .where(eq(prescriptionVerifications.state, "sent"))
    .orderBy(asc(prescriptionVerifications.deadlineAt))
    .limit(PASS_LIMIT);
  for (const row of open) {
    const answer = await services.prescriberVerifier.readAnswer(row.reference!).catch((error: unknown) => {
      services.logger.error({ err: error, verificationId: row.id }, "prescriber's answer not read; will retry");
      return undefined;
    });
    if (answer === undefined) continue;
    if (answer === null) {
      services.logger.error({ verificationId: row.id }, "the prescriber verifier knows no such request");
      continue;
    }
    // An answer that arrived by the time we look wins over the clock.
    const outcome: VerificationOutcome | null =
      answer.kind !== "none" ? ANSWER_OUTCOMES[answer.kind] : row.deadlineAt! <= now ? "passive" : null;
    if (!outcome) {
      summary.waiting++;
      continue;
    }
    const state = await resolveVerification(services, row, outcome, answer, now);
    if (state) count(state);
  }
  return summary;
}

/** Claims a queued row, sends its request and records the reference; 'busy' when another pass holds it. */
async function sendQueued(services: VerificationServices, id: number, now: Date): Promise<"sent" | "skipped" | "busy"> {
  const [row] = await services.db
    .update(prescriptionVerifications)
    .set({ claimedUntil: new Date(now.getTime() + SEND_CLAIM_SECONDS * 1000), updatedAt: now })
    .where(
      and(
        eq(prescriptionVerifications.id, id),
        eq(prescriptionVerifications.state, "queued"),
        or(isNull(prescriptionVerifications.claimedUntil), lte(prescriptionVerifications.claimedUntil, now)),
      ),
    )
    .returning();
  if (!row) return "busy";

  const request = await requestContent(services.db, row);
  if (!request) {
    // Shipped, cancelled or decided another way before we asked: nothing to send.
    await services.db
      .update(prescriptionVerifications)
      .set({ state: "skipped", claimedUntil: null, resolvedAt: now, updatedAt: now })
      .where(and(eq(prescriptionVerifications.id, id), eq(prescriptionVerifications.state, "queued")));
    return "skipped";
  }
  const sent = await services.prescriberVerifier.sendRequest({
    ...request,
    idempotencyKey: row.idempotencyKey,
    sentAt: now,
  });
  // The clock starts when the office received it (the first send, for a resend after a crash).
  const deadline = addBusinessHours(DateTime.fromJSDate(sent.receivedAt), PASSIVE_VERIFICATION_BUSINESS_HOURS);
  const recorded = await services.db
    .update(prescriptionVerifications)
    .set({
      state: "sent",
      reference: sent.reference,
      sentAt: sent.receivedAt,
      deadlineAt: deadline.toJSDate(),
      claimedUntil: null,
      updatedAt: now,
    })
    .where(and(eq(prescriptionVerifications.id, id), eq(prescriptionVerifications.state, "queued")))
    .returning({ id: prescriptionVerifications.id });
  return recorded.length > 0 ? "sent" : "busy";
}

/** What the doctor is asked, from the order group; null when the order or group no longer needs it. */
async function requestContent(db: Executor, row: VerificationRow) {
  const [found] = await db
    .select({
      orderNumber: orders.orderNumber,
      statusCode: orders.statusCode,
      paymentState: orders.paymentState,
      group: orderGroups,
      expirationDate: prescriptions.expirationDate,
    })
    .from(orderGroups)
    .innerJoin(orders, eq(orders.id, orderGroups.orderId))
    .leftJoin(prescriptions, eq(prescriptions.id, orderGroups.prescriptionId))
    .where(eq(orderGroups.id, row.orderGroupId));
  if (!found || found.paymentState !== "paid" || orderStatus(found.statusCode) !== "Processing") return null;
  const { group } = found;
  if (!needsPrescriberVerification(group) || !group.doctor) return null;
  const lines = await db
    .select({
      whichEye: orderLines.whichEye,
      productName: orderLines.productName,
      parameters: orderLines.selectedParameters,
    })
    .from(orderLines)
    .where(eq(orderLines.orderGroupId, group.id))
    .orderBy(asc(orderLines.id));
  const eye = (which: string): VerificationEye | null => {
    const line = lines.find((candidate) => candidate.whichEye === which);
    return line ? { productName: line.productName, parameters: { ...line.parameters } } : null;
  };
  return {
    storeReference: found.orderNumber,
    doctor: {
      firstName: group.doctor.firstName,
      lastName: group.doctor.lastName,
      clinicName: group.doctor.clinicName,
      phone: group.doctor.phone,
    },
    patient: { firstName: group.patient?.firstName ?? "", lastName: group.patient?.lastName ?? "" },
    rightEye: eye("right"),
    leftEye: eye("left"),
    expirationDate: found.expirationDate,
  };
}

export interface GroupVerification {
  orderGroupId: number;
  state: VerificationState;
  deadlineAt: Date | null;
}

/** An order's verifications by group (the order details page; the caller has already found the customer's order). */
export async function orderVerifications(db: Executor, orderId: number): Promise<Map<number, GroupVerification>> {
  const rows = await db
    .select({
      orderGroupId: prescriptionVerifications.orderGroupId,
      state: prescriptionVerifications.state,
      deadlineAt: prescriptionVerifications.deadlineAt,
    })
    .from(prescriptionVerifications)
    .where(eq(prescriptionVerifications.orderId, orderId));
  return new Map(rows.map((row) => [row.orderGroupId, { ...row, state: row.state as VerificationState }]));
}

/** For tests and the development page: the verification of one order group. */
export async function groupVerification(db: Executor, orderGroupId: number): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(prescriptionVerifications)
    .where(eq(prescriptionVerifications.orderGroupId, orderGroupId));
  return row ?? null;
}
