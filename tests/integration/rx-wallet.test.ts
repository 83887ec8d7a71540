import { randomBytes, randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formatPrescriptionDate,
  PRESCRIPTION_MESSAGES,
  prescriptionReminderView,
  UPLOADED_PRESCRIPTION_MESSAGES,
} from "~/models/prescriptions";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import { addDays, businessToday } from "~/models/subscription";
import * as walletApi from "~/routes/api.rxWallet";
import * as prescriptionApi from "~/routes/api.rxWallet.$id";
import * as cloneApi from "~/routes/api.rxWallet.prescription.clone";
import * as pricedApi from "~/routes/api.rxWallet.lineItemGroupsWithPriceBook";
import * as summaryApi from "~/routes/api.rxWallet.summary";
import * as accountLayout from "~/routes/account";
import * as detailsRoute from "~/routes/account.prescriptions.$prescriptionId";
import * as productPage from "~/routes/product";
import * as walletPage from "~/routes/rx-wallet";
import { loader as rootLoader } from "~/root";
import { PrescriptionReminder } from "~/components/shell/PrescriptionReminder";
import { createAuthSession, createCustomer, type Customer } from "~/services/accounts/auth/accounts.server";
import { addGroup, createCart } from "~/services/cart/cart.server";
import { journeyOf, loadFunnelState } from "~/services/funnel/funnel.server";
import { isSkipped } from "~/models/funnel";
import { saveCard } from "~/services/checkout/payment-methods.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import { advanceOrder } from "~/services/orders/order-operations.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  carts,
  lineItemGroups,
  lineItems,
  orderGroups,
  orders,
  paymentMethods,
  prescriptions,
  rxImages,
  skus,
  subscriptions,
} from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { applySavedPrescription } from "~/services/prescriptions/wallet-cart.server";
import { prescriptionReminder } from "~/services/prescriptions/wallet.server";
import { orderSubscriptionNow } from "~/services/auto-reorder/reorder-runner.server";
import { insertTestDoctor, isDataWithInit, SOLUTION, TEST_ADDRESS, TORIC } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle, underLayouts } from "../setup/test-context";

// The account pages run under their layout, whose middleware is their sign-in guard (app/routes.ts).
const detailsPage = {
  ...detailsRoute,
  loader: underLayouts([accountLayout], detailsRoute.loader),
  action: underLayouts([accountLayout], detailsRoute.action),
};

// Prescriptions as records and the prescription wallet (decision 23), through the request path the server takes: the
// root middleware (cookie session or bearer token) around the wallet pages, the product page and the wallet's JSON
// API, with orders placed as checkout places them, against PGlite.

let database: DatabaseHandle;
let services: AppServices;
let doctorId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  doctorId = await insertTestDoctor(database.db);
});
afterAll(async () => {
  await database.close();
});

const today = () => businessToday();
const inDays = (days: number) => addDays(today(), days);

let counter = 0;
let skuOffset = 0;

/** Toric SKUs with their real parameters (so 'Order again' finds them again), each well stocked. */
async function toricSkus(count = 2): Promise<Array<{ upc: string; parameters: Record<string, string> }>> {
  const rows = await database.db
    .select({ upc: skus.upc, parameters: skus.parameters })
    .from(skus)
    .where(eq(skus.productId, TORIC.productId))
    .orderBy(asc(skus.upc))
    .limit(count)
    .offset(200 + (skuOffset += count));
  for (const row of rows) {
    await database.db.update(skus).set({ stockQuantity: 1000, isActive: true }).where(eq(skus.upc, row.upc));
  }
  return rows.map((row) => ({ upc: row.upc, parameters: row.parameters as Record<string, string> }));
}

/** A signed-in browser: a customer, a cookie jar kept across requests, the same session as a bearer token. */
class Shopper {
  cookies = new Map<string, string>();
  token = "";
  constructor(readonly customer: Customer) {}

  static async create(firstName = "Ann") {
    const customer = await createCustomer(database.db, {
      email: `wallet.${++counter}@example.com`,
      firstName,
      lastName: "Lee",
    });
    const shopper = new Shopper(customer);
    shopper.token = await createAuthSession(database.db, customer.id, "guest", false);
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", shopper.token);
    shopper.keep((await services.sessions.commitSession(session)).split(";")[0]!);
    return shopper;
  }

  get id() {
    return this.customer.id;
  }

  keep(pair: string) {
    this.cookies.set(pair.slice(0, pair.indexOf("=")), pair);
  }

  get cookieHeader() {
    return [...this.cookies.values()].join("; ");
  }

