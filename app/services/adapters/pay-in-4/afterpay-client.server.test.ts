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

  it("asks for a billing agreement's approval: its token", async () => {
    const agreement = await approval();
    expect(agreement).toMatchObject({ ok: true, token: expect.stringMatching(/^005\./) });
    expect(afterpay.log.at(-1)).toBe("POST /v2/billing-agreements/approvals");
  });
});

const approval = () =>
  client.createBillingAgreement({
    consumer: { email: "pat@example.com" },
    agreements: [{ type: "BILLING", merchantReference: "cust-1" }],
    merchantReference: "cart-1",
    merchant: { redirectConfirmUrl: "https://store.test/a", redirectCancelUrl: "https://store.test/b" },
  });

const approvalToken = async () => {
  const made = await approval();
  if (!made.ok) throw new Error("no approval token");
  return made.token;
};

describe("a checkout token's state (saving it, decision 57)", () => {
  it("answers approved with the checkout's amount while it can be captured, captured once it was, null when unknown", async () => {
    const created = await client.createCheckout(request("s1"));
    const token = created.ok ? created.token : "";
    // Get Checkout does not say whether the shopper approved: a live checkout reads as capturable.
    expect(await client.checkoutState(token)).toEqual({ status: "approved", amountCents: 10_003 });
    afterpay.approve(token);
    const captured = await client.capture(token, "s1/LL1");
    expect(await client.checkoutState(token)).toEqual({
      status: "captured",
      captureId: captured.ok ? captured.captureId : "",
    });
    expect(await client.checkoutState("002.unknown")).toBeNull();
  });

  it("throws when the provider does not answer, so nothing is saved", async () => {
    afterpay.failNext(503);
    await expect(client.checkoutState("002.any")).rejects.toThrow(/HTTP 503/);
  });
});

describe("billing agreements (Afterpay v2 recurring payments)", () => {
  it("makes the agreement from an approved approval token (idempotent by requestId); refuses one not approved", async () => {
    const token = await approvalToken();
    expect(await client.createAgreement(token, "ba-1")).toEqual({ ok: false, reason: "not-approved" });
    afterpay.approveAgreement(token);
    expect(await client.createAgreement(token, "ba-2")).toEqual({ ok: true, agreementToken: token });
    expect(await client.createAgreement(token, "ba-2")).toEqual({ ok: true, agreementToken: token });
    // Made already (saved again, under a new request id): the agreement is read back.
    expect(await client.createAgreement(token, "ba-2b")).toEqual({ ok: true, agreementToken: token });
    expect(afterpay.log.at(-1)).toBe(`GET /v2/billing-agreements/${token}`);
    expect(await client.createAgreement("005.nosuch", "ba-3")).toEqual({ ok: false, reason: "unknown" });
    afterpay.failNext(500);
    expect(await client.createAgreement(token, "ba-4")).toEqual({ ok: false, reason: "error" });
  });

  it("pays against an active agreement once per requestId, with the amount in USD", async () => {
    const token = await approvalToken();
    afterpay.approveAgreement(token);
    await client.createAgreement(token, "ba-5");
    const before = afterpay.agreementPayments.length;
    const paid = { agreementToken: token, amountCents: 4_250, requestId: "k/LL5", merchantReference: "LL5" };
    const first = await client.payWithAgreement(paid);
    expect(first).toMatchObject({ ok: true, amountCents: 4_250 });
    expect(await client.payWithAgreement(paid)).toEqual(first);
    expect(afterpay.agreementPayments.length - before).toBe(1);
  });

  it("reports a declined payment, a cancelled agreement as not approved, and no answer as an error", async () => {
    const declining = await approvalToken();
    afterpay.approveAgreement(declining, { declinePayments: true });
    await client.createAgreement(declining, "ba-6");
    const pay = (agreementToken: string, requestId: string) =>
      client.payWithAgreement({ agreementToken, amountCents: 1_000, requestId, merchantReference: "LL6" });
    expect(await pay(declining, "k/LL6")).toEqual({ ok: false, reason: "declined" });
    const cancelled = await approvalToken();
    afterpay.approveAgreement(cancelled);
    await client.createAgreement(cancelled, "ba-7");
    afterpay.cancelAgreement(cancelled);
    expect(await pay(cancelled, "k/LL7")).toEqual({ ok: false, reason: "not-approved" });
    afterpay.failNext(500);
    expect(await pay(cancelled, "k/LL8")).toEqual({ ok: false, reason: "error" });
  });
});
