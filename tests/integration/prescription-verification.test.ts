import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as devVerifications from "~/routes/dev.verifications";
import * as detailsPage from "~/routes/order-history.$orderNumber";
import { createAuthSession } from "~/services/accounts/auth/accounts.server";
import type { PrescriberVerifier } from "~/services/adapters/prescriber-verification/prescriber-verifier";
import { answerSimulatedRequest } from "~/services/adapters/prescriber-verification/simulated-prescriber.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  lineItemGroups,
  orderGroups,
  orders,
  prescriptions,
  prescriptionVerifications,
  simulatedPrescriberRequests,
} from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { JOB_QUEUES, startJobs } from "~/server/jobs.server";
import { runVerificationPass, SEND_CLAIM_SECONDS } from "~/services/prescriptions/verification.server";
import { readyToOrder } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle } from "../setup/test-context";

// Verifying prescriptions with the doctor (issue 16, decision 30): the verification job against the simulated
// prescriber. Time is driven by the pass's `now`: sent on Monday 23 November 2026 at 10:00 in Boise, the 8 business
// hours run out on Tuesday at 10:00.

let database: DatabaseHandle;
let services: AppServices;
let slot = 100;

const SENT = new Date("2026-11-23T17:00:00Z"); // Monday 10:00 MST
const DEADLINE = new Date("2026-11-24T17:00:00Z"); // Tuesday 10:00 MST
const later = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  services.logger.level = "silent";
});
afterAll(async () => {
  await database.close();
});

/** A placed order of one toric lens group with Dr. Rita Hale; `change` edits the cart group first. */
async function placed(change: Partial<typeof lineItemGroups.$inferInsert> = {}) {
  const ready = await readyToOrder(services, { slot: slot++, stock: 50 });
  if (Object.keys(change).length > 0) {
    await database.db.update(lineItemGroups).set(change).where(eq(lineItemGroups.id, ready.groupId));
  }
  const result = await placeOrder(services, ready.input);
  if (!result.ok) throw new Error(result.message);
  const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, result.orderNumber));
  const [group] = await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, order!.id));
  return { order: order!, group: group! };
}

async function verificationOf(orderGroupId: number) {
  const rows = await database.db
    .select()
    .from(prescriptionVerifications)
    .where(eq(prescriptionVerifications.orderGroupId, orderGroupId));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}
async function requestsFor(orderNumber: string) {
  return database.db
    .select()
    .from(simulatedPrescriberRequests)
    .where(eq(simulatedPrescriberRequests.storeReference, orderNumber));
}
/** The order's status code, its group's prescription status and the prescription record. */
async function stateOf(placedOrder: Awaited<ReturnType<typeof placed>>) {
  const [order] = await database.db.select().from(orders).where(eq(orders.id, placedOrder.order.id));
  const [group] = await database.db.select().from(orderGroups).where(eq(orderGroups.id, placedOrder.group.id));
  const [prescription] = await database.db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.id, placedOrder.group.prescriptionId!));
  return { statusCode: order!.statusCode, groupStatus: group!.prescriptionStatus, prescription: prescription! };
}

/** Places an order and sends its request (at SENT); returns the order and the request's reference. */
async function sentOrder() {
  const order = await placed();
  await runVerificationPass(services, SENT);
  const verification = await verificationOf(order.group.id);
  expect(verification?.state).toBe("sent");
  return { ...order, reference: verification!.reference! };
}

describe("starting verification with the order", () => {
  it("queues one verification for a lens group with a doctor, in the order's transaction", async () => {
    const { group } = await placed();
    expect(group.prescriptionStatus).toBe("PendingVerification");
    const verification = await verificationOf(group.id);
    expect(verification).toMatchObject({ state: "queued", reference: null, sentAt: null, deadlineAt: null });
    expect(verification!.prescriptionId).toBe(group.prescriptionId);
  });

  it("queues none for a prescription still to be sent (PendingSubmission)", async () => {
    const { group } = await placed({ rxEntryType: "SubmitAndSkip" });
    expect(group.prescriptionStatus).toBe("PendingSubmission");
    expect(await verificationOf(group.id)).toBeUndefined();
  });
});

