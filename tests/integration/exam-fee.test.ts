import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_MESSAGES } from "~/models/card";
import { EXAM_PAYMENT_MESSAGES, examChargeKey } from "~/models/exam-payments";
import * as examComplete from "~/routes/exam.exam-complete";
import * as examDeclined from "~/routes/exam.exam-declined";
import * as examPayment from "~/routes/exam.payment";
import * as examStart from "~/routes/exam.start";
import { setSimulatedExamStatus } from "~/services/adapters/exam-provider/simulated-doctor.server";
import type { PaymentGateway } from "~/services/adapters/payments/payment-gateway";
import {
  CHARGE_DECLINED_TEST_NUMBER,
  createTestVault,
  REFUND_FAILS_TEST_NUMBER,
} from "~/services/adapters/payments/test-vault.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  examPayments,
  paymentMethods,
  examVouchers,
  simulatedExams,
  skus,
  testVaultCharges,
  testVaultRefunds,
} from "~/services/db/schema";
import { listPaymentMethods } from "~/services/checkout/payment-methods.server";
import { settleExamPayments } from "~/services/exams/exam-payments.server";
import { syncExamVoucher } from "~/services/exams/exam-sync.server";
import type { AppServices } from "~/services/platform/context.server";
import { addPatient, ExamBrowser, examCard, examPayForm, markTaken } from "../setup/exam-fixtures";
import { cardForm, TORIC, toricSkuPair } from "../setup/order-fixtures";
import { createTestServices } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// The online exam's fee (issue 27, decision 55): paid before the exam starts, exactly once per pay form; a declined
// card starts nothing and leaves nothing; the fee goes back when the provider cannot take the exam; a request that
// stopped between charging and recording is settled by a resubmit or by the recovery job.

let database: DatabaseHandle;
let services: AppServices;
let skuParameters: [Record<string, string>, Record<string, string>];

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  services.logger.level = "silent";
  const upcs = await toricSkuPair(database.db, 60, 50);
  const rows = await Promise.all(upcs.map((upc) => database.db.select().from(skus).where(eq(skus.upc, upc))));
  skuParameters = [rows[0]![0]!.parameters, rows[1]![0]!.parameters];
});
afterAll(async () => {
  await database.close();
});

function fromLensesForm(patientId: number): Record<string, string> {
  const form: Record<string, string> = {
    intent: "from-lenses",
    patientId: String(patientId),
    productId: String(TORIC.productId),
    eyes: "both",
  };
  for (const [eye, parameters] of [
    ["right", skuParameters[0]],
    ["left", skuParameters[1]],
  ] as const) {
    for (const [name, value] of Object.entries(parameters)) form[`${eye}.${name}`] = value;
  }
  return form;
}

/** A signed-in shopper on the pay step for an exam of the test lenses; the browser and the pay step's path. */
async function onPayStep() {
  const browser = await ExamBrowser.signedIn(services);
  const patientId = await addPatient(database.db, browser.customerId, "Ann", "Lee");
  const chosen = await browser.send(examStart.action, "/exam/start", { form: fromLensesForm(patientId) });
  expect(chosen.response.status).toBe(303);
  const paymentPath = chosen.response.headers.get("Location")!;
  expect(paymentPath).toMatch(/^\/exam\/payment\?patient=\d+&right=\w+&left=\w+$/);
  return { browser, patientId, paymentPath };
}

const paymentsOf = (customerId: number) =>
  database.db.select().from(examPayments).where(eq(examPayments.customerId, customerId));
const vouchersOf = (customerId: number) =>
  database.db.select().from(examVouchers).where(eq(examVouchers.customerId, customerId));
const chargesFor = async (key: string) =>
  (await database.db.select().from(testVaultCharges)).filter((row) => row.idempotencyKey.startsWith(`exam/${key}/`));
const refundsOf = (chargeId: string) =>
  database.db.select().from(testVaultRefunds).where(eq(testVaultRefunds.chargeId, chargeId));
