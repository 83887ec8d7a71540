import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as addressesRoute from "~/routes/api.addresses";
import * as addressRoute from "~/routes/api.addresses.$id";
import * as createRoute from "~/routes/api.addresses.v2";
import * as updateRoute from "~/routes/api.addresses.v2.$id";
import * as verifyRoute from "~/routes/api.addresses.verify";
import * as statusRoute from "~/routes/api.order.status.$orderNumber";
import * as thankYouRoute from "~/routes/api.orders.$id.thankyou";
import * as summaryRoute from "~/routes/api.orders._index";
import * as countRoute from "~/routes/api.orders.orderCountByProduct";
import * as patientsRoute from "~/routes/api.patients";
import {
  addressDeletedResponseSchema,
  addressListResponseSchema,
  addressSavedResponseSchema,
  addressVerifyResponseSchema,
} from "~/services/api/schemas/addresses-api";
import {
  orderCountByProductResponseSchema,
  orderStatusResponseSchema,
  orderSummariesResponseSchema,
  patientsResponseSchema,
  thankYouResponseSchema,
} from "~/services/api/schemas/orders-api";
import { createAddress } from "~/services/accounts/addresses.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  addresses,
  orderGroups,
  orderLines,
  orders,
  patients,
  prescriptions,
  prescriptionVerifications,
} from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { apiCaller, browserCookie, customerWithToken, expectError, json, signInBrowser } from "../setup/api-client";
import { orderRow, SOLUTION, TEST_ADDRESS, TORIC } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices } from "../setup/test-context";

let database: DatabaseHandle;
let services: AppServices;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  call = apiCaller(services);
});
afterAll(async () => {
  await database.close();
});

const NO_CUSTOMER = "No Customer Available to perform this action";

/** A placed order: a lens group for the patient (PendingVerification unless said) and optionally a solution group. */
async function placeOrder(
  customerId: number,
  options: { patientId?: number; status?: string; statusCode?: string; solution?: boolean; paymentState?: string } = {},
) {
  const orderNumber = `T${randomUUID().slice(0, 8).toUpperCase()}`;
  const [order] = await database.db
    .insert(orders)
    .values(
      orderRow(customerId, orderNumber, { statusCode: options.statusCode ?? "", paymentState: options.paymentState }),
    )
    .returning();
  const [lens] = await database.db
    .insert(orderGroups)
    .values({
      orderId: order!.id,
      position: 0,
      type: "Lens",
      patient: { firstName: "Ann", lastName: "Lee", ...(options.patientId ? { patientId: options.patientId } : {}) },
      doctor: { id: 1, firstName: "Maya", lastName: "Ortiz", phone: "2085550111", clinicName: "Boise Eye Care" },
      rxEntryType: "Manual",
      prescriptionStatus: options.status ?? "PendingVerification",
    })
    .returning();
  await database.db.insert(orderLines).values(
    ["right", "left"].map((whichEye) => ({
      orderGroupId: lens!.id,
      whichEye,
      productId: TORIC.productId,
      productName: "Toric",
      upc: `1${Math.floor(Math.random() * 1e10)}`.padEnd(11, "0"),
      quantity: 2,
      unitPriceCents: 2500,
    })),
  );
  if (options.solution) {
    const [care] = await database.db
      .insert(orderGroups)
      .values({ orderId: order!.id, position: 1, type: "Solution" })
      .returning();
    await database.db.insert(orderLines).values({
      orderGroupId: care!.id,
      whichEye: "none",
      productId: SOLUTION.productId,
      productName: "Solution",
      upc: "19999999999",
      quantity: 1,
      unitPriceCents: 1500,
    });
  }
  return { order: order!, orderNumber, lensGroupId: lens!.id };
}