  async send(
    method: string,
    path: string,
    handler: (args: never) => unknown,
    options: { form?: Record<string, string>; json?: unknown; params?: Record<string, string>; bearer?: boolean } = {},
  ) {
    const headers: Record<string, string> = {};
    let body: string | undefined;
    if (options.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    if (options.bearer) headers.Authorization = `Bearer ${this.token}`;
    else if (this.cookies.size > 0) headers.Cookie = this.cookieHeader;
    const request = new Request(`http://store.test${path}`, { method, body, headers });
    let result: unknown;
    const response = await runThroughMiddleware(services, request, async (context) => {
      result = await settle(() => handler({ request, params: options.params ?? {}, context } as never) as never);
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    });
    for (const header of response.headers.getSetCookie()) this.keep(header.split(";")[0]!);
    return { response, result, status: response.status, location: response.headers.get("Location") };
  }

  async sessionCartId() {
    const { session } = await services.sessions.getSession(this.cookieHeader);
    return session.get("cartId");
  }

  async journey() {
    const { session } = await services.sessions.getSession(this.cookieHeader);
    return journeyOf(session);
  }
}

/** A signed-out browser. */
const anonymous = () => new Shopper({ id: 0 } as Customer);

interface LensGroupOptions {
  expiresOn?: string | null;
  submitAndSkip?: boolean;
  imageId?: string;
  autoReorderFrequencyDays?: number | null;
  walletPrescriptionId?: number;
  patient?: { firstName: string; lastName: string };
  quantity?: number;
}

/** A ready lens group (patient, doctor) in a cart, as the funnel leaves it. */
async function lensGroup(cartId: string, options: LensGroupOptions = {}) {
  const [right, left] = await toricSkus(2);
  const groupId = await addGroup(database.db, cartId, {
    type: "Lens",
    autoReorderFrequencyDays: options.autoReorderFrequencyDays ?? null,
    items: [
      {
        whichEye: "right",
        productId: TORIC.productId,
        upc: options.submitAndSkip ? SUBMIT_AND_SKIP_UPC : right!.upc,
        quantity: options.quantity ?? 2,
        parameters: options.submitAndSkip ? {} : right!.parameters,
      },
      {
        whichEye: "left",
        productId: TORIC.productId,
        upc: options.submitAndSkip ? SUBMIT_AND_SKIP_UPC : left!.upc,
        quantity: options.quantity ?? 2,
        parameters: options.submitAndSkip ? {} : left!.parameters,
      },
    ],
  });
  await database.db
    .update(lineItemGroups)
    .set({
      patient: options.patient ?? { firstName: "Ann", lastName: "Lee" },
      doctorId,
      prescriptionExpiresOn: options.expiresOn ?? null,
      walletPrescriptionId: options.walletPrescriptionId ?? null,
      ...(options.submitAndSkip ? { rxEntryType: "SubmitAndSkip" } : {}),
      ...(options.imageId ? { submitAndSkipImageId: options.imageId, submitAndSkipImageClassification: "Other" } : {}),
    })
    .where(eq(lineItemGroups.id, groupId));
  return { groupId, right: right!, left: left! };
}

/** Places the cart as checkout does (shipping address, a saved card); returns the order's number and id. */
async function place(shopper: Shopper, cartId: string) {
  await database.db.update(carts).set({ shippingAddress: TEST_ADDRESS }).where(eq(carts.id, cartId));
  const [existing] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, shopper.id));
  let cardId = existing?.id;
  if (!cardId) {
    const saved = await saveCard(services, shopper.id, {
      number: "4242 4242 4242 4242",
      nameOnCard: "Ann Lee",
      expirationMonth: 12,
      expirationYear: new Date().getFullYear() + 3,
      cvv: "123",
      billingAddress: { address1: "12 Main St", city: "Boise", postalCode: "83702", state: "ID" },
    });
    if (!saved.ok) throw new Error("card refused");
    cardId = saved.card.id;
  }
  const placed = await placeOrder(services, {
    cartId,
    customer: shopper.customer,
    idempotencyKey: randomUUID(),
    paymentMethodId: cardId,
    shopper: { customerId: shopper.id, priceBook: "none" },
  });
  if (!placed.ok) throw new Error(`order refused: ${placed.message}`);
  const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
  return order!;
}

/** A placed order with one typed lens group (expiring `expiresOn`): the order and its prescription. */
async function orderedPrescription(shopper: Shopper, options: LensGroupOptions = {}) {
  const cartId = await createCart(database.db, shopper.id);
  const group = await lensGroup(cartId, { expiresOn: inDays(200), ...options });
  const order = await place(shopper, cartId);
  const [prescription] = await database.db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.orderId, order.id))
    .orderBy(asc(prescriptions.id));
  return { order, prescription: prescription!, ...group };
}

const prescriptionsOf = (customerId: number) =>
  database.db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.customerId, customerId))
    .orderBy(asc(prescriptions.id));

const groupsOfCart = (cartId: string) =>
  database.db
    .select()
    .from(lineItemGroups)
    .where(eq(lineItemGroups.cartId, cartId))
    .orderBy(asc(lineItemGroups.position));

const jsonOf = async (response: Response) => (await response.clone().json()) as Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------------

describe("an order records each lens group's prescription", () => {
  it("a typed prescription: its values per eye, expiration date, prescriber, order; the order group links it", async () => {
    const shopper = await Shopper.create();
    const cartId = await createCart(database.db, shopper.id);
    const expiresOn = inDays(300);
    const { right, left } = await lensGroup(cartId, { expiresOn });
    await addGroup(database.db, cartId, {
      type: "Solution",
      autoReorderFrequencyDays: null,
      items: [
        {
          whichEye: "none",
          productId: SOLUTION.productId,
          upc: (await database.db.select().from(skus).where(eq(skus.productId, SOLUTION.productId)))[0]!.upc,
          quantity: 1,
          parameters: {},
        },
      ],
    });
    const order = await place(shopper, cartId);
    const rows = await prescriptionsOf(shopper.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: "typed",
      status: "PendingVerification",
      expirationDate: expiresOn,
      patientFirstName: "Ann",
      patientLastName: "Lee",
      rightEye: { productId: TORIC.productId, upc: right.upc, quantity: 2, parameters: right.parameters },
      leftEye: { productId: TORIC.productId, upc: left.upc, quantity: 2, parameters: left.parameters },
      prescriber: { doctorId, firstName: "Rita", lastName: "Hale", clinicName: "Boise Eye Care" },
      orderId: order.id,
      autoReorder: false,
      clonedFromId: null,
    });
    expect(rows[0]!.orderedAt).toBeInstanceOf(Date);
    const groups = await database.db
      .select()
      .from(orderGroups)
      .where(eq(orderGroups.orderId, order.id))
      .orderBy(asc(orderGroups.position));
    // The solution group gets none.
    expect(groups.map((group) => [group.type, group.prescriptionId, group.prescriptionStatus])).toEqual([
      ["Lens", rows[0]!.id, "PendingVerification"],
      ["Solution", null, null],
    ]);
  });

  it("verifying the order (the development operation) marks the prescription record Verified too", async () => {
    const shopper = await Shopper.create();
    const { prescription, order } = await orderedPrescription(shopper);
    expect(prescription.status).toBe("PendingVerification");
    expect((await advanceOrder(services, order.orderNumber, "verify")).ok).toBe(true);
    const [row] = await prescriptionsOf(shopper.id);
    expect(row!.status).toBe("Verified");
  });

  it("'I'll send it later' without an image: PendingSubmission, no expiration date, the placeholder UPC", async () => {
    const shopper = await Shopper.create();
    const { prescription, order } = await orderedPrescription(shopper, { submitAndSkip: true, expiresOn: inDays(90) });
    expect(prescription).toMatchObject({
      source: "typed",
      status: "PendingSubmission",
      expirationDate: null,
      rightEye: { productId: TORIC.productId, upc: SUBMIT_AND_SKIP_UPC, quantity: 2, parameters: {} },
      leftEye: { productId: TORIC.productId, upc: SUBMIT_AND_SKIP_UPC, quantity: 2, parameters: {} },
    });
    const [group] = await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, order.id));
    expect(group!.prescriptionStatus).toBe("PendingSubmission");
  });

  it("an uploaded image: source uploaded, PendingVerification, the image linked to the order and prescription", async () => {
    const shopper = await Shopper.create();
    const imageId = `img-${randomUUID()}`;
    await database.db.insert(rxImages).values({
      id: imageId,
      uploaderSessionHash: "guest-session-hash",
      originalFileName: "rx.jpg",
      fileName: "rx_image-1.jpg",
      contentType: "image/jpeg",
      contentLength: 3,
      storageKey: `rx/${imageId}`,
    });
    const { prescription, order } = await orderedPrescription(shopper, { submitAndSkip: true, imageId });
    expect(prescription).toMatchObject({ source: "uploaded", status: "PendingVerification" });
    const [image] = await database.db.select().from(rxImages).where(eq(rxImages.id, imageId));
    expect(image).toMatchObject({ orderId: order.id, prescriptionId: prescription.id, customerId: shopper.id });
  });

  it("another customer's image named by the group is left alone: not linked, still theirs", async () => {
    const shopper = await Shopper.create();
    const owner = await Shopper.create("Bea");
    const imageId = `img-${randomUUID()}`;
    await database.db.insert(rxImages).values({
      id: imageId,
      customerId: owner.id,
      originalFileName: "rx.jpg",
      fileName: "rx_image-1.jpg",
      contentType: "image/jpeg",
      contentLength: 3,
      storageKey: `rx/${imageId}`,
    });
    await orderedPrescription(shopper, { submitAndSkip: true, imageId });
    const [image] = await database.db.select().from(rxImages).where(eq(rxImages.id, imageId));
    expect(image).toMatchObject({ orderId: null, prescriptionId: null, customerId: owner.id });
  });

  it("a saved prescription ordered again is the same record, brought up to date (a Verified one stays Verified)", async () => {
    const shopper = await Shopper.create();
    const first = await orderedPrescription(shopper);
    await database.db
      .update(prescriptions)
      .set({ status: "Verified" })
      .where(eq(prescriptions.id, first.prescription.id));

    const cartId = await createCart(database.db, shopper.id);
    await lensGroup(cartId, {
      walletPrescriptionId: first.prescription.id,
      expiresOn: first.prescription.expirationDate,
      quantity: 6,
      autoReorderFrequencyDays: 90,
    });
    const second = await place(shopper, cartId);
    const rows = await prescriptionsOf(shopper.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first.prescription.id,
      source: "wallet",
      status: "Verified",
      orderId: second.id,
      autoReorder: true,
      expirationDate: first.prescription.expirationDate,
      rightEye: { quantity: 6 },
      leftEye: { quantity: 6 },
    });
    const [group] = await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, second.id));
    expect(group).toMatchObject({ prescriptionId: first.prescription.id, prescriptionStatus: "Verified" });
  });

  it("another customer's prescription named by a cart group is not touched: the group gets a record of its own", async () => {
    const owner = await Shopper.create();
    const { prescription } = await orderedPrescription(owner);
    const other = await Shopper.create("Bo");
    const cartId = await createCart(database.db, other.id);
    await lensGroup(cartId, { walletPrescriptionId: prescription.id });
    const order = await place(other, cartId);
    const [mine] = await prescriptionsOf(other.id);
    expect(mine).toMatchObject({ source: "typed", orderId: order.id });
    expect((await prescriptionsOf(owner.id))[0]!.orderId).toBe(prescription.orderId);
  });
});

