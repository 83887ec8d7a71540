import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { businessToday } from "~/models/subscription";
import * as devExams from "~/routes/dev.exams";
import * as examPage from "~/routes/exam-provider.$token";
import { createCustomer, type Customer } from "~/services/accounts/auth/accounts.server";
import { setSimulatedExamStatus } from "~/services/adapters/exam-provider/simulated-doctor.server";
import { findSimulatedExam } from "~/services/adapters/exam-provider/simulated-exams.server";
import { SIMULATED_DOCTOR } from "~/services/adapters/exam-provider/simulated-provider.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { examVouchers, orderGroups, orders, prescriptions, simulatedExams, skus } from "~/services/db/schema";
import { syncExamVoucher, syncOpenExamVouchers } from "~/services/exams/exam-sync.server";
import type { AppServices } from "~/services/platform/context.server";
import { isDataWithInit, readyToOrder, TORIC, toricSkuPair } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// The simulated exam provider (decision 31): its exam pages through their loader and action, its dev page playing
// the doctor, and the store's sync writing what the doctor did into the voucher, the wallet and the orders.

let database: DatabaseHandle;
let services: AppServices;
let customer: Customer;
let upcs: [string, string];
let slot = 120;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  customer = await createCustomer(database.db, { email: "exam.taker@example.com", firstName: "Ann", lastName: "Lee" });
  upcs = await toricSkuPair(database.db, 110, 50);
});
afterAll(async () => {
  await database.close();
});

/** An exam with the provider and the store's voucher for it, as the store's journey makes them. */
async function newExam(customerId = customer.id): Promise<string> {
  const exam = await services.examProvider.createExam({
    customerRef: String(customerId),
    patient: { firstName: "Ann", lastName: "Lee", email: "exam.taker@example.com", phone: null },
    rightUpc: upcs[0],
    leftUpc: upcs[1],
    rbCode: null,
    priceCents: 2000,
    originalPriceCents: 2000,
  });
  await database.db.insert(examVouchers).values({
    token: exam.examVoucherToken,
    customerId,
    patientFirstName: "Ann",
    patientLastName: "Lee",
    rightUpc: upcs[0],
    leftUpc: upcs[1],
    priceCents: 2000,
    originalPriceCents: 2000,
  });
  return exam.examVoucherToken;
}

const RETURN_TO = "/exam/exam-complete";
const pagePath = (token: string, step = "intro", returnTo = RETURN_TO) =>
  `/exam-provider/${token}?${new URLSearchParams({ step, returnTo }).toString()}`;

/** A call through the root middleware, as a Response (data(...) answers become JSON with their status). */
async function call(
  handler: (args: never) => unknown,
  path: string,
  options: { form?: Record<string, string>; params?: Record<string, string>; as?: AppServices } = {},
): Promise<Response> {
  const request = new Request(`http://store.test${path}`, {
    method: options.form ? "POST" : "GET",
    headers: options.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  });
  return runThroughMiddleware(options.as ?? services, request, async (context) => {
    const result = await settle(() => handler({ request, params: options.params ?? {}, context } as never) as never);
    if (result instanceof Response) return result;
    if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
    return Response.json(result);
  });
}

const post = (token: string, step: string, form: Record<string, string>, returnTo = RETURN_TO) =>
  call(examPage.action, pagePath(token, step, returnTo), { form, params: { token } });
const view = async (token: string, step: string) =>
  (await (await call(examPage.loader, pagePath(token, step), { params: { token } })).json()) as Awaited<
    ReturnType<typeof examPage.loader>
  >;
const row = async (token: string) => (await findSimulatedExam(database.db, token))!;
const voucher = async (token: string) =>
  (await database.db.select().from(examVouchers).where(eq(examVouchers.token, token)))[0]!;

const GOOD_ANSWERS = {
  intent: "answers",
  eyePain: "no",
  redness: "no",
  suddenChange: "no",
  surgeryOrDisease: "no",
  recentExam: "yes",
  satisfied: "yes",
};

/** Takes the exam through the pages: start, answers, both eyes read (the letters shown, or `misread`), finish. */
async function takeExam(token: string, options: { misread?: boolean } = {}): Promise<Response> {
  expect((await post(token, "intro", { intent: "start" })).headers.get("Location")).toBe(pagePath(token, "questions"));
  expect((await post(token, "questions", GOOD_ANSWERS)).headers.get("Location")).toBe(pagePath(token, "right-eye"));
  for (const [eye, step, next] of [
    ["right", "right-eye", "left-eye"],
    ["left", "left-eye", "finish"],
  ] as const) {
    const page = await view(token, step);
    expect(page.step).toBe(step);
    const letters = page.eye!.letters.split("");
    // Typed as a person might (lower case, spaced), or every letter wrong.
    const reading = options.misread
      ? letters.map((letter) => (letter === "C" ? "D" : "C")).join("")
      : letters.join(" ").toLowerCase();
    const response = await post(token, step, { intent: "acuity", eye, reading });
    expect(response.headers.get("Location")).toBe(pagePath(token, next));
  }
  return post(token, "finish", { intent: "finish" });
}

