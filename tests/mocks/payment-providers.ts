import { randomBytes } from "node:crypto";
import { http, HttpResponse, type HttpHandler } from "msw";

/**
 * PayPal (Orders v2) and an Afterpay-style pay-in-4 API for msw, each with its state in memory and its idempotency
 * rules kept the way the providers document them: the same PayPal-Request-Id (PayPal) or requestId (pay-in-4)
 * answers what the first request did. `approve(token)` and `decline(token)` play the shopper on the provider's page;
 * `failNext(status)` answers the next API request with that status (the provider's trouble).
 */

interface MockCheckout {
  token: string;
  amount: string;
  status: "CREATED" | "APPROVED" | "DECLINING" | "COMPLETED" | "DECLINED";
  captureId: string | null;
  body: unknown;
}

interface ProviderMock {
  handlers: HttpHandler[];
  checkouts: Map<string, MockCheckout>;
  /** Captures made (each one moves money): how a test sees that a replay captured once. */
  captures: string[];
  approve(token: string): void;
  decline(token: string): void;
  failNext(status: number): void;
  /** Requests seen, as "METHOD path". */
  log: string[];
}

const id = (prefix: string) => `${prefix}${randomBytes(8).toString("hex").toUpperCase()}`;

function base(): Omit<ProviderMock, "handlers"> & { failures: number[] } {
  const checkouts = new Map<string, MockCheckout>();
  const failures: number[] = [];
  return {
    checkouts,
    captures: [],
    failures,
    log: [],
    approve(token) {
      const checkout = checkouts.get(token);
      if (checkout?.status === "CREATED") checkout.status = "APPROVED";
    },
    decline(token) {
      const checkout = checkouts.get(token);
      if (checkout?.status === "CREATED") checkout.status = "DECLINING";
    },
    failNext(status) {
      failures.push(status);
    },
  };
}