const errorOf = async (response: Response) =>
  ((await response.json()) as { result: { error: Record<string, string[]> } }).result.error[""];

/** Makes a payment look as though its request stopped 3 minutes ago (the recovery job's grace is 2). */
const backdate = (id: number) =>
  database.db
    .update(examPayments)
    .set({ stateSince: sql`now() - interval '3 minutes'` })
    .where(eq(examPayments.id, id));

describe("paying for the exam", () => {
  it("the pay step shows the provider's price, FSA/HSA eligible, and the customer's cards; signed out it asks to sign in", async () => {
    const { browser, paymentPath } = await onPayStep();
    await examCard(services, browser.customerId);
    const page = await browser.view<{ amount: string; patientName: string; cards: unknown[]; lenses: string[] }>(
      examPayment.loader,
      paymentPath,
    );
    expect(page).toMatchObject({ amount: "$20.00", patientName: "Ann Lee" });
    expect(page.cards).toHaveLength(1);
    expect(page.lenses).toHaveLength(2);
    expect(EXAM_PAYMENT_MESSAGES.fsaHsa).toContain("FSA/HSA eligible");
    const stranger = new ExamBrowser(services);
    const signedOut = await stranger.send(examPayment.loader, paymentPath);
    expect(signedOut.response.status).toBe(303);
    expect(signedOut.response.headers.get("Location")).toMatch(/^\/exam\/landing\?signin=create-account/);
  });

  it("a new card is saved on the pay step under the card lock, and is offered when the wallet has only expired cards", async () => {
    const { browser, paymentPath } = await onPayStep();
    await database.db.insert(paymentMethods).values({
      customerId: browser.customerId,
      paymentToken: `tok_test_${randomUUID().replaceAll("-", "")}`,
      brand: "Visa",
      lastFour: "1111",
      expirationMonth: 1,
      expirationYear: 2020,
      nameOnCard: "Ann Lee",
      billingPostalCode: "83702",
    });
    expect(await browser.view(examPayment.loader, paymentPath)).toMatchObject({ showCardForm: true });

    const saved = await browser.send(examPayment.action, paymentPath, { form: { intent: "save-card", ...cardForm() } });
    expect(saved.response.status).toBe(303);
    expect(saved.response.headers.get("Location")).toBe(paymentPath);
    expect((await browser.toast())?.message).toBe("Visa ending in 4242 saved.");

    browser.cookies.set("cardLock", "1");
    const locked = await browser.send(examPayment.action, paymentPath, {
      form: { intent: "save-card", ...cardForm() },
    });
    expect(locked.response.status).toBe(400);
    expect(await errorOf(locked.response)).toEqual([CARD_MESSAGES.tooManyAttempts]);
    expect(await listPaymentMethods(database.db, browser.customerId)).toHaveLength(2);
  });

  it("charges once and starts one exam, however often the same form is sent (in turn and at once)", async () => {
    const { browser, paymentPath } = await onPayStep();
    const cardId = await examCard(services, browser.customerId);
    const key = randomUUID();
    const form = examPayForm(paymentPath, cardId, key);
    const [first, twin] = await Promise.all([
      browser.send(examPayment.action, paymentPath, { form }),
      browser.send(examPayment.action, paymentPath, { form }),
    ]);
    const again = await browser.send(examPayment.action, paymentPath, { form });
    const vouchers = await vouchersOf(browser.customerId);
    expect(vouchers).toHaveLength(1);
    const examPath = new RegExp(`^/exam-provider/${vouchers[0]!.token}\\?`);
    for (const answer of [first, twin, again]) {
      expect(answer.response.status).toBe(303);
      expect(answer.response.headers.get("Location")).toMatch(examPath);
    }
    const charges = await chargesFor(key);
    expect(charges).toMatchObject([{ amountCents: 2000, outcome: "succeeded" }]);
    expect(await paymentsOf(browser.customerId)).toMatchObject([
      { state: "paid", amountCents: 2000, chargeId: charges[0]!.chargeId, voucherToken: vouchers[0]!.token },
    ]);
    expect(
      await database.db.select().from(simulatedExams).where(eq(simulatedExams.token, vouchers[0]!.token)),
    ).toHaveLength(1);

    // The receipt, on exam-complete once the exam is taken.
    await markTaken(database.db, vouchers[0]!.token, true);
    const done = await browser.view<{ receipt: Record<string, unknown> }>(
      examComplete.loader,
      `/exam/exam-complete?examvouchertoken=${vouchers[0]!.token}`,
    );
    expect(done.receipt).toMatchObject({
      amount: "$20.00",
      card: "Visa ending in 4242",
      reference: charges[0]!.chargeId,
      refunded: false,
    });
  });

  it("a declined card: the spec's message, no exam, nothing kept; the same page then pays with another card", async () => {
    const { browser, paymentPath } = await onPayStep();
    const declining = await examCard(services, browser.customerId, CHARGE_DECLINED_TEST_NUMBER);
    const key = randomUUID();
    const refused = await browser.send(examPayment.action, paymentPath, {
      form: examPayForm(paymentPath, declining, key),
    });
    expect(refused.response.status).toBe(400);
    expect(await errorOf(refused.response)).toEqual([CARD_MESSAGES.declined]);
    expect(await paymentsOf(browser.customerId)).toEqual([]);
    expect(await vouchersOf(browser.customerId)).toEqual([]);
    expect((await browser.journey()).examVoucherToken).toBeUndefined();

    const good = await examCard(services, browser.customerId, "5555555555554444");
    const paid = await browser.send(examPayment.action, paymentPath, { form: examPayForm(paymentPath, good, key) });
    expect(paid.response.status).toBe(303);
    expect(await vouchersOf(browser.customerId)).toHaveLength(1);
    expect(await paymentsOf(browser.customerId)).toMatchObject([{ state: "paid", paymentLastFour: "4444" }]);
  });

  it("refuses another customer's card and a form for another customer's patient, charging nothing", async () => {
    const { browser, paymentPath } = await onPayStep();
    const other = await ExamBrowser.signedIn(services);
    const theirCard = await examCard(services, other.customerId);
    const refused = await browser.send(examPayment.action, paymentPath, { form: examPayForm(paymentPath, theirCard) });
    expect(refused.response.status).toBe(400);
    expect(await errorOf(refused.response)).toEqual([CARD_MESSAGES.cardGone]);
    const notTheirs = await other.send(examPayment.action, paymentPath, { form: examPayForm(paymentPath, theirCard) });
    expect(notTheirs.response.status).toBe(400);
    expect(await paymentsOf(browser.customerId)).toEqual([]);
    expect(await paymentsOf(other.customerId)).toEqual([]);
  });
});