describe("subscriptions take the prescription's real expiration date", () => {
  const subscriptionOf = async (orderId: number) =>
    (await database.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, orderId)))[0]!;

  it("the date typed with the prescription; a year from the order when none was given", async () => {
    const shopper = await Shopper.create();
    const expiresOn = inDays(120);
    const typed = await orderedPrescription(shopper, { expiresOn, autoReorderFrequencyDays: 30 });
    expect((await subscriptionOf(typed.order.id)).prescriptionExpiresOn).toBe(expiresOn);

    const unknown = await orderedPrescription(shopper, { expiresOn: null, autoReorderFrequencyDays: 30 });
    expect((await subscriptionOf(unknown.order.id)).prescriptionExpiresOn).toBe(addDays(today(), 365));
    expect(unknown.prescription.expirationDate).toBeNull();
  });

  it("'I'll send it later' makes no subscription (no UPC, no date), so none runs on an unknown prescription", async () => {
    const shopper = await Shopper.create();
    const { order, prescription } = await orderedPrescription(shopper, {
      submitAndSkip: true,
      autoReorderFrequencyDays: 30,
    });
    expect(prescription.status).toBe("PendingSubmission");
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id))).toEqual([]);
  });

  it("a reorder is ordered on the same prescription record", async () => {
    const shopper = await Shopper.create();
    const first = await orderedPrescription(shopper, { autoReorderFrequencyDays: 30 });
    const subscription = await subscriptionOf(first.order.id);
    const result = await orderSubscriptionNow(services, shopper.id, subscription.id);
    expect(result.ok).toBe(true);
    const rows = await prescriptionsOf(shopper.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.orderId).not.toBe(first.order.id);
    expect(rows[0]).toMatchObject({ id: first.prescription.id, source: "wallet", autoReorder: true });
  });
});