export function createPayPalMock(options: { apiBase: string; clientId: string; clientSecret: string }): ProviderMock {
  const state = base();
  const tokens = new Set<string>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const authorized = (request: Request) => {
    const bearer = request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "";
    return tokens.has(bearer);
  };
  const failure = () => {
    const status = state.failures.shift();
    return status ? HttpResponse.json({ name: "INTERNAL_SERVER_ERROR" }, { status }) : null;
  };
  const orderBody = (checkout: MockCheckout) => ({
    id: checkout.token,
    status:
      checkout.status === "DECLINING" ? "APPROVED" : checkout.status === "DECLINED" ? "APPROVED" : checkout.status,
    links: [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${checkout.token}`, rel: "payer-action" }],
    purchase_units: checkout.captureId
      ? [
          {
            payments: {
              captures: [{ id: checkout.captureId, status: "COMPLETED", amount: { value: checkout.amount } }],
            },
          },
        ]
      : [{}],
  });
  /** PayPal-Request-Id: the same key on the same call answers the first answer. */
  const idempotent = (request: Request, key: string, make: () => { status: number; body: unknown }) => {
    const requestId = request.headers.get("PayPal-Request-Id");
    const cacheKey = requestId ? `${key}:${requestId}` : null;
    const known = cacheKey ? replies.get(cacheKey) : undefined;
    const reply = known ?? make();
    if (cacheKey && !known) replies.set(cacheKey, reply);
    return HttpResponse.json(reply.body as never, { status: reply.status });
  };
  const handlers = [
    http.post(`${options.apiBase}/v1/oauth2/token`, async ({ request }) => {
      state.log.push("POST /v1/oauth2/token");
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`;
      if (request.headers.get("Authorization") !== expected) {
        return HttpResponse.json({ error: "invalid_client" }, { status: 401 });
      }
      if ((await request.text()) !== "grant_type=client_credentials") {
        return HttpResponse.json({ error: "unsupported_grant_type" }, { status: 400 });
      }
      const token = id("A21AA");
      tokens.add(token);
      return HttpResponse.json({ access_token: token, token_type: "Bearer", expires_in: 32400 });
    }),
    http.post(`${options.apiBase}/v2/checkout/orders`, async ({ request }) => {
      state.log.push("POST /v2/checkout/orders");
      if (!authorized(request)) return HttpResponse.json({ name: "AUTHENTICATION_FAILURE" }, { status: 401 });
      const failed = failure();
      if (failed) return failed;
      const body = (await request.json()) as {
        intent?: string;
        purchase_units?: Array<{ amount?: { currency_code?: string; value?: string } }>;
      };
      return idempotent(request, "create", () => {
        const amount = body.purchase_units?.[0]?.amount;
        if (body.intent !== "CAPTURE" || amount?.currency_code !== "USD" || !/^\d+\.\d\d$/.test(amount.value ?? "")) {
          return {
            status: 422,
            body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "INVALID_PARAMETER_VALUE" }] },
          };
        }
        const checkout: MockCheckout = {
          token: id("5O19"),
          amount: amount.value!,
          status: "CREATED",
          captureId: null,
          body,
        };
        state.checkouts.set(checkout.token, checkout);
        return { status: 200, body: { ...orderBody(checkout), status: "PAYER_ACTION_REQUIRED" } };
      });
    }),
    http.post(`${options.apiBase}/v2/checkout/orders/:id/capture`, ({ request, params }) => {
      state.log.push(`POST /v2/checkout/orders/${String(params.id)}/capture`);
      if (!authorized(request)) return HttpResponse.json({ name: "AUTHENTICATION_FAILURE" }, { status: 401 });
      const failed = failure();
      if (failed) return failed;
      return idempotent(request, `capture:${String(params.id)}`, () => {
        const checkout = state.checkouts.get(String(params.id));
        const issue = (name: string) => ({
          status: 422,
          body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: name }] },
        });
        if (!checkout) return { status: 404, body: { name: "RESOURCE_NOT_FOUND" } };
        if (checkout.status === "COMPLETED") return issue("ORDER_ALREADY_CAPTURED");
        if (checkout.status === "CREATED") return issue("ORDER_NOT_APPROVED");
        if (checkout.status === "DECLINING" || checkout.status === "DECLINED") {
          checkout.status = "DECLINED";
          return issue("INSTRUMENT_DECLINED");
        }
        checkout.status = "COMPLETED";
        checkout.captureId = id("3C6");
        state.captures.push(checkout.captureId);
        return { status: 201, body: orderBody(checkout) };
      });
    }),
    http.get(`${options.apiBase}/v2/checkout/orders/:id`, ({ request, params }) => {
      state.log.push(`GET /v2/checkout/orders/${String(params.id)}`);
      if (!authorized(request)) return HttpResponse.json({ name: "AUTHENTICATION_FAILURE" }, { status: 401 });
      const checkout = state.checkouts.get(String(params.id));
      if (!checkout) return HttpResponse.json({ name: "RESOURCE_NOT_FOUND" }, { status: 404 });
      return HttpResponse.json(orderBody(checkout));
    }),
  ];
  return { ...state, handlers };
}

/** A billing agreement as the pay-in-4 mock keeps it: its approval, then the agreement made from it. */
interface MockAgreement {
  token: string;
  status: "CREATED" | "APPROVED" | "ACTIVE" | "CANCELLED";
  /** The shopper's funding fails: payments against the agreement are declined. */
  declinePayments: boolean;
}

export interface AfterpayMock extends ProviderMock {
  agreements: Map<string, MockAgreement>;
  /** Payments made against agreements (each one moves money). */
  agreementPayments: string[];
  approveAgreement(token: string, options?: { declinePayments?: boolean }): void;
  cancelAgreement(token: string): void;
}

