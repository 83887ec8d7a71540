import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_ERROR_MESSAGES } from "~/models/customer-preferences";
import * as attributeApi from "~/routes/api.customers.attribute";
import * as emailApi from "~/routes/api.customers.email";
import * as phoneInterestsApi from "~/routes/api.customers.phoneInterests";
import * as phonesApi from "~/routes/api.customers.phones";
import * as rxCaptureApi from "~/routes/api.customers.rxCapturePreference";
import * as clientIpApi from "~/routes/api.session.client-ip";
import { createAuthSession, createCustomer, type Customer } from "~/services/accounts/auth/accounts.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { customerEmailPreferences, customerPhoneInterests, customers } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { expectConforms } from "../setup/openapi-conformance";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// The customer-preference calls and GET api/session/client-ip (spec 3 §7, §8) through the root middleware, as
// the server runs them: sign-in by bearer token or cookie, the spec's error codes, and only the caller's data.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

let counter = 0;
async function shopper(phone: string | null = null): Promise<{ customer: Customer; token: string }> {
  const customer = await createCustomer(database.db, {
    email: `pref.${++counter}@example.com`,
    firstName: "Ann",
    lastName: "Lee",
  });
  if (phone) await database.db.update(customers).set({ phone }).where(eq(customers.id, customer.id));
  const token = await createAuthSession(database.db, customer.id, "guest", false);
  return { customer, token };
}

