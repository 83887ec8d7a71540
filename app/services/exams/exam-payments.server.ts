import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { CARD_MESSAGES, isCardExpired } from "~/models/card";
import { formatCents } from "~/models/catalog";
import {
  EXAM_PAYMENT_GRACE_MS,
  EXAM_PAYMENT_MESSAGES,
  EXAM_REFUND_STATUSES,
  examChargeKey,
  type ExamPaymentChoice,
  type ExamPurchase,
} from "~/models/exam-payments";
import { EXAM_START_MESSAGES } from "~/models/exam-forms";
import { EXAM_PRICE_MESSAGES, priceAsShown, type ExamPriceQuote } from "~/models/exam-price";
import type { ChargeResult } from "../adapters/payments/payment-gateway";
import { findPaymentMethod } from "../checkout/payment-methods.server";
import type { Database } from "../db/client.server";
import { examPayments, examVouchers } from "../db/schema";
import { expressExamEligible } from "../orders/recapture.server";
import type { AppServices, VisitorCustomer } from "../platform/context.server";
import { refundExamPayment, settleRefund, type ExamPaymentRow } from "./exam-refunds.server";
import { examPurchaseFor } from "./exam-start.server";
import {
  customerVoucher,
  insertExamVoucher,
  requestProviderExam,
  type ExamVoucherRow,
  type NewExam,
} from "./exam-vouchers.server";

/**
 * Paying the online exam's fee before the exam starts (issue 27, decision 55), exactly once per pay form (its
 * idempotency key), in the steps of decision 29 with the exam in the place of the order:
 * 1. Reserve: a pending payment row under the key, with what the exam is for, the card's token and the amount: the
 *    visitor's price (decision 64), fixed here, and only when it is the price the pay page showed.
 * 2. Charge the card, no transaction open, under the reservation's charge key (a twin request gets the same charge).
 *    A decline deletes the reservation: nothing is left behind, and the exam is not asked for.
 * 3. Start: one request claims the charged payment (charged → starting) and asks the provider for the exam; the
 *    voucher and the payment's `paid` are written in one transaction. A provider that cannot create the exam gets
 *    the fee refunded at once.
 * A request that stops on the way leaves the payment pending, charged or starting; a resubmit of the same form
 * finishes it, and otherwise the recovery job (`settleExamPayments`) refunds whatever was charged without an exam.
 */

export type PayServices = Pick<AppServices, "db" | "examProvider" | "logger" | "payments">;

export type ExamPayFailure =
  "payment-method" | "declined" | "payment-error" | "in-progress" | "key-reused" | "not-started" | "price-changed";
export type ExamPayResult =
  { ok: true; voucher: ExamVoucherRow } | { ok: false; reason: ExamPayFailure; message: string };

export interface ExamPayInput {
  customer: { id: number; email: string; phone?: string | null };
  purchase: ExamPurchase;
  paymentMethodId: number;
  idempotencyKey: string;
  /** The visitor's price, as the server evaluates it now (`examPriceFor`): what is charged. */
  price: ExamPriceQuote;
  /** The price the shopper was shown (the pay form's), or null when the caller showed none (an app that did not say). */
  shownPriceCents: number | null;
  now?: Date;
}

/** How long a twin request waits for the request that is starting the exam before telling the shopper to wait. */
const TWIN_WAIT_MS = 8_000;
const TWIN_POLL_MS = 250;

const fail = (reason: ExamPayFailure, message: string): ExamPayResult => ({ ok: false, reason, message });

async function paymentForKey(db: Database, idempotencyKey: string): Promise<ExamPaymentRow | null> {
  const [row] = await db.select().from(examPayments).where(eq(examPayments.idempotencyKey, idempotencyKey));
  return row ?? null;
}

async function paymentById(db: Database, id: number): Promise<ExamPaymentRow | null> {
  const [row] = await db.select().from(examPayments).where(eq(examPayments.id, id));
  return row ?? null;
}

