import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_MESSAGES } from "~/models/card";
import * as accountLayout from "~/routes/account";
import * as pageRoute from "~/routes/account.settings.payment-methods";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import { walletOf } from "~/services/checkout/payment-methods.server";
import { saveProviderToken } from "~/services/checkout/wallet.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import type { AppServices } from "~/services/platform/context.server";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle, underLayouts } from "../setup/test-context";

// The account's payment methods page (issue 27): list, save a card, make preferred, delete after confirming; the
// preferred card is the one checkout selects first.

const pageLoader = underLayouts([accountLayout], pageRoute.loader);
const pageAction = underLayouts([accountLayout], pageRoute.action);
const PATH = "/account/settings/payment-methods";

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
async function signedIn() {
  const customer = await createCustomer(database.db, {
    email: `wallet.${++counter}.${Date.now()}@example.com`,
    password: "correct horse battery",
    firstName: "Ann",
    lastName: "Lee",
  });
  const token = await createAuthSession(database.db, customer.id, "password", false);
  const { session } = await services.sessions.getSession(null);
  session.set("authSessionId", token);
  return { customer, cookie: (await services.sessions.commitSession(session)).split(";")[0]! };
}

type Handler = (args: never) => unknown;
async function get(loader: Handler, path: string, cookie?: string) {
  const request = new Request(`http://store.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const context = await createRequestContext(services, request);
  return settle(async () => loader({ request, params: {}, context } as never));
}
async function post(fields: Record<string, string>, cookie: string) {
  const request = new Request(`http://store.test${PATH}`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
  const context = await createRequestContext(services, request);
  return settle(async () => pageAction({ request, params: {}, context } as never));
}

type PageData = Awaited<ReturnType<typeof pageRoute.loader>>;
const page = async (cookie: string, query = "") => (await get(pageLoader, `${PATH}${query}`, cookie)) as PageData;

const card = (number: string) => ({
  intent: "save-card",
  cardNumber: number,
  nameOnCard: "Ann Lee",
  expirationMonth: "4",
  expirationYear: String(new Date().getFullYear() + 2),
  cvv: "123",
  billingAddress1: "1 Main St",
  billingCity: "Boise",
  billingState: "ID",
  billingPostalCode: "83702",
});

describe("the payment methods page", () => {
  it("sends a signed-out visitor to sign in", async () => {
    const result = await get(pageLoader, PATH);
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(303);
  });

  it("saves cards, makes one preferred (checkout selects it first), and deletes after confirming", async () => {
    const { customer, cookie } = await signedIn();
    const saved = await post(card("4242424242424242"), cookie);
    expect((saved as Response).headers.get("Location")).toBe(`${PATH}?saved=card`);
    await post(card("5555555555554444"), cookie);
    await saveProviderToken(database.db, customer.id, "Afterpay", `ap_page_${customer.id}`);

    let data = await page(cookie, "?saved=card");
    expect(data.saved).toBe("Your card is saved.");
    expect(data.methods.map((m) => [m.label, m.isPreferred, m.expiry])).toEqual([
      ["Visa ending in 4242", true, `Expires 04/${new Date().getFullYear() + 2}`],
      ["Afterpay", false, null],
      ["Mastercard ending in 4444", false, `Expires 04/${new Date().getFullYear() + 2}`],
    ]);
    const mastercard = data.methods.find((m) => m.label.startsWith("Mastercard"))!;

    const preferred = await post({ intent: "make-preferred", paymentMethodId: String(mastercard.id) }, cookie);
    expect((preferred as Response).headers.get("Location")).toBe(`${PATH}?saved=preferred`);
    data = await page(cookie);
    expect(data.methods[0]).toMatchObject({ id: mastercard.id, isPreferred: true });
    expect(data.methods.filter((m) => m.isPreferred)).toHaveLength(1);
    expect((await walletOf(services.db, customer.id)).selected?.id).toBe(mastercard.id);

    // The confirmation comes from the URL.
    expect((await page(cookie, `?delete=${mastercard.id}`)).confirmDelete).toMatchObject({ id: mastercard.id });
    expect((await page(cookie, "?delete=999999")).confirmDelete).toBeNull();
    const deleted = await post({ intent: "delete-payment-method", paymentMethodId: String(mastercard.id) }, cookie);
    expect((deleted as Response).headers.get("Location")).toBe(`${PATH}?saved=deleted`);
    data = await page(cookie);
    // None is preferred now: newest first.
    expect(data.methods.map((m) => [m.label, m.isPreferred])).toEqual([
      ["Afterpay", false],
      ["Visa ending in 4242", false],
    ]);
    // With no preferred card, checkout selects the most recent card.
    expect((await walletOf(services.db, customer.id)).selected?.lastFour).toBe("4242");
  });

  it("refuses another customer's method as not found, and a bad card with the page's message", async () => {
    const ann = await signedIn();
    const bob = await signedIn();
    await post(card("4242424242424242"), ann.cookie);
    const [method] = (await page(ann.cookie)).methods;
    for (const intent of ["make-preferred", "delete-payment-method"]) {
      const result = await post({ intent, paymentMethodId: String(method!.id) }, bob.cookie);
      expect((result as { init: ResponseInit }).init.status).toBe(404);
    }
    expect((await page(ann.cookie)).methods).toHaveLength(1);

    const refused = (await post(card("4000000000000002"), ann.cookie)) as {
      data: { result: { error: Record<string, string[]> }; enteredLastFour: string };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error[""]).toEqual([CARD_MESSAGES.declined]);
    expect(refused.data.enteredLastFour).toBe("0002");
    expect(JSON.stringify(refused.data)).not.toContain("4000000000000002");
  });
});
