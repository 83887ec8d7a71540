import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECAPTURE_MESSAGES } from "~/models/recapture";
import { loader as rootLoader } from "~/root";
import * as examComplete from "~/routes/exam.exam-complete";
import * as examStart from "~/routes/exam.start";
import * as recaptureResource from "~/routes/resources.recapture";
import * as signOut from "~/routes/sign-out";
import * as uploadRx from "~/routes/upload-rx";
import { setSimulatedExamStatus } from "~/services/adapters/exam-provider/simulated-doctor.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { examVouchers, orderGroups, orders, prescriptions, recaptureNotices, rxImages } from "~/services/db/schema";
import { syncExamVoucher } from "~/services/exams/exam-sync.server";
import { completeRecapture, recaptureBanner, recaptureCandidates } from "~/services/orders/recapture.server";
import { visitorContext, type AppServices } from "~/services/platform/context.server";
import {
  ExamBrowser,
  insertVoucher,
  markTaken,
  primaryAddressIn,
  startPaidExam,
  voucherRow,
} from "../setup/exam-fixtures";
import { readyToOrder, TORIC } from "../setup/order-fixtures";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// Recapture of held orders (spec 2, issue 16): the attention banner the root loader computes for a customer with one
// held lens order, dismissing it, signing out, and the two ways the order gets what it needs: an uploaded
// prescription, or an online exam for the order taken with potential evidence (then issued by the doctor).

let database: DatabaseHandle;
let services: AppServices;
let slot = 60;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  services.logger.level = "silent";
});
afterAll(async () => {
  await database.close();
});

const DAY = 24 * 3600_000;

/** A placed lens order put on hold for its prescription (H, PendingVerification); its customer's browser. */
async function heldOrder(options: { daysAgo?: number; browser?: ExamBrowser } = {}) {
  const { input, customer, right, left } = await readyToOrder(services, { slot: slot++, stock: 50 });
  const placed = await placeOrder(services, input);
  if (!placed.ok) throw new Error(placed.reason);
  const [order] = await database.db
    .update(orders)
    .set({
      statusCode: "H",
      ...(options.daysAgo ? { createdAt: new Date(Date.now() - options.daysAgo * DAY) } : {}),
    })
    .where(eq(orders.orderNumber, placed.orderNumber))
    .returning();
  await database.db
    .update(orderGroups)
    .set({ prescriptionStatus: "PendingVerification" })
    .where(eq(orderGroups.orderId, order!.id));
  const browser = options.browser ?? (await ExamBrowser.signedIn(services, customer));
  return { order: order!, browser, upcs: [right, left] as const };
}

/** A held order for a customer who already has one: moved to them. */
async function anotherHeldOrder(browser: ExamBrowser, daysAgo?: number) {
  const { order } = await heldOrder({ daysAgo });
  await database.db.update(orders).set({ customerId: browser.customerId }).where(eq(orders.id, order.id));
  return order;
}

type Shell = Awaited<ReturnType<typeof rootLoader>>;

/** The shell's data for a page, as the root loader gives it, and the session lookup's held-order flag. */
async function shell(browser: ExamBrowser, path = "/") {
  const request = new Request(`http://store.test${path}`, { headers: { Cookie: browser.cookieHeader } });
  let data: Shell | null = null;
  let hasHeldOrder: boolean | null = null;
  await runThroughMiddleware(services, request, async (context) => {
    hasHeldOrder = context.get(visitorContext).hasHeldOrder;
    data = await rootLoader({ request, params: {}, context } as never);
    return new Response("page");
  });
  // The notification centre shows the banner as its one notification (decision 60).
  const notification = data!.notification;
  const recapture = notification?.kind === "recapture" ? { orderNumber: notification.orderNumber } : null;
  return { recapture, hasHeldOrder: hasHeldOrder as boolean | null };
}

const groupsOf = (orderId: number) =>
  database.db.select().from(orderGroups).where(eq(orderGroups.orderId, orderId)).orderBy(orderGroups.position);
const noticeOf = async (customerId: number, orderId: number) =>
  (
    await database.db
      .select()
      .from(recaptureNotices)
      .where(and(eq(recaptureNotices.customerId, customerId), eq(recaptureNotices.orderId, orderId)))
  )[0] ?? null;