describe("taking an exam on the simulator's pages", () => {
  it("start → questions → each eye → finish: Taken, with potential evidence, and back to returnTo", async () => {
    const token = await newExam();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const intro = await view(token, "finish");
    // A step ahead of the exam shows the first one not done.
    expect(intro).toMatchObject({ step: "intro", open: true, status: "Created", firstName: "Ann", eye: null });

    const finished = await takeExam(token);
    expect(finished.status).toBe(303);
    expect(finished.headers.get("Location")).toBe(RETURN_TO);
    const taken = await row(token);
    expect(taken).toMatchObject({ status: "Taken", potentialEvidence: true });
    expect(taken.examDate).toBeInstanceOf(Date);
    expect(taken.answers).toMatchObject({ eyePain: "no", recentExam: "yes" });
    expect(taken.acuity).toMatchObject({ right: { correct: 5 }, left: { correct: 5 } });

    expect(await syncExamVoucher(services, token)).toMatchObject({ status: "Taken", potentialEvidence: true });
    expect((await voucher(token)).examDate).toBeInstanceOf(Date);
    // A taken exam only shows where it stands.
    expect(await view(token, "questions")).toMatchObject({ open: false, status: "Taken" });
  });

  it("the letters come from the exam, not the form: misreading them leaves no potential evidence", async () => {
    const token = await newExam();
    const page = await (async () => {
      await post(token, "intro", { intent: "start" });
      await post(token, "questions", GOOD_ANSWERS);
      return view(token, "right-eye");
    })();
    // Only the line of the eye being checked reaches the page.
    const acuity = (await row(token)).acuity as { right: { shown: string } };
    expect(page.eye).toEqual({ eye: "right", letters: acuity.right.shown, lastCorrect: null });
    await post(token, "right-eye", { intent: "acuity", eye: "right", reading: "xxxxx", letters: "XXXXX" });
    expect((await row(token)).acuity).toMatchObject({ right: { correct: 0, reading: "XXXXX" } });
    // A second try scores against a new line.
    const again = await view(token, "right-eye");
    expect(again.eye!.lastCorrect).toBe(0);
    expect(again.eye!.letters).toMatch(/^[CDHKNORSVZ]{5}$/);
  });

  it("a misread exam is Taken without potential evidence", async () => {
    const token = await newExam();
    expect((await takeExam(token, { misread: true })).status).toBe(303);
    expect(await row(token)).toMatchObject({ status: "Taken", potentialEvidence: false });
  });

  it("bad input on each form re-renders with messages (400) and saves nothing", async () => {
    const token = await newExam();
    const unknown = await post(token, "intro", { intent: "jump" });
    expect(unknown.status).toBe(400);
    expect((await row(token)).status).toBe("Created");
    // Answering before starting is refused.
    expect((await post(token, "questions", GOOD_ANSWERS)).status).toBe(400);
    expect((await row(token)).answers).toBeNull();

    await post(token, "intro", { intent: "start" });
    const { satisfied: _, ...missing } = GOOD_ANSWERS;
    const answers = await post(token, "questions", { ...missing, eyePain: "maybe" });
    expect(answers.status).toBe(400);
    const body = (await answers.json()) as { form: string; result: { error: Record<string, string[]> } };
    expect(body.form).toBe("answers");
    expect(body.result.error.satisfied).toEqual(["Please answer yes or no."]);
    expect(body.result.error.eyePain).toEqual(["Please answer yes or no."]);
    expect((await row(token)).answers).toBeNull();

    await post(token, "questions", GOOD_ANSWERS);
    const before = (await row(token)).acuity;
    for (const form of [
      { intent: "acuity", eye: "right", reading: "" },
      { intent: "acuity", eye: "right", reading: "CD1<" },
      { intent: "acuity", eye: "both", reading: "CDHKN" },
      { intent: "acuity", eye: "right", reading: "C".repeat(30) },
    ]) {
      const response = await post(token, "right-eye", form);
      expect(response.status, JSON.stringify(form)).toBe(400);
    }
    expect((await row(token)).acuity).toEqual(before);

    const early = await post(token, "finish", { intent: "finish" });
    expect(early.status).toBe(400);
    expect(((await early.json()) as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual([
      "Please answer the questions and check both eyes first.",
    ]);
    expect((await row(token)).status).toBe("Started");
  });

  it("Leave the exam: Abandoned and back to returnTo (never to another site); it can be started again", async () => {
    const token = await newExam();
    await post(token, "intro", { intent: "start" });
    const left = await post(token, "questions", { intent: "leave" }, "//evil.example/");
    expect(left.status).toBe(303);
    expect(left.headers.get("Location")).toBe("/exam/exam-complete");
    expect((await row(token)).status).toBe("Abandoned");
    expect(await view(token, "questions")).toMatchObject({ step: "intro", open: true, status: "Abandoned" });
    expect((await takeExam(token)).status).toBe(303);
    expect((await row(token)).status).toBe("Taken");
  });

  it("an unknown or malformed token is a 404", async () => {
    for (const token of ["A".repeat(32), "short", "a.b"]) {
      expect((await call(examPage.loader, `/exam-provider/${token}`, { params: { token } })).status).toBe(404);
    }
  });
});

/** Moves an exam on the dev page, as the developer's form posts it. */
function devMove(token: string, status: string, as?: AppServices) {
  return call(devExams.action, "/dev/exams", { form: { intent: "set-status", token, status }, as });
}

const examPrescriptions = (customerId: number) =>
  database.db
    .select()
    .from(prescriptions)
    .where(and(eq(prescriptions.customerId, customerId), eq(prescriptions.source, "exam")));

describe("the doctor's moves on /dev/exams and the store's sync", () => {
  it("Issued writes one wallet prescription from the exam's lenses, even when synced several times at once", async () => {
    const buyer = await createCustomer(database.db, { email: "issued@example.com", firstName: "Bo", lastName: "Ray" });
    const token = await newExam(buyer.id);
    await takeExam(token);
    // The doctor issues without the store hearing; then three syncs race.
    expect(await setSimulatedExamStatus(database.db, token, "Issued")).toMatchObject({ ok: true });
    await Promise.all([1, 2, 3].map(() => syncExamVoucher(services, token)));
    // The dev page's own move (and its sync) adds nothing either.
    expect((await devMove(token, "Issued")).status).toBe(303);

    const written = await examPrescriptions(buyer.id);
    expect(written).toHaveLength(1);
    const [sku] = await database.db.select().from(skus).where(eq(skus.upc, upcs[0]));
    expect(written[0]).toMatchObject({
      status: "Verified",
      patientFirstName: "Ann",
      expirationDate: DateTime.fromISO(businessToday()).plus({ years: 1 }).toISODate(),
      prescriber: { ...SIMULATED_DOCTOR },
      rightEye: { productId: TORIC.productId, upc: upcs[0], parameters: sku!.parameters },
      leftEye: { productId: TORIC.productId, upc: upcs[1] },
    });
    expect(await voucher(token)).toMatchObject({ status: "Issued", prescriptionId: written[0]!.id });
  });

  it("an order group ordered from the exam gets the prescription, Verified", async () => {
    const { input, customer: buyer } = await readyToOrder(services, { slot: slot++, stock: 50 });
    const placed = await placeOrder(services, input);
    if (!placed.ok) throw new Error(placed.reason);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    const token = await newExam(buyer.id);
    const [group] = await database.db
      .update(orderGroups)
      .set({ examVoucherToken: token, prescriptionStatus: "PendingExam" })
      .where(eq(orderGroups.orderId, order!.id))
      .returning();
    await database.db
      .update(prescriptions)
      .set({ status: "PendingExam" })
      .where(eq(prescriptions.id, group!.prescriptionId!));
    await takeExam(token);

    expect((await devMove(token, "Issued")).status).toBe(303);
    const [after] = await database.db.select().from(orderGroups).where(eq(orderGroups.id, group!.id));
    expect(after).toMatchObject({ prescriptionStatus: "Verified", prescriptionId: group!.prescriptionId });
    const [rx] = await database.db.select().from(prescriptions).where(eq(prescriptions.id, group!.prescriptionId!));
    expect(rx).toMatchObject({
      source: "exam",
      status: "Verified",
      prescriber: { lastName: SIMULATED_DOCTOR.lastName },
    });
    expect(await voucher(token)).toMatchObject({ prescriptionId: group!.prescriptionId });
    // No second wallet row: the group's own prescription is the one.
    expect(await examPrescriptions(buyer.id)).toHaveLength(1);
  });

  it("Declined: the order waiting for the exam goes on hold with FailedExam; a shipped one is left alone", async () => {
    const { input, customer: buyer } = await readyToOrder(services, { slot: slot++, stock: 50 });
    const placed = await placeOrder(services, input);
    if (!placed.ok) throw new Error(placed.reason);
    const token = await newExam(buyer.id);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    await database.db
      .update(orderGroups)
      .set({ examVoucherToken: token, prescriptionStatus: "PendingExam" })
      .where(eq(orderGroups.orderId, order!.id));
    await takeExam(token);

    expect((await devMove(token, "Declined")).status).toBe(303);
    const [held] = await database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(held!.statusCode).toBe("H");
    const groups = await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, order!.id));
    expect(groups.map((group) => group.prescriptionStatus)).toEqual(["FailedExam"]);
    expect(await voucher(token)).toMatchObject({ status: "Declined", prescriptionId: null });
    expect(await examPrescriptions(buyer.id)).toHaveLength(0);

    // Shipped meanwhile, then synced again: nothing moves back.
    await database.db.update(orders).set({ statusCode: "G" }).where(eq(orders.id, order!.id));
    await syncExamVoucher(services, token);
    expect((await database.db.select().from(orders).where(eq(orders.id, order!.id)))[0]!.statusCode).toBe("G");
    // The exam page shows the decision and a way back.
    expect(await view(token, "intro")).toMatchObject({ open: false, status: "Declined", returnTo: RETURN_TO });
  });

  it("Retake lets the shopper take the exam again; bad dev input is a 400 that changes nothing", async () => {
    const token = await newExam();
    await takeExam(token, { misread: true });
    expect((await devMove(token, "Retake")).status).toBe(303);
    expect(await voucher(token)).toMatchObject({ status: "Retake" });
    expect(await view(token, "intro")).toMatchObject({ open: true, step: "intro" });
    await takeExam(token);
    expect(await row(token)).toMatchObject({ status: "Taken", potentialEvidence: true });

    const badForms: Array<Record<string, string>> = [
      { intent: "set-status", token, status: "Approved" },
      { intent: "set-status", token: "x", status: "Issued" },
      { intent: "nothing" },
    ];
    for (const form of badForms) {
      expect((await call(devExams.action, "/dev/exams", { form })).status, JSON.stringify(form)).toBe(400);
    }
    expect((await row(token)).status).toBe("Taken");
  });

  it("the exams job reads the open vouchers not read in the last minute", async () => {
    const token = await newExam();
    await database.db
      .update(simulatedExams)
      .set({ status: "Taken", statusDate: new Date() })
      .where(eq(simulatedExams.token, token));
    const stale = new Date(Date.now() - 5 * 60_000);
    await database.db.update(examVouchers).set({ syncedAt: stale }).where(eq(examVouchers.token, token));
    const summary = await syncOpenExamVouchers(services, new Date());
    expect(summary.failed).toBe(0);
    expect(summary.synced).toBeGreaterThan(0);
    expect(await voucher(token)).toMatchObject({ status: "Taken" });
    // Read just now: the next run leaves it.
    await database.db.update(simulatedExams).set({ status: "Issued" }).where(eq(simulatedExams.token, token));
    await syncOpenExamVouchers(services, new Date());
    expect(await voucher(token)).toMatchObject({ status: "Taken" });
  });
});

