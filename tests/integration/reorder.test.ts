import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELD_ORDER_WORDS } from "~/models/held-order";
import { REORDER_MESSAGES } from "~/models/reorder";
import { addDays, businessToday } from "~/models/subscription";
import { loader as rootLoader } from "~/root";
import routes from "~/routes";
import * as accountLayout from "~/routes/account";
import * as accountEntry from "~/routes/account._index";
import { loader as catchAllLoader } from "~/routes/catch-all";
import * as autoLoginApi from "~/routes/api.authentication.autoLogin";
import * as dashboardRoute from "~/routes/dashboard";
import * as reorderRoute from "~/routes/reorder";
import {
  createAuthSession,
  createAutoLoginToken,
  createCustomer,
  type Customer,
} from "~/services/accounts/auth/accounts.server";
import { addGroup, createCart } from "~/services/cart/cart.server";
import { saveCard } from "~/services/checkout/payment-methods.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  carts,
  lineItemGroups,
  lineItems,
  orderGroups,
  orders,
  paymentMethods,
  prescriptions,
  skus,
} from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { insertTestDoctor, isDataWithInit, TEST_ADDRESS, TORIC } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle, underLayouts } from "../setup/test-context";

// /reorder, /dashboard, /account and the entry guard (issue 17), through the root middleware as the server runs
// them, with orders placed as checkout places them, against PGlite.

let database: DatabaseHandle;
let services: AppServices;
let doctorId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  services.logger.level = "silent";
  doctorId = await insertTestDoctor(database.db);
});
afterAll(async () => {
  await database.close();
});

let counter = 0;
let skuOffset = 0;

/** Toric SKUs with their real parameters (so Reorder finds them again), each well stocked. */
async function toricSkus(count = 2): Promise<Array<{ upc: string; parameters: Record<string, string> }>> {
  const rows = await database.db
    .select({ upc: skus.upc, parameters: skus.parameters })
    .from(skus)
    .where(eq(skus.productId, TORIC.productId))
    .orderBy(asc(skus.upc))
    .limit(count)
    .offset(400 + (skuOffset += count));
  for (const row of rows) {
    await database.db.update(skus).set({ stockQuantity: 1000, isActive: true }).where(eq(skus.upc, row.upc));
  }
  return rows.map((row) => ({ upc: row.upc, parameters: row.parameters as Record<string, string> }));
}

/** A signed-in browser: a customer and a cookie jar kept across requests. */
class Shopper {
  cookies = new Map<string, string>();
  constructor(readonly customer: Customer) {}

  static async create(method = "password") {
    const customer = await createCustomer(database.db, {
      email: `reorder.${++counter}@example.com`,
      firstName: "Ann",
      lastName: "Lee",
    });
    const shopper = new Shopper(customer);
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", await createAuthSession(database.db, customer.id, method as "password", false));
    shopper.keep((await services.sessions.commitSession(session)).split(";")[0]!);
    return shopper;
  }

  get id() {
    return this.customer.id;
  }

  keep(pair: string) {
    this.cookies.set(pair.slice(0, pair.indexOf("=")), pair);
  }

  async send(
    method: string,
    path: string,
    handler: (args: never) => unknown,
    options: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies.values()].join("; ");
    const request = new Request(`http://store.test${path}`, { method, body, headers });
    let result: unknown;
    const response = await runThroughMiddleware(services, request, async (context) => {
      result = await settle(() => handler({ request, params: {}, context } as never) as never);
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    });
    for (const header of response.headers.getSetCookie()) this.keep(header.split(";")[0]!);
    return { response, result, status: response.status, location: response.headers.get("Location") };
  }

  async page<T>(path: string, route: { loader: (args: never) => T }) {
    const sent = await this.send("GET", path, route.loader);
    expect(sent.status, `${path} answered ${sent.status} ${sent.location ?? ""}`).toBe(200);
    return sent.result as Awaited<T>;
  }

  async cartGroups() {
    const { session } = await services.sessions.getSession([...this.cookies.values()].join("; "));
    const cartId = session.get("cartId");
    if (!cartId) return [];
    const groups = await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.cartId, cartId));
    return Promise.all(
      groups.map(async (group) => ({
        ...group,
        items: await database.db
          .select()
          .from(lineItems)
          .where(eq(lineItems.groupId, group.id))
          .orderBy(asc(lineItems.whichEye)),
      })),
    );
  }
}