describe("the wallet pages", () => {
  it("signed out, open the sign-in dialog and come back", async () => {
    const visitor = anonymous();
    const page = await visitor.send("GET", "/account/prescriptions", walletPage.loader);
    expect(page.status).toBe(303);
    expect(page.location).toMatch(/signin=sign-in/);
    expect(decodeURIComponent(page.location!)).toContain("redirectTo=/account/prescriptions");
    const details = await visitor.send("GET", "/account/prescriptions/1", detailsPage.loader, {
      params: { prescriptionId: "1" },
    });
    expect(details.status).toBe(303);
  });

  it("lists patients merged by name, each one's prescriptions by expiration date, never cached", async () => {
    const shopper = await Shopper.create();
    const late = await orderedPrescription(shopper, { expiresOn: inDays(300) });
    const soon = await orderedPrescription(shopper, {
      expiresOn: inDays(20),
      patient: { firstName: "ann", lastName: "LEE" },
    });
    await orderedPrescription(shopper, { expiresOn: inDays(100), patient: { firstName: "Bo", lastName: "Abel" } });
    const { result, response } = await shopper.send("GET", "/rx-wallet", walletPage.loader);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const page = result as Awaited<ReturnType<typeof walletPage.loader>>;
    expect(page.patients.map((patient) => patient.name)).toEqual(["ann LEE", "Bo Abel"]);
    expect(page.patients[0]!.prescriptions.map((item) => item.id)).toEqual([
      soon.prescription.id,
      late.prescription.id,
    ]);
    const shown = page.patients[0]!.prescriptions[0]!;
    expect(shown).toMatchObject({
      usable: true,
      statusText: "Being verified with your doctor",
      sourceText: "Entered with your order",
      prescriber: { name: "Dr. Rita Hale", clinicName: "Boise Eye Care" },
      order: { orderNumber: soon.order.orderNumber },
      expiry: { expired: false, badge: "You have 20 days left to order." },
    });
    expect(shown.eyes.map((eye) => eye.eyeLabel)).toEqual(["OD", "OS"]);
    expect(shown.eyes[0]!.parameters.map((parameter) => parameter.label)).toEqual([
      "Power/sphere",
      "BC",
      "DIA",
      "CYL",
      "Axis",
    ]);
  });

  it("Order again puts the lenses in the cart with the prescription; the funnel skips RxDetails, Parameters, Patient", async () => {
    const shopper = await Shopper.create();
    const { prescription, right, left } = await orderedPrescription(shopper);
    const posted = await shopper.send("POST", "/account/prescriptions", walletPage.action, {
      form: { intent: "order-again", prescriptionId: String(prescription.id), rightQuantity: "4", leftQuantity: "2" },
    });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe("/cart");
    const cartId = (await shopper.sessionCartId())!;
    const [group] = await groupsOfCart(cartId);
    expect(group).toMatchObject({
      type: "Lens",
      walletPrescriptionId: prescription.id,
      prescriptionExpiresOn: prescription.expirationDate,
      patient: { firstName: "Ann", lastName: "Lee" },
      doctorId,
      autoReorderFrequencyDays: null,
      rxEntryType: "Manual",
    });
    const lines = await database.db
      .select()
      .from(lineItems)
      .where(eq(lineItems.groupId, group!.id))
      .orderBy(asc(lineItems.whichEye));
    expect(lines.map((line) => [line.whichEye, line.upc, line.quantity])).toEqual([
      ["left", left.upc, 2],
      ["right", right.upc, 4],
    ]);
    const { session } = await services.sessions.getSession(shopper.cookieHeader);
    const state = await loadFunnelState(database.db, { session, customer: null });
    for (const page of ["RxDetails", "Parameters", "Patient"] as const) expect(isSkipped(page, state), page).toBe(true);
  });

  it("Order again with auto-reorder and one eye only", async () => {
    const shopper = await Shopper.create();
    const { prescription } = await orderedPrescription(shopper);
    await shopper.send("POST", "/rx-wallet", walletPage.action, {
      form: {
        intent: "order-again",
        prescriptionId: String(prescription.id),
        rightQuantity: "2",
        leftQuantity: "0",
        autoReorder: "on",
      },
    });
    const [group] = await groupsOfCart((await shopper.sessionCartId())!);
    expect(group!.autoReorderFrequencyDays).toBeGreaterThan(0);
    const lines = await database.db.select().from(lineItems).where(eq(lineItems.groupId, group!.id));
    expect(lines.map((line) => line.whichEye)).toEqual(["right"]);
  });

  it("only a usable prescription can be ordered again: expired, not yet submitted, a quantity not offered", async () => {
    const shopper = await Shopper.create();
    const { prescription } = await orderedPrescription(shopper);
    const orderAgain = (fields: Record<string, string>) =>
      shopper.send("POST", "/account/prescriptions", walletPage.action, {
        form: { intent: "order-again", prescriptionId: String(prescription.id), ...fields },
      });

    const badQuantity = await orderAgain({ rightQuantity: "5" });
    expect(badQuantity.status).toBe(400);
    expect(JSON.stringify(badQuantity.result)).toContain(PRESCRIPTION_MESSAGES.chooseQuantity);

    await database.db
      .update(prescriptions)
      .set({ expirationDate: inDays(-1) })
      .where(eq(prescriptions.id, prescription.id));
    const expired = await orderAgain({});
    expect(expired.status).toBe(422);
    expect(JSON.stringify(expired.result)).toContain(PRESCRIPTION_MESSAGES.expired);

    const pending = await orderedPrescription(shopper, { submitAndSkip: true });
    const notSubmitted = await shopper.send("POST", "/account/prescriptions", walletPage.action, {
      form: { intent: "order-again", prescriptionId: String(pending.prescription.id) },
    });
    expect(notSubmitted.status).toBe(422);
    expect(JSON.stringify(notSubmitted.result)).toContain(PRESCRIPTION_MESSAGES["not-submitted"]);
    const cartId = await shopper.sessionCartId();
    expect(cartId ? await groupsOfCart(cartId) : []).toEqual([]);
  });

  it("Copy makes a new record: same values, pointing back, no order, no images; the wallet shows it", async () => {
    const shopper = await Shopper.create();
    const { prescription } = await orderedPrescription(shopper);
    const posted = await shopper.send("POST", "/account/prescriptions", walletPage.action, {
      form: { intent: "clone", prescriptionId: String(prescription.id) },
    });
    expect(posted.status).toBe(303);
    const rows = await prescriptionsOf(shopper.id);
    expect(rows).toHaveLength(2);
    const copy = rows[1]!;
    expect(posted.location).toBe(`/account/prescriptions#prescription-${copy.id}`);
    expect(copy).toMatchObject({
      clonedFromId: prescription.id,
      orderId: null,
      orderedAt: null,
      autoReorder: false,
      rightEye: prescription.rightEye,
      leftEye: prescription.leftEye,
      expirationDate: prescription.expirationDate,
      prescriber: prescription.prescriber,
    });
    // From its own page, a copy opens the copy's page.
    const again = await shopper.send("POST", `/account/prescriptions/${copy.id}`, detailsPage.action, {
      form: { intent: "clone", prescriptionId: String(copy.id) },
      params: { prescriptionId: String(copy.id) },
    });
    expect(again.location).toMatch(/^\/account\/prescriptions\/\d+$/);
  });

  it("Delete asks first (?delete=), then removes the record, its image rows and the image bytes", async () => {
    const shopper = await Shopper.create();
    const { prescription } = await orderedPrescription(shopper);
    const imageId = `img-${randomUUID()}`;
    const storageKey = `rx/${imageId}`;
    await services.imageStore.put(storageKey, Buffer.from("jpeg"), "image/jpeg");
    await database.db.insert(rxImages).values({
      id: imageId,
      customerId: shopper.id,
      prescriptionId: prescription.id,
      originalFileName: "my-rx.jpg",
      fileName: "rx_image-2.jpg",
      contentType: "image/jpeg",
      contentLength: 4,
      storageKey,
    });
    const page = await shopper.send("GET", `/account/prescriptions?delete=${prescription.id}`, walletPage.loader);
    const loaded = page.result as Awaited<ReturnType<typeof walletPage.loader>>;
    expect(loaded.confirmDelete?.id).toBe(prescription.id);
    expect(loaded.confirmDelete?.images).toEqual([{ id: imageId, name: "my-rx.jpg", href: `/rx-images/${imageId}` }]);

    const posted = await shopper.send("POST", "/account/prescriptions", walletPage.action, {
      form: { intent: "delete", prescriptionId: String(prescription.id) },
    });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe("/account/prescriptions");
    expect(await prescriptionsOf(shopper.id)).toEqual([]);
    expect(await database.db.select().from(rxImages).where(eq(rxImages.id, imageId))).toEqual([]);
    expect(await services.imageStore.get(storageKey)).toBeNull();
    // The order keeps its group, unlinked.
    const [group] = await database.db.select().from(orderGroups).where(eq(orderGroups.orderId, prescription.orderId!));
    expect(group!.prescriptionId).toBeNull();
  });

  it("another customer's prescription is not found: its page, Copy and Delete", async () => {
    const owner = await Shopper.create();
    const { prescription } = await orderedPrescription(owner);
    const other = await Shopper.create("Bo");
    const id = String(prescription.id);
    const page = await other.send("GET", `/account/prescriptions/${id}`, detailsPage.loader, {
      params: { prescriptionId: id },
    });
    expect(page.status).toBe(404);
    for (const intent of ["clone", "delete"]) {
      const posted = await other.send("POST", "/account/prescriptions", walletPage.action, {
        form: { intent, prescriptionId: id },
      });
      expect(posted.status, intent).toBe(404);
    }
    const order = await other.send("POST", "/account/prescriptions", walletPage.action, {
      form: { intent: "order-again", prescriptionId: id },
    });
    expect(order.status).toBe(404);
    expect(await prescriptionsOf(owner.id)).toHaveLength(1);
    const junk = await owner.send("GET", "/account/prescriptions/abc", detailsPage.loader, {
      params: { prescriptionId: "abc" },
    });
    expect(junk.status).toBe(404);
  });
});