export async function payForExam(services: PayServices, input: ExamPayInput): Promise<ExamPayResult> {
  const now = input.now ?? new Date();
  const known = await paymentForKey(services.db, input.idempotencyKey);
  // A payment already reserved keeps its amount: a resubmit is charged what its first submit was.
  if (known) return resume(services, input, known);
  const { price } = input;
  if (input.shownPriceCents !== null && !priceAsShown(price.priceCents, input.shownPriceCents)) {
    return fail("price-changed", EXAM_PRICE_MESSAGES.changed(formatCents(price.priceCents)));
  }

  const card = await findPaymentMethod(services.db, input.customer.id, input.paymentMethodId);
  if (!card) return fail("payment-method", CARD_MESSAGES.cardGone);
  if (isCardExpired(card.expirationMonth, card.expirationYear, now)) {
    return fail("payment-method", CARD_MESSAGES.savedCardExpired);
  }
  const [reserved] = await services.db
    .insert(examPayments)
    .values({
      idempotencyKey: input.idempotencyKey,
      customerId: input.customer.id,
      purchase: input.purchase,
      amountCents: price.priceCents,
      priceCampaign: price.campaign,
      paymentToken: card.paymentToken,
      paymentBrand: card.brand,
      paymentLastFour: card.lastFour,
      state: "pending",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: examPayments.idempotencyKey })
    .returning();
  // A twin request reserved this key a moment ago: follow its payment.
  const payment = reserved ?? (await paymentForKey(services.db, input.idempotencyKey));
  if (!payment) return fail("in-progress", EXAM_PAYMENT_MESSAGES.inProgress);
  return resume(services, input, payment, price.originalPriceCents);
}

/**
 * The pay step as the page and the JSON API take it: checked before any charge (where the provider cannot examine,
 * and what the exam is for: the patient and lenses, or the held order), then paid and started (`payForExam`).
 */
export async function payForExamChoice(
  services: PayServices,
  input: {
    customer: VisitorCustomer;
    choice: ExamPaymentChoice;
    paymentMethodId: number;
    idempotencyKey: string;
    price: ExamPriceQuote;
    shownPriceCents: number | null;
    rbCode?: string | null;
  },
): Promise<ExamPayResult | { ok: false; reason: "not-served" | "choice"; message: string }> {
  if (!(await expressExamEligible(services, input.customer.id))) {
    return { ok: false, reason: "not-served", message: EXAM_START_MESSAGES.notServed("your state") };
  }
  const purchase = await examPurchaseFor(services, input.customer, input.choice);
  if (!purchase.ok) return { ok: false, reason: "choice", message: purchase.message };
  return payForExam(services, {
    customer: input.customer,
    purchase: { ...purchase.purchase, rbCode: input.rbCode ?? null },
    paymentMethodId: input.paymentMethodId,
    idempotencyKey: input.idempotencyKey,
    price: input.price,
    shownPriceCents: input.shownPriceCents,
  });
}

/** Takes a payment on from wherever it stands (a new reservation, a resubmit, a twin request). */
async function resume(
  services: PayServices,
  input: ExamPayInput,
  payment: ExamPaymentRow,
  originalPriceCents?: number,
): Promise<ExamPayResult> {
  // Someone else's key (a forged or leaked form) reveals nothing about their payment.
  if (payment.customerId !== input.customer.id) return fail("key-reused", EXAM_PAYMENT_MESSAGES.keyReused);
  switch (payment.state) {
    case "pending":
      return chargeAndStart(services, input, payment, originalPriceCents);
    case "charged":
      return start(services, input, payment, originalPriceCents);
    case "starting":
      return waitForTwin(services, input, payment);
    case "paid": {
      const voucher = payment.voucherToken
        ? await customerVoucher(services.db, input.customer.id, payment.voucherToken)
        : null;
      return voucher ? { ok: true, voucher } : fail("in-progress", EXAM_PAYMENT_MESSAGES.inProgress);
    }
    default:
      return fail("not-started", EXAM_PAYMENT_MESSAGES.notStarted(formatCents(payment.amountCents)));
  }
}

