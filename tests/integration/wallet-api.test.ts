import { constants, publicEncrypt } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_LOCK_COOKIE, CARD_MESSAGES } from "~/models/card";
import { WALLET_MESSAGES } from "~/models/payment-methods";
import * as walletApi from "~/routes/api.wallet";
import * as methodsApi from "~/routes/api.paymentMethods";
import * as nonceApi from "~/routes/api.paymentMethods.nonce";
import * as afterpayApi from "~/routes/api.paymentMethods.afterpay";
import * as agreementApi from "~/routes/api.paymentMethods.afterpayBillingAgreement";
import * as encryptionKeyApi from "~/routes/api.sitePreferences.ccgEncryptionKey";
import * as clientKeyApi from "~/routes/api.sitePreferences.brainTree";
import { readTimeBasedToken, timeBasedToken } from "~/services/api/wallet.server";
import { TEST_VAULT_CLIENT_KEY } from "~/services/adapters/payments/test-vault.server";
import { walletOf } from "~/services/checkout/payment-methods.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { paymentMethods } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { apiCaller, customerWithToken, expectError, json } from "../setup/api-client";
import { simulatedAgreementToken, simulatedCheckoutToken } from "../setup/pay-in-4";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices } from "../setup/test-context";

// The wallet and payment calls (issue 27, decision 56) through the request path the server takes, against the
// embedded test vault; every answer is checked against the OpenAPI document.

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

const nextYear = new Date().getFullYear() + 1;
const card = (overrides: Record<string, unknown> = {}) => ({
  cardNumber: "4242 4242 4242 4242",
  expirationDate: `04/${String(nextYear).slice(2)}`,
  nameOnCard: "Ann Lee",
  cvv: "123",
  billingAddress: { address1: "1 Main St", city: "Boise", postalCode: "83702", state: "ID" },
  ...overrides,
});

interface WalletBody {
  paymentMethods: Array<{
    paymentToken: string;
    isPreferred: boolean;
    kind: string;
    paymentType: number | null;
    name: string;
    lastFour: string | null;
    timeBasedToken: string;
  }>;
}

const wallet = async (token: string) => json<WalletBody>(await call(walletApi.loader, "/api/wallet", { token }), 200);

describe("signed out", () => {
  it("answers 401 for every customer call", async () => {
    await expectError(await call(walletApi.loader, "/api/wallet"), 401);
    await expectError(await call(methodsApi.action, "/api/paymentMethods", { body: card() }), 401);
    await expectError(
      await call(methodsApi.action, "/api/paymentmethods", { method: "DELETE", body: { timeBasedToken: "1.2.x" } }),
      401,
    );
    await expectError(await call(nonceApi.action, "/api/paymentMethods/nonce", { body: { paymentNonce: "n" } }), 401);
    await expectError(
      await call(afterpayApi.action, "/api/paymentMethods/afterpay", { body: { checkoutToken: "t" } }),
      401,
    );
    await expectError(
      await call(agreementApi.action, "/api/paymentMethods/afterpayBillingAgreement", {
        body: { billingAgreementApprovalToken: "t" },
      }),
      401,
    );
  });
});