describe("refunds", () => {
  async function paidExam() {
    const { browser, paymentPath } = await onPayStep();
    const cardId = await examCard(services, browser.customerId);
    const paid = await browser.send(examPayment.action, paymentPath, { form: examPayForm(paymentPath, cardId) });
    expect(paid.response.status).toBe(303);
    const [voucher] = await vouchersOf(browser.customerId);
    return { browser, token: voucher!.token };
  }

  it("the doctor declines the exam: the fee is refunded once, and the declined page says so", async () => {
    const { browser, token } = await paidExam();
    await markTaken(database.db, token, false);
    expect(await setSimulatedExamStatus(database.db, token, "Declined")).toMatchObject({ ok: true });
    await Promise.all([syncExamVoucher(services, token), syncExamVoucher(services, token)]);
    await syncExamVoucher(services, token);
    await settleExamPayments(services);
    const [payment] = await paymentsOf(browser.customerId);
    expect(payment).toMatchObject({ state: "refunded" });
    expect(await refundsOf(payment!.chargeId!)).toMatchObject([{ amountCents: 2000, outcome: "succeeded" }]);
    const page = await browser.view<{ receipt: Record<string, unknown> }>(
      examDeclined.loader,
      `/exam/exam-declined?examvouchertoken=${token}`,
    );
    expect(page.receipt).toMatchObject({ amount: "$20.00", refunded: true });
  });

  it("a declined exam whose sync stopped before the refund is refunded by the job", async () => {
    const { browser, token } = await paidExam();
    await database.db.update(examVouchers).set({ status: "Canceled" }).where(eq(examVouchers.token, token));
    await settleExamPayments(services);
    const [payment] = await paymentsOf(browser.customerId);
    expect(payment).toMatchObject({ state: "refunded" });
    expect(await refundsOf(payment!.chargeId!)).toHaveLength(1);
  });

  it("a refund the issuer refuses is kept as refund_failed for staff, and not tried again", async () => {
    const { browser, paymentPath } = await onPayStep();
    const cardId = await examCard(services, browser.customerId, REFUND_FAILS_TEST_NUMBER);
    await browser.send(examPayment.action, paymentPath, { form: examPayForm(paymentPath, cardId) });
    const [voucher] = await vouchersOf(browser.customerId);
    await setSimulatedExamStatus(database.db, voucher!.token, "Canceled");
    await syncExamVoucher(services, voucher!.token);
    await settleExamPayments(services);
    const [payment] = await paymentsOf(browser.customerId);
    expect(payment).toMatchObject({ state: "refund_failed", refundId: null });
    expect(await refundsOf(payment!.chargeId!)).toMatchObject([{ outcome: "failed" }]);
  });
});