describe("the verification job", () => {
  it("sends the request, then verifies passively when the doctor doesn't answer in 8 business hours", async () => {
    const order = await placed();
    await runVerificationPass(services, SENT);
    const sent = await verificationOf(order.group.id);
    expect(sent).toMatchObject({ state: "sent", sentAt: SENT, deadlineAt: DEADLINE, claimedUntil: null });
    const [request] = await requestsFor(order.order.orderNumber);
    expect(request).toMatchObject({
      reference: sent!.reference,
      doctor: { firstName: "Rita", lastName: "Hale", clinicName: "Boise Eye Care" },
      patient: { firstName: "Ann", lastName: "Lee" },
      rightEye: { parameters: { power: "-1.00" } },
      leftEye: { parameters: { power: "-1.25" } },
      answer: null,
    });

    // A minute before the deadline it still waits; at the deadline it is verified.
    await runVerificationPass(services, later(DEADLINE, -1));
    expect((await verificationOf(order.group.id))?.state).toBe("sent");
    expect((await stateOf(order)).groupStatus).toBe("PendingVerification");
    await runVerificationPass(services, DEADLINE);
    expect(await verificationOf(order.group.id)).toMatchObject({ state: "passive", answeredAt: null });
    const after = await stateOf(order);
    expect(after).toMatchObject({ statusCode: "", groupStatus: "Verified", prescription: { status: "Verified" } });
    expect(await requestsFor(order.order.orderNumber)).toHaveLength(1);
  });

  it("verifies on the doctor's confirmation before the deadline", async () => {
    const order = await sentOrder();
    expect(await answerSimulatedRequest(database.db, order.reference, { kind: "confirm" }, later(SENT, 30))).toBe("ok");
    await runVerificationPass(services, later(SENT, 31));
    expect(await verificationOf(order.group.id)).toMatchObject({ state: "confirmed", answeredAt: later(SENT, 30) });
    expect(await stateOf(order)).toMatchObject({ statusCode: "", groupStatus: "Verified" });
    expect((await stateOf(order)).prescription.status).toBe("Verified");
    // The doctor answers once.
    expect(await answerSimulatedRequest(database.db, order.reference, { kind: "invalid" })).toBe("answered");
  });

  it("takes the doctor's correction into the prescription, then verifies it", async () => {
    const order = await sentOrder();
    const before = (await stateOf(order)).prescription;
    await answerSimulatedRequest(database.db, order.reference, {
      kind: "correct",
      rightEye: { power: "-1.50" },
      leftEye: null,
    });
    await runVerificationPass(services, later(SENT, 60));
    expect((await verificationOf(order.group.id))?.state).toBe("corrected");
    const after = await stateOf(order);
    expect(after).toMatchObject({ statusCode: "", groupStatus: "Verified", prescription: { status: "Verified" } });
    expect(after.prescription.rightEye?.parameters).toEqual({ ...before.rightEye!.parameters, power: "-1.50" });
    expect(after.prescription.leftEye).toEqual(before.leftEye);
  });

  it("puts the order on hold with the prescription PendingVerification when the doctor says it is invalid", async () => {
    const order = await sentOrder();
    await answerSimulatedRequest(database.db, order.reference, { kind: "invalid" });
    await runVerificationPass(services, later(SENT, 60));
    expect((await verificationOf(order.group.id))?.state).toBe("invalid");
    expect(await stateOf(order)).toMatchObject({
      statusCode: "H",
      groupStatus: "PendingVerification",
      prescription: { status: "PendingVerification" },
    });
    // Past the deadline nothing changes: the answer was acted on once.
    await runVerificationPass(services, later(DEADLINE, 60));
    expect((await stateOf(order)).groupStatus).toBe("PendingVerification");
  });

  it("puts the order on hold with the prescription FailedExam when the doctor says it expired", async () => {
    const order = await sentOrder();
    await answerSimulatedRequest(database.db, order.reference, { kind: "expired" });
    await runVerificationPass(services, later(SENT, 60));
    expect((await verificationOf(order.group.id))?.state).toBe("expired");
    expect(await stateOf(order)).toMatchObject({
      statusCode: "H",
      groupStatus: "FailedExam",
      prescription: { status: "FailedExam" },
    });
  });

  it("leaves a shipped order alone", async () => {
    const order = await sentOrder();
    await database.db.update(orders).set({ statusCode: "G" }).where(eq(orders.id, order.order.id));
    await answerSimulatedRequest(database.db, order.reference, { kind: "expired" });
    await runVerificationPass(services, later(SENT, 60));
    expect((await verificationOf(order.group.id))?.state).toBe("skipped");
    expect(await stateOf(order)).toMatchObject({ statusCode: "G", groupStatus: "PendingVerification" });
  });
});

/** The simulated prescriber, counting the sends of each idempotency key. */
function countingVerifier(sends: Map<string, number>, options: { dieAfterSend?: boolean } = {}): PrescriberVerifier {
  return {
    ...services.prescriberVerifier,
    async sendRequest(request) {
      sends.set(request.idempotencyKey, (sends.get(request.idempotencyKey) ?? 0) + 1);
      const sent = await services.prescriberVerifier.sendRequest(request);
      if (options.dieAfterSend) throw new Error("process killed after sending");
      return sent;
    },
  };
}