const anonymous = () => new Shopper({ id: 0 } as Customer);

/**
 * Places a toric order for `patient` (both eyes, `quantity` boxes each, typed prescription expiring in 200 days) as
 * checkout does; returns the order, its prescription and the SKUs.
 */
async function order(shopper: Shopper, options: { patient?: string; quantity?: number } = {}) {
  const [firstName, lastName] = (options.patient ?? "Ann Lee").split(" ") as [string, string];
  const [right, left] = await toricSkus(2);
  const cartId = await createCart(database.db, shopper.id);
  const quantity = options.quantity ?? 2;
  const groupId = await addGroup(database.db, cartId, {
    type: "Lens",
    autoReorderFrequencyDays: null,
    items: [
      { whichEye: "right", productId: TORIC.productId, upc: right!.upc, quantity, parameters: right!.parameters },
      { whichEye: "left", productId: TORIC.productId, upc: left!.upc, quantity, parameters: left!.parameters },
    ],
  });
  await database.db
    .update(lineItemGroups)
    .set({ patient: { firstName, lastName }, doctorId, prescriptionExpiresOn: addDays(businessToday(), 200) })
    .where(eq(lineItemGroups.id, groupId));
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
  const [row] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
  const [prescription] = await database.db.select().from(prescriptions).where(eq(prescriptions.orderId, row!.id));
  return { order: row!, prescription: prescription!, right: right!, left: left! };
}

type ReorderData = Awaited<ReturnType<typeof reorderRoute.loader>>;

describe("signed out", () => {
  it("/reorder, /dashboard and /account open the sign-in dialog and come back to the page", async () => {
    for (const [path, route] of [
      ["/reorder?signin=true", reorderRoute],
      ["/dashboard", dashboardRoute],
      // /account's guard is its layout's middleware (every /account/* page sits under it).
      ["/account", { loader: underLayouts([accountLayout], accountEntry.loader) }],
    ] as const) {
      const sent = await anonymous().send("GET", path, route.loader);
      expect(sent.status, path).toBe(303);
      const location = new URL(sent.location!, "http://store.test");
      expect(location.searchParams.get("signin")).toBe("sign-in");
      expect(location.searchParams.get("redirectTo")).toBe(path.split("?")[0]);
    }
    const posted = await anonymous().send("POST", "/reorder", reorderRoute.action, { form: { prescriptionId: "1" } });
    expect(posted.status).toBe(303);
    expect(posted.location).toContain("signin=sign-in");
  });
});