describe("GET api/patients", () => {
  it("lists the customer's patients by name with their prescriptions; 401 signed out", async () => {
    await expectError(await call(patientsRoute.loader, "/api/patients"), 401);
    const { customer, token } = await customerWithToken(database);
    const other = await customerWithToken(database, "Bo");
    const [zed, amy] = await database.db
      .insert(patients)
      .values([
        { customerId: customer.id, firstName: "Zed", lastName: "Lee" },
        { customerId: customer.id, firstName: "amy", lastName: "Lee" },
      ])
      .returning();
    await database.db.insert(patients).values({ customerId: other.customer.id, firstName: "Not", lastName: "Mine" });
    const [rx] = await database.db
      .insert(prescriptions)
      .values({
        customerId: customer.id,
        patientId: zed!.id,
        patientFirstName: "Zed",
        patientLastName: "Lee",
        source: "typed",
        status: "Verified",
        expirationDate: "2001-01-01",
      })
      .returning();
    const body = patientsResponseSchema.parse(
      await json(await call(patientsRoute.loader, "/api/patients", { token }), 200),
    );
    expect(body.map((patient) => [patient.patientId, patient.firstName])).toEqual([
      [amy!.id, "amy"],
      [zed!.id, "Zed"],
    ]);
    expect(body[1]!.prescriptions).toEqual([
      { prescriptionId: rx!.id, status: "Verified", expirationDate: "2001-01-01", isExpired: true },
    ]);
    // A rejected bearer token is a 401 even with a signed-in cookie.
    const cookie = await signInBrowser(services, customer.id);
    await expectError(
      await call(patientsRoute.loader, "/api/patients", { cookie, headers: { Authorization: "Bearer nope" } }),
      401,
    );
    expect((await call(patientsRoute.action, "/api/patients", { method: "POST" })).status).toBe(405);
  });
});

