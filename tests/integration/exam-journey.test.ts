import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAM_START_MESSAGES } from "~/models/exam-forms";
import { EXAM_MESSAGES } from "~/models/exams";
import { EXAM_PAYMENT_MESSAGES } from "~/models/exam-payments";
import { doctorRequired } from "~/models/funnel";
import { PATIENT_MESSAGES } from "~/models/patient";
import * as examInfoDetails from "~/routes/api.examInfo.$token.details";
import * as examInfoCreate from "~/routes/api.examInfo.create";
import * as examInfoPrice from "~/routes/api.examInfo.price";
import * as examInfoList from "~/routes/api.examInfo";
import * as examEligibility from "~/routes/api.examEligibility";
import * as recentExams from "~/routes/api.orders.RecentExams";
import * as preorderExam from "~/routes/api.cart.preorderexam";
import * as examIndex from "~/routes/exam._index";
import * as examComplete from "~/routes/exam.exam-complete";
import * as examLanding from "~/routes/exam.landing";
import * as examPayment from "~/routes/exam.payment";
import * as examStart from "~/routes/exam.start";
import * as unsupportedBrowser from "~/routes/exam.unsupported-browser";
import * as examPage from "~/routes/exam-provider.$token";
import * as walletPage from "~/routes/rx-wallet";
import { loader as rootLoader } from "~/root";
import { setSimulatedExamStatus } from "~/services/adapters/exam-provider/simulated-doctor.server";
import { CHARGE_DECLINED_TEST_NUMBER } from "~/services/adapters/payments/test-vault.server";
import type { ExamProvider } from "~/services/adapters/exam-provider/exam-provider";
import { saveCard } from "~/services/checkout/payment-methods.server";
import { funnelGroups } from "~/services/funnel/funnel.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  carts,
  examPayments,
  examVouchers,
  lineItemGroups,
  orderGroups,
  orders,
  patients,
  prescriptionVerifications,
  prescriptions,
  skus,
} from "~/services/db/schema";
import { syncExamVoucher } from "~/services/exams/exam-sync.server";
import { examLensParameters } from "~/services/exams/exam-start.server";
import type { AppServices } from "~/services/platform/context.server";
import {
  addPatient,
  examCard,
  ExamBrowser,
  examPayForm,
  insertVoucher,
  markTaken,
  primaryAddressIn,
  startPaidExam,
  TEXT_BROWSER_UA,
  voucherRow,
} from "../setup/exam-fixtures";
import { TEST_ADDRESS, TORIC, toricSkuPair, VISA } from "../setup/order-fixtures";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// The online exam's store side (issue 16) through the request path the server takes: the guards, the patient
// choice, starting an exam at the simulated provider, the exam's lenses into the cart, the order placed from it and
// the doctor's prescription reaching it, and the exam calls of the JSON API.

let database: DatabaseHandle;
let services: AppServices;
let upcs: [string, string];
let skuParameters: [Record<string, string>, Record<string, string>];

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  services.logger.level = "silent";
  upcs = await toricSkuPair(database.db, 40, 50);
  const rows = await Promise.all(upcs.map((upc) => database.db.select().from(skus).where(eq(skus.upc, upc))));
  skuParameters = [rows[0]![0]!.parameters, rows[1]![0]!.parameters];
});
afterAll(async () => {
  await database.close();
});

/** The services with a provider that fails in the given ways. */
function failing(overrides: Partial<ExamProvider>): AppServices {
  return { ...services, examProvider: { ...services.examProvider, ...overrides } };
}
const broken = async () => {
  throw new Error("provider down");
};

const vouchersOf = (customerId: number) =>
  database.db.select().from(examVouchers).where(eq(examVouchers.customerId, customerId));

/** The from-lenses form for both eyes of the test SKUs (field `drop` left out). */
function fromLensesForm(patientId: number, drop?: string): Record<string, string> {
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
  if (drop) delete form[drop];
  return form;
}

/** A signed-in customer with one patient, who started an exam from the test lenses; the browser and the token. */
async function startedExam(firstName = "Ann") {
  const browser = await ExamBrowser.signedIn(services);
  const patientId = await addPatient(database.db, browser.customerId, firstName, "Lee");
  const { response } = await startPaidExam(browser, fromLensesForm(patientId));
  expect(response.status).toBe(303);
  const token = new URL(response.headers.get("Location")!, "http://store.test").pathname.split("/").pop()!;
  return { browser, patientId, token };
}

const GOOD_ANSWERS = {
  intent: "answers",
  eyePain: "no",
  redness: "no",
  suddenChange: "no",
  surgeryOrDisease: "no",
  recentExam: "yes",
  satisfied: "yes",
};

/** Takes the exam on the simulator's pages, as the shopper does, following its returnTo; the last redirect. */
async function takeExam(browser: ExamBrowser, providerUrl: string): Promise<string> {
  const url = new URL(providerUrl, "http://store.test");
  const token = url.pathname.split("/").pop()!;
  const returnTo = url.searchParams.get("returnTo")!;
  const at = (step: string) => `/exam-provider/${token}?${new URLSearchParams({ step, returnTo }).toString()}`;
  const post = async (step: string, form: Record<string, string>) =>
    (await browser.send(examPage.action, at(step), { form, params: { token } })).response;
  await post("intro", { intent: "start" });
  await post("questions", GOOD_ANSWERS);
  for (const [eye, step] of [
    ["right", "right-eye"],
    ["left", "left-eye"],
  ] as const) {
    const page = await browser.view<{ eye: { letters: string } }>(examPage.loader, at(step), { params: { token } });
    await post(step, { intent: "acuity", eye, reading: page.eye.letters });
  }
  const finished = await post("finish", { intent: "finish" });
  expect(finished.status).toBe(303);
  return finished.headers.get("Location")!;
}

// ---- 1, 2: the guards ---------------------------------------------------------------------------------------------