describe("/reorder", () => {
  it("a customer with no orders gets shop links, not an error", async () => {
    const shopper = await Shopper.create();
    const data = await shopper.page("/reorder?signin=true", reorderRoute);
    expect(data).toMatchObject({ patients: [], justSignedIn: true, shopHref: "/lenses" });
  });

  it("shows each patient's last lenses, quantities and prescription; another customer sees none of it", async () => {
    const shopper = await Shopper.create();
    await order(shopper, { patient: "Ann Lee", quantity: 2 });
    const latest = await order(shopper, { patient: "Ann Lee", quantity: 4 });
    const ben = await order(shopper, { patient: "Ben Lee", quantity: 1 });

    const { patients } = await shopper.page("/reorder", reorderRoute);
    expect(patients.map((patient) => patient.patientName)).toEqual(["Ann Lee", "Ben Lee"]);
    const [ann, benView] = patients as ReorderData["patients"];
    expect(ann).toMatchObject({
      orderNumber: latest.order.orderNumber,
      state: "ready",
      lenses: [
        { eye: "Right eye (OD)", productName: TORIC.displayName, quantity: 4, quantityText: "4 boxes" },
        { eye: "Left eye (OS)", productName: TORIC.displayName, quantity: 4 },
      ],
      prescription: { id: latest.prescription.id, expiry: { expired: false } },
      entry: { prescriptionId: latest.prescription.id, rightEyeQuantity: 4, leftEyeQuantity: 4 },
    });
    expect(ann!.prescription!.expiry.text).toMatch(/^Expires /);
    expect(benView).toMatchObject({ state: "ready", entry: { prescriptionId: ben.prescription.id } });

    // Another customer: nothing of this one's, and their Reorder of this prescription adds nothing.
    const other = await Shopper.create();
    expect((await other.page("/reorder", reorderRoute)).patients).toEqual([]);
    const refused = await other.send("POST", "/reorder", reorderRoute.action, {
      form: { prescriptionId: String(latest.prescription.id) },
    });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.result)).toContain(REORDER_MESSAGES.notFound);
    expect(await other.cartGroups()).toEqual([]);
  });

  it("Reorder puts that patient's lenses in the cart with the prescription, then goes to the cart", async () => {
    const shopper = await Shopper.create();
    const { prescription, right, left } = await order(shopper, { patient: "Cy Lee", quantity: 2 });
    const sent = await shopper.send("POST", "/reorder", reorderRoute.action, {
      form: { prescriptionId: String(prescription.id) },
    });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe("/cart");
    const groups = await shopper.cartGroups();
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      type: "Lens",
      patient: { firstName: "Cy", lastName: "Lee" },
      walletPrescriptionId: prescription.id,
      prescriptionExpiresOn: prescription.expirationDate,
      autoReorderFrequencyDays: null,
    });
    expect(groups[0]!.items.map((item) => [item.whichEye, item.upc, item.quantity])).toEqual([
      ["left", left.upc, 2],
      ["right", right.upc, 2],
    ]);
  });

  it("an expired prescription offers the exam and upload instead, and Reorder refuses it", async () => {
    const shopper = await Shopper.create();
    const { prescription } = await order(shopper);
    await database.db
      .update(prescriptions)
      .set({ expirationDate: addDays(businessToday(), -1) })
      .where(eq(prescriptions.id, prescription.id));
    const [patient] = (await shopper.page("/reorder", reorderRoute)).patients;
    expect(patient).toMatchObject({
      state: "expired",
      entry: null,
      message: REORDER_MESSAGES.expired,
      uploadHref: "/upload-rx",
      prescription: { expiry: { expired: true } },
    });
    const refused = await shopper.send("POST", "/reorder", reorderRoute.action, {
      form: { prescriptionId: String(prescription.id) },
    });
    expect(refused.status).toBe(422);
    expect(await shopper.cartGroups()).toEqual([]);
  });

  it("bad input is a 400 with a message, never a 500", async () => {
    const shopper = await Shopper.create();
    const sent = await shopper.send("POST", "/reorder", reorderRoute.action, { form: { prescriptionId: "abc" } });
    expect(sent.status).toBe(400);
  });
});