type Handler = (args: never) => unknown;
async function call(
  handler: Handler,
  path: string,
  options: { method?: string; token?: string; body?: unknown; rawBody?: string } = {},
): Promise<Response> {
  const headers = new Headers();
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const method = options.method ?? "POST";
  const request = new Request(`http://store.test${path}`, { method, headers, body });
  const response = await runThroughMiddleware(services, request, async (context) => {
    try {
      return (await handler({ request, params: {}, context } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
  // Every answer matches the OpenAPI document (decision 40).
  await expectConforms(method, path, response);
  return response;
}

async function customerRow(id: number) {
  const [row] = await database.db.select().from(customers).where(eq(customers.id, id));
  return row!;
}

const NO_CUSTOMER = { code: "NoCustomerAvailable", error: CUSTOMER_ERROR_MESSAGES.NoCustomerAvailable };

describe("signed out", () => {
  it("every preference call answers 401 NoCustomerAvailable with the spec's message", async () => {
    const calls: Array<[Handler, string, unknown]> = [
      [phoneInterestsApi.action, "/api/customers/phoneInterests", {}],
      [emailApi.action, "/api/customers/email", {}],
      [rxCaptureApi.action, "/api/customers/rxCapturePreference", []],
      [attributeApi.action, "/api/customers/attribute", {}],
    ];
    for (const [handler, path, body] of calls) {
      const response = await call(handler, path, { body });
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual(NO_CUSTOMER);
    }
    const phones = await call(phonesApi.loader, "/api/customers/phones?emailAddress=a%40example.com", {
      method: "GET",
    });
    expect(phones.status).toBe(401);
    expect(await phones.json()).toEqual(NO_CUSTOMER);
  });

  it("a malformed bearer token is not the cookie's customer", async () => {
    const request = new Request("http://store.test/api/customers/attribute", {
      method: "POST",
      headers: { Authorization: "Bearer short", "Content-Type": "application/json" },
      body: JSON.stringify({ attribute: { typeId: 1, value: "LegalNov2023" } }),
    });
    const response = await runThroughMiddleware(services, request, async (context) => {
      try {
        return await attributeApi.action({ request, params: {}, context } as never);
      } catch (thrown) {
        return thrown as Response;
      }
    });
    expect(response.status).toBe(401);
  });
});

describe("POST api/customers/phoneInterests", () => {
  it("saves the account phone's interests on the account, keeping the ones not sent", async () => {
    const { customer, token } = await shopper("2085550142");
    await database.db
      .update(customers)
      .set({ interests: { TextSpecialOffers: true } })
      .where(eq(customers.id, customer.id));
    const response = await call(phoneInterestsApi.action, "/api/customers/phoneInterests", {
      token,
      body: {
        phoneNumber: "(208) 555-0142",
        interests: [{ interestType: "TextOrderUpdates", isOptedIn: true }],
        source: "app-settings",
      },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ phoneNumber: "2085550142", isAccountPhone: true, source: "app-settings" });
    expect(body.interests).toContainEqual({ interestType: "TextOrderUpdates", isOptedIn: true });
    expect(body.interests).toContainEqual({ interestType: "TextSpecialOffers", isOptedIn: true });
    expect(body.interests).toContainEqual({ interestType: "TextReorderReminders", isOptedIn: false });
    expect((await customerRow(customer.id)).interests).toEqual({ TextSpecialOffers: true, TextOrderUpdates: true });
  });

  it("keeps another number's interests on its own row, and the account's phone as it was", async () => {
    const { customer, token } = await shopper("2085550100");
    const response = await call(phoneInterestsApi.action, "/api/customers/phoneInterests", {
      token,
      body: {
        phoneNumber: "1-208-555-0199",
        interests: [{ interestType: "TextReorderReminders", isOptedIn: true }],
        source: "checkout",
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ phoneNumber: "2085550199", isAccountPhone: false });
    const row = await customerRow(customer.id);
    expect(row.phone).toBe("2085550100");
    expect(row.interests).toEqual({});
    const stored = await database.db
      .select()
      .from(customerPhoneInterests)
      .where(eq(customerPhoneInterests.customerId, customer.id));
    expect(stored.map((item) => [item.phone, item.interests])).toEqual([
      ["2085550199", { TextReorderReminders: true }],
    ]);
  });

  it("answers 400 InvalidPhoneInterests for bad input and saves nothing", async () => {
    const { customer, token } = await shopper();
    const bad = [
      { phoneNumber: "123", interests: [{ interestType: "TextOrderUpdates", isOptedIn: true }], source: "app" },
      { phoneNumber: "2085550142", interests: [{ interestType: "Pigeons", isOptedIn: true }], source: "app" },
      { phoneNumber: "2085550142", interests: [], source: "app" },
      {
        phoneNumber: "2085550142",
        interests: [
          { interestType: "TextOrderUpdates", isOptedIn: true },
          { interestType: "TextOrderUpdates", isOptedIn: false },
        ],
        source: "app",
      },
      { phoneNumber: "2085550142", interests: [{ interestType: "TextOrderUpdates", isOptedIn: "yes" }], source: "app" },
      { phoneNumber: "2085550142", interests: [{ interestType: "TextOrderUpdates", isOptedIn: true }] },
    ];
    for (const body of bad) {
      const response = await call(phoneInterestsApi.action, "/api/customers/phoneInterests", { token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = await response.json();
      expect(answer.code).toBe("InvalidPhoneInterests");
      expect(answer.error).toEqual(expect.any(String));
    }
    const notJson = await call(phoneInterestsApi.action, "/api/customers/phoneInterests", { token, rawBody: "{" });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).code).toBe("InvalidPhoneInterests");
    const row = await customerRow(customer.id);
    expect([row.phone, row.interests]).toEqual([null, {}]);
    expect(
      await database.db.select().from(customerPhoneInterests).where(eq(customerPhoneInterests.customerId, customer.id)),
    ).toEqual([]);
  });

  it("answers a GET with 405 and Allow", async () => {
    const response = phoneInterestsApi.loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("POST api/customers/email", () => {
  it("saves the account e-mail's preferences on the account and remembers the cordialMcId", async () => {
    const { customer, token } = await shopper();
    const response = await call(emailApi.action, "/api/customers/email", {
      token,
      body: {
        emailAddress: customer.email.toUpperCase(),
        preferences: [
          { preferenceType: "EmailPromotional", isOptedIn: true },
          { preferenceType: "EmailReorderReminder", isOptedIn: false },
        ],
        cordialMcId: "mc-123",
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      emailAddress: customer.email,
      isAccountEmail: true,
      preferences: [
        { preferenceType: "EmailPromotional", isOptedIn: true },
        { preferenceType: "EmailReorderReminder", isOptedIn: false },
        { preferenceType: "RxCapture", isOptedIn: false },
      ],
      cordialMcId: "mc-123",
    });
    expect((await customerRow(customer.id)).preferences).toEqual({
      EmailPromotional: true,
      EmailReorderReminder: false,
    });
  });

  it("keeps another address's preferences apart and never touches its owner", async () => {
    const owner = await shopper();
    const other = await shopper();
    const response = await call(emailApi.action, "/api/customers/email", {
      token: other.token,
      body: {
        emailAddress: owner.customer.email,
        preferences: [{ preferenceType: "EmailPromotional", isOptedIn: true }],
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ isAccountEmail: false, cordialMcId: null });
    expect((await customerRow(owner.customer.id)).preferences).toEqual({});
    expect((await customerRow(other.customer.id)).preferences).toEqual({});
    const rows = await database.db
      .select()
      .from(customerEmailPreferences)
      .where(eq(customerEmailPreferences.customerId, owner.customer.id));
    expect(rows).toEqual([]);
  });

  it("answers 400 InvalidEmailPreferences for bad input", async () => {
    const { customer, token } = await shopper();
    for (const body of [
      { emailAddress: "not-an-email", preferences: [{ preferenceType: "EmailPromotional", isOptedIn: true }] },
      { emailAddress: customer.email, preferences: [{ preferenceType: "Fax", isOptedIn: true }] },
      { emailAddress: customer.email, preferences: "yes" },
      {
        emailAddress: customer.email,
        preferences: [{ preferenceType: "EmailPromotional", isOptedIn: true }],
        cordialMcId: "x".repeat(101),
      },
    ]) {
      const response = await call(emailApi.action, "/api/customers/email", { token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).code).toBe("InvalidEmailPreferences");
    }
    expect((await customerRow(customer.id)).preferences).toEqual({});
  });
});

describe("POST api/customers/rxCapturePreference and attribute", () => {
  it("saves the RxCapture preference from a one-item list", async () => {
    const { customer, token } = await shopper();
    const response = await call(rxCaptureApi.action, "/api/customers/rxCapturePreference", {
      token,
      body: [{ preferenceType: "RxCapture", isOptedIn: true }],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ preference: { preferenceType: "RxCapture", isOptedIn: true } });
    expect((await customerRow(customer.id)).preferences).toEqual({ RxCapture: true });
  });

  it("answers 400 InvalidRxCapturePreference for anything but one RxCapture preference", async () => {
    const { customer, token } = await shopper();
    for (const body of [
      { preferenceType: "RxCapture", isOptedIn: true },
      [],
      [{ preferenceType: "EmailPromotional", isOptedIn: true }],
      [
        { preferenceType: "RxCapture", isOptedIn: true },
        { preferenceType: "RxCapture", isOptedIn: false },
      ],
    ]) {
      const response = await call(rxCaptureApi.action, "/api/customers/rxCapturePreference", { token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).code).toBe("InvalidRxCapturePreference");
    }
    expect((await customerRow(customer.id)).preferences).toEqual({});
  });

  it("saves the consent attribute once per type, and refuses a bad one", async () => {
    const { customer, token } = await shopper();
    await database.db
      .update(customers)
      .set({ attributes: [{ typeId: 1, value: "LegalJan2020" }] })
      .where(eq(customers.id, customer.id));
    const response = await call(attributeApi.action, "/api/customers/attribute", {
      token,
      body: { attribute: { typeId: 1, value: "LegalNov2023" } },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ attributes: [{ typeId: 1, value: "LegalNov2023" }] });
    const bad = await call(attributeApi.action, "/api/customers/attribute", {
      token,
      body: { attribute: { typeId: "one", value: "" } },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("InvalidArguments");
    expect((await customerRow(customer.id)).attributes).toEqual([{ typeId: 1, value: "LegalNov2023" }]);
  });
});

describe("GET api/customers/phones", () => {
  it("lists the customer's numbers for the customer's own addresses, and none for anyone else's", async () => {
    const { customer, token } = await shopper("2085550111");
    const other = await shopper("2085550222");
    await call(phoneInterestsApi.action, "/api/customers/phoneInterests", {
      token,
      body: {
        phoneNumber: "2085550333",
        interests: [{ interestType: "TextSpecialOffers", isOptedIn: true }],
        source: "app",
      },
    });
    const mine = await call(phonesApi.loader, `/api/customers/phones?emailAddress=${customer.email}`, {
      method: "GET",
      token,
    });
    expect(mine.status).toBe(200);
    const body = await mine.json();
    expect(body.phones.map((phone: { phoneNumber: string }) => phone.phoneNumber)).toEqual([
      "2085550111",
      "2085550333",
    ]);
    expect(body.phones[1].interests).toContainEqual({ interestType: "TextSpecialOffers", isOptedIn: true });

    const theirs = await call(phonesApi.loader, `/api/customers/phones?emailAddress=${other.customer.email}`, {
      method: "GET",
      token,
    });
    expect(await theirs.json()).toEqual({ emailAddress: other.customer.email, phones: [] });

    const missing = await call(phonesApi.loader, "/api/customers/phones", { method: "GET", token });
    expect(missing.status).toBe(400);
    expect((await missing.json()).code).toBe("InvalidArguments");
  });
});

describe("GET api/session/client-ip", () => {
  it("answers the address the server sees (the HTTP layer's, after its trusted-proxy rule)", async () => {
    const response = await call(clientIpApi.loader, "/api/session/client-ip", { method: "GET" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/private|no-store/);
    expect(await response.json()).toEqual({ clientIp: "127.0.0.1" });
  });
});