describe("the saved-prescription choice", () => {
  it("the product page lists usable prescriptions to a signed-in shopper and orders one for this lens", async () => {
    const shopper = await Shopper.create();
    const { prescription } = await orderedPrescription(shopper);
    await orderedPrescription(shopper, { submitAndSkip: true });
    const path = `/lens/${TORIC.vanityUrl}`;
    const params = { name: TORIC.vanityUrl };
    const page = await shopper.send("GET", path, productPage.loader, { params });
    expect(page.response.headers.get("Cache-Control")).toBe("private, no-store");
    const loaded = (page.result as { data: Awaited<ReturnType<typeof productPage.loader>>["data"] }).data;
    expect(loaded.savedPrescriptions.map((choice) => choice.prescriptionId)).toEqual([prescription.id]);
    expect(loaded.savedPrescriptions[0]!.eyes[0]).toMatch(/^OD: Power\/sphere /);

    const refused = await shopper.send("POST", path, productPage.action, {
      form: { intent: "use-saved-prescription" },
      params,
    });
    expect(refused.status).toBe(400);
    expect(refused.result).toMatchObject({
      data: { savedPrescription: { error: { prescriptionId: expect.any(Array) } } },
    });

    const posted = await shopper.send("POST", path, productPage.action, {
      form: { intent: "use-saved-prescription", prescriptionId: String(prescription.id) },
      params,
    });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe("/cart");
    const [group] = await groupsOfCart((await shopper.sessionCartId())!);
    expect(group!.walletPrescriptionId).toBe(prescription.id);

    // Signed out: no choice on the page (and the page may be shared).
    const visitor = anonymous();
    const anonymousPage = await visitor.send("GET", path, productPage.loader, { params });
    expect((anonymousPage.result as { data: { savedPrescriptions: unknown[] } }).data.savedPrescriptions).toEqual([]);
  });

  it("the product page keeps an expiration date typed with the lenses", async () => {
    const shopper = await Shopper.create();
    const [right, left] = await toricSkus(2);
    const fields = (eye: "right" | "left", parameters: Record<string, string>) =>
      Object.fromEntries(Object.entries(parameters).map(([name, value]) => [`${eye}-${name}`, value]));
    const path = `/lens/${TORIC.vanityUrl}`;
    const order = (expirationDate: string) =>
      shopper.send("POST", path, productPage.action, {
        form: {
          intent: "add-to-cart",
          eyes: "both",
          ...fields("right", right!.parameters),
          ...fields("left", left!.parameters),
          "right-quantity": "2",
          "left-quantity": "2",
          expirationDate,
        },
        params: { name: TORIC.vanityUrl },
      });
    const expired = await order(inDays(-1));
    expect(expired.status).toBe(400);
    expect(JSON.stringify(expired.result)).toContain("This prescription has expired.");
    const added = await order(inDays(400));
    expect(added.status).toBe(303);
    const groupId = (await shopper.journey()).currentGroupId!;
    const [group] = await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.id, groupId));
    expect(group!.prescriptionExpiresOn).toBe(inDays(400));
  });

  it("RxDetails' choice fills the group being built: UPCs, parameters, expiry, patient, doctor, the wallet link", async () => {
    const shopper = await Shopper.create();
    const { prescription, right, left } = await orderedPrescription(shopper);
    const cartId = await createCart(database.db, shopper.id);
    const groupId = await addGroup(database.db, cartId, {
      type: "Lens",
      autoReorderFrequencyDays: null,
      items: (["right", "left"] as const).map((whichEye) => ({
        whichEye,
        productId: TORIC.productId,
        upc: null,
        quantity: 2,
        parameters: {},
      })),
    });
    const other = await Shopper.create("Bo");
    expect(
      await applySavedPrescription(database.db, {
        cartId,
        groupId,
        customerId: other.id,
        prescriptionId: prescription.id,
      }),
    ).toEqual({ status: "invalid", errors: { prescriptionId: [PRESCRIPTION_MESSAGES.notFound] } });

    expect(
      await applySavedPrescription(database.db, {
        cartId,
        groupId,
        customerId: shopper.id,
        prescriptionId: prescription.id,
      }),
    ).toEqual({ status: "saved" });
    const [group] = await groupsOfCart(cartId);
    expect(group).toMatchObject({
      walletPrescriptionId: prescription.id,
      prescriptionExpiresOn: prescription.expirationDate,
      patient: { firstName: "Ann", lastName: "Lee" },
      doctorId,
      rxEntryType: "Manual",
    });
    const lines = await database.db
      .select()
      .from(lineItems)
      .where(eq(lineItems.groupId, groupId))
      .orderBy(asc(lineItems.whichEye));
    expect(lines.map((line) => line.upc)).toEqual([left.upc, right.upc]);
  });
});

