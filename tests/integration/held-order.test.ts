import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELD_ORDER_WORDS } from "~/models/held-order";
import * as dashboardPage from "~/routes/dashboard";
import * as detailsPage from "~/routes/order-history.$orderNumber";
import * as historyPage from "~/routes/order-history";
import { setSimulatedExamStatus } from "~/services/adapters/exam-provider/simulated-doctor.server";
import { listOutbox } from "~/services/adapters/email/outbox.server";
import { answerSimulatedRequest } from "~/services/adapters/prescriber-verification/simulated-prescriber.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { examVouchers, orderGroups, orders, prescriptionVerifications } from "~/services/db/schema";
import { syncExamVoucher } from "~/services/exams/exam-sync.server";
import { resumeHeldOrder } from "~/services/orders/recapture.server";
import { holdOrders } from "~/services/orders/order-hold.server";
import type { AppServices } from "~/services/platform/context.server";
import { runVerificationPass } from "~/services/prescriptions/verification.server";
import { ExamBrowser } from "../setup/exam-fixtures";
import { readyToOrder } from "../setup/order-fixtures";
import { createTestServices } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// A held order says one thing everywhere (issue 25): the dashboard, order history, the order's page and the e-mail
// the shopper gets when it goes on hold say what it needs (the recapture banner's words), with no delivery date until
// it is released. The e-mail is written in the transaction that holds the order, once per hold.

let database: DatabaseHandle;
let services: AppServices;
let slot = 140;

const SENT = new Date("2026-11-23T17:00:00Z"); // Monday 10:00 in Boise
const later = (minutes: number) => new Date(SENT.getTime() + minutes * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  services.logger.level = "silent";
});
afterAll(async () => {
  await database.close();
});

/** A placed order of one toric lens group with Dr. Rita Hale, its verification request sent. */
async function sentOrder() {
  const { input, customer } = await readyToOrder(services, { slot: slot++, stock: 50 });
  const placed = await placeOrder(services, input);
  if (!placed.ok) throw new Error(placed.reason);
  const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
  await runVerificationPass(services, SENT);
  const [verification] = await database.db
    .select()
    .from(prescriptionVerifications)
    .where(eq(prescriptionVerifications.orderId, order!.id));
  expect(verification?.state).toBe("sent");
  return { order: order!, customer, reference: verification!.reference! };
}

async function onHoldMails(to: string) {
  return (await listOutbox(database.db, { to, limit: 50 })).filter((mail) => mail.kind === "order-on-hold");
}

async function statusCodeOf(orderId: number) {
  const [row] = await database.db.select({ statusCode: orders.statusCode }).from(orders).where(eq(orders.id, orderId));
  return row!.statusCode;
}

describe("the doctor's office answers: the order goes on hold and the shopper is told once", () => {
  it("an invalid prescription: the e-mail says why, what the order needs, the two ways to send it, and no date", async () => {
    const { order, customer, reference } = await sentOrder();
    expect(await onHoldMails(customer.email)).toHaveLength(0);
    await answerSimulatedRequest(database.db, reference, { kind: "invalid" });
    await runVerificationPass(services, later(30));
    expect(await statusCodeOf(order.id)).toBe("H");

    const [mail, ...more] = await onHoldMails(customer.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Your Lenslane order ${order.orderNumber} is on hold`);
    expect(mail!.textBody).toContain(
      `Your order ${order.orderNumber} is on hold. Dr. Rita Hale couldn't confirm your prescription.`,
    );
    expect(mail!.textBody).toContain(HELD_ORDER_WORDS.needsPrescription);
    expect(mail!.textBody).toContain(`Upload Rx: http://store.test/upload-rx?oid=${order.orderNumber}`);
    expect(mail!.textBody).toContain(`Renew Rx Online: http://store.test/exam/start?order=${order.orderNumber}`);
    expect(mail!.textBody).toContain(`See your order: http://store.test/account/order-history/${order.orderNumber}`);
    expect(mail!.textBody).not.toMatch(/deliver|arrive|verifying/i);
    expect(mail!.htmlBody).toContain("Your order is on hold");

    // Another pass acts on nothing: no second e-mail.
    await runVerificationPass(services, later(90));
    expect(await onHoldMails(customer.email)).toHaveLength(1);
  });

  it("an expired prescription: the reason says so", async () => {
    const { customer, reference } = await sentOrder();
    await answerSimulatedRequest(database.db, reference, { kind: "expired" });
    await runVerificationPass(services, later(30));
    const [mail] = await onHoldMails(customer.email);
    expect(mail!.textBody).toContain("Dr. Rita Hale told us your prescription has expired.");
    expect(mail!.textBody).toContain(HELD_ORDER_WORDS.needsPrescription);
  });

  it("a confirmed prescription sends no on-hold e-mail", async () => {
    const { order, customer, reference } = await sentOrder();
    await answerSimulatedRequest(database.db, reference, { kind: "confirm" });
    await runVerificationPass(services, later(30));
    expect(await statusCodeOf(order.id)).toBe("");
    expect(await onHoldMails(customer.email)).toHaveLength(0);
  });
});

