import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRESCRIPTION_REQUEST_MESSAGES } from "~/models/prescription-request";
import * as page from "~/routes/prescription-request";
import { createAuthSession, createCustomer, type Customer } from "~/services/accounts/auth/accounts.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { emailOutbox, orderGroups, orders, prescriptionRequests } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { insertTestDoctor, isDataWithInit, orderRow } from "../setup/order-fixtures";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// /prescription-request (issue 17): the shopper names a doctor, a patient and an order; the order must be the
// signed-in customer's, or match the guest's order number and e-mail. The request and its e-mail commit together.

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

let counter = 0;
async function customerWithOrder(): Promise<{ customer: Customer; cookie: string; orderNumber: string }> {
  const customer = await createCustomer(database.db, {
    email: `rxreq.${++counter}@example.com`,
    firstName: "Ann",
    lastName: "Lee",
  });
  const orderNumber = `PR${Date.now()}${counter}`;
  const [order] = await database.db.insert(orders).values(orderRow(customer.id, orderNumber)).returning();
  await database.db.insert(orderGroups).values([
    { orderId: order!.id, position: 0, type: "Lens", patient: { firstName: "Ann", lastName: "Lee" } },
    { orderId: order!.id, position: 1, type: "Lens", patient: { firstName: "Sam", lastName: "Lee" } },
  ]);
  const token = await createAuthSession(database.db, customer.id, "password", false);
  const { session } = await services.sessions.getSession(null);
  session.set("authSessionId", token);
  const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
  return { customer, cookie, orderNumber };
}

async function post(fields: Record<string, string>, cookie?: string) {
  const request = new Request("http://store.test/prescription-request", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
  let result: unknown;
  await runThroughMiddleware(services, request, async (context) => {
    try {
      result = await page.action({ request, params: {}, context } as never);
    } catch (thrown) {
      result = thrown;
    }
    return new Response(null);
  });
  return result;
}

async function get(search: string, cookie?: string) {
  const request = new Request(`http://store.test/prescription-request${search}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  let result: unknown;
  await runThroughMiddleware(services, request, async (context) => {
    try {
      result = await page.loader({ request, params: {}, context } as never);
    } catch (thrown) {
      result = thrown;
    }
    return new Response(null);
  });
  return result;
}

function fieldErrors(result: unknown): Record<string, string[] | null> {
  expect(isDataWithInit(result)).toBe(true);
  const answer = result as { data: { result: { error: Record<string, string[] | null> } }; init: ResponseInit };
  expect(answer.init.status).toBe(400);
  return answer.data.result.error;
}

const requestsOf = (customerId: number) =>
  database.db.select().from(prescriptionRequests).where(eq(prescriptionRequests.customerId, customerId));

describe("a signed-in customer", () => {
  it("sends a request for a directory doctor: stored, e-mailed, and confirmed on its own page", async () => {
    const { customer, cookie, orderNumber } = await customerWithOrder();
    const result = await post(
      { orderNumber, patientFirstName: "sam", patientLastName: "LEE", doctorId: String(doctorId) },
      cookie,
    );
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/prescription-request\?request=[A-Za-z0-9_-]{20,}$/);

    const [row] = await requestsOf(customer.id);
    expect(row).toMatchObject({
      doctorId,
      doctorName: "Dr. Rita Hale",
      doctorPhone: "2085550101",
      clinicName: "Boise Eye Care",
      patientFirstName: "sam",
      state: "requested",
    });
    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, customer.email));
    expect(mail.map((message) => message.kind)).toEqual(["prescription-request"]);
    expect(mail[0]!.subject).toContain(orderNumber);

    const confirmation = (await get(location.slice("/prescription-request".length))) as {
      view: string;
      sent: Record<string, string>;
    };
    expect(confirmation.view).toBe("sent");
    expect(confirmation.sent).toMatchObject({
      orderNumber,
      doctorName: "Dr. Rita Hale",
      doctorPhone: "(208) 555-0101",
    });
    expect(confirmation.sent.email).not.toContain(customer.email.split("@")[0]);
  });

  it("can't ask about another customer's order, or a patient who isn't on the order", async () => {
    const mine = await customerWithOrder();
    const theirs = await customerWithOrder();
    const base = {
      patientFirstName: "Ann",
      patientLastName: "Lee",
      doctorName: "Dr. Jo Park",
      doctorPhone: "2085550177",
    };
    expect(fieldErrors(await post({ ...base, orderNumber: theirs.orderNumber }, mine.cookie)).orderNumber).toEqual([
      PRESCRIPTION_REQUEST_MESSAGES.orderNotYours,
    ]);
    expect(
      fieldErrors(await post({ ...base, orderNumber: mine.orderNumber, patientFirstName: "Zed" }, mine.cookie))
        .patientFirstName,
    ).toEqual([PRESCRIPTION_REQUEST_MESSAGES.patientNotOnOrder]);
    expect(await requestsOf(mine.customer.id)).toEqual([]);
    expect(await requestsOf(theirs.customer.id)).toEqual([]);
  });

  it("lists the customer's own orders on the form", async () => {
    const { cookie, orderNumber } = await customerWithOrder();
    const view = (await get("", cookie)) as { view: string; orders: Array<{ orderNumber: string }> };
    expect(view.view).toBe("form");
    expect(view.orders.map((order) => order.orderNumber)).toEqual([orderNumber]);
  });
});

describe("a guest", () => {
  it("proves the order with its e-mail and may type the doctor", async () => {
    const { customer, orderNumber } = await customerWithOrder();
    const fields = {
      orderNumber,
      email: customer.email.toUpperCase(),
      patientFirstName: "Ann",
      patientLastName: "Lee",
      doctorName: "Dr. Jo Park",
      doctorPhone: "(208) 555-0177",
      clinicName: "Park Vision",
    };
    const wrongEmail = await post({ ...fields, email: "someone.else@example.com" });
    expect(fieldErrors(wrongEmail).orderNumber).toEqual([PRESCRIPTION_REQUEST_MESSAGES.orderNotFound]);
    expect(await requestsOf(customer.id)).toEqual([]);

    const sent = await post(fields);
    expect((sent as Response).status).toBe(303);
    const [row] = await requestsOf(customer.id);
    expect(row).toMatchObject({ doctorId: null, doctorName: "Dr. Jo Park", doctorPhone: "2085550177" });
  });

  it("gets every message in the page for bad input, and nothing is saved", async () => {
    const errors = fieldErrors(
      await post({ orderNumber: "", email: "nope", patientFirstName: "4nn", patientLastName: "", doctorPhone: "12" }),
    );
    expect(errors.orderNumber).toEqual([PRESCRIPTION_REQUEST_MESSAGES.orderRequired]);
    expect(errors.email).toBeTruthy();
    expect(errors.patientFirstName).toBeTruthy();
    expect(errors.doctorPhone).toBeTruthy();
    const noDoctor = fieldErrors(
      await post({ orderNumber: "X1", email: "a@example.com", patientFirstName: "Ann", patientLastName: "Lee" }),
    );
    expect(noDoctor.doctorName).toEqual([PRESCRIPTION_REQUEST_MESSAGES.doctorRequired]);
  });

  it("an unknown request reference is a 404", async () => {
    const result = await get("?request=nothing-here-at-all");
    expect(isDataWithInit(result) && result.init.status).toBe(404);
  });
});
