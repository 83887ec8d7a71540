import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CODE } from "~/models/order-status";
import { REPORTS_TO_HIDE, REVIEW_STATUS } from "~/models/reviews";
import { action as authAction } from "~/routes/resources.auth";
import { action as reportAction } from "~/routes/reviews";
import {
  createAutoLoginToken,
  createCustomer,
  createPin,
  findCustomerByEmail,
} from "~/services/accounts/auth/accounts.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { orders, reviewReports, reviews } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { requestInfoContext, servicesContext, type AppServices } from "~/services/platform/context.server";
import { visitorMiddleware } from "~/server/visitor.server";
import { orderRow } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, settle } from "../setup/test-context";

// Issue 25: one client must not hide a review alone. A distinct reporter is a proven customer (signed in by PIN or
// by an e-mailed link, or with a paid order); anyone else, a guest account made from a typed e-mail included, is
// their address, and one address is one reporter whatever its cookies.

let database: DatabaseHandle;
let services: AppServices;

const PRODUCT = seedProducts.find((product) => product.vanityUrl === "biotrue-oneday-90-pack")!;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`;

/** A request through the root middleware, as the server runs it, from `clientIp`. */
async function send(request: Request, clientIp: string, handler: typeof authAction | typeof reportAction) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestInfoContext, { requestId: "test-request", nonce: "test-nonce", clientIp });
  return (await settle(() =>
    visitorMiddleware({ request, context, params: {}, unstable_pattern: "" } as never, async () => {
      const result = await settle(() => handler({ request, context, params: {} } as never));
      return result as Response;
    }),
  )) as Response;
}

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.startsWith("session="))!;

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`http://store.test${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams({ name__confirm: "", ...fields }).toString(),
  });
}

/** Signs in through the sign-in dialog's guest form, as anyone can with a made-up e-mail: the session's cookie. */
async function guestSignIn(clientIp: string): Promise<string> {
  const response = await send(
    post("/resources/auth", { intent: "guest", email: uniqueEmail("throwaway"), returnTo: "/" }),
    clientIp,
    authAction,
  );
  expect(response.status).toBe(303);
  return sessionCookie(response);
}

/** Signs in with the PIN e-mailed to an existing account. */
async function pinSignIn(clientIp: string): Promise<string> {
  const email = uniqueEmail("pin");
  const customer = await createCustomer(database.db, { email });
  const pin = await createPin(database.db, services.sessions.secrets[0]!, customer.id);
  const response = await send(
    post("/resources/auth", { intent: "pin-login", email, pin, returnTo: "/" }),
    clientIp,
    authAction,
  );
  expect(response.status).toBe(303);
  return sessionCookie(response);
}

/** Opens an e-mailed sign-in link. */
async function linkSignIn(clientIp: string): Promise<string> {
  const customer = await createCustomer(database.db, { email: uniqueEmail("link") });
  const token = await createAutoLoginToken(database.db, services.sessions.secrets, customer.id);
  const response = await send(new Request(`http://store.test/reviews?token=${token}`), clientIp, reportAction);
  expect(response.status).toBe(303);
  return sessionCookie(response);
}

/** A guest (no proof of the e-mail) with an order in `paymentState`, signed in through the guest form's account. */
async function guestWithOrder(clientIp: string, fields: Partial<typeof orders.$inferInsert> = {}): Promise<string> {
  const email = uniqueEmail("buyer");
  const response = await send(post("/resources/auth", { intent: "guest", email, returnTo: "/" }), clientIp, authAction);
  const cookie = sessionCookie(response);
  const customer = await findCustomerByEmail(database.db, email);
  await database.db.insert(orders).values(orderRow(customer!.id, `LL-P${randomUUID().slice(0, 8)}`, fields));
  return cookie;
}

async function aReview(): Promise<number> {
  const author = await createCustomer(database.db, { email: uniqueEmail("author") });
  const [row] = await database.db
    .insert(reviews)
    .values({
      customerId: author.id,
      productId: PRODUCT.productId,
      rating: 5,
      title: "Comfortable",
      body: "These lenses stay comfortable all day long.",
      displayName: "Ann L.",
    })
    .returning({ id: reviews.id });
  return row!.id;
}

async function report(reviewId: number, clientIp: string, cookie?: string) {
  const response = await send(
    post("/reviews", { reviewId: String(reviewId), returnTo: "/reviews" }, cookie),
    clientIp,
    reportAction,
  );
  expect(response.status).toBe(303);
}

async function state(reviewId: number) {
  const [review] = await database.db.select().from(reviews).where(eq(reviews.id, reviewId));
  const reports = await database.db.select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId));
  return { status: review!.status, reporterKeys: reports.map((row) => row.reporterKey) };
}

describe("review reporters", () => {
  it("three throw-away guest e-mails from one client are one reporter, and so is that client signed out", async () => {
    const reviewId = await aReview();
    const ip = "192.0.2.10";
    for (let i = 0; i < REPORTS_TO_HIDE; i++) await report(reviewId, ip, await guestSignIn(ip));
    await report(reviewId, ip);
    const after = await state(reviewId);
    expect(after.status).toBe(REVIEW_STATUS.published);
    expect(after.reporterKeys).toHaveLength(1);
    expect(after.reporterKeys[0]).toMatch(/^ip:/);
  });

  it("counts anonymous reports by address: three addresses are three reporters", async () => {
    const reviewId = await aReview();
    await report(reviewId, "192.0.2.21", await guestSignIn("192.0.2.21"));
    await report(reviewId, "192.0.2.22");
    expect((await state(reviewId)).status).toBe(REVIEW_STATUS.published);
    await report(reviewId, "192.0.2.23", await guestSignIn("192.0.2.23"));
    const after = await state(reviewId);
    expect(after.reporterKeys.every((key) => key.startsWith("ip:"))).toBe(true);
    expect(after.status).toBe(REVIEW_STATUS.pendingModeration);
  });

  it("counts proven customers one each, even from one address: signed in by PIN, by link, or with a paid order", async () => {
    const reviewId = await aReview();
    const ip = "192.0.2.30";
    await report(reviewId, ip, await pinSignIn(ip));
    await report(reviewId, ip, await linkSignIn(ip));
    expect((await state(reviewId)).status).toBe(REVIEW_STATUS.published);
    await report(reviewId, ip, await guestWithOrder(ip));
    const after = await state(reviewId);
    expect(after.reporterKeys).toHaveLength(3);
    expect(after.reporterKeys.every((key) => key.startsWith("customer:"))).toBe(true);
    expect(after.status).toBe(REVIEW_STATUS.pendingModeration);
  });

  it("does not count a guest whose only order is unpaid, or a test order, as a customer of their own", async () => {
    const reviewId = await aReview();
    const ip = "192.0.2.40";
    await report(reviewId, ip, await guestWithOrder(ip, { paymentState: "pending" }));
    await report(reviewId, ip, await guestWithOrder(ip, { statusCode: TEST_CODE }));
    await report(reviewId, ip, await pinSignIn(ip));
    const after = await state(reviewId);
    expect(after.reporterKeys.filter((key) => key.startsWith("ip:"))).toHaveLength(1);
    expect(after.reporterKeys.filter((key) => key.startsWith("customer:"))).toHaveLength(1);
    expect(after.status).toBe(REVIEW_STATUS.published);
  });
});