describe("the shell's expiring-prescription reminder", () => {
  it("names the first-expiring prescription not ordered within 15 days, with the badge", async () => {
    const shopper = await Shopper.create();
    const { prescription } = await orderedPrescription(shopper, { expiresOn: inDays(10) });
    // Just ordered on: no reminder.
    expect(await prescriptionReminder(database.db, shopper.id)).toBeNull();
    await database.db
      .update(prescriptions)
      .set({ orderedAt: new Date(Date.now() - 20 * 24 * 60 * 60 * 1000) })
      .where(eq(prescriptions.id, prescription.id));
    expect(await prescriptionReminder(database.db, shopper.id)).toEqual({
      prescriptionId: prescription.id,
      firstName: "Ann",
      expirationDate: inDays(10),
      days: 10,
      reorderHref: `/account/prescriptions/${prescription.id}#order-again-${prescription.id}`,
    });
    const { result } = await shopper.send("GET", "/", rootLoader);
    // Worded by the root loader (the shell ships no date formatting): the first-expiring prescription, its badge.
    expect((result as Awaited<ReturnType<typeof rootLoader>>).prescriptionReminder).toEqual({
      headline: `Ann's prescription expires ${formatPrescriptionDate(inDays(10))}`,
      badge: "You have 10 days left to order.",
      reorderHref: `/account/prescriptions/${prescription.id}#order-again-${prescription.id}`,
      uploadHref: "/upload-rx",
    });
    const signedOut = await anonymous().send("GET", "/", rootLoader);
    expect((signedOut.result as Awaited<ReturnType<typeof rootLoader>>).prescriptionReminder).toBeNull();
  });
});

describe("the wallet's JSON API", () => {
  it("answers 401 signed out, on every call", async () => {
    const visitor = anonymous();
    const calls = [
      await visitor.send("GET", "/api/rxWallet/summary", summaryApi.loader),
      await visitor.send("GET", "/api/rxWallet/1", prescriptionApi.loader, { params: { id: "1" } }),
      await visitor.send("DELETE", "/rxWallet/1", prescriptionApi.action, { params: { id: "1" } }),
      await visitor.send("POST", "/api/rxWallet/prescription/clone", cloneApi.action, { json: { prescriptionId: 1 } }),
      await visitor.send("POST", "/api/rxWallet", walletApi.action, { json: { entries: [{ prescriptionId: 1 }] } }),
      await visitor.send("POST", "/api/rxWallet/lineItemGroupsWithPriceBook", pricedApi.action, {
        json: { entries: [{ prescriptionId: 1 }] },
      }),
    ];
    for (const call of calls) {
      expect(call.status).toBe(401);
      expect(await jsonOf(call.response)).toEqual({ error: "Sign in to use your saved prescriptions." });
    }
  });

  it("GET summary: patients with prescriptions in the spec's shape", async () => {
    const shopper = await Shopper.create();
    const { prescription, order } = await orderedPrescription(shopper, { expiresOn: inDays(30) });
    const { response } = await shopper.send("GET", "/api/rxWallet/summary?priceBook=none", summaryApi.loader, {
      bearer: true,
    });
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toEqual({
      patients: [
        {
          firstName: "Ann",
          lastName: "Lee",
          prescriptions: [
            {
              prescriptionId: prescription.id,
              rightEyeProduct: { productId: TORIC.productId, upc: prescription.rightEye!.upc, quantity: 2 },
              leftEyeProduct: { productId: TORIC.productId, upc: prescription.leftEye!.upc, quantity: 2 },
              expirationDate: inDays(30),
              isExpired: false,
              orderDate: order.createdAt.toISOString(),
              autoReorder: false,
              alternativeQuantityProductId: null,
              leftColorId: null,
              rightColorId: null,
            },
          ],
        },
      ],
      hasPrivateLabelProducts: false,
    });
    const badBook = await shopper.send("GET", "/api/rxWallet/summary?priceBook=gold", summaryApi.loader);
    expect(badBook.status).toBe(400);
  });

  it("GET {id}: the per-eye detail and clinic; DELETE removes it; another customer's is a 404", async () => {
    const shopper = await Shopper.create();
    const { prescription, right } = await orderedPrescription(shopper);
    const id = String(prescription.id);
    const detail = await shopper.send("GET", `/api/rxWallet/${id}`, prescriptionApi.loader, { params: { id } });
    const body = await jsonOf(detail.response);
    expect(body).toMatchObject({
      prescriptionId: prescription.id,
      rightEye: {
        spherePower: right.parameters.power,
        baseCurve: right.parameters.baseCurve,
        diameter: right.parameters.diameter,
        cylinderPower: right.parameters.cylinder,
        axisDegree: right.parameters.axis,
        color: null,
        addPower: null,
        domNonDom: null,
      },
      clinic: { name: "Boise Eye Care", doctor: { id: doctorId, firstName: "Rita", lastName: "Hale" } },
    });
    expect(body.leftEye).toBeTruthy();

    const other = await Shopper.create("Bo");
    expect((await other.send("GET", `/api/rxWallet/${id}`, prescriptionApi.loader, { params: { id } })).status).toBe(
      404,
    );
    expect((await other.send("DELETE", `/rxWallet/${id}`, prescriptionApi.action, { params: { id } })).status).toBe(
      404,
    );
    expect((await shopper.send("GET", "/api/rxWallet/x", prescriptionApi.loader, { params: { id: "x" } })).status).toBe(
      404,
    );
    expect((await shopper.send("POST", `/api/rxWallet/${id}`, prescriptionApi.action, { params: { id } })).status).toBe(
      405,
    );

    const deleted = await shopper.send("DELETE", `/rxWallet/${id}`, prescriptionApi.action, { params: { id } });
    expect(await jsonOf(deleted.response)).toEqual({ prescriptionId: prescription.id, deleted: true });
    expect(await prescriptionsOf(shopper.id)).toEqual([]);
  });

  it("POST clone: 201 with the copy's id; 400 bad input; 404 not theirs", async () => {
    const shopper = await Shopper.create();
    const { prescription } = await orderedPrescription(shopper);
    const cloned = await shopper.send("POST", "/api/rxWallet/prescription/clone", cloneApi.action, {
      json: { prescriptionId: prescription.id },
    });
    expect(cloned.status).toBe(201);
    const body = await jsonOf(cloned.response);
    expect(body.clonedFromId).toBe(prescription.id);
    expect((await prescriptionsOf(shopper.id)).map((row) => row.id)).toEqual([prescription.id, body.prescriptionId]);
    expect(
      (
        await shopper.send("POST", "/api/rxWallet/prescription/clone", cloneApi.action, {
          json: { prescriptionId: "1" },
        })
      ).status,
    ).toBe(400);
    const other = await Shopper.create("Bo");
    expect(
      (
        await other.send("POST", "/api/rxWallet/prescription/clone", cloneApi.action, {
          json: { prescriptionId: prescription.id },
        })
      ).status,
    ).toBe(404);
  });

  it("POST lineItemGroupsWithPriceBook prices the groups without touching the cart; POST api/rxWallet adds them", async () => {
    const shopper = await Shopper.create();
    const { prescription } = await orderedPrescription(shopper);
    const entries = [
      { prescriptionId: prescription.id, isSubscription: true, rightEyeQuantity: 4, leftEyeQuantity: 0 },
    ];
    const priced = await shopper.send("POST", "/api/rxWallet/lineItemGroupsWithPriceBook", pricedApi.action, {
      json: { entries, priceBook: "high" },
    });
    expect(priced.status).toBe(200);
    const pricedBody = (await jsonOf(priced.response)) as {
      priceBook: string;
      lineItemGroups: Array<{
        lineItems: Array<{ whichEye: string; quantity: number; lineTotal: number }>;
        subTotal: number;
      }>;
    };
    expect(pricedBody.priceBook).toBe("high");
    expect(pricedBody.lineItemGroups).toHaveLength(1);
    expect(pricedBody.lineItemGroups[0]!.lineItems.map((line) => [line.whichEye, line.quantity])).toEqual([
      ["Right", 4],
    ]);
    expect(pricedBody.lineItemGroups[0]!.subTotal).toBe(TORIC.prices.high * 4);
    expect(await shopper.sessionCartId()).toBeUndefined();

    const added = await shopper.send("POST", "/api/rxWallet", walletApi.action, { json: { entries } });
    expect(added.status).toBe(200);
    const cart = (await jsonOf(added.response)) as {
      cartId: string;
      addedLineItemGroupIds: string[];
      lineItemGroups: Array<{ id: string; autoReorder: unknown }>;
    };
    expect(cart.addedLineItemGroupIds).toHaveLength(1);
    expect(cart.lineItemGroups.map((group) => group.id)).toEqual(cart.addedLineItemGroupIds);
    expect(cart.lineItemGroups[0]!.autoReorder).not.toBeNull();
    expect(await shopper.sessionCartId()).toBe(cart.cartId);

    // With a bearer token: the customer's latest cart.
    const viaToken = await shopper.send("POST", "/api/rxWallet", walletApi.action, {
      json: { entries: [{ prescriptionId: prescription.id }] },
      bearer: true,
    });
    expect(viaToken.status).toBe(200);
    expect((await groupsOfCart(cart.cartId)).length).toBe(2);
  });

  it("refuses bad entries (400), another's prescription (404) and one that cannot be ordered (422), adding nothing", async () => {
    const shopper = await Shopper.create();
    const { prescription } = await orderedPrescription(shopper);
    const post = (json: unknown) => shopper.send("POST", "/api/rxWallet", walletApi.action, { json });
    for (const json of [
      {},
      { entries: [] },
      { entries: [{ prescriptionId: "x" }] },
      { entries: [{ prescriptionId: 1, rightEyeQuantity: -1 }] },
    ]) {
      expect((await post(json)).status, JSON.stringify(json)).toBe(400);
    }
    const other = await Shopper.create("Bo");
    const foreign = await other.send("POST", "/api/rxWallet", walletApi.action, {
      json: { entries: [{ prescriptionId: prescription.id }] },
    });
    expect(foreign.status).toBe(404);
    await database.db
      .update(prescriptions)
      .set({ expirationDate: inDays(-3) })
      .where(eq(prescriptions.id, prescription.id));
    const expired = await post({ entries: [{ prescriptionId: prescription.id }] });
    expect(expired.status).toBe(422);
    expect(await jsonOf(expired.response)).toEqual({ error: PRESCRIPTION_MESSAGES.expired });
    const alternative = await post({
      entries: [{ prescriptionId: prescription.id, alternativeQuantityProductId: 999999 }],
    });
    expect([400, 422]).toContain(alternative.status);
    const cartId = await shopper.sessionCartId();
    expect(cartId ? await groupsOfCart(cartId) : []).toEqual([]);
    // GET on a POST-only route is a 405.
    expect((await shopper.send("GET", "/api/rxWallet", walletApi.loader)).status).toBe(405);
  });
});