async function chargeAndStart(
  services: PayServices,
  input: ExamPayInput,
  payment: ExamPaymentRow,
  originalPriceCents?: number,
): Promise<ExamPayResult> {
  let charge: ChargeResult;
  try {
    charge = await services.payments.charge(payment.paymentToken, payment.amountCents, examChargeKey(payment));
  } catch (error) {
    // No answer: the card may or may not have been charged. The payment stays pending for this form's resubmit or
    // the recovery job to settle with the provider; the shopper is told to wait, not to pay again.
    services.logger.error({ err: error, examPaymentId: payment.id }, "exam charge without an answer");
    return fail("in-progress", EXAM_PAYMENT_MESSAGES.inProgress);
  }
  if (!charge.ok) {
    // Nothing was charged: the reservation goes as though it never was (the same form may try another card).
    await services.db
      .delete(examPayments)
      .where(and(eq(examPayments.id, payment.id), eq(examPayments.state, "pending")));
    return charge.reason === "declined"
      ? fail("declined", CARD_MESSAGES.declined)
      : fail("payment-error", CARD_MESSAGES.paymentUnavailable);
  }
  const now = new Date();
  const [charged] = await services.db
    .update(examPayments)
    .set({ state: "charged", chargeId: charge.chargeId, paidAt: now, stateSince: sql`now()`, updatedAt: now })
    .where(and(eq(examPayments.id, payment.id), eq(examPayments.state, "pending")))
    .returning();
  if (charged) return start(services, input, charged, originalPriceCents);
  // Moved meanwhile by its twin (or by the recovery job): follow it.
  const current = await paymentById(services.db, payment.id);
  return current ? resume(services, input, current) : fail("in-progress", EXAM_PAYMENT_MESSAGES.inProgress);
}

/** Thrown inside the voucher's transaction when the payment was settled meanwhile, so the voucher rolls back. */
class StartLost extends Error {}

function newExamOf(input: ExamPayInput, purchase: ExamPurchase): NewExam {
  return {
    customer: input.customer,
    patient: purchase.patient,
    rightUpc: purchase.upcs.right,
    leftUpc: purchase.upcs.left,
    orderId: purchase.orderId,
    rbCode: purchase.rbCode ?? null,
  };
}

async function start(
  services: PayServices,
  input: ExamPayInput,
  payment: ExamPaymentRow,
  originalPriceCents?: number,
): Promise<ExamPayResult> {
  const [claimed] = await services.db
    .update(examPayments)
    .set({ state: "starting", stateSince: sql`now()`, updatedAt: new Date() })
    .where(and(eq(examPayments.id, payment.id), eq(examPayments.state, "charged")))
    .returning();
  if (!claimed) {
    const current = await paymentById(services.db, payment.id);
    return current ? resume(services, input, current) : fail("in-progress", EXAM_PAYMENT_MESSAGES.inProgress);
  }
  const exam = newExamOf(input, claimed.purchase);
  const price = { priceCents: claimed.amountCents, originalPriceCents: originalPriceCents ?? claimed.amountCents };
  const notStarted = fail("not-started", EXAM_PAYMENT_MESSAGES.notStarted(formatCents(claimed.amountCents)));
  const created = await requestProviderExam(services, exam, price);
  if (!created) {
    await refundExamPayment(services, claimed.id, ["starting"]);
    return notStarted;
  }
  try {
    const voucher = await services.db.transaction(async (tx) => {
      const row = await insertExamVoucher(tx, exam, created, price, new Date());
      const [paid] = await tx
        .update(examPayments)
        .set({ state: "paid", voucherToken: row.token, stateSince: sql`now()`, updatedAt: new Date() })
        .where(and(eq(examPayments.id, claimed.id), eq(examPayments.state, "starting")))
        .returning({ id: examPayments.id });
      if (!paid) throw new StartLost();
      return row;
    });
    return { ok: true, voucher };
  } catch (error) {
    if (!(error instanceof StartLost)) throw error;
    // The recovery job gave up on this start (it took longer than the grace period) and refunded it.
    services.logger.warn({ examPaymentId: claimed.id }, "exam started after its payment was settled; not recorded");
    return notStarted;
  }
}

