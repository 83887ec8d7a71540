import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPayPalMock } from "../../../../tests/mocks/payment-providers";
import { createPayPalClient } from "./paypal-client.server";

const OPTIONS = { apiBase: "https://api-m.sandbox.paypal.test", clientId: "lenslane-client", clientSecret: "s3cret" };
const paypal = createPayPalMock(OPTIONS);
const server = setupServer(...paypal.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const client = createPayPalClient(OPTIONS);
const request = (requestId: string) => ({
  amountCents: 4999,
  returnUrl: "https://store.test/checkout/paypal/return",
  cancelUrl: "https://store.test/checkout/paypal/cancel",
  merchantReference: "LL00000001",
  requestId,
});

describe("the PayPal Orders v2 client", () => {
  it("creates an order with intent CAPTURE and the return URLs, and sends the shopper to its payer-action link", async () => {
    const created = await client.createCheckout(request("key-1"));
    expect(created).toMatchObject({ ok: true, redirectUrl: expect.stringContaining("sandbox.paypal.com/checkoutnow") });
    const token = created.ok ? created.token : "";
    const sent = paypal.checkouts.get(token)!.body as Record<string, never>;
    expect(sent).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [{ invoice_id: "LL00000001", amount: { currency_code: "USD", value: "49.99" } }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: "https://store.test/checkout/paypal/return",
            cancel_url: "https://store.test/checkout/paypal/cancel",
          },
        },
      },
    });
    // The same PayPal-Request-Id gives the same order; one OAuth token serves every call until it expires.
    const again = await client.createCheckout(request("key-1"));
    expect(again).toEqual(created);
    expect(paypal.log.filter((line) => line === "POST /v1/oauth2/token")).toHaveLength(1);
  });

  it("captures an approved order once, however often the capture is replayed", async () => {
    const created = await client.createCheckout(request("key-2"));
    const token = created.ok ? created.token : "";
    expect(await client.capture(token, "key-2/LL1")).toEqual({ ok: false, reason: "not-approved" });
    expect(await client.lookup(token)).toEqual({ status: "open", captureId: null });
    paypal.approve(token);
    expect(await client.lookup(token)).toEqual({ status: "approved", captureId: null });
    const before = paypal.captures.length;
    const first = await client.capture(token, "key-2/LL1b");
    expect(first).toMatchObject({ ok: true, amountCents: 4999 });
    // A replay with the same request id answers the same capture; another request id finds the order captured.
    expect(await client.capture(token, "key-2/LL1b")).toEqual(first);
    const other = await client.capture(token, "another-key");
    expect(other).toMatchObject({ ok: true, captureId: first.ok ? first.captureId : "" });
    expect(paypal.captures.length - before).toBe(1);
    expect(await client.lookup(token)).toEqual({ status: "captured", captureId: first.ok ? first.captureId : "" });
  });

  it("reports a declined payment (INSTRUMENT_DECLINED) as declined", async () => {
    const created = await client.createCheckout(request("key-3"));
    const token = created.ok ? created.token : "";
    paypal.decline(token);
    expect(await client.capture(token, "key-3/x")).toEqual({ ok: false, reason: "declined" });
  });

  it("reports a provider failure as an error, and an unknown order as none", async () => {
    paypal.failNext(503);
    expect(await client.createCheckout(request("key-4"))).toEqual({ ok: false, reason: "error" });
    const created = await client.createCheckout(request("key-5"));
    const token = created.ok ? created.token : "";
    paypal.approve(token);
    paypal.failNext(500);
    expect(await client.capture(token, "key-5/x")).toEqual({ ok: false, reason: "error" });
    // The failure changed nothing: the capture goes through on the next try.
    expect(await client.capture(token, "key-5/x")).toMatchObject({ ok: true });
    expect(await client.lookup("NOSUCHORDER")).toBeNull();
  });

  it("fails closed with wrong credentials", async () => {
    const wrong = createPayPalClient({ ...OPTIONS, clientSecret: "wrong" });
    expect(await wrong.createCheckout(request("key-6"))).toEqual({ ok: false, reason: "error" });
  });
});
