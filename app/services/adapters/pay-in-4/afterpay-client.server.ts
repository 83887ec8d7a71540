import { centsOf, moneyString, type CaptureResult, type ProviderCheckoutState } from "../payments/redirect-provider";
import {
  instalmentRequestOf,
  type AgreementResult,
  type BillingAgreementRequest,
  type CheckoutTokenState,
  type InstalmentCheckoutRequest,
  type PayIn4Provider,
  type TokenResult,
} from "./pay-in-4-provider";

/**
 * An Afterpay-style pay-in-4 API, v2 (decision 53), with HTTP basic auth (merchant id and secret key):
 * `POST /v2/checkouts` → token, expires and redirectCheckoutUrl; the shopper comes back with `orderToken` and
 * `status`; `POST /v2/payments/capture` {requestId, token, merchantReference} captures the full payment (a Payment
 * with status APPROVED or DECLINED; the call is idempotent by requestId, so a replayed return captures once);
 * `GET /v2/payments/token:{token}` finds the payment made from a checkout, for recovery.
 *
 * Billing agreements (decision 57; Afterpay's "recurring payments", documented by Afterpay and Clearpay, now marked
 * deprecated in favour of grants): `POST /v2/billing-agreements/approvals` → the approval token and redirect URL; the
 * shopper approves; `POST /v2/billing-agreements` {token, requestId} makes the agreement (status ACTIVE) and answers
 * its token (refused once made: `GET /v2/billing-agreements/{token}` then reads it); `POST /v2/recurring-payments` {requestId, paymentMethod {type BILLING_AGREEMENT, token}, amount} creates
 * and captures a payment against it (idempotent by requestId; 402 declined, or invalid_token for an agreement that is
 * unknown, cancelled or expired).
 */