describe("the exam's entry: sign-in and browser guards", () => {
  it("signed out, /exam/start sends the shopper to the create-account dialog with the spec's message", async () => {
    const browser = new ExamBrowser(services);
    const { response } = await browser.send(examStart.loader, "/exam/start?patient=new");
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toBe("/exam/landing?signin=create-account&redirectTo=%2Fexam%2Fstart%3Fpatient%3Dnew");
    expect((await browser.session()).get("signInNotice")).toBe(
      "We’ll save your new prescription to your account for easy ordering.",
    );
    // The landing page's dialog shows it once.
    const request = new Request(`http://store.test${location}`, { headers: { Cookie: browser.cookieHeader } });
    let shell: Awaited<ReturnType<typeof rootLoader>> | null = null;
    await runThroughMiddleware(services, request, async (context) => {
      shell = await rootLoader({ request, params: {}, context } as never);
      return new Response("page");
    });
    expect(shell!.signInDialog).toMatchObject({
      slide: "create-account",
      notice: "We’ll save your new prescription to your account for easy ordering.",
      redirectTo: "/exam/start?patient=new",
    });
    // The action is guarded the same way, and nothing is saved.
    const posted = await browser.send(examStart.action, "/exam/start", {
      form: { intent: "add-patient", firstName: "Sam", lastName: "Lee" },
    });
    expect(posted.response.status).toBe(303);
    expect(posted.response.headers.get("Location")).toMatch(/^\/exam\/landing\?signin=create-account&redirectTo=/);
  });

  it("/exam goes to the landing page keeping the query; exam-complete=true goes to the exam's page", async () => {
    const browser = new ExamBrowser(services);
    const index = await browser.send(examIndex.loader, "/exam?utm_source=mail&utm_campaign=renew");
    expect(index.response.status).toBe(301);
    expect(index.response.headers.get("Location")).toBe("/exam/landing?utm_source=mail&utm_campaign=renew");

    const done = await browser.send(
      examLanding.loader,
      "/exam/landing?exam-complete=true&examvouchertoken=abcdefghij12",
    );
    expect(done.response.status).toBe(302);
    expect(done.response.headers.get("Location")).toBe("/exam/exam-complete?examvouchertoken=abcdefghij12");
    const viaIndex = await browser.send(examIndex.loader, "/exam?exam-complete=true");
    expect(viaIndex.response.headers.get("Location")).toBe("/exam/exam-complete");

    const landing = await browser.view<{ price: number; originalPrice: number }>(examLanding.loader, "/exam/landing");
    expect(landing).toMatchObject({ price: 20, originalPrice: 20 });
  });

  it("a text browser goes to the unsupported-browser page; allowUnsupportedBrowser=true goes on and is remembered", async () => {
    const browser = await ExamBrowser.signedIn(services);
    browser.userAgent = TEXT_BROWSER_UA;
    const refused = await browser.send(examStart.loader, "/exam/start?patient=new");
    expect(refused.response.status).toBe(302);
    expect(refused.response.headers.get("Location")).toBe(
      "/exam/unsupported-browser?returnTo=%2Fexam%2Fstart%3Fpatient%3Dnew",
    );
    // The action is guarded too: no patient saved.
    const post = await browser.send(examStart.action, "/exam/start", {
      form: { intent: "add-patient", firstName: "Sam", lastName: "Lee" },
    });
    expect(post.response.headers.get("Location")).toMatch(/^\/exam\/unsupported-browser\?returnTo=/);
    expect(await database.db.select().from(patients).where(eq(patients.customerId, browser.customerId))).toEqual([]);

    const page = await browser.view<{ continueHref: string }>(
      unsupportedBrowser.loader,
      "/exam/unsupported-browser?returnTo=%2Fexam%2Fstart%3Fpatient%3Dnew",
    );
    expect(page.continueHref).toBe("/exam/start?patient=new&allowUnsupportedBrowser=true");
    // Off-site or non-exam return paths start the exam over.
    for (const returnTo of ["//evil.example/exam/x", "https://evil.example/", "/account"]) {
      const other = await browser.view<{ continueHref: string }>(
        unsupportedBrowser.loader,
        `/exam/unsupported-browser?returnTo=${encodeURIComponent(returnTo)}`,
      );
      expect(other.continueHref, returnTo).toBe("/exam/start?allowUnsupportedBrowser=true");
    }

    expect(await browser.view(examStart.loader, page.continueHref)).toMatchObject({ step: "new-patient" });
    expect((await browser.journey()).allowUnsupportedBrowser).toBe(true);
    expect(await browser.view(examStart.loader, "/exam/start")).toMatchObject({ step: "new-patient" });

    // Another text browser without the setting is still refused; so is a request with no User-Agent.
    const other = await ExamBrowser.signedIn(services);
    other.userAgent = null;
    expect((await other.send(examStart.loader, "/exam/start")).response.status).toBe(302);
  });
});

// ---- 3: who takes the exam ----------------------------------------------------------------------------------------