/** A twin request is asking the provider for the exam: wait a little for it, as a double submit's second answer. */
async function waitForTwin(
  services: PayServices,
  input: ExamPayInput,
  payment: ExamPaymentRow,
): Promise<ExamPayResult> {
  for (let waited = 0; waited < TWIN_WAIT_MS; waited += TWIN_POLL_MS) {
    await sleep(TWIN_POLL_MS);
    const current = await paymentById(services.db, payment.id);
    if (!current) break;
    if (current.state !== "starting") return resume(services, input, current);
  }
  return fail("in-progress", EXAM_PAYMENT_MESSAGES.inProgress);
}

/**
 * The recovery job (queue `exams`, every minute): payments whose request stopped, and paid exams the provider did not
 * take. Pending for over 2 minutes: asks the provider whether the charge key was charged, and refunds it if so (the
 * shopper never got the exam), else deletes the reservation. Charged or starting for over 2 minutes: refunded. Refunds
 * still owed are tried again. A paid exam that was declined or canceled is refunded (the exam sync does it at once;
 * this catches a sync that stopped before it). Every move is a guarded update, so a request racing the job acts once.
 */
export async function settleExamPayments(services: Pick<AppServices, "db" | "payments" | "logger">): Promise<number> {
  const { db } = services;
  const stale = sql`now() - make_interval(secs => ${EXAM_PAYMENT_GRACE_MS / 1000})`;
  const stuck = await db
    .select()
    .from(examPayments)
    .where(
      and(
        inArray(examPayments.state, ["pending", "charged", "starting", "refund_due"]),
        lt(examPayments.stateSince, stale),
      ),
    )
    .limit(100);
  const notTaken = await db
    .select({ id: examPayments.id })
    .from(examPayments)
    .innerJoin(examVouchers, eq(examVouchers.token, examPayments.voucherToken))
    .where(and(eq(examPayments.state, "paid"), inArray(examVouchers.status, [...EXAM_REFUND_STATUSES])))
    .limit(100);
  let settled = 0;
  for (const payment of stuck) {
    try {
      if (payment.state === "pending") {
        const charge = await services.payments.findCharge(examChargeKey(payment));
        if (!charge) {
          await db.delete(examPayments).where(and(eq(examPayments.id, payment.id), eq(examPayments.state, "pending")));
        } else {
          const [due] = await db
            .update(examPayments)
            .set({ state: "refund_due", chargeId: charge.chargeId, paidAt: new Date(), stateSince: sql`now()` })
            .where(and(eq(examPayments.id, payment.id), eq(examPayments.state, "pending")))
            .returning();
          if (due) await settleRefund(services, due);
        }
      } else if (payment.state === "refund_due") {
        await settleRefund(services, payment);
      } else {
        await refundExamPayment(services, payment.id, ["charged", "starting"]);
      }
      settled += 1;
    } catch (error) {
      // One payment's trouble does not stop the others; it is tried again on the next run.
      services.logger.error({ err: error, examPaymentId: payment.id }, "exam payment recovery failed");
    }
  }
  for (const payment of notTaken) {
    try {
      await refundExamPayment(services, payment.id, ["paid"]);
      settled += 1;
    } catch (error) {
      services.logger.error({ err: error, examPaymentId: payment.id }, "exam refund failed");
    }
  }
  return settled;
}