describe("saving cards and the wallet", () => {
  it("saves a card, lists it preferred with its type, and never answers the number", async () => {
    const { token } = await customerWithToken(database);
    const saved = await json<{ paymentToken: string }>(
      await call(methodsApi.action, "/api/paymentMethods", { token, body: card() }),
      200,
    );
    expect(saved.paymentToken).toMatch(/^tok_test_/);
    const body = await wallet(token);
    expect(body.paymentMethods).toHaveLength(1);
    expect(body.paymentMethods[0]).toMatchObject({
      paymentToken: saved.paymentToken,
      isPreferred: true,
      kind: "Card",
      paymentType: 1,
      name: "Visa ending in 4242",
      lastFour: "4242",
    });
    expect(JSON.stringify(body)).not.toContain("4242424242424242");
  });

  it("answers 'Invalid card' for a card that fails the validity check, and the decline for a declined one", async () => {
    const { token } = await customerWithToken(database);
    await expectError(
      await call(methodsApi.action, "/api/paymentMethods", { token, body: card({ cardNumber: "4242424242424241" }) }),
      400,
      CARD_MESSAGES.invalidCard,
    );
    await expectError(
      await call(methodsApi.action, "/api/paymentMethods", { token, body: card({ nameOnCard: "" }) }),
      400,
      CARD_MESSAGES.invalidCard,
    );
    await expectError(
      await call(methodsApi.action, "/api/paymentMethods", { token, body: card({ cardNumber: "4000000000000002" }) }),
      400,
      CARD_MESSAGES.declined,
    );
    expect((await wallet(token)).paymentMethods).toHaveLength(0);
  });

  it("locks after 10 failed saves (429 with the lock cookie), and refuses while the cookie is present", async () => {
    const { token } = await customerWithToken(database);
    const bad = card({ cardNumber: "4000000000000002" });
    for (let i = 1; i < 10; i++) {
      await expectError(await call(methodsApi.action, "/api/paymentMethods", { token, body: bad }), 400);
    }
    const locking = await call(methodsApi.action, "/api/paymentMethods", { token, body: bad });
    await expectError(locking, 429, CARD_MESSAGES.tooManyAttempts);
    expect(locking.headers.get("Set-Cookie")).toMatch(new RegExp(`^${CARD_LOCK_COOKIE}=1; Max-Age=1800`));
    // Even a good card is refused now.
    await expectError(await call(methodsApi.action, "/api/paymentMethods", { token, body: card() }), 429);

    const fresh = await customerWithToken(database);
    await expectError(
      await call(methodsApi.action, "/api/paymentMethods", {
        token: fresh.token,
        body: card(),
        cookie: `${CARD_LOCK_COOKIE}=1`,
      }),
      429,
      CARD_MESSAGES.tooManyAttempts,
    );
  });

  it("takes a card encrypted to the published key", async () => {
    const { token } = await customerWithToken(database);
    const key = await json<{ key: string; provider: string }>(
      await call(encryptionKeyApi.loader, "/sitePreferences/ccgEncryptionKey"),
      200,
    );
    expect(key.key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    // The same key at both spellings, and for every process (one pair in the database).
    const again = await json<{ key: string }>(
      await call(encryptionKeyApi.loader, "/api/sitePreferences/ccgEncryptionKey"),
      200,
    );
    expect(again.key).toBe(key.key);
    const payload = JSON.stringify({
      cardNumber: "5555555555554444",
      nameOnCard: "Ann Lee",
      expirationMonth: 4,
      expirationYear: nextYear,
      cvv: "123",
      billingAddress: { address1: "1 Main St", city: "Boise", postalCode: "83702", state: "ID" },
    });
    const encrypted = publicEncrypt(
      { key: key.key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(payload),
    ).toString("base64");
    await json(
      await call(methodsApi.action, "/api/paymentMethods", { token, body: { encryptedCard: encrypted } }),
      200,
    );
    expect((await wallet(token)).paymentMethods[0]).toMatchObject({
      name: "Mastercard ending in 4444",
      paymentType: 2,
    });
    await expectError(
      await call(methodsApi.action, "/api/paymentMethods", { token, body: { encryptedCard: "bm90IGEgY2FyZA==" } }),
      400,
      CARD_MESSAGES.invalidCard,
    );
  });

  it("answers the client key", async () => {
    const body = await json<{ clientKey: string }>(
      await call(clientKeyApi.loader, "/api/sitePreferences/brainTree"),
      200,
    );
    expect(body).toEqual({ provider: "embedded-test-vault", environment: "test", clientKey: TEST_VAULT_CLIENT_KEY });
  });
});

describe("deleting with a timeBasedToken", () => {
  it("deletes with the wallet's token (lower-case path), refuses another customer's, an expired and a forged one", async () => {
    const ann = await customerWithToken(database, "Ann");
    const bob = await customerWithToken(database, "Bob");
    await json(await call(methodsApi.action, "/api/paymentMethods", { token: ann.token, body: card() }), 200);
    const [method] = (await wallet(ann.token)).paymentMethods;
    const del = (token: string, timeBasedToken: unknown) =>
      call(methodsApi.action, "/api/paymentmethods", { method: "DELETE", token, body: { timeBasedToken } });

    await expectError(await del(bob.token, method!.timeBasedToken), 400, WALLET_MESSAGES.invalidTimeBasedToken);
    const forged = method!.timeBasedToken.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    await expectError(await del(ann.token, forged), 400, WALLET_MESSAGES.invalidTimeBasedToken);
    await expectError(await del(ann.token, ""), 400);
    const [row] = await database.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.customerId, ann.customer.id));
    const old = timeBasedToken(services.config, ann.customer.id, row!.id, new Date(Date.now() - 16 * 60 * 1000));
    await expectError(await del(ann.token, old), 400, WALLET_MESSAGES.invalidTimeBasedToken);

    const left = await json<WalletBody>(await del(ann.token, method!.timeBasedToken), 200);
    expect(left.paymentMethods).toEqual([]);
    await expectError(await del(ann.token, method!.timeBasedToken), 404, WALLET_MESSAGES.notFound);
  });

  it("reads only tokens it signed, for the customer it signed them for, within 15 minutes", () => {
    const now = new Date();
    const token = timeBasedToken(services.config, 7, 42, now);
    expect(readTimeBasedToken(services.config, 7, token, now)).toBe(42);
    expect(readTimeBasedToken(services.config, 8, token, now)).toBeNull();
    expect(readTimeBasedToken(services.config, 7, token, new Date(now.getTime() + 15 * 60 * 1000 + 1000))).toBeNull();
    expect(readTimeBasedToken({ sessionSecrets: ["another-secret-entirely-0123456789"] }, 7, token, now)).toBeNull();
  });
});