describe("outside development", () => {
  it("production refuses the exam pages and the dev page, unless the simulator is configured on", async () => {
    const token = await newExam();
    const production = createTestServices(database, { APP_ENV: "production", SESSION_SECRET: "p".repeat(40) });
    const path = pagePath(token);
    expect((await call(examPage.loader, path, { params: { token }, as: production })).status).toBe(404);
    expect(
      (await call(examPage.action, path, { params: { token }, as: production, form: { intent: "start" } })).status,
    ).toBe(404);
    expect((await call(devExams.loader, "/dev/exams", { as: production })).status).toBe(404);
    expect((await devMove(token, "Issued", production)).status).toBe(404);
    expect((await row(token)).status).toBe("Created");

    const demo = createTestServices(database, {
      APP_ENV: "production",
      SESSION_SECRET: "p".repeat(40),
      EXAM_SIMULATOR: "true",
    });
    expect((await call(examPage.loader, path, { params: { token }, as: demo })).status).toBe(200);
  });

  it("the provider's price, states, exam URL and office", async () => {
    expect(await services.examProvider.price()).toEqual({ priceCents: 2000, originalPriceCents: 2000 });
    expect(await services.examProvider.servesState("ID")).toBe(true);
    expect(await services.examProvider.servesState("AK")).toBe(false);
    expect(services.examProvider.examUrl("tok", "/exam/exam-complete?x=1")).toBe(
      "/exam-provider/tok?returnTo=%2Fexam%2Fexam-complete%3Fx%3D1",
    );
    expect(services.examProvider.examUrl("tok", "https://evil.example")).toBe(
      "/exam-provider/tok?returnTo=%2Fexam%2Fexam-complete",
    );
    expect(await services.examProvider.providerAddress("lenslane-vision-partners")).toMatchObject({ state: "ID" });
    expect(await services.examProvider.providerAddress("other")).toBeNull();
    expect(await services.examProvider.getExam("nope")).toBeNull();
  });
});
