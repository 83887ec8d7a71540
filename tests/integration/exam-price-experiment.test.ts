import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAM_PRICE_MESSAGES } from "~/models/exam-price";
import * as examInfoCreate from "~/routes/api.examInfo.create";
import * as examInfoPrice from "~/routes/api.examInfo.price";
import * as examComplete from "~/routes/exam.exam-complete";
import * as examLanding from "~/routes/exam.landing";
import * as examPayment from "~/routes/exam.payment";
import * as examStart from "~/routes/exam.start";
import type { DatabaseHandle } from "~/services/db/client.server";
import { examPayments, examVouchers, skus, testVaultCharges } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { addPatient, ExamBrowser, examCard, examPayForm, markTaken } from "../setup/exam-fixtures";
import { TORIC, toricSkuPair } from "../setup/order-fixtures";
import { withRunningExperiments } from "../setup/test-content";
import { createTestServices } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// The exam price experiment (spec 3 §9, decision 64): a visitor on a variation with `override_exam_price` is shown and
// charged that fee, worked out by the server from the visitor's variation (here `?experiment=exam-price:A`, outside
// production); the charge and the exam record it; a page shown at another price than the server's now is refused,
// never charged; `override_exam_complete_experience` chooses what follows the exam.

let database: DatabaseHandle;
let services: AppServices;
let skuParameters: [Record<string, string>, Record<string, string>];

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  services.logger.level = "silent";
  const upcs = await toricSkuPair(database.db, 61, 50);
  const rows = await Promise.all(upcs.map((upc) => database.db.select().from(skus).where(eq(skus.upc, upc))));
  skuParameters = [rows[0]![0]!.parameters, rows[1]![0]!.parameters];
});
afterAll(async () => {
  await database.close();
});

const A = "experiment=exam-price:A";
const B = "experiment=exam-price:B";
const CONTROL = "experiment=exam-price:default";

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

/** A signed-in shopper with a card, on the pay step of an exam of the test lenses (the path without an override). */
async function onPayStep(as: AppServices = services) {
  const browser = await ExamBrowser.signedIn(as);
  const patientId = await addPatient(database.db, browser.customerId, "Ann", "Lee");
  const chosen = await browser.send(examStart.action, "/exam/start", { form: fromLensesForm(patientId) });
  const paymentPath = chosen.response.headers.get("Location")!;
  expect(paymentPath).toMatch(/^\/exam\/payment\?patient=\d+/);
  const cardId = await examCard(as, browser.customerId);
  return { browser, patientId, paymentPath, cardId };
}

type PayView = { amount: string; priceCents: number; idempotencyKey: string };

const paymentsOf = (customerId: number) =>
  database.db.select().from(examPayments).where(eq(examPayments.customerId, customerId));
const vouchersOf = (customerId: number) =>
  database.db.select().from(examVouchers).where(eq(examVouchers.customerId, customerId));
const chargesFor = async (key: string) =>
  (await database.db.select().from(testVaultCharges)).filter((row) => row.idempotencyKey.startsWith(`exam/${key}/`));
const errorOf = async (response: Response) =>
  ((await response.json()) as { result: { error: Record<string, string[]> } }).result.error[""];

/** Shows the pay step at `query`'s variation, and pays the page's own form at `postQuery`'s. */
async function showAndPay(query: string, postQuery: string = query) {
  const step = await onPayStep();
  const view = await step.browser.view<PayView>(examPayment.loader, `${step.paymentPath}&${query}`);
  const form = examPayForm(step.paymentPath, step.cardId, view.idempotencyKey, view.priceCents);
  const paid = await step.browser.send(examPayment.action, `${step.paymentPath}&${postQuery}`, { form });
  return { ...step, view, form, paid };
}