describe("the orders calls", () => {
  it("GET api/orders/ lists the customer's orders (no deleted or unpaid ones, not another's)", async () => {
    await expectError(await call(summaryRoute.loader, "/api/orders/"), 401);
    const { customer, token } = await customerWithToken(database);
    const other = await customerWithToken(database, "Bo");
    expect(await json(await call(summaryRoute.loader, "/api/orders/", { token }), 200)).toEqual([]);
    const first = await placeOrder(customer.id, { solution: true });
    await placeOrder(customer.id, { statusCode: "-" });
    await placeOrder(customer.id, { paymentState: "pending" });
    await placeOrder(other.customer.id);
    const body = orderSummariesResponseSchema.parse(
      await json(await call(summaryRoute.loader, "/api/orders/", { token }), 200),
    );
    expect(body.map((order) => order.orderNumber)).toEqual([first.orderNumber]);
    expect(body[0]).toMatchObject({
      orderStatus: "Processing",
      productIds: [TORIC.productId, SOLUTION.productId],
      prescriptionStatuses: ["PendingVerification"],
      totalAmount: 5000,
      isNonLensOrder: false,
    });
  });

  it("GET api/orders/orderCountByProduct counts orders per product, for a patient when given", async () => {
    const path = (query: string) => `/api/orders/orderCountByProduct${query}`;
    await expectError(await call(countRoute.loader, path("?products=1")), 401);
    const { customer, token } = await customerWithToken(database);
    const other = await customerWithToken(database, "Bo");
    const [ann] = await database.db
      .insert(patients)
      .values({ customerId: customer.id, firstName: "Ann", lastName: "Lee" })
      .returning();
    const [theirs] = await database.db
      .insert(patients)
      .values({ customerId: other.customer.id, firstName: "Bo", lastName: "Lee" })
      .returning();
    await placeOrder(customer.id, { patientId: ann!.id, solution: true });
    await placeOrder(customer.id);
    await placeOrder(customer.id, { statusCode: "-" });
    await placeOrder(other.customer.id);
    const counts = (query: string) => call(countRoute.loader, path(query), { token });
    const products = `?products=${TORIC.productId},${SOLUTION.productId},1`;
    expect(orderCountByProductResponseSchema.parse(await json(await counts(products), 200))).toEqual([
      { productId: TORIC.productId, orderCount: 2 },
      { productId: SOLUTION.productId, orderCount: 1 },
      { productId: 1, orderCount: 0 },
    ]);
    expect(await json(await counts(`${products}&patientId=${ann!.id}`), 200)).toEqual([
      { productId: TORIC.productId, orderCount: 1 },
      { productId: SOLUTION.productId, orderCount: 0 },
      { productId: 1, orderCount: 0 },
    ]);
    await expectError(await counts(`${products}&patientId=${theirs!.id}`), 404);
    await expectError(await counts(""), 400, /products is a comma-separated list/);
    await expectError(await counts("?products=1,,2"), 400);
    await expectError(await counts("?products=1&patientId=abc"), 400, /patientId/);
  });

  it("GET /orders/{id}/thankyou answers the thank-you page's data for the customer's own order", async () => {
    const { customer, token } = await customerWithToken(database);
    const other = await customerWithToken(database, "Bo");
    const { orderNumber } = await placeOrder(customer.id, { status: "PendingSubmission" });
    const theirs = await placeOrder(other.customer.id);
    const get = (id: string, options: Parameters<typeof call>[2] = {}) =>
      call(thankYouRoute.loader, `/orders/${id}/thankyou?oid=x`, { params: { id }, ...options });
    await expectError(await get(orderNumber), 401);
    await expectError(await get(theirs.orderNumber, { token }), 404);
    await expectError(await get("missing-1", { token }), 404);
    await expectError(await get("bad!number", { token }), 400);
    const body = thankYouResponseSchema.parse(await json(await get(orderNumber, { token }), 200));
    expect(body).toMatchObject({
      orderNumber,
      firstName: "Ann",
      paymentLabel: expect.stringContaining("4242"),
      uploadPath: expect.stringContaining(orderNumber),
      orderSummary: { totalAmount: 5000 },
    });
    expect(body.nextSteps[0]).toMatch(/Upload a photo of your prescription/);
    expect(body.lineItemGroups[0]).toMatchObject({
      heading: "Contact lenses for Ann Lee",
      prescription: "Waiting for your prescription",
    });
  });

  it("GET api/order/status/{orderNumber} gives each prescription's status, verification and the hold", async () => {
    const { customer, token } = await customerWithToken(database);
    const other = await customerWithToken(database, "Bo");
    const held = await placeOrder(customer.id, { statusCode: "H", solution: true });
    await database.db.insert(prescriptionVerifications).values({
      orderId: held.order.id,
      orderGroupId: held.lensGroupId,
      state: "invalid",
      idempotencyKey: randomUUID(),
      reference: "ref-1",
      sentAt: new Date(),
      deadlineAt: new Date(),
    });
    const theirs = await placeOrder(other.customer.id);
    const get = (orderNumber: string, options: Parameters<typeof call>[2] = {}) =>
      // The URL carries the number encoded (a "/" in it is one path segment); the route gets it decoded.
      call(statusRoute.loader, `/api/order/status/${encodeURIComponent(orderNumber)}`, {
        params: { orderNumber },
        ...options,
      });
    await expectError(await get(held.orderNumber), 401);
    await expectError(await get(theirs.orderNumber, { token }), 404);
    await expectError(await get("no/such", { token }), 400);
    const body = orderStatusResponseSchema.parse(await json(await get(held.orderNumber, { token }), 200));
    expect(body).toMatchObject({ orderNumber: held.orderNumber, isOnHold: true, isExamNeededPostOrder: false });
    expect(body.prescriptions).toHaveLength(1);
    expect(body.prescriptions[0]).toMatchObject({
      lineItemGroupId: held.lensGroupId,
      status: "PendingVerification",
      statusText: "Being verified with your doctor",
      productIds: [TORIC.productId],
      verification: { state: "invalid", notice: { tone: "attention" } },
    });
  });
});