export function createAfterpayMock(options: { apiBase: string; merchantId: string; secretKey: string }): AfterpayMock {
  const state = base();
  const agreements = new Map<string, MockAgreement>();
  const agreementPayments: string[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const expected = `Basic ${Buffer.from(`${options.merchantId}:${options.secretKey}`).toString("base64")}`;
  const guard = (request: Request) => {
    if (request.headers.get("Authorization") !== expected) {
      return HttpResponse.json({ errorCode: "unauthorized", httpStatusCode: 401 }, { status: 401 });
    }
    const status = state.failures.shift();
    return status ? HttpResponse.json({ errorCode: "server_error", httpStatusCode: status }, { status }) : null;
  };
  const payment = (checkout: MockCheckout, status: "APPROVED" | "DECLINED") => ({
    id: checkout.captureId ?? "",
    token: checkout.token,
    status,
    originalAmount: { amount: checkout.amount, currency: "USD" },
  });
  const handlers = [
    http.post(`${options.apiBase}/v2/checkouts`, async ({ request }) => {
      state.log.push("POST /v2/checkouts");
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as {
        amount?: { amount?: string; currency?: string };
        merchant?: { redirectConfirmUrl?: string; redirectCancelUrl?: string };
        agreements?: unknown[];
      };
      if (!body.merchant?.redirectConfirmUrl || !body.merchant.redirectCancelUrl) {
        return HttpResponse.json(
          { errorCode: "invalid_object", message: "merchant redirect URLs are required" },
          {
            status: 400,
          },
        );
      }
      const agreement = Array.isArray(body.agreements) && !body.amount;
      if (!agreement && (body.amount?.currency !== "USD" || !/^\d+\.\d\d$/.test(body.amount?.amount ?? ""))) {
        return HttpResponse.json({ errorCode: "invalid_object", message: "amount is invalid" }, { status: 400 });
      }
      const checkout: MockCheckout = {
        token: `002.${randomBytes(12).toString("hex")}`,
        amount: body.amount?.amount ?? "0.00",
        status: "CREATED",
        captureId: null,
        body,
      };
      state.checkouts.set(checkout.token, checkout);
      return HttpResponse.json(
        {
          token: checkout.token,
          expires: new Date(Date.now() + 3 * 3600_000).toISOString(),
          redirectCheckoutUrl: `https://portal.sandbox.afterpay.com/us/checkout/?token=${checkout.token}`,
        },
        { status: 201 },
      );
    }),
    http.post(`${options.apiBase}/v2/payments/capture`, async ({ request }) => {
      state.log.push("POST /v2/payments/capture");
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as { token?: string; requestId?: string };
      const key = body.requestId ? `capture:${body.requestId}` : null;
      const known = key ? replies.get(key) : undefined;
      if (known) return HttpResponse.json(known.body as never, { status: known.status });
      const checkout = state.checkouts.get(body.token ?? "");
      let reply: { status: number; body: unknown };
      if (!checkout || checkout.status === "CREATED") {
        reply = { status: 412, body: { errorCode: "invalid_token", httpStatusCode: 412 } };
      } else if (checkout.status === "DECLINING" || checkout.status === "DECLINED") {
        checkout.status = "DECLINED";
        checkout.captureId = id("1000");
        reply = { status: 402, body: { errorCode: "payment_declined", httpStatusCode: 402 } };
      } else if (checkout.status === "COMPLETED") {
        reply = { status: 422, body: { errorCode: "invalid_object", httpStatusCode: 422 } };
      } else {
        checkout.status = "COMPLETED";
        checkout.captureId = id("1000");
        state.captures.push(checkout.captureId);
        reply = { status: 201, body: payment(checkout, "APPROVED") };
      }
      if (key) replies.set(key, reply);
      return HttpResponse.json(reply.body as never, { status: reply.status });
    }),
    http.get(`${options.apiBase}/v2/payments/:ref`, ({ request, params }) => {
      state.log.push(`GET /v2/payments/${String(params.ref)}`);
      const refused = guard(request);
      if (refused) return refused;
      const token = String(params.ref).replace(/^token:/, "");
      const checkout = state.checkouts.get(token);
      if (!checkout || (checkout.status !== "COMPLETED" && checkout.status !== "DECLINED")) {
        return HttpResponse.json({ errorCode: "not_found", httpStatusCode: 404 }, { status: 404 });
      }
      return HttpResponse.json(payment(checkout, checkout.status === "COMPLETED" ? "APPROVED" : "DECLINED"));
    }),
    http.get(`${options.apiBase}/v2/checkouts/:token`, ({ request, params }) => {
      state.log.push(`GET /v2/checkouts/${String(params.token)}`);
      const refused = guard(request);
      if (refused) return refused;
      const checkout = state.checkouts.get(String(params.token));
      if (!checkout) return HttpResponse.json({ errorCode: "not_found", httpStatusCode: 404 }, { status: 404 });
      return HttpResponse.json({
        token: checkout.token,
        expires: new Date(Date.now() + 3600_000).toISOString(),
        amount: { amount: checkout.amount, currency: "USD" },
      });
    }),
    http.post(`${options.apiBase}/v2/billing-agreements/approvals`, async ({ request }) => {
      state.log.push("POST /v2/billing-agreements/approvals");
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as { merchant?: { redirectConfirmUrl?: string; redirectCancelUrl?: string } };
      if (!body.merchant?.redirectConfirmUrl || !body.merchant.redirectCancelUrl) {
        return HttpResponse.json(
          { errorCode: "invalid_object", message: "merchant redirect URLs are required" },
          {
            status: 400,
          },
        );
      }
      const agreement: MockAgreement = {
        token: `005.${randomBytes(12).toString("hex")}`,
        status: "CREATED",
        declinePayments: false,
      };
      agreements.set(agreement.token, agreement);
      return HttpResponse.json(
        {
          token: agreement.token,
          expires: new Date(Date.now() + 3 * 3600_000).toISOString(),
          redirectCheckoutUrl: `https://portal.sandbox.afterpay.com/us/checkout/?token=${agreement.token}`,
        },
        { status: 201 },
      );
    }),
    http.post(`${options.apiBase}/v2/billing-agreements`, async ({ request }) => {
      state.log.push("POST /v2/billing-agreements");
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as { token?: string; requestId?: string };
      const key = body.requestId ? `agreement:${body.requestId}` : null;
      const known = key ? replies.get(key) : undefined;
      if (known) return HttpResponse.json(known.body as never, { status: known.status });
      const agreement = agreements.get(body.token ?? "");
      let reply: { status: number; body: unknown };
      if (!agreement) reply = { status: 404, body: { errorCode: "not_found", httpStatusCode: 404 } };
      else if (agreement.status !== "APPROVED") {
        reply = { status: 412, body: { errorCode: "invalid_token", httpStatusCode: 412 } };
      } else {
        agreement.status = "ACTIVE";
        reply = {
          status: 201,
          body: { token: agreement.token, type: "BILLING", status: "ACTIVE", created: new Date().toISOString() },
        };
      }
      if (key) replies.set(key, reply);
      return HttpResponse.json(reply.body as never, { status: reply.status });
    }),
    http.get(`${options.apiBase}/v2/billing-agreements/:token`, ({ request, params }) => {
      state.log.push(`GET /v2/billing-agreements/${String(params.token)}`);
      const refused = guard(request);
      if (refused) return refused;
      const agreement = agreements.get(String(params.token));
      if (!agreement || agreement.status === "CREATED" || agreement.status === "APPROVED") {
        return HttpResponse.json({ errorCode: "not_found", httpStatusCode: 404 }, { status: 404 });
      }
      return HttpResponse.json({ token: agreement.token, type: "BILLING", status: agreement.status });
    }),
    http.post(`${options.apiBase}/v2/recurring-payments`, async ({ request }) => {
      state.log.push("POST /v2/recurring-payments");
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as {
        requestId?: string;
        paymentMethod?: { type?: string; token?: string };
        amount?: { amount?: string; currency?: string };
      };
      const key = body.requestId ? `recurring:${body.requestId}` : null;
      const known = key ? replies.get(key) : undefined;
      if (known) return HttpResponse.json(known.body as never, { status: known.status });
      if (!body.requestId || body.amount?.currency !== "USD" || !/^\d+\.\d\d$/.test(body.amount?.amount ?? "")) {
        return HttpResponse.json({ errorCode: "invalid_object", httpStatusCode: 422 }, { status: 422 });
      }
      const agreement =
        body.paymentMethod?.type === "BILLING_AGREEMENT" ? agreements.get(body.paymentMethod.token ?? "") : undefined;
      let reply: { status: number; body: unknown };
      if (agreement?.status !== "ACTIVE") {
        reply = { status: 402, body: { errorCode: "invalid_token", httpStatusCode: 402 } };
      } else if (agreement.declinePayments) {
        reply = {
          status: 402,
          body: { id: id("2000"), status: "DECLINED", originalAmount: body.amount, errorCode: "payment_declined" },
        };
      } else {
        const paymentId = id("2000");
        agreementPayments.push(paymentId);
        reply = { status: 201, body: { id: paymentId, status: "APPROVED", originalAmount: body.amount } };
      }
      if (key) replies.set(key, reply);
      return HttpResponse.json(reply.body as never, { status: reply.status });
    }),
  ];
  return {
    ...state,
    handlers,
    agreements,
    agreementPayments,
    approveAgreement(token, approval = {}) {
      const agreement = agreements.get(token);
      if (agreement?.status !== "CREATED") return;
      agreement.status = "APPROVED";
      agreement.declinePayments = approval.declinePayments ?? false;
    },
    cancelAgreement(token) {
      const agreement = agreements.get(token);
      if (agreement) agreement.status = "CANCELLED";
    },
  };
}