describe("/dashboard", () => {
  it("shows the last order with its status and expected delivery, and the quick links", async () => {
    const shopper = await Shopper.create();
    await order(shopper, { patient: "Ann Lee" });
    const { order: last } = await order(shopper, { patient: "Ben Lee" });
    const data = await shopper.page("/dashboard", dashboardRoute);
    expect(data.lastOrder).toMatchObject({
      orderNumber: last.orderNumber,
      isOld: false,
      isExamNeeded: false,
      lensProductIds: [TORIC.productId],
      product: { productId: TORIC.productId },
    });
    expect(data.lastOrder!.expectedDelivery).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/);
    expect(data.lastOrder!.prescriptionIds).toHaveLength(1);
    expect(data.links.map((link) => link.url)).toContain("/account/order-history");

    // Old once shipped and delivered more than 5 days ago: the invitation to reorder instead.
    await database.db
      .update(orders)
      .set({ statusCode: "G", trackingDeliveryDate: addDays(businessToday(), -10), deliveredAt: new Date() })
      .where(eq(orders.id, last.id));
    expect((await shopper.page("/dashboard", dashboardRoute)).lastOrder).toMatchObject({ isOld: true });
  });

  it("shows the recapture banner (the shell's) when a held order needs its prescription", async () => {
    const shopper = await Shopper.create();
    const { order: held } = await order(shopper);
    expect((await shopper.page("/dashboard", { loader: rootLoader })).notification).toBeNull();
    await database.db.update(orders).set({ statusCode: "H" }).where(eq(orders.id, held.id));
    await database.db
      .update(orderGroups)
      .set({ prescriptionStatus: "PendingVerification" })
      .where(eq(orderGroups.orderId, held.id));
    expect((await shopper.page("/dashboard", { loader: rootLoader })).notification).toMatchObject({
      kind: "recapture",
      orderNumber: held.orderNumber,
    });
    // The last order says what it needs, as the banner does, and gives no delivery date (issue 25).
    expect((await shopper.page("/dashboard", dashboardRoute)).lastOrder).toMatchObject({
      orderNumber: held.orderNumber,
      statusLabel: "On hold",
      statusMessage: HELD_ORDER_WORDS.needsPrescription,
      expectedDelivery: null,
    });
  });

  it("without orders: no last order; the analytics service type is Sales, then Service after an order", async () => {
    const shopper = await Shopper.create();
    expect((await shopper.page("/dashboard", dashboardRoute)).lastOrder).toBeNull();
    expect((await shopper.page("/dashboard", { loader: rootLoader })).serviceType).toBe("Sales");
    const { order: placed } = await order(shopper);
    expect((await shopper.page("/dashboard", { loader: rootLoader })).serviceType).toBe("Service");
    await database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(orders.id, placed.id));
    expect((await shopper.page("/dashboard", { loader: rootLoader })).serviceType).toBe("Sales");
    expect((await anonymous().page("/", { loader: rootLoader })).serviceType).toBe("Sales");
  });
});

describe("/account/*", () => {
  it("is no page of its own: an unknown account path is the catch-all's 404", async () => {
    const paths = (routes as Array<{ path?: string }>).map((route) => route.path);
    expect(paths).toContain("account");
    expect(paths).not.toContain("account/*");
    const shopper = await Shopper.create();
    expect((await shopper.send("GET", "/account/no-such-page", catchAllLoader)).status).toBe(404);
  });
});

describe("the entry guard (spec 2.2)", () => {
  it("/account goes to the dashboard, keeping the query", async () => {
    const shopper = await Shopper.create();
    await order(shopper);
    const sent = await shopper.send("GET", "/account?utm_source=mail", accountEntry.loader);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/dashboard?utm_source=mail");
  });

  it("an auto-login sign-in with an order within 9 days goes to order history from /account, the e-mailed link and the API", async () => {
    const shopper = await Shopper.create("auto-login");
    await order(shopper);
    expect((await shopper.send("GET", "/account", accountEntry.loader)).location).toBe("/account/order-history");
    // Coming from a page of ours: the dashboard.
    const fromPage = await shopper.send("GET", "/account", accountEntry.loader, {
      headers: { Referer: "http://store.test/lenses" },
    });
    expect(fromPage.location).toBe("/dashboard");

    // The e-mailed link opens /dashboard?token=…: through the guard too.
    const token = await createAutoLoginToken(database.db, services.sessions.secrets, shopper.id);
    const link = await anonymous().send("GET", `/dashboard?token=${encodeURIComponent(token)}`, async () => {
      throw new Error("the middleware answers first");
    });
    expect(link.status).toBe(303);
    expect(link.location).toBe("/account/order-history");

    const apiToken = await createAutoLoginToken(database.db, services.sessions.secrets, shopper.id);
    const api = await anonymous().send("POST", "/api/authentication/autoLogin", autoLoginApi.action, {
      json: { autoLoginToken: apiToken },
    });
    expect(api.status).toBe(200);
    expect(await api.response.json()).toMatchObject({ entryPath: "/account/order-history" });

    // Without an order in the last 9 days: the dashboard.
    await database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(orders.customerId, shopper.id));
    expect((await shopper.send("GET", "/account", accountEntry.loader)).location).toBe("/dashboard");
  });
});