describe("the attention banner", () => {
  it("shows for its customer only, about the held order", async () => {
    const { order, browser } = await heldOrder();
    expect(await shell(browser)).toMatchObject({ hasHeldOrder: true, recapture: { orderNumber: order.orderNumber } });
    const other = await ExamBrowser.signedIn(services);
    expect(await shell(other)).toMatchObject({ hasHeldOrder: false, recapture: null });
    expect(await shell(new ExamBrowser(services))).toMatchObject({ hasHeldOrder: false, recapture: null });
  });

  it("not for an order that is not held, or held for something else", async () => {
    const { order, browser } = await heldOrder();
    await database.db.update(orders).set({ statusCode: "" }).where(eq(orders.id, order.id));
    expect(await shell(browser)).toMatchObject({ hasHeldOrder: false, recapture: null });
    await database.db.update(orders).set({ statusCode: "H" }).where(eq(orders.id, order.id));
    await database.db
      .update(orderGroups)
      .set({ prescriptionStatus: "Verified" })
      .where(eq(orderGroups.orderId, order.id));
    expect(await shell(browser)).toMatchObject({ hasHeldOrder: false, recapture: null });
    // S counts as held too.
    await database.db
      .update(orderGroups)
      .set({ prescriptionStatus: "PendingExam" })
      .where(eq(orderGroups.orderId, order.id));
    await database.db.update(orders).set({ statusCode: "S" }).where(eq(orders.id, order.id));
    expect((await shell(browser)).recapture).toEqual({ orderNumber: order.orderNumber });
    // A declined exam's order (FailedExam) too.
    await database.db
      .update(orderGroups)
      .set({ prescriptionStatus: "FailedExam" })
      .where(eq(orderGroups.orderId, order.id));
    expect((await shell(browser)).recapture).toEqual({ orderNumber: order.orderNumber });
  });

  it("two held orders: no banner", async () => {
    const { browser } = await heldOrder();
    await anotherHeldOrder(browser);
    expect(await shell(browser)).toMatchObject({ hasHeldOrder: true, recapture: null });
  });

  it("an order placed 31 days ago: none (29 days: shown)", async () => {
    const { order, browser } = await heldOrder({ daysAgo: 31 });
    expect(await shell(browser)).toMatchObject({ hasHeldOrder: false, recapture: null });
    await database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 29 * DAY) })
      .where(eq(orders.id, order.id));
    expect((await shell(browser)).recapture).toEqual({ orderNumber: order.orderNumber });
  });

  it("an exam completed 13 days ago: none (15 days ago: shown)", async () => {
    const { order, browser } = await heldOrder();
    const exam = await insertVoucher(database.db, {
      customerId: browser.customerId,
      status: "Taken",
      examDate: new Date(Date.now() - 13 * DAY),
    });
    expect((await shell(browser)).recapture).toBeNull();
    await database.db
      .update(examVouchers)
      .set({ examDate: new Date(Date.now() - 15 * DAY) })
      .where(eq(examVouchers.token, exam.token));
    expect((await shell(browser)).recapture).toEqual({ orderNumber: order.orderNumber });
  });

  it("a customer in a state the provider does not serve: none", async () => {
    const { browser } = await heldOrder();
    await primaryAddressIn(database.db, browser.customerId, "AK");
    expect(await shell(browser)).toMatchObject({ hasHeldOrder: true, recapture: null });
    expect(await recaptureBanner(services, browser.customerId)).toBeNull();
  });

  it("dismissed: gone for that order; another customer's order number is a 400", async () => {
    const { order, browser } = await heldOrder();
    const stranger = await ExamBrowser.signedIn(services);
    const refused = await stranger.send(recaptureResource.action, "/resources/recapture", {
      form: { intent: "dismiss", orderNumber: order.orderNumber, returnTo: "/account" },
    });
    expect(refused.response.status).toBe(400);
    expect(await noticeOf(stranger.customerId, order.id)).toBeNull();
    expect((await shell(browser)).recapture).toEqual({ orderNumber: order.orderNumber });
    const signedOut = await new ExamBrowser(services).send(recaptureResource.action, "/resources/recapture", {
      form: { intent: "dismiss", orderNumber: order.orderNumber },
    });
    expect(signedOut.response.status).toBe(400);
    const badForms: Array<Record<string, string>> = [
      { intent: "dismiss" },
      { intent: "dismiss", orderNumber: order.orderNumber, returnTo: "//evil" },
    ];
    for (const form of badForms) {
      expect((await browser.send(recaptureResource.action, "/resources/recapture", { form })).response.status).toBe(
        400,
      );
    }
    expect((await shell(browser)).recapture).toEqual({ orderNumber: order.orderNumber });

    const dismissed = await browser.send(recaptureResource.action, "/resources/recapture", {
      form: { intent: "dismiss", orderNumber: order.orderNumber, returnTo: "/account" },
    });
    expect(dismissed.response.status).toBe(303);
    expect(dismissed.response.headers.get("Location")).toBe("/account");
    expect((await shell(browser)).recapture).toBeNull();
    expect((await noticeOf(browser.customerId, order.id))!.dismissedAt).toBeInstanceOf(Date);
  });

  it("signing out dismisses it (signed in again, it stays gone)", async () => {
    const { order, browser } = await heldOrder();
    expect((await shell(browser)).recapture).toEqual({ orderNumber: order.orderNumber });
    const out = await browser.send(signOut.action, "/sign-out", { form: {} });
    expect(out.response.status).toBe(303);
    expect((await noticeOf(browser.customerId, order.id))!.dismissedAt).toBeInstanceOf(Date);
    const again = await ExamBrowser.signedIn(services, browser.customer!);
    expect((await shell(again)).recapture).toBeNull();
  });
});