export interface AfterpayClientOptions {
  merchantId: string;
  secretKey: string;
  /** https://global-api.afterpay.com, or the sandbox's https://global-api-sandbox.afterpay.com. */
  apiBase: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface AfterpayPayment {
  id?: string;
  token?: string;
  status?: string;
  originalAmount?: { amount?: string; currency?: string };
}

export function createAfterpayClient(options: AfterpayClientOptions): PayIn4Provider {
  // Looked up on each call, so a fetch replaced after start-up (msw in tests) is the one used.
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const base = options.apiBase.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const auth = `Basic ${Buffer.from(`${options.merchantId}:${options.secretKey}`).toString("base64")}`;

  async function call(path: string, init: { method: string; body?: unknown }) {
    const response = await doFetch(`${base}${path}`, {
      method: init.method,
      headers: {
        Authorization: auth,
        "Content-Type": "application/json",
        Accept: "application/json",
        // The provider asks integrations to name themselves.
        "User-Agent": `Lenslane/1.0 (Node.js; Merchant/${options.merchantId})`,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  async function checkoutToken(body: unknown, path = "/v2/checkouts"): Promise<TokenResult> {
    try {
      const { status, body: answer } = await call(path, { method: "POST", body });
      const checkout = answer as { token?: string; expires?: string; redirectCheckoutUrl?: string; message?: string };
      if (status === 400 || status === 422) return { ok: false, reason: "invalid", message: checkout?.message };
      if ((status !== 200 && status !== 201) || !checkout?.token || !checkout.redirectCheckoutUrl) {
        return { ok: false, reason: "error" };
      }
      return {
        ok: true,
        token: checkout.token,
        expires: checkout.expires ?? null,
        redirectCheckoutUrl: checkout.redirectCheckoutUrl,
      };
    } catch {
      return { ok: false, reason: "error" };
    }
  }

  const paymentResult = (payment: AfterpayPayment): CaptureResult => {
    if (payment.status === "APPROVED" && payment.id) {
      return { ok: true, captureId: payment.id, amountCents: centsOf(payment.originalAmount?.amount) };
    }
    if (payment.status === "DECLINED") return { ok: false, reason: "declined" };
    return { ok: false, reason: "error" };
  };

  return {
    async createCheckout(request) {
      const result = await checkoutToken(instalmentRequestOf(request));
      return result.ok
        ? { ok: true, token: result.token, redirectUrl: result.redirectCheckoutUrl }
        : { ok: false, reason: "error" };
    },

    createInstalmentCheckout(request: InstalmentCheckoutRequest) {
      return checkoutToken(request);
    },

    createBillingAgreement(request: BillingAgreementRequest) {
      return checkoutToken(request, "/v2/billing-agreements/approvals");
    },

    async checkoutState(token): Promise<CheckoutTokenState | null> {
      const { status, body } = await call(`/v2/payments/token:${encodeURIComponent(token)}`, { method: "GET" });
      if (status === 200) {
        const payment = paymentResult(body as AfterpayPayment);
        return payment.ok ? { status: "captured", captureId: payment.captureId } : { status: "closed" };
      }
      if (status !== 404) throw new Error(`pay-in-4 payment lookup: HTTP ${status}`);
      const checkout = await call(`/v2/checkouts/${encodeURIComponent(token)}`, { method: "GET" });
      if (checkout.status === 404) return null;
      if (checkout.status !== 200) throw new Error(`pay-in-4 checkout lookup: HTTP ${checkout.status}`);
      const found = checkout.body as { expires?: string; amount?: { amount?: string; currency?: string } } | null;
      const expires = Date.parse(String(found?.expires ?? ""));
      const amountCents = centsOf(found?.amount?.amount);
      if ((Number.isFinite(expires) && expires < Date.now()) || found?.amount?.currency !== "USD") {
        return { status: "closed" };
      }
      if (!Number.isSafeInteger(amountCents)) throw new Error("pay-in-4 checkout lookup: no amount");
      // Get Checkout does not say whether the shopper approved: a live checkout is taken as capturable, and its
      // capture answers not-approved if it was not (decision 57).
      return { status: "approved", amountCents };
    },

    async createAgreement(approvalToken, requestId): Promise<AgreementResult> {
      try {
        const { status, body } = await call("/v2/billing-agreements", {
          method: "POST",
          body: { token: approvalToken, requestId },
        });
        const agreement = body as { token?: string; status?: string; errorCode?: string } | null;
        if (status === 200 || status === 201) {
          if (agreement?.status === "ACTIVE" && agreement.token) return { ok: true, agreementToken: agreement.token };
          return { ok: false, reason: "not-approved" };
        }
        if (status === 404) return { ok: false, reason: "unknown" };
        if (status !== 402 && status !== 412 && status !== 422) return { ok: false, reason: "error" };
        // Refused: not approved, or made already (saved again). The agreement itself says which.
        const existing = await call(`/v2/billing-agreements/${encodeURIComponent(approvalToken)}`, { method: "GET" });
        const found = existing.body as { token?: string; status?: string } | null;
        if (existing.status === 200 && found?.status === "ACTIVE" && found.token) {
          return { ok: true, agreementToken: found.token };
        }
        if (existing.status === 200 || existing.status === 404) return { ok: false, reason: "not-approved" };
        return { ok: false, reason: "error" };
      } catch {
        return { ok: false, reason: "error" };
      }
    },

    async payWithAgreement(request) {
      try {
        const { status, body } = await call("/v2/recurring-payments", {
          method: "POST",
          body: {
            requestId: request.requestId,
            paymentMethod: { type: "BILLING_AGREEMENT", token: request.agreementToken },
            amount: { amount: moneyString(request.amountCents), currency: "USD" },
            merchantReference: request.merchantReference,
            ...(request.consumer ? { consumer: request.consumer } : {}),
          },
        });
        if (status === 200 || status === 201) return paymentResult(body as AfterpayPayment);
        const code = (body as { errorCode?: string } | null)?.errorCode ?? "";
        // invalid_token: the agreement is unknown, cancelled or expired (402 too); any other 402 is a decline.
        if (code === "invalid_token" || status === 404 || status === 412) return { ok: false, reason: "not-approved" };
        if (status === 402 || code === "payment_declined") return { ok: false, reason: "declined" };
        return { ok: false, reason: "error" };
      } catch {
        return { ok: false, reason: "error" };
      }
    },

    async capture(token, requestId) {
      try {
        const { status, body } = await call("/v2/payments/capture", {
          method: "POST",
          body: { requestId, token },
        });
        if (status === 200 || status === 201) return paymentResult(body as AfterpayPayment);
        const code = (body as { errorCode?: string } | null)?.errorCode ?? "";
        // 402: the payment was declined; 412/422 and an invalid or expired token: the shopper did not confirm it.
        if (status === 402 || code === "payment_declined") return { ok: false, reason: "declined" };
        if (status === 404 || status === 412 || code === "invalid_token" || code === "invalid_object") {
          return { ok: false, reason: "not-approved" };
        }
        return { ok: false, reason: "error" };
      } catch {
        return { ok: false, reason: "error" };
      }
    },

    async lookup(token): Promise<ProviderCheckoutState | null> {
      const { status, body } = await call(`/v2/payments/token:${encodeURIComponent(token)}`, { method: "GET" });
      if (status === 200) {
        const payment = paymentResult(body as AfterpayPayment);
        if (payment.ok) return { status: "captured", captureId: payment.captureId };
        return { status: "closed", captureId: null };
      }
      if (status !== 404) throw new Error(`pay-in-4 payment lookup: HTTP ${status}`);
      // No payment from it yet: the checkout itself says whether it is still open.
      const checkout = await call(`/v2/checkouts/${encodeURIComponent(token)}`, { method: "GET" });
      if (checkout.status === 404) return null;
      if (checkout.status !== 200) throw new Error(`pay-in-4 checkout lookup: HTTP ${checkout.status}`);
      const expires = Date.parse(String((checkout.body as { expires?: string } | null)?.expires ?? ""));
      return { status: Number.isFinite(expires) && expires < Date.now() ? "closed" : "open", captureId: null };
    },
  };
}
