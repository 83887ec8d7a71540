import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSTALMENT_API_MESSAGES } from "~/models/instalment-request";
import * as afterpayApi from "~/routes/api.afterpay";
import * as agreementApi from "~/routes/api.afterpay.billingAgreement";
import type { DatabaseHandle } from "~/services/db/client.server";
import { simulatedPaymentCheckouts } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { apiCaller, customerWithToken, expectError, json } from "../setup/api-client";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices } from "../setup/test-context";

// POST api/afterpay and api/afterpay/billingAgreement (issue 27) through the request path the server takes, against
// the simulated pay-in-4 provider; every answer is checked against the OpenAPI document.

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

const merchant = {
  redirectConfirmUrl: "http://store.test/thank-you",
  redirectCancelUrl: "http://store.test/thank-you",
};

const checkoutRequest = (overrides: Record<string, unknown> = {}) => ({
  amount: { amount: "100.03", currency: "USD" },
  consumer: { email: "pat@example.com", givenNames: "Pat", surname: "Lee" },
  items: [
    {
      name: "Acuvue Oasys for Astigmatism",
      sku: "00733905577",
      quantity: 2,
      price: { amount: "45.00", currency: "USD" },
      preorder: false,
    },
  ],
  merchant,
  merchantReference: "cart-123",
  taxAmount: { amount: "5.03", currency: "USD" },
  shippingAmount: { amount: "5.00", currency: "USD" },
  ...overrides,
});

describe("POST api/afterpay", () => {
  it("answers a signed-in shopper's checkout request with the provider's token", async () => {
    const { token } = await customerWithToken(database, "Pat");
    const body = await json<{ token: string; expires: string; redirectCheckoutUrl: string }>(
      await call(afterpayApi.action, "/api/afterpay", { body: checkoutRequest(), token }),
      200,
    );
    expect(body.token).toMatch(/^002\./);
    expect(body.redirectCheckoutUrl).toBe(`/dev/pay-in-4/checkout/${encodeURIComponent(body.token)}`);
    const [row] = await database.db
      .select()
      .from(simulatedPaymentCheckouts)
      .where(eq(simulatedPaymentCheckouts.token, body.token));
    expect(row).toMatchObject({ provider: "pay-in-4", amountCents: 10_003, merchantReference: "cart-123" });
  });

  it("refuses bad input, redirects off the store and signed-out shoppers, with 4xx JSON errors", async () => {
    const { token } = await customerWithToken(database, "Pat");
    await expectError(await call(afterpayApi.action, "/api/afterpay", { body: checkoutRequest() }), 401);
    await expectError(
      await call(afterpayApi.action, "/api/afterpay", {
        body: checkoutRequest({ amount: { amount: "12.5", currency: "USD" } }),
        token,
      }),
      400,
    );
    await expectError(
      await call(afterpayApi.action, "/api/afterpay", {
        body: checkoutRequest({ amount: { amount: "10.00", currency: "EUR" } }),
        token,
      }),
      400,
    );
    await expectError(
      await call(afterpayApi.action, "/api/afterpay", {
        body: checkoutRequest({ merchant: { ...merchant, redirectConfirmUrl: "https://evil.example/thanks" } }),
        token,
      }),
      400,
      INSTALMENT_API_MESSAGES.foreignRedirect,
    );
    await expectError(
      await call(afterpayApi.action, "/api/afterpay", {
        body: checkoutRequest({ amount: { amount: "0.00", currency: "USD" } }),
        token,
      }),
      400,
      INSTALMENT_API_MESSAGES.amount,
    );
    await expectError(await call(afterpayApi.action, "/api/afterpay", { body: "{not json", token }), 400);
  });
});

describe("POST api/afterpay/billingAgreement", () => {
  it("answers a billing agreement's token; refuses one without agreements", async () => {
    const { token } = await customerWithToken(database, "Pat");
    const agreement = {
      consumer: { email: "pat@example.com" },
      agreements: [{ type: "ON_FILE", merchantReference: "customer-1" }],
      merchantReference: "cart-123",
      merchant,
    };
    const body = await json<{ token: string }>(
      await call(agreementApi.action, "/api/afterpay/billingAgreement", { body: agreement, token }),
      200,
    );
    const [row] = await database.db
      .select()
      .from(simulatedPaymentCheckouts)
      .where(eq(simulatedPaymentCheckouts.token, body.token));
    expect(row).toMatchObject({ kind: "agreement", amountCents: 0 });
    await expectError(
      await call(agreementApi.action, "/api/afterpay/billingAgreement", {
        body: { ...agreement, agreements: [] },
        token,
      }),
      400,
    );
    await expectError(await call(agreementApi.action, "/api/afterpay/billingAgreement", { body: agreement }), 401);
  });
});

describe("without a pay-in-4 provider (no credentials, no simulator: production without them)", () => {
  it("answers 503 with the reason, and makes no token", async () => {
    const bare = createTestServices(database, { PAYMENT_SIMULATOR: "false" });
    const callBare = apiCaller(bare);
    const { token } = await customerWithToken(database, "Noprovider");
    const before = await database.db.$count(simulatedPaymentCheckouts);
    await expectError(
      await callBare(afterpayApi.action, "/api/afterpay", { body: checkoutRequest(), token }),
      503,
      "Pay in 4 is not available right now.",
    );
    const agreement = {
      consumer: { email: "pat@example.com" },
      agreements: [{ type: "ON_FILE" }],
      merchantReference: "cart-123",
      merchant,
    };
    await expectError(
      await callBare(agreementApi.action, "/api/afterpay/billingAgreement", { body: agreement, token }),
      503,
      "Pay in 4 is not available right now.",
    );
    expect(await database.db.$count(simulatedPaymentCheckouts)).toBe(before);
  });
});