describe("a request that stopped between charging and recording", () => {
  /** A vault that charges and then loses the answer (the process stopped, or the network dropped it). */
  function chargesThenFails(): AppServices {
    const vault = createTestVault({ db: database.db });
    const payments: PaymentGateway = {
      ...vault,
      charge: async (...args) => {
        await vault.charge(...args);
        throw new Error("connection reset after charging");
      },
    };
    return { ...services, payments };
  }

  it("the same form sent again finishes it: one charge, one exam", async () => {
    const { browser, paymentPath } = await onPayStep();
    const cardId = await examCard(services, browser.customerId);
    const key = randomUUID();
    const form = examPayForm(paymentPath, cardId, key);
    const lost = await browser.send(examPayment.action, paymentPath, { form, as: chargesThenFails() });
    expect(lost.response.status).toBe(400);
    expect(await errorOf(lost.response)).toEqual([EXAM_PAYMENT_MESSAGES.inProgress]);
    expect(await paymentsOf(browser.customerId)).toMatchObject([{ state: "pending" }]);
    expect(await vouchersOf(browser.customerId)).toEqual([]);

    const replayed = await browser.send(examPayment.action, paymentPath, { form });
    expect(replayed.response.status).toBe(303);
    expect(await chargesFor(key)).toHaveLength(1);
    expect(await vouchersOf(browser.customerId)).toHaveLength(1);
    expect(await paymentsOf(browser.customerId)).toMatchObject([{ state: "paid" }]);
  });

  it("without a resubmit, the job finds the charge with the provider and refunds it", async () => {
    const { browser, paymentPath } = await onPayStep();
    const cardId = await examCard(services, browser.customerId);
    const key = randomUUID();
    await browser.send(examPayment.action, paymentPath, {
      form: examPayForm(paymentPath, cardId, key),
      as: chargesThenFails(),
    });
    const [pending] = await paymentsOf(browser.customerId);
    // Within the grace period the job leaves it to its request.
    await settleExamPayments(services);
    expect(await paymentsOf(browser.customerId)).toMatchObject([{ state: "pending" }]);
    await backdate(pending!.id);
    await Promise.all([settleExamPayments(services), settleExamPayments(services)]);
    const [settled] = await paymentsOf(browser.customerId);
    const charge = await services.payments.findCharge(examChargeKey(pending!));
    expect(settled).toMatchObject({ state: "refunded", chargeId: charge!.chargeId });
    expect(await refundsOf(charge!.chargeId)).toHaveLength(1);
    expect(await vouchersOf(browser.customerId)).toEqual([]);
    // The form sent again now says the exam was not started (its fee went back), and charges nothing more.
    const late = await browser.send(examPayment.action, paymentPath, { form: examPayForm(paymentPath, cardId, key) });
    expect(await errorOf(late.response)).toEqual([EXAM_PAYMENT_MESSAGES.notStarted("$20.00")]);
    expect(await chargesFor(key)).toHaveLength(1);
  });

  it("stopped before the charge reached the provider: the job removes the reservation", async () => {
    const { browser, paymentPath } = await onPayStep();
    const cardId = await examCard(services, browser.customerId);
    const noAnswer: AppServices = {
      ...services,
      payments: { ...services.payments, charge: () => Promise.reject(new Error("timed out")) },
    };
    await browser.send(examPayment.action, paymentPath, { form: examPayForm(paymentPath, cardId), as: noAnswer });
    const [pending] = await paymentsOf(browser.customerId);
    await backdate(pending!.id);
    await settleExamPayments(services);
    expect(await paymentsOf(browser.customerId)).toEqual([]);
  });

  it("charged but the exam never recorded (the process stopped while starting it): the job refunds it", async () => {
    const { browser, paymentPath } = await onPayStep();
    const cardId = await examCard(services, browser.customerId);
    const stalls: AppServices = {
      ...services,
      examProvider: { ...services.examProvider, createExam: () => Promise.reject(new Error("process stopped")) },
    };
    // The provider call fails, which refunds at once; put the payment back as a stopped request leaves it.
    await browser.send(examPayment.action, paymentPath, { form: examPayForm(paymentPath, cardId), as: stalls });
    const [payment] = await paymentsOf(browser.customerId);
    expect(payment).toMatchObject({ state: "refunded" });
    await database.db.delete(testVaultRefunds).where(eq(testVaultRefunds.chargeId, payment!.chargeId!));
    await database.db
      .update(examPayments)
      .set({ state: "starting", refundId: null, refundedAt: null })
      .where(eq(examPayments.id, payment!.id));
    await backdate(payment!.id);
    await settleExamPayments(services);
    expect(await paymentsOf(browser.customerId)).toMatchObject([{ state: "refunded" }]);
    expect(await refundsOf(payment!.chargeId!)).toHaveLength(1);
  });
});