describe("patient choice", () => {
  it("no patients: 'Who would you like to add?'; a bad name is a 400 that saves nothing; a good one goes on", async () => {
    const browser = await ExamBrowser.signedIn(services);
    expect(await browser.view(examStart.loader, "/exam/start")).toEqual({
      step: "new-patient",
      backHref: "/exam/landing",
    });

    const bad = await browser.send(examStart.action, "/exam/start", {
      form: { intent: "add-patient", firstName: "", lastName: "Lee" },
    });
    expect(bad.response.status).toBe(400);
    const reply = (await bad.response.json()) as { error: Record<string, string[]> };
    expect(reply.error.firstName).toEqual([PATIENT_MESSAGES.required]);
    expect(await database.db.select().from(patients).where(eq(patients.customerId, browser.customerId))).toEqual([]);

    const good = await browser.send(examStart.action, "/exam/start", {
      form: { intent: "add-patient", firstName: " Sam ", lastName: "Lee" },
    });
    expect(good.response.status).toBe(303);
    const [saved] = await database.db.select().from(patients).where(eq(patients.customerId, browser.customerId));
    expect(saved).toMatchObject({ firstName: "Sam", lastName: "Lee" });
    expect(good.response.headers.get("Location")).toBe(`/exam/start?patient=${saved!.id}`);
    expect(await browser.view(examStart.loader, `/exam/start?patient=${saved!.id}`)).toMatchObject({
      step: "lenses",
      patientId: saved!.id,
      patientName: "Sam Lee",
    });
    // Another customer's patient id is not a choice.
    const stranger = await ExamBrowser.signedIn(services);
    expect(await stranger.view(examStart.loader, `/exam/start?patient=${saved!.id}`)).toEqual({
      step: "choose",
      choices: [{ id: "new", patientName: "New patient", examInProgress: false }],
      chosen: "new",
      error: EXAM_START_MESSAGES.choosePatient,
    });
  });

  it("two patients: exactly one chosen, the one whose exam ranks highest; Needed exams are continued", async () => {
    const browser = await ExamBrowser.signedIn(services);
    const customerId = browser.customerId;
    const amy = await addPatient(database.db, customerId, "Amy", "Lee");
    const zoe = await addPatient(database.db, customerId, "Zoe", "Lee");

    // No exams: the first listed.
    const plain = await browser.view<{ step: string; chosen: string; choices: Array<{ id: string }> }>(
      examStart.loader,
      "/exam/start",
    );
    expect(plain.step).toBe("choose");
    expect(plain.choices.map((choice) => choice.id)).toEqual([String(amy), String(zoe), "new"]);
    expect(plain.chosen).toBe(String(amy));

    // Amy's exam was created (rank 0); Zoe's started with potential evidence (rank 1): Zoe is chosen.
    await insertVoucher(database.db, { customerId, patientId: amy, status: "Created" });
    const zoes = await insertVoucher(database.db, {
      customerId,
      patientId: zoe,
      patientFirstName: "Zoe",
      status: "Started",
      potentialEvidence: true,
    });
    const ranked = await browser.view<{ chosen: string; choices: Array<{ id: string; examInProgress: boolean }> }>(
      examStart.loader,
      "/exam/start",
    );
    expect(ranked.chosen).toBe(String(zoe));
    expect(ranked.choices.map((choice) => choice.examInProgress)).toEqual([true, true, false]);

    expect(await browser.view(examStart.loader, `/exam/start?patient=${zoe}`)).toEqual({
      step: "continue",
      patientName: "Zoe Lee",
      examVoucherToken: zoes.token,
    });
    const continued = await browser.send(examStart.action, "/exam/start", {
      form: { intent: "continue", examVoucherToken: zoes.token },
    });
    expect(continued.response.status).toBe(303);
    expect(continued.response.headers.get("Location")).toMatch(new RegExp(`^/exam-provider/${zoes.token}\\?returnTo=`));
    expect((await browser.journey()).examVoucherToken).toBe(zoes.token);
  });

  it("an Issued, Declined or Taken exam is not continued: a new exam is started instead", async () => {
    for (const status of ["Issued", "Declined", "Taken"]) {
      const browser = await ExamBrowser.signedIn(services);
      const patientId = await addPatient(database.db, browser.customerId, "Ann", "Lee");
      const done = await insertVoucher(database.db, { customerId: browser.customerId, patientId, status });
      const choose = await browser.view<{ choices: Array<{ examInProgress: boolean }> }>(
        examStart.loader,
        "/exam/start",
      );
      expect(choose.choices[0]!.examInProgress, status).toBe(false);
      expect(await browser.view(examStart.loader, `/exam/start?patient=${patientId}`), status).toMatchObject({
        step: "lenses",
        patientId,
      });
      const refused = await browser.send(examStart.action, "/exam/start", {
        form: { intent: "continue", examVoucherToken: done.token },
      });
      expect(refused.response.status, status).toBe(400);
      expect(((await refused.response.json()) as { error: Record<string, string[]> }).error[""]).toEqual([
        EXAM_START_MESSAGES.examGone,
      ]);
      expect((await browser.journey()).examVoucherToken).toBeUndefined();
    }
  });

  it("another customer's voucher cannot be continued", async () => {
    const owner = await ExamBrowser.signedIn(services);
    const theirs = await insertVoucher(database.db, { customerId: owner.customerId, status: "Created" });
    const browser = await ExamBrowser.signedIn(services);
    const refused = await browser.send(examStart.action, "/exam/start", {
      form: { intent: "continue", examVoucherToken: theirs.token },
    });
    expect(refused.response.status).toBe(400);
  });
});

// ---- 4: starting --------------------------------------------------------------------------------------------------