describe("the pages render (server-side, as a browser without JavaScript gets them)", () => {
  /** A route's page rendered with its loader's (and an action's) data, as the server renders it. */
  function render(
    id: string,
    path: string,
    Component: unknown,
    loaderData: unknown,
    actionData?: unknown,
    pattern = path.split("?")[0]!,
  ) {
    const Stub = createRoutesStub([{ id, path: pattern, Component: Component as never }]);
    // React's text separators (<!-- -->) and apostrophe escapes out, so the text reads as a browser shows it.
    return withoutSeparators(
      renderToString(
        createElement(Stub, {
          initialEntries: [path],
          hydrationData: {
            loaderData: { [id]: loaderData },
            ...(actionData ? { actionData: { [id]: actionData } } : {}),
          },
        }),
      ),
    );
  }
  const withoutSeparators = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

  it("the wallet: values per eye, expiry and badge, images, Order again, Copy, Delete's confirmation", async () => {
    const shopper = await Shopper.create();
    const { prescription } = await orderedPrescription(shopper, { expiresOn: inDays(12) });
    await database.db.insert(rxImages).values({
      id: `img-${randomUUID()}`,
      customerId: shopper.id,
      prescriptionId: prescription.id,
      originalFileName: "rx-photo.png",
      fileName: "rx_image-3.png",
      contentType: "image/png",
      contentLength: 4,
      storageKey: `rx/${randomUUID()}`,
    });
    const path = `/account/prescriptions?delete=${prescription.id}`;
    const { result } = await shopper.send("GET", path, walletPage.loader);
    const failed = await shopper.send("POST", "/account/prescriptions", walletPage.action, {
      form: { intent: "order-again", prescriptionId: String(prescription.id), rightQuantity: "5" },
    });
    const html = render("rx-wallet", path, walletPage.default, result, (failed.result as { data: unknown }).data);
    expect(html).toContain('<h1 id="rx-wallet-title">My prescriptions</h1>');
    expect(html).toContain("Delete this prescription?");
    expect(html).toContain('name="intent" value="delete"');
    expect(html).toContain("You have 12 days left to order.");
    expect(html).toContain("Right eye (OD)");
    expect(html).toContain("Left eye (OS)");
    expect(html).toContain("Power/sphere");
    expect(html).toContain("rx-photo.png");
    expect(html).toMatch(/href="\/rx-images\/img-[^"]+"/);
    expect(html).toContain('name="intent" value="order-again"');
    expect(html).toContain('name="intent" value="clone"');
    expect(html).toContain(PRESCRIPTION_MESSAGES.chooseQuantity);
  });

  it("an upload from the account waits in the wallet under 'Prescription Uploaded' until it is deleted", async () => {
    const shopper = await Shopper.create();
    const upload = async (fields: { customerId: number; prescriptionId?: number }) => {
      const id = randomBytes(18).toString("base64url");
      const storageKey = `rx/${id}`;
      await services.imageStore.put(storageKey, Buffer.from("jpeg"), "image/jpeg");
      await database.db.insert(rxImages).values({
        id,
        ...fields,
        originalFileName: `upload-${id.slice(0, 4)}.jpg`,
        fileName: "rx_image-4.jpg",
        contentType: "image/jpeg",
        contentLength: 4,
        storageKey,
      });
      return { id, storageKey };
    };
    const waiting = await upload({ customerId: shopper.id });
    const { result } = await shopper.send("GET", "/rx-wallet", walletPage.loader);
    const loaded = result as Awaited<ReturnType<typeof walletPage.loader>>;
    expect(loaded.uploads.map((shown) => shown.imageId)).toEqual([waiting.id]);
    const html = render("rx-wallet", "/rx-wallet", walletPage.default, result);
    expect(html).not.toContain("You have no saved prescriptions yet.");
    expect(html).toContain(`<h2 id="rx-uploaded-title">${UPLOADED_PRESCRIPTION_MESSAGES.label}</h2>`);
    expect(html).toContain(UPLOADED_PRESCRIPTION_MESSAGES.waiting);
    expect(html).toContain(`href="/rx-images/${waiting.id}"`);
    expect(html).toContain('name="intent" value="delete-upload"');

    // One kept with a prescription is the prescription's, not listed here and not deleted from here.
    const { prescription } = await orderedPrescription(shopper);
    const kept = await upload({ customerId: shopper.id, prescriptionId: prescription.id });
    const again = (await shopper.send("GET", "/rx-wallet", walletPage.loader)).result as typeof loaded;
    expect(again.uploads.map((shown) => shown.imageId)).toEqual([waiting.id]);
    const linked = await shopper.send("POST", "/rx-wallet", walletPage.action, {
      form: { intent: "delete-upload", imageId: kept.id },
    });
    expect(linked.status).toBe(409);

    // Another customer's is not found; a malformed id is a 400; nothing is deleted.
    const other = await Shopper.create("Bo");
    const refused = await other.send("POST", "/rx-wallet", walletPage.action, {
      form: { intent: "delete-upload", imageId: waiting.id },
    });
    expect(refused.status).toBe(404);
    const malformed = await shopper.send("POST", "/rx-wallet", walletPage.action, {
      form: { intent: "delete-upload", imageId: "../../etc" },
    });
    expect(malformed.status).toBe(400);
    expect(await database.db.select().from(rxImages).where(eq(rxImages.id, waiting.id))).toHaveLength(1);

    const deleted = await shopper.send("POST", "/rx-wallet", walletPage.action, {
      form: { intent: "delete-upload", imageId: waiting.id },
    });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/rx-wallet");
    expect(await database.db.select().from(rxImages).where(eq(rxImages.id, waiting.id))).toEqual([]);
    expect(await services.imageStore.get(waiting.storageKey)).toBeNull();
    expect(await services.imageStore.get(kept.storageKey)).not.toBeNull();
  });

  it("one prescription's page, and the empty wallet", async () => {
    const shopper = await Shopper.create();
    const empty = await shopper.send("GET", "/rx-wallet", walletPage.loader);
    expect(render("rx-wallet", "/rx-wallet", walletPage.default, empty.result)).toContain(
      "You have no saved prescriptions yet.",
    );
    const { prescription } = await orderedPrescription(shopper, { submitAndSkip: true });
    const id = String(prescription.id);
    const { result } = await shopper.send("GET", `/account/prescriptions/${id}`, detailsPage.loader, {
      params: { prescriptionId: id },
    });
    const html = render(
      "details",
      `/account/prescriptions/${id}`,
      detailsPage.default,
      result,
      undefined,
      "/account/prescriptions/:prescriptionId",
    );
    expect(html).toContain("Prescription for Ann Lee");
    expect(html).toContain("Waiting for your prescription");
    expect(html).toContain("Expiration date not known yet");
    // Not usable: no Order again, the reason and a way to send it instead.
    expect(html).not.toContain('value="order-again"');
    expect(html).toContain(PRESCRIPTION_MESSAGES["not-submitted"]);
    expect(html).toContain('href="/upload-rx"');
  });

  it("the product page's saved-prescription choice, and the shell's reminder", async () => {
    const shopper = await Shopper.create();
    await orderedPrescription(shopper);
    const params = { name: TORIC.vanityUrl };
    const path = `/lens/${TORIC.vanityUrl}`;
    const { result } = await shopper.send("GET", path, productPage.loader, { params });
    const html = render(
      "product",
      path,
      productPage.default,
      (result as { data: unknown }).data,
      undefined,
      "/lens/:name",
    );
    expect(html).toContain("Order with a saved prescription");
    expect(html).toContain('value="use-saved-prescription"');
    expect(html).toContain("Use this prescription");
    expect(html).toContain("Prescription expiration date (optional)");

    const reminder = withoutSeparators(
      renderToString(
        createElement(
          createRoutesStub([
            {
              path: "/",
              Component: () =>
                createElement(PrescriptionReminder, {
                  reminder: prescriptionReminderView({
                    firstName: "Ann",
                    expirationDate: "2026-07-04",
                    days: 1,
                    reorderHref: "/account/prescriptions/1",
                  }),
                }),
            },
          ]),
          { initialEntries: ["/"] },
        ),
      ),
    );
    expect(reminder).toContain("Ann's prescription expires July 4, 2026.");
    expect(reminder).toContain("You have 1 day left to order.");
    expect(reminder).toContain('href="/upload-rx"');
  });
});