describe("pay-in-4 tokens and nonces", () => {
  it("saves an Afterpay checkout token (15) and a billing agreement (16), not charged as cards", async () => {
    const { customer, token } = await customerWithToken(database);
    await json(await call(methodsApi.action, "/api/paymentMethods", { token, body: card() }), 200);
    const checkoutToken = await simulatedCheckoutToken(services, 10_000);
    expect(
      await json(
        await call(afterpayApi.action, "/api/paymentMethods/afterpay", { token, body: { checkoutToken } }),
        200,
      ),
    ).toEqual({ paymentToken: checkoutToken });
    // Saving it again is the same method.
    await json(await call(afterpayApi.action, "/api/paymentMethods/afterpay", { token, body: { checkoutToken } }), 200);
    await json(
      await call(agreementApi.action, "/api/paymentMethods/afterpayBillingAgreement", {
        token,
        body: { billingAgreementApprovalToken: await simulatedAgreementToken(services) },
      }),
      200,
    );
    const body = await wallet(token);
    expect(body.paymentMethods.map((m) => [m.kind, m.paymentType, m.name])).toEqual([
      ["Card", 1, "Visa ending in 4242"],
      ["AfterpayBillingAgreement", 16, "Afterpay (billing agreement)"],
      ["Afterpay", 15, "Afterpay"],
    ]);
    // Checkout's card list holds the card only.
    expect((await walletOf(services.db, customer.id)).cards).toHaveLength(1);

    const other = await customerWithToken(database, "Bob");
    await expectError(
      await call(afterpayApi.action, "/api/paymentMethods/afterpay", { token: other.token, body: { checkoutToken } }),
      400,
      WALLET_MESSAGES.invalidPaymentToken,
    );
  });

  it("checks each token with the provider first: unknown, not approved or already captured is refused", async () => {
    const { customer, token } = await customerWithToken(database);
    const save = (checkoutToken: string) =>
      call(afterpayApi.action, "/api/paymentMethods/afterpay", { token, body: { checkoutToken } });
    const saveAgreement = (billingAgreementApprovalToken: string) =>
      call(agreementApi.action, "/api/paymentMethods/afterpayBillingAgreement", {
        token,
        body: { billingAgreementApprovalToken },
      });
    const captured = await simulatedCheckoutToken(services, 5_000);
    expect(await services.payIn4.capture(captured, "elsewhere/LL1")).toMatchObject({ ok: true });
    for (const checkoutToken of [
      "any string at all",
      await simulatedCheckoutToken(services, 5_000, null),
      await simulatedCheckoutToken(services, 5_000, "cancel"),
      captured,
      // An agreement's token is no checkout.
      await simulatedAgreementToken(services),
    ]) {
      await expectError(await save(checkoutToken), 400, WALLET_MESSAGES.invalidPaymentToken);
    }
    for (const approval of [
      "any string at all",
      await simulatedAgreementToken(services, null),
      await simulatedAgreementToken(services, "cancel"),
      await simulatedCheckoutToken(services, 5_000),
    ]) {
      await expectError(await saveAgreement(approval), 400, WALLET_MESSAGES.billingAgreementTokenRequired);
    }
    expect(await database.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, customer.id))).toEqual(
      [],
    );
  });

  it("answers 503 and saves nothing when the provider does not answer", async () => {
    const { customer, token } = await customerWithToken(database);
    const checkoutToken = await simulatedCheckoutToken(services, 5_000);
    const approval = await simulatedAgreementToken(services);
    const real = services.payIn4;
    services.payIn4 = {
      ...real,
      checkoutState: () => Promise.reject(new Error("connect ECONNREFUSED")),
      createAgreement: () => Promise.resolve({ ok: false, reason: "error" }),
    };
    try {
      await expectError(
        await call(afterpayApi.action, "/api/paymentMethods/afterpay", { token, body: { checkoutToken } }),
        503,
        WALLET_MESSAGES.payIn4Unavailable,
      );
      await expectError(
        await call(agreementApi.action, "/api/paymentMethods/afterpayBillingAgreement", {
          token,
          body: { billingAgreementApprovalToken: approval },
        }),
        503,
        WALLET_MESSAGES.payIn4Unavailable,
      );
    } finally {
      services.payIn4 = real;
    }
    expect(await database.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, customer.id))).toEqual(
      [],
    );
  });

  it("answers the spec's messages for missing tokens", async () => {
    const { token } = await customerWithToken(database);
    for (const body of [{}, { checkoutToken: "" }, { checkoutToken: 5 }]) {
      await expectError(
        await call(afterpayApi.action, "/api/paymentMethods/afterpay", { token, body }),
        400,
        `checkoutToken: ${WALLET_MESSAGES.invalidPaymentToken}`,
      );
    }
    await expectError(
      await call(agreementApi.action, "/api/paymentMethods/afterpayBillingAgreement", { token, body: {} }),
      400,
      `billingAgreementApprovalToken: ${WALLET_MESSAGES.billingAgreementTokenRequired}`,
    );
    await expectError(
      await call(nonceApi.action, "/api/paymentMethods/nonce", { token, body: {} }),
      400,
      `paymentNonce: ${WALLET_MESSAGES.invalidNonce}`,
    );
    await expectError(
      await call(nonceApi.action, "/api/paymentMethods/nonce", { token, body: { paymentNonce: "nonce_test_unknown" } }),
      400,
      WALLET_MESSAGES.invalidNonce,
    );
  });

  it("exchanges a wallet nonce once for an Apple Pay card", async () => {
    const { token } = await customerWithToken(database);
    const accepted = await services.payments.tokenizeWalletPayment({
      paymentData: {
        simulator: "embedded-test-vault",
        network: "amex",
        lastFour: "0005",
        expirationMonth: 12,
        expirationYear: nextYear,
      },
    });
    if (!accepted.ok) throw new Error("the simulated token was refused");
    const body = { paymentNonce: accepted.nonce, firstName: "Ann", lastName: "Lee", paymentOption: "ApplePay" };
    const saved = await json<{ paymentToken: string }>(
      await call(nonceApi.action, "/api/paymentMethods/nonce", { token, body }),
      200,
    );
    expect(saved.paymentToken).toMatch(/^tok_test_/);
    expect((await wallet(token)).paymentMethods[0]).toMatchObject({
      kind: "ApplePay",
      paymentType: 11,
      name: "Apple Pay (American Express ending in 0005)",
    });
    await expectError(
      await call(nonceApi.action, "/api/paymentMethods/nonce", { token, body }),
      400,
      WALLET_MESSAGES.invalidNonce,
    );
  });
});
