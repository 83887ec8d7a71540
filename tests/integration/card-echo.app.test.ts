import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import { addGroup, createCart } from "~/services/cart/cart.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { carts, lineItemGroups, paymentMethods, subscriptions } from "~/services/db/schema";
import { startAppHandler, type AppHandler } from "../setup/app-handler";
import { cardForm, insertTestDoctor, TEST_ADDRESS, TORIC, toricSkuPair } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";

/**
 * Card number and CVV are never written back into a page, whatever the intent (decision 16). The card fields are
 * posted to every action of checkout and of a subscription's page — with no intent, a bogus one and each real one —
 * as a document request and as React Router's data request, and the whole answer (HTML or turbo-stream, which
 * carries the action's data) is searched for them.
 */

const NUMBER = "4000 0000 0000 0002"; // the test vault declines it, so a save is refused and the form re-rendered
const CVV = "8317";
const STORE = "http://store.test";

let database: DatabaseHandle;
let app: AppHandler;
let cookie: string;
let subscriptionId: number;

async function post(path: string, fields: Record<string, string>) {
  const response = await app.handle(
    new Request(`${STORE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams(fields).toString(),
    }),
  );
  return { status: response.status, location: response.headers.get("Location"), body: await response.text() };
}

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

/** Posts `fields` with and without the card fields to the page and its data URL; the card fields never show. */
async function expectNoEcho(path: string, fields: Record<string, string>) {
  const card = cardForm({ cardNumber: NUMBER, cvv: CVV });
  for (const target of [path, `${path}.data`]) {
    const plain = await post(target, { ...card, cardNumber: "", cvv: "", ...fields });
    const answer = await post(target, { ...card, ...fields });
    const label = `${target} intent=${fields.intent ?? "(none)"} → ${answer.status}`;
    expect(answer.status, label).toBeLessThan(500);
    expect(answer.body, label).not.toContain(NUMBER);
    expect(answer.body, label).not.toContain(NUMBER.replaceAll(" ", ""));
    // The CVV's digits may happen to appear in a page (an asset hash); posting it must not add any.
    expect(occurrences(answer.body, CVV), label).toBeLessThanOrEqual(occurrences(plain.body, CVV));
    expect(answer.location ?? "", label).not.toContain(CVV);
  }
}

beforeAll(async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  database = await createTestDatabase();
  app = await startAppHandler(database);
  const { db } = database;

  // A signed-in customer with a ready cart (a toric lens for both eyes with patient, doctor and address).
  const customer = await createCustomer(db, { email: "echo@example.com", firstName: "Ann", lastName: "Lee" });
  const cartId = await createCart(db, customer.id);
  const [right, left] = await toricSkuPair(db, 0, 500);
  const groupId = await addGroup(db, cartId, {
    type: "Lens",
    autoReorderFrequencyDays: 30,
    items: [
      { whichEye: "right", productId: TORIC.productId, upc: right, quantity: 2, parameters: { power: "-1.00" } },
      { whichEye: "left", productId: TORIC.productId, upc: left, quantity: 2, parameters: { power: "-1.25" } },
    ],
  });
  const doctorId = await insertTestDoctor(db);
  await db
    .update(lineItemGroups)
    .set({ patient: { firstName: "Ann", lastName: "Lee" }, doctorId })
    .where(eq(lineItemGroups.id, groupId));
  await db.update(carts).set({ shippingAddress: TEST_ADDRESS }).where(eq(carts.id, cartId));
  const { session } = await app.services.sessions.getSession(null);
  session.set("authSessionId", await createAuthSession(db, customer.id, "password", false));
  session.set("cartId", cartId);
  cookie = (await app.services.sessions.commitSession(session)).split(";")[0]!;

  // Its first order, with auto-reorder: a subscription to post to.
  expect((await post("/checkout", { intent: "save-card", ...cardForm() })).status).toBe(303);
  const [card] = await db.select().from(paymentMethods).where(eq(paymentMethods.customerId, customer.id));
  const placed = await post("/checkout", {
    intent: "place-order",
    idempotencyKey: crypto.randomUUID(),
    paymentMethodId: String(card!.id),
  });
  expect(placed.location).toMatch(/^\/thank-you\?oid=/);
  const [subscription] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customer.id))
    .orderBy(asc(subscriptions.id));
  subscriptionId = subscription!.id;

  // A cart again, so checkout renders its page rather than sending the shopper away.
  const [nextRight, nextLeft] = await toricSkuPair(db, 1, 500);
  const nextGroup = await addGroup(db, cartId, {
    type: "Lens",
    autoReorderFrequencyDays: null,
    items: [
      { whichEye: "right", productId: TORIC.productId, upc: nextRight, quantity: 1, parameters: { power: "-2.00" } },
      { whichEye: "left", productId: TORIC.productId, upc: nextLeft, quantity: 1, parameters: { power: "-2.25" } },
    ],
  });
  await db
    .update(lineItemGroups)
    .set({ patient: { firstName: "Ann", lastName: "Lee" }, doctorId })
    .where(eq(lineItemGroups.id, nextGroup));
  await db.update(carts).set({ shippingAddress: TEST_ADDRESS }).where(eq(carts.id, cartId));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the card number and CVV are never written back", () => {
  it.each([{}, { intent: "bogus" }, { intent: "set-shipping" }, { intent: "save-card" }, { intent: "place-order" }])(
    "checkout, %j",
    async (fields) => {
      await expectNoEcho("/checkout", fields as Record<string, string>);
    },
  );

  it.each([
    {},
    { intent: "bogus" },
    { intent: "set-quantities" },
    { intent: "set-frequency" },
    { intent: "set-next-date" },
    { intent: "snooze" },
    { intent: "use-saved-address" },
    { intent: "verify-choice" },
    { intent: "use-saved-card" },
    { intent: "save-card" },
    { intent: "cancel" },
  ])("a subscription's page, %j", async (fields) => {
    await expectNoEcho(`/account/subscriptions/${subscriptionId}`, fields as Record<string, string>);
  });
});