describe("the test vault's refunds", () => {
  it("refunds once per key, never more than was charged, and refuses unknown charges and reused keys", async () => {
    const vault = createTestVault({ db: database.db });
    const token = await (async () => {
      const tokenized = await vault.tokenize({
        number: "4242424242424242",
        nameOnCard: "Ann Lee",
        expirationMonth: "12",
        expirationYear: String(new Date().getFullYear() + 2),
        cvv: "123",
        billingAddress: { address1: "12 Main St", city: "Boise", state: "ID", postalCode: "83702" },
      });
      if (!tokenized.ok) throw new Error("not tokenized");
      return tokenized.token;
    })();
    const charge = await vault.charge(token, 2000, `vault-test/${randomUUID()}`);
    if (!charge.ok) throw new Error("not charged");
    const key = `refund-test/${randomUUID()}`;
    const [first, twin] = await Promise.all([
      vault.refund(charge.chargeId, 1500, key),
      vault.refund(charge.chargeId, 1500, key),
    ]);
    expect(first).toMatchObject({ ok: true });
    expect(twin).toEqual(first);
    expect(await vault.refund(charge.chargeId, 1500, key)).toEqual(first);
    expect(await refundsOf(charge.chargeId)).toHaveLength(1);
    // 500 is left of the charge.
    expect(await vault.refund(charge.chargeId, 600, `refund-test/${randomUUID()}`)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await vault.refund(charge.chargeId, 500, `refund-test/${randomUUID()}`)).toMatchObject({ ok: true });
    // The key reused for another amount, a charge that does not exist.
    expect(await vault.refund(charge.chargeId, 100, key)).toEqual({ ok: false, reason: "invalid" });
    expect(await vault.refund("ch_test_nosuchcharge", 100, `refund-test/${randomUUID()}`)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});