describe("the address calls", () => {
  const address = {
    firstName: "Ann",
    lastName: "Lee",
    address1: "12 Main St",
    city: "Boise",
    state: "ID",
    postalCode: "83702",
  };

  it("answer 401 signed out, with the spec's NoCustomerAvailable message", async () => {
    await expectError(await call(addressesRoute.loader, "/api/addresses"), 401, NO_CUSTOMER);
    await expectError(await call(verifyRoute.action, "/api/addresses/verify", { body: { address } }), 401, NO_CUSTOMER);
    await expectError(await call(createRoute.action, "/api/addresses/v2", { body: { address } }), 401, NO_CUSTOMER);
    const guest = await browserCookie(services);
    await expectError(
      await call(updateRoute.action, "/api/addresses/v2/1", {
        method: "PUT",
        body: { address },
        params: { id: "1" },
        cookie: guest,
      }),
      401,
    );
    await expectError(
      await call(addressRoute.action, "/api/addresses/1", { method: "DELETE", params: { id: "1" } }),
      401,
    );
  });

  it("POST api/addresses/verify answers the matches (none for an address outside the US)", async () => {
    const { token } = await customerWithToken(database);
    const verify = (body: unknown) => call(verifyRoute.action, "/api/addresses/verify", { token, body });
    const same = addressVerifyResponseSchema.parse(await json(await verify({ address }), 200));
    expect(same).toMatchObject({ reason: "matched", verificationStatus: "Verified" });
    expect(same.matches).toHaveLength(1);
    const odd = addressVerifyResponseSchema.parse(
      await json(await verify({ address: { ...address, city: "Nampa" } }), 200),
    );
    expect(odd).toMatchObject({ reason: "matched", verificationStatus: "NeedsVerification" });
    expect(odd.matches[0]!.postalCode).toBe("83702");
    const abroad = { ...address, country: "CA", state: "ON", postalCode: "K1A 0B1", phone: "6135550100" };
    expect(await json(await verify({ address: abroad }), 200)).toEqual({
      matches: [],
      verificationStatus: "NeedsVerification",
      reason: "international",
    });
    await expectError(await verify({ address: { ...address, state: "ZZ" } }), 400, /Choose a state/);
    await expectError(await verify({}), 400, /Send the address/);
    await expectError(await call(verifyRoute.action, "/api/addresses/verify", { token, body: "[1]" }), 400);
  });

  it("create, list, update and delete the customer's addresses as the account pages do", async () => {
    const { customer, token } = await customerWithToken(database);
    const other = await customerWithToken(database, "Bo");
    const theirs = await createAddress(database.db, other.customer.id, { ...TEST_ADDRESS, country: "US", phone: null });

    const created = addressSavedResponseSchema.parse(
      await json(await call(createRoute.action, "/api/addresses/v2", { token, body: { address } }), 201),
    );
    expect(created.address).toMatchObject({
      address1: "12 Main St",
      isPrimary: true,
      verificationStatus: "NeedsVerification",
    });
    await expectError(
      await call(createRoute.action, "/api/addresses/v2", { token, body: { address: { ...address, postalCode: "" } } }),
      400,
      /ZIP or postal code/,
    );
    const second = addressSavedResponseSchema.parse(
      await json(
        await call(createRoute.action, "/api/addresses/v2", {
          token,
          body: { address: { ...address, address1: "9 Oak St", phone: "(208) 555-0100" } },
        }),
        201,
      ),
    );
    expect(second.address).toMatchObject({ isPrimary: false, phone: "2085550100" });

    const put = (id: string, body: unknown) =>
      call(updateRoute.action, `/api/addresses/v2/${id}`, { token, method: "PUT", body, params: { id } });
    const updated = addressSavedResponseSchema.parse(
      await json(await put(String(second.address.id), { address: { ...address, address1: "10 Oak St" } }), 200),
    );
    expect(updated.address).toMatchObject({ id: second.address.id, address1: "10 Oak St" });
    await expectError(await put(String(theirs.id), { address }), 404);
    await expectError(await put("abc", { address }), 404);
    await expectError(await put(String(second.address.id), { address: { ...address, firstName: "" } }), 400);
    const [untouched] = await database.db.select().from(addresses).where(eq(addresses.id, theirs.id));
    expect(untouched!.address1).toBe(TEST_ADDRESS.address1);

    const list = addressListResponseSchema.parse(
      await json(await call(addressesRoute.loader, "/api/addresses", { token }), 200),
    );
    expect(list.map((entry) => entry.id)).toEqual([created.address.id, second.address.id]);

    const del = (id: string, as = token) =>
      call(addressRoute.action, `/api/addresses/${id}`, { token: as, method: "DELETE", params: { id } });
    await expectError(await del(String(theirs.id)), 404);
    // The primary address may go: the most recent remaining one becomes primary.
    const left = addressDeletedResponseSchema.parse(await json(await del(String(created.address.id)), 200));
    expect(left).toEqual([expect.objectContaining({ id: second.address.id, isPrimary: true })]);
    await expectError(await del(String(created.address.id)), 404);
    expect(await database.db.select().from(addresses).where(eq(addresses.customerId, customer.id))).toHaveLength(1);
    expect((await call(addressRoute.loader, "/api/addresses/1")).status).toBe(405);
  });
});
