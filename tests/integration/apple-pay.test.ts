import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLE_PAY_MESSAGES } from "~/models/apple-pay";
import * as applePay from "~/routes/resources.apple-pay";
import * as devPayments from "~/routes/dev.payments";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import { listWallet, savePaymentNonce } from "~/services/checkout/wallet.server";
import { walletOf } from "~/services/checkout/payment-methods.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import type { AppServices } from "~/services/platform/context.server";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle } from "../setup/test-context";

// Apple Pay's server side (issue 27): merchant validation through the payment adapter, and the authorized payment's
// token turned into a saved Apple Pay card by the embedded vault (which accepts its simulator's token).

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
async function signedInCookie() {
  const customer = await createCustomer(database.db, {
    email: `applepay.${++counter}.${Date.now()}@example.com`,
    firstName: "Ann",
    lastName: "Lee",
  });
  const token = await createAuthSession(database.db, customer.id, "password", false);
  const { session } = await services.sessions.getSession(null);
  session.set("authSessionId", token);
  return { customer, cookie: (await services.sessions.commitSession(session)).split(";")[0]! };
}

async function step(body: unknown, cookie?: string) {
  const request = new Request("http://store.test/resources/apple-pay", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
  });
  const context = await createRequestContext(services, request);
  return settle(async () => applePay.action({ request, params: {}, context } as never));
}
const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: ResponseInit }).init?.status ?? 200);

const simulated = (overrides: Record<string, unknown> = {}) => ({
  paymentData: {
    simulator: "embedded-test-vault",
    network: "visa",
    lastFour: "1881",
    expirationMonth: 9,
    expirationYear: new Date().getFullYear() + 3,
    ...overrides,
  },
  paymentMethod: { displayName: "Visa 1881", network: "Visa", type: "credit" },
});

describe("Apple Pay's server steps", () => {
  it("needs a signed-in customer", async () => {
    expect(
      statusOf(await step({ step: "validate-merchant", validationURL: "https://apple-pay-gateway.apple.com/x" })),
    ).toBe(401);
  });

  it("validates the merchant only against Apple's gateway", async () => {
    const { cookie } = await signedInCookie();
    const ok = (await step(
      {
        step: "validate-merchant",
        validationURL: "https://apple-pay-gateway-cert.apple.com/paymentservices/startSession",
      },
      cookie,
    )) as Response;
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ merchantIdentifier: "merchant.test.lenslane", displayName: "Lenslane" });
    for (const validationURL of ["https://evil.example/startSession", "http://apple-pay-gateway.apple.com/x", "nope"]) {
      const refused = await step({ step: "validate-merchant", validationURL }, cookie);
      expect(statusOf(refused), validationURL).toBe(400);
      expect((refused as { data: { error: string } }).data.error).toBe(APPLE_PAY_MESSAGES.merchant);
    }
  });

  it("saves an authorized payment as an Apple Pay card that checkout can charge", async () => {
    const { customer, cookie } = await signedInCookie();
    const saved = (await step({ step: "authorize", token: simulated(), payerName: "Ann Lee" }, cookie)) as Response;
    expect(saved.status).toBe(200);
    const [entry] = await listWallet(services.db, customer.id);
    expect(entry).toMatchObject({ kind: "ApplePay", brand: "Visa", lastFour: "1881", isPreferred: true });
    const { selected } = await walletOf(services.db, customer.id);
    expect(selected?.lastFour).toBe("1881");
    const charge = await services.payments.charge(entry!.paymentToken, 1234, `apple-pay-${customer.id}`);
    expect(charge.ok).toBe(true);
  });

  it("completes as failed for a declined or unreadable token, saving nothing", async () => {
    const { customer, cookie } = await signedInCookie();
    for (const token of [simulated({ outcome: "decline" }), simulated({ network: "jcb" }), { paymentData: "x" }]) {
      const refused = await step({ step: "authorize", token }, cookie);
      expect(statusOf(refused)).toBe(400);
      expect((refused as { data: { error: string } }).data.error).toBe(APPLE_PAY_MESSAGES.failed);
    }
    expect(await listWallet(services.db, customer.id)).toEqual([]);
  });
});

describe("/dev/payments", () => {
  async function run(as: AppServices, form?: Record<string, string>) {
    const request = new Request("http://store.test/dev/payments", {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form).toString() : undefined,
      headers: form ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
    });
    const context = await createRequestContext(as, request);
    const handler = form ? devPayments.action : devPayments.loader;
    return settle(async () => handler({ request, params: {}, context } as never));
  }

  it("makes a simulated Apple Pay nonce that saves a card once", async () => {
    const page = (await run(services)) as Awaited<ReturnType<typeof devPayments.loader>>;
    expect(page.publicKey).toMatch(/BEGIN PUBLIC KEY/);
    const made = (await run(services, {
      network: "discover",
      lastFour: "1117",
      expirationMonth: "3",
      expirationYear: String(new Date().getFullYear() + 1),
      outcome: "approve",
    })) as { nonce: string };
    expect(made.nonce).toMatch(/^nonce_test_/);
    const { customer } = await signedInCookie();
    const nonce = { nonce: made.nonce, nameOnCard: "Ann Lee", billingPostalCode: "83702" };
    expect((await savePaymentNonce(services, customer.id, nonce)).ok).toBe(true);
    expect((await savePaymentNonce(services, customer.id, nonce)).ok).toBe(false);
    expect((await listWallet(services.db, customer.id)).map((entry) => [entry.kind, entry.brand])).toEqual([
      ["ApplePay", "Discover"],
    ]);
  });

  it("is not found in production", async () => {
    const production = createTestServices(database, { APP_ENV: "production" });
    production.logger.level = "silent";
    expect(statusOf(await run(production))).toBe(404);
  });
});