describe("the held order gets what it needs", () => {
  it("an upload for it: the order goes on, the notice completes, and the toast says so", async () => {
    const { order, browser } = await heldOrder();
    const upload = await browser.view<{ orderNumber: string; waiting: boolean }>(
      uploadRx.loader,
      `/upload-rx?oid=${order.orderNumber}`,
    );
    expect(upload).toMatchObject({ orderNumber: order.orderNumber, waiting: true });

    const form = new FormData();
    form.append("intent", "upload-rx");
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 240, g: 240, b: 240 } } })
      .png()
      .toBuffer();
    form.append("image", new File([new Uint8Array(png)], "rx.png"));
    const posted = await browser.send(uploadRx.action, `/upload-rx?oid=${order.orderNumber}`, { form });
    expect(posted.response.status).toBe(303);
    expect(posted.response.headers.get("Location")).toMatch(
      new RegExp(`^/upload-success\\?oid=${order.orderNumber}&image=[A-Za-z0-9_-]{24}$`),
    );
    expect((await browser.toast())?.message).toBe(RECAPTURE_MESSAGES.working);

    const [after] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.statusCode).toBe("");
    const groups = await groupsOf(order.id);
    expect(groups.map((group) => group.prescriptionStatus)).toEqual(["PendingVerification"]);
    const [rx] = await database.db.select().from(prescriptions).where(eq(prescriptions.id, groups[0]!.prescriptionId!));
    expect(rx).toMatchObject({ status: "PendingVerification", source: "uploaded" });
    expect(await database.db.select().from(rxImages).where(eq(rxImages.orderId, order.id))).toHaveLength(1);
    expect((await noticeOf(browser.customerId, order.id))!.completedAt).toBeInstanceOf(Date);
    expect(await shell(browser)).toMatchObject({ hasHeldOrder: false, recapture: null });
  });

  it("an exam for it, taken with potential evidence: exam-complete completes it once, then the doctor issues", async () => {
    const { order, browser, upcs } = await heldOrder();
    const page = await browser.view(examStart.loader, `/exam/start?order=${order.orderNumber}`);
    expect(page).toEqual({
      step: "for-order",
      orderNumber: order.orderNumber,
      patientName: "Ann Lee",
      lenses: [TORIC.displayName],
    });
    // Another customer's order is not offered: they get the usual start.
    const stranger = await ExamBrowser.signedIn(services);
    expect(await stranger.view(examStart.loader, `/exam/start?order=${order.orderNumber}`)).toMatchObject({
      step: "new-patient",
    });
    expect(
      (
        await stranger.send(examStart.action, "/exam/start", {
          form: { intent: "for-order", orderNumber: order.orderNumber },
        })
      ).response.status,
    ).toBe(400);

    const started = await startPaidExam(browser, { intent: "for-order", orderNumber: order.orderNumber });
    expect(started.response.status).toBe(303);
    const token = (await browser.journey()).examVoucherToken!;
    expect(started.response.headers.get("Location")).toMatch(new RegExp(`^/exam-provider/${token}\\?`));
    expect(await voucherRow(database.db, token)).toMatchObject({
      isRecapture: true,
      orderId: order.id,
      rightUpc: upcs[0],
      leftUpc: upcs[1],
      patientFirstName: "Ann",
      patientLastName: "Lee",
    });

    // Taken without potential evidence: nothing moves yet.
    await markTaken(database.db, token, false);
    const pending = await browser.send(examComplete.loader, `/exam/exam-complete?examvouchertoken=${token}`);
    expect(pending.response.status).toBe(200);
    expect((await groupsOf(order.id)).map((group) => group.prescriptionStatus)).toEqual(["PendingVerification"]);
    expect(await noticeOf(browser.customerId, order.id)).toBeNull();

    // With potential evidence: the order goes on waiting for the exam, and the page says so once.
    await markTaken(database.db, token, true);
    const path = `/exam/exam-complete?examvouchertoken=${token}`;
    const first = await browser.send(examComplete.loader, path);
    expect(first.response.status).toBe(302);
    expect(first.response.headers.get("Location")).toBe(path);
    expect((await browser.toast())?.message).toBe(RECAPTURE_MESSAGES.working);
    const [resumed] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(resumed!.statusCode).toBe("");
    expect(await groupsOf(order.id)).toMatchObject([{ prescriptionStatus: "PendingExam", examVoucherToken: token }]);
    const notice = (await noticeOf(browser.customerId, order.id))!;
    expect(notice).toMatchObject({ examVoucherToken: token });
    expect(notice.completedAt).toBeInstanceOf(Date);

    const again = await browser.send(examComplete.loader, path);
    expect(again.response.status).toBe(200);
    expect(await again.response.json()).toMatchObject({ isRecapture: true, approval: "Pending" });
    expect(await browser.toast()).toBeNull();
    expect(await shell(browser)).toMatchObject({ hasHeldOrder: false, recapture: null });

    // The doctor issues: the order's group is Verified with the exam's prescription.
    expect(await setSimulatedExamStatus(database.db, token, "Issued")).toMatchObject({ ok: true });
    await syncExamVoucher(services, token);
    const [issued] = await groupsOf(order.id);
    expect(issued).toMatchObject({ prescriptionStatus: "Verified", examVoucherToken: token });
    const [rx] = await database.db.select().from(prescriptions).where(eq(prescriptions.id, issued!.prescriptionId!));
    expect(rx).toMatchObject({ source: "exam", status: "Verified" });
    expect(await voucherRow(database.db, token)).toMatchObject({ status: "Issued", prescriptionId: rx!.id });
  });

  it("the exams job reading the exam first still leaves the toast for the shopper's return", async () => {
    const { order, browser } = await heldOrder();
    await startPaidExam(browser, { intent: "for-order", orderNumber: order.orderNumber });
    const token = (await browser.journey()).examVoucherToken!;
    await markTaken(database.db, token, true);
    // The job (or the details call) reads it before the shopper is back.
    await syncExamVoucher(services, token);
    expect(await groupsOf(order.id)).toMatchObject([{ prescriptionStatus: "PendingExam", examVoucherToken: token }]);
    const back = await browser.send(examComplete.loader, `/exam/exam-complete?examvouchertoken=${token}`);
    expect(back.response.status).toBe(302);
    expect((await browser.toast())?.message).toBe(RECAPTURE_MESSAGES.working);
    expect(
      (await browser.send(examComplete.loader, `/exam/exam-complete?examvouchertoken=${token}`)).response.status,
    ).toBe(200);
    expect(await browser.toast()).toBeNull();
  });

  it("a completed notice is forgotten after 2 days", async () => {
    const { order, browser } = await heldOrder();
    const now = new Date();
    expect(await completeRecapture(database.db, { customerId: browser.customerId, orderId: order.id }, now)).toBe(true);
    expect(await completeRecapture(database.db, { customerId: browser.customerId, orderId: order.id }, now)).toBe(
      false,
    );
    // The order is still held (nothing resumed it here): within 2 days it counts as done; after, as any other.
    const [candidate] = await recaptureCandidates(database.db, browser.customerId, now);
    expect(candidate!.completedAt).toEqual(now);
    expect(await recaptureBanner(services, browser.customerId, now)).toBeNull();
    const later = DateTime.fromJSDate(now).plus({ days: 2, minutes: 1 }).toJSDate();
    const [forgotten] = await recaptureCandidates(database.db, browser.customerId, later);
    expect(forgotten!.completedAt).toBeNull();
    expect(await recaptureBanner(services, browser.customerId, later)).toEqual({ orderNumber: order.orderNumber });
    // Completing again after that starts a new entry.
    expect(await completeRecapture(database.db, { customerId: browser.customerId, orderId: order.id }, later)).toBe(
      true,
    );
    expect((await noticeOf(browser.customerId, order.id))!.completedAt).toEqual(later);
  });
});