describe("a declined online exam holds the order waiting for it", () => {
  it("e-mails the shopper once; an order already held is not told again", async () => {
    const { input, customer, right, left } = await readyToOrder(services, { slot: slot++, stock: 50 });
    const placed = await placeOrder(services, input);
    if (!placed.ok) throw new Error(placed.reason);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    const exam = await services.examProvider.createExam({
      customerRef: String(customer.id),
      patient: { firstName: "Ann", lastName: "Lee", email: customer.email, phone: null },
      rightUpc: right,
      leftUpc: left,
      rbCode: null,
      priceCents: 2000,
      originalPriceCents: 2000,
    });
    const token = exam.examVoucherToken;
    await database.db.insert(examVouchers).values({
      token,
      customerId: customer.id,
      patientFirstName: "Ann",
      patientLastName: "Lee",
      rightUpc: right,
      leftUpc: left,
      priceCents: 2000,
      originalPriceCents: 2000,
    });
    await database.db
      .update(orderGroups)
      .set({ examVoucherToken: token, prescriptionStatus: "PendingExam" })
      .where(eq(orderGroups.orderId, order!.id));

    expect(await setSimulatedExamStatus(database.db, token, "Declined")).toMatchObject({ ok: true });
    await syncExamVoucher(services, token);
    expect(await statusCodeOf(order!.id)).toBe("H");
    const mails = await onHoldMails(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(
      "The doctor who reviewed your online vision exam couldn't renew your prescription online.",
    );
    expect(mails[0]!.textBody).toContain(HELD_ORDER_WORDS.needsPrescription);

    // Read again, or held again by anything else: it is held already, so nothing more is sent.
    await syncExamVoucher(services, token);
    const again = await database.db.transaction((tx) =>
      holdOrders(services, tx, [{ orderId: order!.id, reason: { kind: "exam-declined" } }], new Date()),
    );
    expect(again).toEqual([]);
    expect(await onHoldMails(customer.email)).toHaveLength(1);
  });
});

describe("a held order reads the same on every page, with no delivery date until it is released", () => {
  it("dashboard, order history and the order's page", async () => {
    const { order, customer, reference } = await sentOrder();
    await answerSimulatedRequest(database.db, reference, { kind: "invalid" });
    await runVerificationPass(services, later(30));
    const browser = await ExamBrowser.signedIn(services, customer);
    const detailsPath = `/account/order-history/${order.orderNumber}`;
    const params = { orderNumber: order.orderNumber };

    type Dashboard = Awaited<ReturnType<typeof dashboardPage.loader>>;
    type History = Awaited<ReturnType<typeof historyPage.loader>>;
    type Details = Awaited<ReturnType<typeof detailsPage.loader>>;
    const dashboard = await browser.view<Dashboard>(dashboardPage.loader, "/dashboard");
    const history = await browser.view<History>(historyPage.loader, "/account/order-history");
    const details = await browser.view<Details>(detailsPage.loader, detailsPath, { params });

    const said = { statusLabel: "On hold", statusMessage: HELD_ORDER_WORDS.needsPrescription };
    expect(dashboard.lastOrder).toMatchObject({ ...said, isOnHold: true, expectedDelivery: null });
    expect(history.orders[0]).toMatchObject({ ...said, isOnHold: true, reorderText: null });
    expect(details).toMatchObject({
      ...said,
      statusClass: "on-hold",
      expectedDelivery: null,
      uploadPath: `/upload-rx?oid=${order.orderNumber}`,
      examPath: `/exam/start?order=${order.orderNumber}`,
    });
    expect(details.groups[0]).toMatchObject({
      prescription: "We need your current, valid prescription",
      verification: { tone: "attention", text: "Dr. Rita Hale couldn't confirm your prescription." },
    });

    // Released (a new prescription on its way to the doctor): processing again, with its date, and reorderable.
    await database.db.transaction((tx) =>
      resumeHeldOrder(tx, order.id, { prescriptionStatus: "PendingVerification", source: "uploaded" }),
    );
    const released = await browser.view<Dashboard>(dashboardPage.loader, "/dashboard");
    expect(released.lastOrder).toMatchObject({ statusLabel: "Processing", isOnHold: false });
    expect(released.lastOrder!.expectedDelivery).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/);
    const releasedHistory = await browser.view<History>(historyPage.loader, "/account/order-history");
    expect(releasedHistory.orders[0]).toMatchObject({ statusLabel: "Processing", reorderText: "Reorder these lenses" });
    const releasedDetails = await browser.view<Details>(detailsPage.loader, detailsPath, { params });
    expect(releasedDetails).toMatchObject({ statusClass: "processing", examPath: null });
    expect(releasedDetails.expectedDelivery).not.toBeNull();
  });
});