describe("starting an exam", () => {
  it("from lenses: a missing parameter is a 400 naming it; a good form creates one voucher and goes to the exam", async () => {
    const browser = await ExamBrowser.signedIn(services);
    const patientId = await addPatient(database.db, browser.customerId, "Ann", "Lee");
    const parameters = (await examLensParameters(database.db, TORIC.productId))!.filter(
      (parameter) => parameter.options.length > 0,
    );
    const missing = parameters[parameters.length - 1]!;
    const lenses = await browser.view<{ productId: number; parameters: Array<{ name: string }> }>(
      examStart.loader,
      `/exam/start?patient=${patientId}&productId=${TORIC.productId}`,
    );
    expect(lenses.productId).toBe(TORIC.productId);
    expect(lenses.parameters.map((parameter) => parameter.name)).toContain(missing.name);

    const refused = await browser.send(examStart.action, "/exam/start", {
      form: fromLensesForm(patientId, `left.${missing.name}`),
    });
    expect(refused.response.status).toBe(400);
    const reply = (await refused.response.json()) as { error: Record<string, string[]> };
    expect(reply.error[`left.${missing.name}`]).toEqual([
      EXAM_START_MESSAGES.chooseParameter(missing.displayName, "Left eye"),
    ]);
    expect(await vouchersOf(browser.customerId)).toEqual([]);

    // A value the lens is not made in.
    const odd = await browser.send(examStart.action, "/exam/start", {
      form: { ...fromLensesForm(patientId), [`right.${missing.name}`]: "9999" },
    });
    expect(odd.response.status).toBe(400);
    expect(await vouchersOf(browser.customerId)).toEqual([]);

    const started = await startPaidExam(browser, fromLensesForm(patientId));
    expect(started.response.status).toBe(303);
    const vouchers = await vouchersOf(browser.customerId);
    expect(vouchers).toHaveLength(1);
    const [voucher] = vouchers;
    expect(voucher).toMatchObject({
      patientId,
      patientFirstName: "Ann",
      patientLastName: "Lee",
      rightUpc: upcs[0],
      leftUpc: upcs[1],
      priceCents: 2000,
      status: "Created",
      isRecapture: false,
      orderId: null,
    });
    const location = new URL(started.response.headers.get("Location")!, "http://store.test");
    expect(location.pathname).toBe(`/exam-provider/${voucher!.token}`);
    expect(location.searchParams.get("returnTo")).toBe(`/exam/exam-complete?examvouchertoken=${voucher!.token}`);
    expect((await browser.journey()).examVoucherToken).toBe(voucher!.token);
  });

  it("from lenses for one eye only leaves the other eye's UPC empty", async () => {
    const browser = await ExamBrowser.signedIn(services);
    const patientId = await addPatient(database.db, browser.customerId, "Ann", "Lee");
    const form = fromLensesForm(patientId);
    for (const key of Object.keys(form)) if (key.startsWith("left.")) delete form[key];
    form.eyes = "right";
    expect((await startPaidExam(browser, form)).response.status).toBe(303);
    expect(await vouchersOf(browser.customerId)).toMatchObject([{ rightUpc: upcs[0], leftUpc: null }]);
  });

  it("another customer's patient is refused", async () => {
    const owner = await ExamBrowser.signedIn(services);
    const theirPatient = await addPatient(database.db, owner.customerId, "Ann", "Lee");
    const browser = await ExamBrowser.signedIn(services);
    const refused = await browser.send(examStart.action, "/exam/start", { form: fromLensesForm(theirPatient) });
    expect(refused.response.status).toBe(400);
    expect(await vouchersOf(browser.customerId)).toEqual([]);
  });

  it("from a prescription: the customer's own renews its lenses; another customer's is a 400", async () => {
    const browser = await ExamBrowser.signedIn(services);
    const patientId = await addPatient(database.db, browser.customerId, "Ann", "Lee");
    const eye = (upc: string, parameters: Record<string, string>) => ({
      productId: TORIC.productId,
      upc,
      quantity: 1,
      parameters,
    });
    const prescription = async (customerId: number, patient: number | null) =>
      (
        await database.db
          .insert(prescriptions)
          .values({
            customerId,
            patientId: patient,
            patientFirstName: "Ann",
            patientLastName: "Lee",
            source: "typed",
            status: "Verified",
            expirationDate: "2099-01-01",
            rightEye: eye(upcs[0], skuParameters[0]),
            leftEye: eye(upcs[1], skuParameters[1]),
          })
          .returning()
      )[0]!.id;
    const other = await ExamBrowser.signedIn(services);
    const othersPatient = await addPatient(database.db, other.customerId, "Ann", "Lee");
    const theirs = await prescription(other.customerId, othersPatient);
    const refused = await browser.send(examStart.action, "/exam/start", {
      form: { intent: "from-prescription", patientId: String(patientId), prescriptionId: String(theirs) },
    });
    expect(refused.response.status).toBe(400);
    expect(((await refused.response.json()) as { error: Record<string, string[]> }).error.prescriptionId).toEqual([
      EXAM_START_MESSAGES.choosePrescription,
    ]);
    expect(await vouchersOf(browser.customerId)).toEqual([]);

    const mine = await prescription(browser.customerId, patientId);
    const lenses = await browser.view<{ prescriptions: Array<{ id: number }> }>(
      examStart.loader,
      `/exam/start?patient=${patientId}`,
    );
    expect(lenses.prescriptions.map((rx) => rx.id)).toEqual([mine]);
    const started = await startPaidExam(browser, {
      intent: "from-prescription",
      patientId: String(patientId),
      prescriptionId: String(mine),
    });
    expect(started.response.status).toBe(303);
    expect(await vouchersOf(browser.customerId)).toMatchObject([{ patientId, rightUpc: upcs[0], leftUpc: upcs[1] }]);
  });

  it("a provider that fails to create the exam: 'couldn't start your exam' (400), the fee refunded, no voucher", async () => {
    const browser = await ExamBrowser.signedIn(services);
    const patientId = await addPatient(database.db, browser.customerId, "Ann", "Lee");
    const chosen = await browser.send(examStart.action, "/exam/start", { form: fromLensesForm(patientId) });
    const paymentPath = chosen.response.headers.get("Location")!;
    const cardId = await examCard(services, browser.customerId);
    const refused = await browser.send(examPayment.action, paymentPath, {
      form: examPayForm(paymentPath, cardId),
      as: failing({ createExam: broken }),
    });
    expect(refused.response.status).toBe(400);
    const reply = (await refused.response.json()) as { result: { error: Record<string, string[]> } };
    expect(reply.result.error[""]).toEqual([EXAM_PAYMENT_MESSAGES.notStarted("$20.00")]);
    expect(
      await database.db.select().from(examPayments).where(eq(examPayments.customerId, browser.customerId)),
    ).toMatchObject([{ state: "refunded", amountCents: 2000, voucherToken: null }]);
    expect(await vouchersOf(browser.customerId)).toEqual([]);
    expect((await browser.journey()).examVoucherToken).toBeUndefined();
  });

  it("a customer in a state the provider does not serve is told so", async () => {
    const browser = await ExamBrowser.signedIn(services);
    await primaryAddressIn(database.db, browser.customerId, "AK");
    expect(await browser.view(examStart.loader, "/exam/start")).toEqual({
      step: "not-served",
      message: EXAM_START_MESSAGES.notServed("AK"),
    });
  });
});

// ---- 5: after the exam, the cart and the order -------------------------------------------------------------------