describe("exactly once", () => {
  it("two passes at once send one request and act on the answer once", async () => {
    const order = await placed();
    const sends = new Map<string, number>();
    const processA = { ...createTestServices(database), prescriberVerifier: countingVerifier(sends) };
    const processB = { ...createTestServices(database), prescriberVerifier: countingVerifier(sends) };
    processA.logger.level = "silent";
    processB.logger.level = "silent";
    await Promise.all([runVerificationPass(processA, SENT), runVerificationPass(processB, SENT)]);
    const verification = await verificationOf(order.group.id);
    expect(verification?.state).toBe("sent");
    expect(sends.get(verification!.idempotencyKey)).toBe(1);
    expect(await requestsFor(order.order.orderNumber)).toHaveLength(1);

    await answerSimulatedRequest(database.db, verification!.reference!, { kind: "expired" });
    const [a, b] = await Promise.all([
      runVerificationPass(processA, later(SENT, 5)),
      runVerificationPass(processB, later(SENT, 5)),
    ]);
    expect((a.resolved.expired ?? 0) + (b.resolved.expired ?? 0)).toBe(1);
    expect(await stateOf(order)).toMatchObject({ statusCode: "H", groupStatus: "FailedExam" });
  });

  it("a process that dies after sending: a restarted one resends under the same key and gets the same request", async () => {
    const order = await placed();
    const sends = new Map<string, number>();
    const dying = {
      ...createTestServices(database),
      prescriberVerifier: countingVerifier(sends, { dieAfterSend: true }),
    };
    dying.logger.level = "silent";
    const first = await runVerificationPass(dying, SENT);
    expect(first.notSent).toBeGreaterThanOrEqual(1);
    const stranded = await verificationOf(order.group.id);
    expect(stranded).toMatchObject({ state: "queued", reference: null });
    expect(await requestsFor(order.order.orderNumber)).toHaveLength(1);

    // A fresh process (new services over the same database) leaves the claim alone while it lasts…
    const restarted = createTestServices(database);
    restarted.logger.level = "silent";
    await runVerificationPass(restarted, later(SENT, 1));
    expect((await verificationOf(order.group.id))?.state).toBe("queued");
    // … then sends again: the same request, its reference and its first receipt time (so the same deadline).
    await runVerificationPass(restarted, new Date(SENT.getTime() + SEND_CLAIM_SECONDS * 1000 + 1000));
    const [request] = await requestsFor(order.order.orderNumber);
    expect(await requestsFor(order.order.orderNumber)).toHaveLength(1);
    expect(await verificationOf(order.group.id)).toMatchObject({
      state: "sent",
      reference: request!.reference,
      sentAt: SENT,
      deadlineAt: DEADLINE,
    });
    await runVerificationPass(restarted, DEADLINE);
    expect((await stateOf(order)).groupStatus).toBe("Verified");
  });

  it("a new job queue over the same database picks up a request stranded by a crash", async () => {
    const order = await placed();
    const sends = new Map<string, number>();
    const dying = {
      ...createTestServices(database),
      prescriberVerifier: countingVerifier(sends, { dieAfterSend: true }),
    };
    dying.logger.level = "silent";
    // Died long enough ago that its claim has run out.
    const diedAt = new Date(Date.now() - (SEND_CLAIM_SECONDS + 60) * 1000);
    await runVerificationPass(dying, diedAt);
    const stranded = await verificationOf(order.group.id);
    expect(stranded?.state).toBe("queued");

    const restarted = createTestServices(database);
    restarted.logger.level = "silent";
    const jobs = await startJobs(restarted, {
      work: true,
      timing: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
    });
    try {
      await jobs.send(JOB_QUEUES.verification);
      await expect
        .poll(async () => (await verificationOf(order.group.id))?.state, { timeout: 20_000, interval: 250 })
        .toBe("sent");
    } finally {
      await jobs.stop();
    }
    const requests = await requestsFor(order.order.orderNumber);
    expect(requests).toHaveLength(1);
    expect(await verificationOf(order.group.id)).toMatchObject({
      reference: requests[0]!.reference,
      sentAt: requests[0]!.receivedAt,
    });
  });
});

/** Calls a page's loader or action as the router does (a form makes it a POST), giving back what came out. */
async function call(
  handler: (args: never) => unknown,
  path: string,
  options: { form?: Record<string, string>; cookie?: string; params?: Record<string, string>; as?: AppServices } = {},
) {
  const headers = new Headers(options.cookie ? { Cookie: options.cookie } : {});
  const init: RequestInit = { headers };
  if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    Object.assign(init, { method: "POST", body: new URLSearchParams(options.form).toString() });
  }
  const request = new Request(`http://store.test${path}`, init);
  const context = await createRequestContext(options.as ?? services, request);
  return settle(async () => handler({ request, params: options.params ?? {}, context } as never));
}
const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: { status?: number } | null }).init?.status ?? 200);

