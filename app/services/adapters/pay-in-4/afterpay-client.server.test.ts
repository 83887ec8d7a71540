import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAfterpayMock } from "../../../../tests/mocks/payment-providers";
import { createAfterpayClient } from "./afterpay-client.server";

const OPTIONS = { apiBase: "https://global-api-sandbox.afterpay.test", merchantId: "100101", secretKey: "s3cret" };
const afterpay = createAfterpayMock(OPTIONS);
const server = setupServer(...afterpay.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const client = createAfterpayClient(OPTIONS);
const request = (requestId: string) => ({
  amountCents: 10_003,
  returnUrl: "https://store.test/thank-you",
  cancelUrl: "https://store.test/thank-you",
  merchantReference: "LL00000002",
  requestId,
  consumer: { email: "pat@example.com", givenNames: "Pat", surname: "Lee" },
});

describe("the pay-in-4 (Afterpay-style) client", () => {
  it("creates a checkout with basic auth, the amount in USD and the redirect URLs: token and redirectCheckoutUrl", async () => {
    const created = await client.createCheckout(request("k1"));
    expect(created).toMatchObject({ ok: true, redirectUrl: expect.stringContaining("portal.sandbox.afterpay.com") });
    const token = created.ok ? created.token : "";
    expect(afterpay.checkouts.get(token)!.body).toMatchObject({
      amount: { amount: "100.03", currency: "USD" },
      consumer: { email: "pat@example.com", givenNames: "Pat", surname: "Lee" },
      merchant: {
        redirectConfirmUrl: "https://store.test/thank-you",
        redirectCancelUrl: "https://store.test/thank-you",
      },
      merchantReference: "LL00000002",
    });
  });

  it("captures the full payment once: a replayed capture with the same requestId answers the same payment", async () => {
    const created = await client.createCheckout(request("k2"));
    const token = created.ok ? created.token : "";
    expect(await client.capture(token, "k2/LL2")).toEqual({ ok: false, reason: "not-approved" });
    expect(await client.lookup(token)).toEqual({ status: "open", captureId: null });
    afterpay.approve(token);
    const before = afterpay.captures.length;
    const first = await client.capture(token, "k2/LL2b");
    expect(first).toMatchObject({ ok: true, amountCents: 10_003 });
    expect(await client.capture(token, "k2/LL2b")).toEqual(first);
    expect(afterpay.captures.length - before).toBe(1);
    expect(await client.lookup(token)).toEqual({ status: "captured", captureId: first.ok ? first.captureId : "" });
  });

  it("reports a declined payment (402) as declined, and the checkout as closed", async () => {
    const created = await client.createCheckout(request("k3"));
    const token = created.ok ? created.token : "";
    afterpay.decline(token);
    expect(await client.capture(token, "k3/x")).toEqual({ ok: false, reason: "declined" });
    expect(await client.lookup(token)).toEqual({ status: "closed", captureId: null });
  });

  it("reports provider errors as errors, refused requests as invalid, and an unknown token as none", async () => {
    afterpay.failNext(500);
    expect(await client.createCheckout(request("k4"))).toEqual({ ok: false, reason: "error" });
    const invalid = await client.createInstalmentCheckout({
      amount: { amount: "12.5", currency: "USD" },
      consumer: { email: "pat@example.com" },
      merchant: { redirectConfirmUrl: "https://store.test/a", redirectCancelUrl: "https://store.test/b" },
      merchantReference: "cart-1",
    });
    expect(invalid).toMatchObject({ ok: false, reason: "invalid" });
    expect(await client.lookup("002.nosuchtoken")).toBeNull();
    const wrong = createAfterpayClient({ ...OPTIONS, secretKey: "nope" });
    expect(await wrong.createCheckout(request("k5"))).toEqual({ ok: false, reason: "error" });
  });

  it("creates a billing agreement's checkout: its token", async () => {
    const agreement = await client.createBillingAgreement({
      consumer: { email: "pat@example.com" },
      agreements: [{ type: "ON_FILE", merchantReference: "cust-1" }],
      merchantReference: "cart-1",
      merchant: { redirectConfirmUrl: "https://store.test/a", redirectCancelUrl: "https://store.test/b" },
    });
    expect(agreement).toMatchObject({ ok: true, token: expect.stringMatching(/^002\./) });
  });
});
