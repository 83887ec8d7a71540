import { centsOf, moneyString, type CaptureResult, type ProviderCheckoutState } from "../payments/redirect-provider";
import type { PayPalProvider } from "./paypal-provider";

/**
 * PayPal's REST API, Orders v2 (decision 53): an OAuth2 client-credentials token (kept until shortly before it
 * expires), `POST /v2/checkout/orders` with intent CAPTURE and the store's return and cancel URLs (the shopper goes to
 * the order's payer-action or approve link), `POST /v2/checkout/orders/{id}/capture` after the shopper approved, and
 * `GET /v2/checkout/orders/{id}` for recovery. Every POST carries `PayPal-Request-Id`, PayPal's idempotency key: a
 * repeated request answers what the first did, so a replayed return never captures twice.
 */

export interface PayPalClientOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com, or the sandbox's https://api-m.sandbox.paypal.com. */
  apiBase: string;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

interface PayPalLink {
  href: string;
  rel: string;
}

interface PayPalOrder {
  id?: string;
  status?: string;
  links?: PayPalLink[];
  purchase_units?: Array<{
    payments?: { captures?: Array<{ id?: string; status?: string; amount?: { value?: string } }> };
  }>;
}

interface PayPalError {
  name?: string;
  details?: Array<{ issue?: string }>;
}

/** Issues that mean the payer's money was refused (PayPal's funding failures). */
const DECLINE_ISSUES = new Set([
  "INSTRUMENT_DECLINED",
  "PAYER_ACTION_REQUIRED",
  "PAYER_CANNOT_PAY",
  "TRANSACTION_REFUSED",
  "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING",
  "CARD_EXPIRED",
  "MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED",
]);

export function createPayPalClient(options: PayPalClientOptions): PayPalProvider {
  // Looked up on each call, so a fetch replaced after start-up (msw in tests) is the one used.
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const now = options.now ?? Date.now;
  const base = options.apiBase.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  let cached: { token: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > now()) return cached.token;
    const response = await doFetch(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`PayPal token: HTTP ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error("PayPal token: no access_token");
    // A minute early, so a token never expires between here and PayPal.
    cached = { token: body.access_token, expiresAt: now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return cached.token;
  }

  async function call(path: string, init: { method: string; body?: unknown; requestId?: string }) {
    const send = async () =>
      doFetch(`${base}${path}`, {
        method: init.method,
        headers: {
          Authorization: `Bearer ${await accessToken()}`,
          "Content-Type": "application/json",
          Accept: "application/json",
          Prefer: "return=representation",
          ...(init.requestId ? { "PayPal-Request-Id": init.requestId } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    let response = await send();
    // A token revoked early: one more try with a new one.
    if (response.status === 401) {
      cached = null;
      response = await send();
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  const captureOf = (order: PayPalOrder): CaptureResult => {
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (order.status === "COMPLETED" && capture?.id && capture.status !== "DECLINED" && capture.status !== "FAILED") {
      return { ok: true, captureId: capture.id, amountCents: centsOf(capture.amount?.value) };
    }
    if (capture?.status === "DECLINED" || capture?.status === "FAILED") return { ok: false, reason: "declined" };
    return { ok: false, reason: "error" };
  };

  const client: PayPalProvider = {
    async createCheckout(request) {
      try {
        const { status, body } = await call("/v2/checkout/orders", {
          method: "POST",
          requestId: request.requestId,
          body: {
            intent: "CAPTURE",
            purchase_units: [
              {
                reference_id: request.merchantReference,
                invoice_id: request.merchantReference,
                amount: { currency_code: "USD", value: moneyString(request.amountCents) },
              },
            ],
            payment_source: {
              paypal: {
                experience_context: {
                  return_url: request.returnUrl,
                  cancel_url: request.cancelUrl,
                  user_action: "PAY_NOW",
                  brand_name: "Lenslane",
                },
              },
            },
          },
        });
        const order = body as PayPalOrder | null;
        const link = order?.links?.find((item) => item.rel === "payer-action" || item.rel === "approve");
        if ((status !== 200 && status !== 201) || !order?.id || !link) return { ok: false, reason: "error" };
        return { ok: true, token: order.id, redirectUrl: link.href };
      } catch {
        return { ok: false, reason: "error" };
      }
    },

    async capture(token, requestId) {
      try {
        const { status, body } = await call(`/v2/checkout/orders/${encodeURIComponent(token)}/capture`, {
          method: "POST",
          requestId,
          body: {},
        });
        if (status === 200 || status === 201) return captureOf(body as PayPalOrder);
        const issues = ((body as PayPalError | null)?.details ?? []).map((detail) => detail.issue ?? "");
        if (issues.includes("ORDER_ALREADY_CAPTURED")) {
          // Captured before (under another request id): the capture is the order's.
          const state = await client.lookup(token);
          if (state?.status === "captured") {
            return { ok: true, captureId: state.captureId, amountCents: Number.NaN };
          }
          return { ok: false, reason: "error" };
        }
        if (status === 422 && issues.some((issue) => DECLINE_ISSUES.has(issue)))
          return { ok: false, reason: "declined" };
        if (status === 422 && issues.includes("ORDER_NOT_APPROVED")) return { ok: false, reason: "not-approved" };
        if (status === 404) return { ok: false, reason: "not-approved" };
        return { ok: false, reason: "error" };
      } catch {
        return { ok: false, reason: "error" };
      }
    },

    async lookup(token): Promise<ProviderCheckoutState | null> {
      const { status, body } = await call(`/v2/checkout/orders/${encodeURIComponent(token)}`, { method: "GET" });
      if (status === 404) return null;
      if (status !== 200) throw new Error(`PayPal order lookup: HTTP ${status}`);
      const order = body as PayPalOrder;
      const captured = captureOf(order);
      if (captured.ok) return { status: "captured", captureId: captured.captureId };
      if (order.status === "APPROVED") return { status: "approved", captureId: null };
      if (order.status === "CREATED" || order.status === "SAVED" || order.status === "PAYER_ACTION_REQUIRED") {
        return { status: "open", captureId: null };
      }
      return { status: "closed", captureId: null };
    },
  };
  return client;
}