describe("order details show where verification stands", () => {
  it("before sending, once sent (with when we ship), and on hold after an invalid answer", async () => {
    const order = await placed();
    const token = await createAuthSession(database.db, order.order.customerId, "password", false);
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", token);
    const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
    const notice = async () => {
      const details = (await call(detailsPage.loader, `/account/order-history/${order.order.orderNumber}`, {
        cookie,
        params: { orderNumber: order.order.orderNumber },
      })) as Awaited<ReturnType<typeof detailsPage.loader>>;
      return details.groups[0]!.verification;
    };

    expect(await notice()).toEqual({ tone: "info", text: "We're asking Dr. Rita Hale to confirm your prescription." });
    await runVerificationPass(services, SENT);
    expect((await notice())?.text).toBe(
      "We asked Dr. Rita Hale to confirm your prescription; we'll ship after Tue, Nov 24, 10:00 AM MT unless they " +
        "tell us otherwise.",
    );
    const { reference } = (await verificationOf(order.group.id))!;
    await answerSimulatedRequest(database.db, reference!, { kind: "invalid" });
    await runVerificationPass(services, later(SENT, 10));
    // The reason; what the held order needs is its status message (issue 25).
    expect(await notice()).toEqual({ tone: "attention", text: "Dr. Rita Hale couldn't confirm your prescription." });
  });
});

describe("/dev/verifications", () => {
  it("lists the requests and answers as the doctor; the store acts on the answer at once", async () => {
    const order = await sentOrder();
    const page = (await call(devVerifications.loader, "/dev/verifications")) as Awaited<
      ReturnType<typeof devVerifications.loader>
    >;
    const row = page.verifications.find((candidate) => candidate.orderNumber === order.order.orderNumber)!;
    expect(row).toMatchObject({
      state: "sent",
      doctor: "Dr. Rita Hale, Boise Eye Care",
      patient: "Ann Lee",
      reference: order.reference,
      sent: "Mon, Nov 23, 10:00 AM MT",
      deadline: "Tue, Nov 24, 10:00 AM MT",
      answer: null,
    });
    expect(row.asked).toHaveLength(2);
    expect(row.asked[0]).toMatch(/^Right eye: .* — Power\/sphere -1\.00/);

    const answered = await call(devVerifications.action, "/dev/verifications", {
      form: { intent: "correct", reference: order.reference, eye: "left", parameter: "power", value: "-2.00" },
    });
    expect(statusOf(answered)).toBe(303);
    expect(await verificationOf(order.group.id)).toMatchObject({ state: "corrected" });
    expect((await stateOf(order)).prescription.leftEye?.parameters.power).toBe("-2.00");
  });

  it("answers bad input with 400 and a message, and saves nothing", async () => {
    const order = await sentOrder();
    const bad: Array<[Record<string, string>, string]> = [
      [{ intent: "confirm", reference: "nope" }, "Choose a verification request from the list."],
      [{ intent: "approve", reference: order.reference }, ""],
      [{ intent: "correct", reference: order.reference, eye: "middle", parameter: "power", value: "-2" }, "eye"],
      [{ intent: "correct", reference: order.reference, eye: "left", parameter: "shade", value: "-2" }, "parameter"],
      [{ intent: "correct", reference: order.reference, eye: "left", parameter: "power", value: "<b>" }, "value"],
      [{ intent: "correct", reference: order.reference, eye: "left", parameter: "power", value: "-1.25" }, "Confirm"],
      [{ intent: "expired", reference: "pv_sim_000000000000000000000000" }, "no verification request"],
    ];
    for (const [form, message] of bad) {
      const result = await call(devVerifications.action, "/dev/verifications", { form });
      expect(statusOf(result), JSON.stringify(form)).toBe(400);
      const error = (result as { data: { error: string } }).data.error;
      expect(error.length, JSON.stringify(form)).toBeGreaterThan(0);
      expect(error, JSON.stringify(form)).toContain(message);
    }
    const [request] = await requestsFor(order.order.orderNumber);
    expect(request!.answer).toBeNull();
    expect((await verificationOf(order.group.id))?.state).toBe("sent");
  });

  it("is not found in production", async () => {
    const production = createTestServices(database, { APP_ENV: "production" });
    production.logger.level = "silent";
    expect(statusOf(await call(devVerifications.loader, "/dev/verifications", { as: production }))).toBe(404);
    const posted = await call(devVerifications.action, "/dev/verifications", {
      as: production,
      form: { intent: "run-pass" },
    });
    expect(statusOf(posted)).toBe(404);
  });
});
