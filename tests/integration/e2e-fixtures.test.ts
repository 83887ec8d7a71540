import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fixtures from "~/routes/dev.e2e-fixtures";
import { customerForSession, findCustomerByEmail } from "~/services/accounts/auth/accounts.server";
import { orders, subscriptions } from "~/services/db/schema";
import type { DatabaseHandle } from "~/services/db/client.server";
import { recaptureCandidates } from "~/services/orders/recapture.server";
import type { AppServices } from "~/services/platform/context.server";
import { parseConfig } from "~/services/platform/config.server";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";
import { SOLUTION, TORIC } from "../setup/order-fixtures";
import { parameterCombinations } from "~/services/db/seed/catalog-rows";

// POST /dev/e2e-fixtures (issue 23, decision 44): the e2e tests' seeded starting states. Off unless E2E_FIXTURES=true,
// refused in production; builds a customer and a placed, held or auto-reorder order and signs the browser in.

let database: DatabaseHandle;
let enabled: AppServices;
let disabled: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  enabled = createTestServices(database, { E2E_FIXTURES: "true" });
  disabled = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

let emails = 0;
const email = () => `fixture-${++emails}-${Date.now()}@example.com`;

async function post(services: AppServices, body: unknown) {
  const request = new Request("http://store.test/dev/e2e-fixtures", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return runThroughMiddleware(
    services,
    request,
    async (context) => (await fixtures.action({ request, params: {}, context } as never)) as Response,
  );
}

/** The customer the answer's session cookie is signed in as. */
async function signedInAs(services: AppServices, response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  const session = await services.sessions.getSession(cookie);
  const token = session.session.get("authSessionId");
  return token ? ((await customerForSession(services.db, token))?.customer.id ?? null) : null;
}

/** The toric lens's first two combinations, as the product page's choices. */
const [right, left] = parameterCombinations(TORIC);

describe("/dev/e2e-fixtures", () => {
  it("is a 404 unless the server runs with E2E_FIXTURES=true", async () => {
    const response = await post(disabled, { email: email() });
    expect(response.status).toBe(404);
    expect(fixtures.loader().status).toBe(404);
  });

  it("cannot be turned on in production", () => {
    expect(() =>
      parseConfig({
        APP_ENV: "production",
        DATABASE_URL: "postgres://localhost/x",
        SESSION_SECRET: "production-secret-0123456789abcdef0123456789abcdef",
        E2E_FIXTURES: "true",
      }),
    ).toThrow(/E2E_FIXTURES: must not be true in production/);
  });

  it("refuses a body it can't use with a 4xx, and makes nobody", async () => {
    expect((await post(enabled, "{not json")).status).toBe(400);
    expect((await post(enabled, { email: "not an e-mail" })).status).toBe(400);
    const taken = email();
    expect((await post(enabled, { email: taken })).status).toBe(201);
    expect((await post(enabled, { email: taken })).status).toBe(409);
    const refused = email();
    const unknownProduct = await post(enabled, { email: refused, order: { productId: 999999 } });
    expect(unknownProduct.status).toBe(422);
    const unknownLens = await post(enabled, {
      email: refused,
      order: { productId: TORIC.productId, lenses: { right: { power: "+99.00" }, left } },
    });
    expect(unknownLens.status).toBe(422);
    expect(await findCustomerByEmail(enabled.db, refused)).toBeNull();
  });

  it("makes a customer and signs the browser in as them", async () => {
    const response = await post(enabled, { email: email(), password: "lenslane-e2e-password" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ orderNumber: null, subscriptionId: null });
    expect(await signedInAs(enabled, response)).toBe(body.customerId);
  });

  it("places a lens order with auto-reorder: a subscription, the seeded doctor, the prescription typed", async () => {
    const response = await post(enabled, {
      email: email(),
      order: {
        productId: TORIC.productId,
        lenses: { right, left },
        prescriptionExpiresOn: "2099-01-31",
        autoReorderFrequencyDays: 60,
      },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.orderNumber).toMatch(/^LL\d{8}$/);
    expect(body.doctorName).toMatch(/^Dr\. /);
    const [order] = await enabled.db.select().from(orders).where(eq(orders.orderNumber, body.orderNumber));
    expect(order!.customerId).toBe(body.customerId);
    const [subscription] = await enabled.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, body.subscriptionId));
    expect(subscription).toMatchObject({ customerId: body.customerId, frequencyDays: 60 });
    expect(subscription!.prescriptionExpiresOn).toBe("2099-01-31");
  });

  it("holds an order whose prescription the doctor's office rejects: it is recaptured", async () => {
    const response = await post(enabled, {
      email: email(),
      order: { productId: TORIC.productId, lenses: { right, left }, held: true },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    const candidates = await recaptureCandidates(enabled.db, body.customerId, new Date());
    expect(candidates.map((candidate) => candidate.orderNumber)).toContain(body.orderNumber);
  });

  it("places a solution order", async () => {
    const response = await post(enabled, { email: email(), order: { productId: SOLUTION.productId } });
    expect(response.status).toBe(201);
    expect((await response.json()).orderNumber).toMatch(/^LL\d{8}$/);
  });
});