/** Places the browser's cart as readyToOrder's customers do: a saved card, the test address. */
async function placeCart(browser: ExamBrowser) {
  const cartId = (await browser.session()).get("cartId")!;
  expect(cartId).toBeTruthy();
  const saved = await saveCard(services, browser.customerId, {
    number: VISA,
    nameOnCard: "Ann Lee",
    expirationMonth: 12,
    expirationYear: new Date().getFullYear() + 3,
    cvv: "123",
    billingAddress: { address1: "12 Main St", city: "Boise", state: "ID", postalCode: "83702" },
  });
  if (!saved.ok) throw new Error(saved.reason);
  await database.db.update(carts).set({ shippingAddress: TEST_ADDRESS }).where(eq(carts.id, cartId));
  const placed = await placeOrder(services, {
    cartId,
    customer: browser.customer!,
    idempotencyKey: randomUUID(),
    paymentMethodId: saved.card.id,
    shopper: { customerId: browser.customerId, priceBook: "none" },
  });
  if (!placed.ok) throw new Error(placed.reason);
  const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
  return order!;
}

const examPrescriptionCount = async (customerId: number) =>
  (
    await database.db
      .select({ n: count() })
      .from(prescriptions)
      .where(and(eq(prescriptions.customerId, customerId), eq(prescriptions.source, "exam")))
  )[0]!.n;

describe("after the exam", () => {
  it("taken on the provider's pages: exam-complete shows the lenses, adds them to the cart, the order waits for the doctor", async () => {
    const browser = await ExamBrowser.signedIn(services);
    const patientId = await addPatient(database.db, browser.customerId, "Ann", "Lee");
    const started = await startPaidExam(browser, fromLensesForm(patientId));
    const token = (await browser.journey()).examVoucherToken!;
    const back = await takeExam(browser, started.response.headers.get("Location")!);
    expect(back).toBe(`/exam/exam-complete?examvouchertoken=${token}`);

    type Complete = { approval: string; status: string; lenses: Array<{ eye: string; quantityOptions: number[] }> };
    const page = await browser.view<Complete>(examComplete.loader, back);
    expect(page).toMatchObject({ status: "Taken", approval: "Pending", patientName: "Ann Lee", isRecapture: false });
    expect(page.lenses.map((lens) => lens.eye)).toEqual(["right", "left"]);
    expect((await voucherRow(database.db, token))!.status).toBe("Taken");
    // The journey forgets the finished exam; the page still finds it by its token.
    expect((await browser.journey()).examVoucherToken).toBeUndefined();

    const options = page.lenses[0]!.quantityOptions;
    const notOffered = String(Math.max(...options) + 1);
    for (const rightQuantity of ["abc", "0", notOffered]) {
      const bad = await browser.send(examComplete.action, "/exam/exam-complete", {
        form: { examVoucherToken: token, rightQuantity, leftQuantity: String(options[0]) },
      });
      expect(bad.response.status, rightQuantity).toBe(400);
    }
    expect((await browser.session()).get("cartId")).toBeUndefined();

    const added = await browser.send(examComplete.action, "/exam/exam-complete", {
      form: {
        examVoucherToken: token,
        rightQuantity: String(options[0]),
        leftQuantity: String(options[1] ?? options[0]),
      },
    });
    expect(added.response.status).toBe(303);
    expect(added.response.headers.get("Location")).toBe("/cart");
    expect((await browser.toast())?.message).toBe("Your exam's lenses are in your cart.");
    const cartId = (await browser.session()).get("cartId")!;
    const groups = await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.cartId, cartId));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      type: "Lens",
      examVoucherToken: token,
      patient: { firstName: "Ann", lastName: "Lee", patientId },
      doctorId: null,
    });
    const [funnelGroup] = await funnelGroups(database.db, cartId);
    expect(funnelGroup!.items.map((item) => item.upc).sort()).toEqual([...upcs].sort());
    expect(doctorRequired(funnelGroup!, { international: false })).toBe(false);

    // The order: the group keeps the voucher and waits for the exam.
    const order = await placeCart(browser);
    const [ordered] = await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, order.id));
    expect(ordered).toMatchObject({ examVoucherToken: token, prescriptionStatus: "PendingExam" });
    const [recorded] = await database.db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.id, ordered!.prescriptionId!));
    expect(recorded).toMatchObject({ source: "exam", status: "PendingExam" });

    // The doctor issues: the group is Verified with the issued prescription, written once however often it is read.
    expect(await setSimulatedExamStatus(database.db, token, "Issued")).toMatchObject({ ok: true });
    await Promise.all([1, 2].map(() => syncExamVoucher(services, token)));
    await syncExamVoucher(services, token);
    const [issued] = await database.db.select().from(orderGroups).where(eq(orderGroups.id, ordered!.id));
    expect(issued).toMatchObject({ prescriptionStatus: "Verified", prescriptionId: ordered!.prescriptionId });
    const [rx] = await database.db.select().from(prescriptions).where(eq(prescriptions.id, ordered!.prescriptionId!));
    expect(rx).toMatchObject({ source: "exam", status: "Verified" });
    expect(rx!.rightEye).toMatchObject({ upc: upcs[0] });
    expect(await examPrescriptionCount(browser.customerId)).toBe(1);
    expect(await voucherRow(database.db, token)).toMatchObject({ status: "Issued", prescriptionId: rx!.id });
    // The exam-complete page of an issued exam still offers its lenses.
    expect(await browser.view(examComplete.loader, back)).toMatchObject({ approval: "Approved" });
  });

  it("an exam issued before the order: the order's group is Verified with that prescription at once", async () => {
    const { browser, token } = await startedExam();
    await markTaken(database.db, token);
    expect(await setSimulatedExamStatus(database.db, token, "Issued")).toMatchObject({ ok: true });
    await browser.view(examComplete.loader, `/exam/exam-complete?examvouchertoken=${token}`);
    const issuedId = (await voucherRow(database.db, token))!.prescriptionId!;
    expect(issuedId).not.toBeNull();
    const added = await browser.send(examComplete.action, "/exam/exam-complete", { form: { examVoucherToken: token } });
    expect(added.response.status).toBe(303);
    const order = await placeCart(browser);
    const [group] = await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, order.id));
    expect(group).toMatchObject({ examVoucherToken: token, prescriptionStatus: "Verified", prescriptionId: issuedId });
    expect(await examPrescriptionCount(browser.customerId)).toBe(1);
  });

  it("Order again from the exam's prescription in the wallet asks for no eye doctor: the exam's voucher comes along", async () => {
    const { browser, token } = await startedExam();
    await markTaken(database.db, token);
    expect(await setSimulatedExamStatus(database.db, token, "Issued")).toMatchObject({ ok: true });
    await browser.view(examComplete.loader, `/exam/exam-complete?examvouchertoken=${token}`);
    const issuedId = (await voucherRow(database.db, token))!.prescriptionId!;
    await browser.send(examComplete.action, "/exam/exam-complete", { form: { examVoucherToken: token } });
    await placeCart(browser);

    const posted = await browser.send(walletPage.action, "/account/prescriptions", {
      form: { intent: "order-again", prescriptionId: String(issuedId) },
    });
    expect(posted.response.status).toBe(303);
    const cartId = (await browser.session()).get("cartId")!;
    const [group] = await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.cartId, cartId));
    expect(group).toMatchObject({ walletPrescriptionId: issuedId, examVoucherToken: token, doctorId: null });
    const [funnelGroup] = await funnelGroups(database.db, cartId);
    expect(doctorRequired(funnelGroup!, { international: false })).toBe(false);

    // Ordered again: the same Verified prescription, nothing sent to a doctor to verify.
    const order = await placeCart(browser);
    const [ordered] = await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, order.id));
    expect(ordered).toMatchObject({ prescriptionStatus: "Verified", prescriptionId: issuedId });
    const queued = await database.db
      .select()
      .from(prescriptionVerifications)
      .where(eq(prescriptionVerifications.orderId, order.id));
    expect(queued).toHaveLength(0);
    expect(await examPrescriptionCount(browser.customerId)).toBe(1);
  });

  it("a declined exam goes to the declined page; another customer's token is a 404", async () => {
    const { browser, token } = await startedExam();
    await markTaken(database.db, token);
    await setSimulatedExamStatus(database.db, token, "Declined");
    const declined = await browser.send(examComplete.loader, `/exam/exam-complete?examvouchertoken=${token}`);
    expect(declined.response.status).toBe(302);
    expect(declined.response.headers.get("Location")).toBe(`/exam/exam-declined?examvouchertoken=${token}`);
    const posted = await browser.send(examComplete.action, "/exam/exam-complete", {
      form: { examVoucherToken: token },
    });
    expect(posted.response.status).toBe(303);
    expect(posted.response.headers.get("Location")).toBe(`/exam/exam-declined?examvouchertoken=${token}`);
    expect((await browser.session()).get("cartId")).toBeUndefined();

    const stranger = await ExamBrowser.signedIn(services);
    expect(
      (await stranger.send(examComplete.loader, `/exam/exam-complete?examvouchertoken=${token}`)).response.status,
    ).toBe(404);
    const stolen = await stranger.send(examComplete.action, "/exam/exam-complete", {
      form: { examVoucherToken: token },
    });
    expect(stolen.response.status).toBe(404);
    expect((await stranger.session()).get("cartId")).toBeUndefined();
  });

  it("declined after the page was shown: adding to the cart reads the exam again and goes to the declined page", async () => {
    const { browser, token } = await startedExam();
    await markTaken(database.db, token);
    expect(await browser.view(examComplete.loader, `/exam/exam-complete?examvouchertoken=${token}`)).toMatchObject({
      approval: "Pending",
    });
    await setSimulatedExamStatus(database.db, token, "Declined");
    const posted = await browser.send(examComplete.action, "/exam/exam-complete", {
      form: { examVoucherToken: token },
    });
    expect(posted.response.headers.get("Location")).toBe(`/exam/exam-declined?examvouchertoken=${token}`);
    expect((await browser.session()).get("cartId")).toBeUndefined();
  });

  it("an exam not taken yet is not ordered from", async () => {
    const { browser, token } = await startedExam();
    expect(await browser.view(examComplete.loader, `/exam/exam-complete?examvouchertoken=${token}`)).toMatchObject({
      approval: "Needed",
      lenses: [],
    });
    const early = await browser.send(examComplete.action, "/exam/exam-complete", { form: { examVoucherToken: token } });
    expect(early.response.status).toBe(409);
    expect((await browser.session()).get("cartId")).toBeUndefined();
  });
});