describe("the fee of a visitor on an exam price variation", () => {
  it("variation A: shown $15.00 on the landing, the pay step and the price call, charged $15.00 and recorded so", async () => {
    const anyone = new ExamBrowser(services);
    const landing = await anyone.send(examLanding.loader, `/exam/landing?${A}`);
    expect(await landing.response.json()).toMatchObject({ price: 15, originalPrice: 15 });
    // The variation's price is the visitor's own: no shared cache keeps it.
    expect(landing.response.headers.get("Cache-Control")).toBe("private, no-store");
    const price = await anyone.send(examInfoPrice.loader, `/api/examInfo/price?${A}`);
    expect(await price.response.json()).toEqual({ price: 15, originalPrice: 15 });
    expect(price.response.headers.get("Cache-Control")).toBe("private, no-store");

    const { browser, view, form, paid } = await showAndPay(A);
    expect(view).toMatchObject({ amount: "$15.00", priceCents: 1500 });
    expect(paid.response.status).toBe(303);
    expect(paid.response.headers.get("Location")).toMatch(/^\/exam-provider\//);
    expect(await chargesFor(form.idempotencyKey!)).toMatchObject([{ amountCents: 1500, outcome: "succeeded" }]);
    expect(await paymentsOf(browser.customerId)).toMatchObject([
      { state: "paid", amountCents: 1500, priceCampaign: "exam-price:A" },
    ]);
    const [voucher] = await vouchersOf(browser.customerId);
    expect(voucher).toMatchObject({ priceCents: 1500, originalPriceCents: 1500 });

    // The receipt says what was charged, on any page later, whatever the visitor's variation is by then.
    await markTaken(database.db, voucher!.token, true);
    const done = await browser.view<{ receipt: { amount: string } }>(
      examComplete.loader,
      `/exam/exam-complete?examvouchertoken=${voucher!.token}`,
    );
    expect(done.receipt.amount).toBe("$15.00");
  });

  it("the control (and no variation at all) is shown and charged the provider's $20.00, with no campaign recorded", async () => {
    for (const query of [CONTROL, "from=control"]) {
      const { browser, view, form, paid } = await showAndPay(query);
      expect(view).toMatchObject({ amount: "$20.00", priceCents: 2000 });
      expect(paid.response.status).toBe(303);
      expect(await chargesFor(form.idempotencyKey!)).toMatchObject([{ amountCents: 2000 }]);
      expect(await paymentsOf(browser.customerId)).toMatchObject([
        { state: "paid", amountCents: 2000, priceCampaign: null },
      ]);
      expect(await vouchersOf(browser.customerId)).toMatchObject([{ priceCents: 2000, originalPriceCents: 2000 }]);
    }
  });

  it("a page shown at one price is never charged another: the pay step refuses it, charges nothing, and shows the new price", async () => {
    const { browser, form, paid, paymentPath } = await showAndPay(A, CONTROL);
    expect(paid.response.status).toBe(400);
    expect(await errorOf(paid.response)).toEqual([EXAM_PRICE_MESSAGES.changed("$20.00")]);
    expect(await chargesFor(form.idempotencyKey!)).toEqual([]);
    expect(await paymentsOf(browser.customerId)).toEqual([]);
    expect(await vouchersOf(browser.customerId)).toEqual([]);
    // The page shown again has the price now, and its form pays it.
    const again = await browser.view<PayView>(examPayment.loader, `${paymentPath}&${CONTROL}`);
    expect(again.amount).toBe("$20.00");

    // Shown $20.00, then on variation B ($25.00) when paying: refused as well.
    const dearer = await showAndPay(CONTROL, B);
    expect(dearer.paid.response.status).toBe(400);
    expect(await errorOf(dearer.paid.response)).toEqual([EXAM_PRICE_MESSAGES.changed("$25.00")]);
    expect(await chargesFor(dearer.form.idempotencyKey!)).toEqual([]);

    // A posted price is never what is charged: a form that claims $1.00 on variation A is refused, not charged $1.
    const claimed = await onPayStep();
    const cheap = examPayForm(claimed.paymentPath, claimed.cardId, randomUUID(), 100);
    const refused = await claimed.browser.send(examPayment.action, `${claimed.paymentPath}&${A}`, { form: cheap });
    expect(refused.response.status).toBe(400);
    expect(await paymentsOf(claimed.browser.customerId)).toEqual([]);
    // A form without the price it showed (a page from before this change) has expired.
    const { shownPriceCents: _shown, ...withoutPrice } = examPayForm(claimed.paymentPath, claimed.cardId);
    const old = await claimed.browser.send(examPayment.action, claimed.paymentPath, { form: withoutPrice });
    expect(old.response.status).toBe(400);
    expect(await errorOf(old.response)).toEqual(["This page has expired. Please review your exam and pay again."]);
    expect(await paymentsOf(claimed.browser.customerId)).toEqual([]);
  });

  it("the price is fixed when the payment is made: a resubmit after the variation changed answers the same exam, charged once", async () => {
    const { browser, form, paid, paymentPath } = await showAndPay(A);
    expect(paid.response.status).toBe(303);
    const again = await browser.send(examPayment.action, `${paymentPath}&${CONTROL}`, { form });
    expect(again.response.status).toBe(303);
    expect(again.response.headers.get("Location")).toBe(paid.response.headers.get("Location"));
    expect(await chargesFor(form.idempotencyKey!)).toMatchObject([{ amountCents: 1500 }]);
    expect(await paymentsOf(browser.customerId)).toMatchObject([{ amountCents: 1500, state: "paid" }]);
  });

  it("the JSON API charges the visitor's price, and refuses (409) a price the app showed that is no longer it", async () => {
    const { browser, patientId } = await onPayStep();
    const upcs = {
      rightUpc: (await database.db.select().from(skus).where(eq(skus.productId, TORIC.productId)))[0]!.upc,
    };
    const create = (query: string, body: Record<string, unknown>) =>
      browser.send(examInfoCreate.action, `/api/examInfo/create?${query}`, {
        json: { patientId, ...upcs, ...body },
        headers: { "Idempotency-Key": randomUUID() },
      });
    const stale = await create(CONTROL, { price: 15 });
    expect(stale.response.status).toBe(409);
    expect(await stale.response.json()).toEqual({ error: EXAM_PRICE_MESSAGES.changed("$20.00") });
    expect(await paymentsOf(browser.customerId)).toEqual([]);

    const created = await create(B, { price: 25 });
    expect(created.response.status).toBe(201);
    expect(await created.response.json()).toMatchObject({ price: 25, originalPrice: 25 });
    // Without a price it showed, the app is charged the visitor's price.
    const unsaid = await create(A, {});
    expect(unsaid.response.status).toBe(201);
    expect(await unsaid.response.json()).toMatchObject({ price: 15 });
    expect((await paymentsOf(browser.customerId)).map((row) => row.amountCents).sort()).toEqual([1500, 2500]);
  });

  it("is never in production: the override is refused there and the provider's price stands", async () => {
    const production = createTestServices(database, { APP_ENV: "production", SESSION_SECRET: "x".repeat(40) });
    production.logger.level = "silent";
    const anyone = new ExamBrowser(production);
    const price = await anyone.send(examInfoPrice.loader, `/api/examInfo/price?${A}`);
    expect(await price.response.json()).toEqual({ price: 20, originalPrice: 20 });
  });

  it("running (withRunningExperiments): each visitor's id keeps its variation, and its price with it", async () => {
    const running = createTestServices(database, { CONTENT_DIR: withRunningExperiments(["exam-price"]) });
    running.logger.level = "silent";
    const seen = new Set<number>();
    for (let n = 0; n < 24; n++) {
      const visitor = new ExamBrowser(running);
      const first = (await (await visitor.send(examInfoPrice.loader, "/api/examInfo/price")).response.json()) as {
        price: number;
      };
      expect(visitor.cookies.has("visitor")).toBe(true);
      const again = (await (await visitor.send(examInfoPrice.loader, "/api/examInfo/price")).response.json()) as {
        price: number;
      };
      expect(again.price).toBe(first.price);
      seen.add(first.price);
    }
    expect([...seen].sort()).toEqual([15, 20, 25]);
  });
});

describe("what follows the exam (override_exam_complete_experience)", () => {
  async function finishedExam(as: AppServices = services, query = B) {
    const { browser, view, form } = await (async () => {
      const step = await onPayStep(as);
      const shown = await step.browser.view<PayView>(examPayment.loader, `${step.paymentPath}&${query}`);
      const payForm = examPayForm(step.paymentPath, step.cardId, shown.idempotencyKey, shown.priceCents);
      const paid = await step.browser.send(examPayment.action, `${step.paymentPath}&${query}`, { form: payForm });
      expect(paid.response.status).toBe(303);
      return { browser: step.browser, view: shown, form: payForm };
    })();
    const [voucher] = await vouchersOf(browser.customerId);
    await markTaken(database.db, voucher!.token, true);
    return { browser, token: voucher!.token, view, form };
  }

  type CompleteView = { experience: string; lenses: Array<{ eye: string; brandName: string; productPath: string }> };

  it("B: brand-choice, whose 'Order these lenses' goes on past the cart; the control keeps the standard page and the cart", async () => {
    const { browser, token } = await finishedExam();
    const page = await browser.view<CompleteView>(
      examComplete.loader,
      `/exam/exam-complete?examvouchertoken=${token}&${B}`,
    );
    expect(page.experience).toBe("brand-choice");
    expect(page.lenses[0]).toMatchObject({ brandName: expect.any(String), productPath: `/lens/${TORIC.vanityUrl}` });
    const ordered = await browser.send(examComplete.action, `/exam/exam-complete?${B}`, {
      form: { intent: "order-now", examVoucherToken: token },
    });
    expect(ordered.response.status).toBe(303);
    // The customer has no address yet: the order's next step is the shipping address, not the cart.
    expect(ordered.response.headers.get("Location")).toBe("/address");
    expect((await browser.journey()).proceededPastCart).toBe(true);

    const standard = await browser.view<CompleteView>(
      examComplete.loader,
      `/exam/exam-complete?examvouchertoken=${token}&${CONTROL}`,
    );
    expect(standard.experience).toBe("standard");
    const added = await browser.send(examComplete.action, "/exam/exam-complete", { form: { examVoucherToken: token } });
    expect(added.response.headers.get("Location")).toBe("/cart");
  });

  it("an experience the store does not know falls back to the standard page, never a 500", async () => {
    const dir = withRunningExperiments([]);
    const file = path.join(dir, "experiments.json");
    const content = JSON.parse(fs.readFileSync(file, "utf8")) as {
      experiments: Array<{ id: string; variations: Array<{ id: string; actions?: Array<Record<string, unknown>> }> }>;
    };
    const b = content.experiments.find((e) => e.id === "exam-price")!.variations.find((v) => v.id === "B")!;
    b.actions = b.actions!.map((action) =>
      action.type === "override_exam_complete_experience" ? { ...action, experience: "spin-the-wheel" } : action,
    );
    fs.writeFileSync(file, JSON.stringify(content));
    const odd = createTestServices(database, { CONTENT_DIR: dir });
    odd.logger.level = "silent";
    const { browser, token } = await finishedExam(odd);
    const page = await browser.send(examComplete.loader, `/exam/exam-complete?examvouchertoken=${token}&${B}`);
    expect(page.response.status).toBe(200);
    expect(((await page.response.json()) as CompleteView).experience).toBe("standard");
  });
});