// ---- 6: the API ---------------------------------------------------------------------------------------------------

interface VoucherJson {
  examVoucherToken: string;
  patientId: number | null;
  rightUpc: string | null;
  leftUpc: string | null;
  price: number;
  originalPrice: number;
  email: string;
}

describe("the exam API", () => {
  it("price: the provider's in dollars, 20/20 when it does not answer", async () => {
    const anyone = new ExamBrowser(services);
    const ok = await anyone.send(examInfoPrice.loader, "/api/examInfo/price");
    expect(ok.response.status).toBe(200);
    expect(await ok.response.json()).toEqual({ price: 20, originalPrice: 20 });
    const discounted = failing({ price: async () => ({ priceCents: 1550, originalPriceCents: 2500 }) });
    const sale = await anyone.send(examInfoPrice.loader, "/api/examInfo/price", { as: discounted });
    expect(await sale.response.json()).toEqual({ price: 15.5, originalPrice: 25 });
    const down = await anyone.send(examInfoPrice.loader, "/api/examInfo/price", { as: failing({ price: broken }) });
    expect(down.response.status).toBe(200);
    expect(await down.response.json()).toEqual({ price: 20, originalPrice: 20 });
  });

  it("create: pays the fee with the preferred card, once per key, then 201 the voucher; 400 bad input", async () => {
    const browser = await ExamBrowser.signedIn(services);
    const patientId = await addPatient(database.db, browser.customerId, "Ann", "Lee");
    const create = (json: unknown, key: string | null = randomUUID(), as?: AppServices) =>
      browser.send(examInfoCreate.action, "/api/examInfo/create", {
        json,
        headers: key === null ? {} : { "Idempotency-Key": key },
        as,
      });
    const paymentsOf = (customerId: number) =>
      database.db.select().from(examPayments).where(eq(examPayments.customerId, customerId));

    // No card in the wallet: nothing to pay with, nothing asked of the provider.
    const noCard = await create({ patientId, rightUpc: upcs[0] });
    expect(noCard.response.status).toBe(400);
    expect(await noCard.response.json()).toEqual({ error: EXAM_PAYMENT_MESSAGES.noCard });
    const cardId = await examCard(services, browser.customerId);

    const key = randomUUID();
    const created = await create({ patientId, rightUpc: upcs[0], leftUpc: upcs[1] }, key);
    expect(created.response.status).toBe(201);
    const voucher = (await created.response.json()) as VoucherJson;
    expect(voucher).toMatchObject({
      patientId,
      rightUpc: upcs[0],
      leftUpc: upcs[1],
      price: 20,
      originalPrice: 20,
      email: browser.customer!.email,
    });
    expect(await voucherRow(database.db, voucher.examVoucherToken)).toMatchObject({ customerId: browser.customerId });
    expect(await paymentsOf(browser.customerId)).toMatchObject([
      { state: "paid", amountCents: 2000, paymentLastFour: "4242", voucherToken: voucher.examVoucherToken },
    ]);
    // A retry with the same key is the same exam, paid once.
    const retried = await create({ patientId, rightUpc: upcs[0], leftUpc: upcs[1] }, key);
    expect(retried.response.status).toBe(201);
    expect(((await retried.response.json()) as VoucherJson).examVoucherToken).toBe(voucher.examVoucherToken);
    expect(await paymentsOf(browser.customerId)).toHaveLength(1);

    // A new patient by name is saved for the customer; a card named by its id pays.
    const byName = await create({ firstName: "Bea", lastName: "Lee", rightUpc: upcs[0], paymentMethodId: cardId });
    expect(byName.response.status).toBe(201);
    const [bea] = await database.db
      .select()
      .from(patients)
      .where(and(eq(patients.customerId, browser.customerId), eq(patients.firstName, "Bea")));
    expect(((await byName.response.json()) as VoucherJson).patientId).toBe(bea!.id);

    const before = (await vouchersOf(browser.customerId)).length;
    for (const body of [{}, { patientId }, { patientId, rightUpc: "12" }, { firstName: "Bea", rightUpc: upcs[0] }]) {
      const bad = await create(body);
      expect(bad.response.status, JSON.stringify(body)).toBe(400);
    }
    for (const badKey of [null, "short", "has spaces in it"]) {
      const bad = await create({ patientId, rightUpc: upcs[0] }, badKey);
      expect(bad.response.status, String(badKey)).toBe(400);
      expect(await bad.response.json()).toEqual({ error: EXAM_PAYMENT_MESSAGES.idempotencyKey });
    }
    const stranger = await ExamBrowser.signedIn(services);
    const strangerCardId = await examCard(services, stranger.customerId);
    const theirs = await stranger.send(examInfoCreate.action, "/api/examInfo/create", {
      json: { patientId, rightUpc: upcs[0] },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(theirs.response.status).toBe(404);
    // Another customer's card is not this customer's to pay with.
    const otherCard = await create({ patientId, rightUpc: upcs[0], paymentMethodId: strangerCardId });
    expect(otherCard.response.status).toBe(400);
    // The provider cannot create the exam: null (spec), and the fee goes back.
    const down = await create({ patientId, rightUpc: upcs[0] }, randomUUID(), failing({ createExam: broken }));
    expect(down.response.status).toBe(200);
    expect(await down.response.json()).toBeNull();
    expect(await vouchersOf(browser.customerId)).toHaveLength(before);
    expect((await paymentsOf(browser.customerId)).filter((payment) => payment.state === "refunded")).toHaveLength(1);
    expect(await vouchersOf(stranger.customerId)).toHaveLength(0);
    expect(await paymentsOf(stranger.customerId)).toHaveLength(0);

    const signedOut = new ExamBrowser(services);
    expect(
      (
        await signedOut.send(examInfoCreate.action, "/api/examInfo/create", {
          json: { patientId, rightUpc: upcs[0] },
          headers: { "Idempotency-Key": randomUUID() },
        })
      ).response.status,
    ).toBe(401);
  });

  it("create: a declined card answers 402 and leaves no exam and no payment", async () => {
    const browser = await ExamBrowser.signedIn(services);
    const patientId = await addPatient(database.db, browser.customerId, "Ann", "Lee");
    await examCard(services, browser.customerId, CHARGE_DECLINED_TEST_NUMBER);
    const declined = await browser.send(examInfoCreate.action, "/api/examInfo/create", {
      json: { patientId, rightUpc: upcs[0] },
      headers: { "Idempotency-Key": randomUUID() },
    });
    expect(declined.response.status).toBe(402);
    expect(await vouchersOf(browser.customerId)).toHaveLength(0);
    expect(await database.db.$count(examPayments, eq(examPayments.customerId, browser.customerId))).toBe(0);
  });

  it("details: the customer's exam (read again from the provider); 404 another's; 401 signed out", async () => {
    const { browser, token, patientId } = await startedExam();
    await markTaken(database.db, token);
    // Read a while ago: the details call reads the provider again.
    await database.db
      .update(examVouchers)
      .set({ syncedAt: new Date(Date.now() - 4 * 60_000) })
      .where(eq(examVouchers.token, token));
    const path = `/api/examInfo/${token}/details`;
    const details = await browser.send(examInfoDetails.loader, path, { params: { token } });
    expect(details.response.status).toBe(200);
    expect(await details.response.json()).toMatchObject({
      examVoucherToken: token,
      status: "Taken",
      potentialEvidence: true,
      patient: { patientId, firstName: "Ann", lastName: "Lee" },
      rightUpc: upcs[0],
      leftUpc: upcs[1],
      prescriptionId: null,
    });
    // Read just now: within 3 minutes the copy answers, whatever the provider says meanwhile.
    await setSimulatedExamStatus(database.db, token, "Declined");
    expect(
      await (await browser.send(examInfoDetails.loader, path, { params: { token } })).response.json(),
    ).toMatchObject({ status: "Taken" });

    const stranger = await ExamBrowser.signedIn(services);
    const theirs = await stranger.send(examInfoDetails.loader, path, { params: { token } });
    expect(theirs.response.status).toBe(404);
    expect(await theirs.response.json()).toEqual({ error: EXAM_MESSAGES.detailsFailed });
    const signedOut = await new ExamBrowser(services).send(examInfoDetails.loader, path, { params: { token } });
    expect(signedOut.response.status).toBe(401);
  });

  it("examInfo: the customer's exams, newest first, and the patient choices", async () => {
    const { browser, token, patientId } = await startedExam();
    const list = await browser.send(examInfoList.loader, "/api/examInfo");
    expect(list.response.status).toBe(200);
    const body = (await list.response.json()) as {
      exams: Array<{ examVoucherToken: string; status: string }>;
      patientChoices: Array<{ id: string; exam: { examVoucherToken: string } | null }>;
    };
    expect(body.exams).toMatchObject([{ examVoucherToken: token, status: "Created", isRecapture: false }]);
    expect(body.patientChoices).toMatchObject([
      { id: String(patientId), patientName: "Ann Lee", exam: { examVoucherToken: token } },
      { id: "new", patient: null, exam: null },
    ]);
    expect((await new ExamBrowser(services).send(examInfoList.loader, "/api/examInfo")).response.status).toBe(401);
  });

  it("examEligibility: true without a primary address or when the provider fails; false for an unserved state", async () => {
    const browser = await ExamBrowser.signedIn(services);
    const eligible = async (as?: AppServices) =>
      (await (await browser.send(examEligibility.loader, "/api/examEligibility", { as })).response.json()) as {
        isEligible: boolean;
      };
    expect(await eligible()).toEqual({ isEligible: true });
    await primaryAddressIn(database.db, browser.customerId, "AK");
    expect(await eligible()).toEqual({ isEligible: false });
    expect(await eligible(failing({ servesState: broken }))).toEqual({ isEligible: true });

    const served = await ExamBrowser.signedIn(services);
    await primaryAddressIn(database.db, served.customerId, "ID");
    expect(await (await served.send(examEligibility.loader, "/api/examEligibility")).response.json()).toEqual({
      isEligible: true,
    });
    expect(
      await (await new ExamBrowser(services).send(examEligibility.loader, "/api/examEligibility")).response.json(),
    ).toEqual({ isEligible: true });
  });

  it("RecentExams: the last 30 days' exams; an empty list signed out", async () => {
    const { browser, token } = await startedExam();
    const old = await insertVoucher(database.db, {
      customerId: browser.customerId,
      createdAt: new Date(Date.now() - 31 * 24 * 3600_000),
    });
    const recent = await browser.send(recentExams.loader, "/api/orders/RecentExams");
    expect(recent.response.status).toBe(200);
    const exams = (await recent.response.json()) as Array<{ examVoucherToken: string }>;
    expect(exams.map((exam) => exam.examVoucherToken)).toEqual([token]);
    expect(exams.map((exam) => exam.examVoucherToken)).not.toContain(old.token);
    const signedOut = await new ExamBrowser(services).send(recentExams.loader, "/api/orders/RecentExams");
    expect(signedOut.response.status).toBe(200);
    expect(await signedOut.response.json()).toEqual([]);
  });

  it("preorderexam: the cart back with the exam's group; 'Exam Declined'; 404 unknown; a bearer token works too", async () => {
    const { browser, token } = await startedExam();
    await markTaken(database.db, token);
    const added = await browser.send(preorderExam.action, "/api/cart/preorderexam", {
      json: { examVoucherToken: token },
    });
    expect(added.response.status).toBe(200);
    const { cart } = (await added.response.json()) as {
      cart: { cartId: string; lineItemGroups: Array<{ id: string; lineItems: Array<{ upc: string }> }> };
    };
    expect(cart.lineItemGroups).toHaveLength(1);
    expect(cart.lineItemGroups[0]!.lineItems.map((item) => item.upc).sort()).toEqual([...upcs].sort());
    expect(cart.cartId).toBe((await browser.session()).get("cartId"));
    const [group] = await database.db
      .select()
      .from(lineItemGroups)
      .where(eq(lineItemGroups.id, cart.lineItemGroups[0]!.id));
    expect(group!.examVoucherToken).toBe(token);

    const unknown = await browser.send(preorderExam.action, "/api/cart/preorderexam", {
      json: { examVoucherToken: "Z".repeat(32) },
    });
    expect(unknown.response.status).toBe(404);
    const badQuantity = await browser.send(preorderExam.action, "/api/cart/preorderexam", {
      json: { examVoucherToken: token, rightQuantity: 97 },
    });
    expect(badQuantity.response.status).toBe(400);

    // Through a bearer token (no cookie): the customer's latest cart, or a new one.
    const viaBearer = await browser.send(preorderExam.action, "/api/cart/preorderexam", {
      json: { examVoucherToken: token },
      bearer: true,
    });
    expect(viaBearer.response.status).toBe(200);
    expect(
      ((await viaBearer.response.json()) as { cart: { lineItemGroups: unknown[] } }).cart.lineItemGroups,
    ).toHaveLength(2);
    const apiOnly = await startedExam("Cy");
    await markTaken(database.db, apiOnly.token);
    const fresh = await apiOnly.browser.send(preorderExam.action, "/api/cart/preorderexam", {
      json: { examVoucherToken: apiOnly.token },
      bearer: true,
    });
    expect(fresh.response.status).toBe(200);
    const freshCart = ((await fresh.response.json()) as { cart: { cartId: string } }).cart;
    const [owned] = await database.db.select().from(carts).where(eq(carts.id, freshCart.cartId));
    expect(owned!.customerId).toBe(apiOnly.browser.customerId);

    await setSimulatedExamStatus(database.db, token, "Declined");
    await database.db.update(examVouchers).set({ syncedAt: null }).where(eq(examVouchers.token, token));
    const declined = await browser.send(preorderExam.action, "/api/cart/preorderexam", {
      json: { examVoucherToken: token },
    });
    expect(declined.response.status).toBe(409);
    expect(await declined.response.json()).toEqual({ error: "Exam Declined" });

    const signedOut = await new ExamBrowser(services).send(preorderExam.action, "/api/cart/preorderexam", {
      json: { examVoucherToken: token },
    });
    expect(signedOut.response.status).toBe(401);
  });
});
