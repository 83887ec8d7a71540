import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/services/db/client.server";
import { simulatedAgreementPayments, simulatedPaymentCheckouts } from "~/services/db/schema";
import type { PaymentProviderName } from "~/models/payment-options";
import type {
  AgreementPaymentRequest,
  BillingAgreementRequest,
  CheckoutTokenState,
  InstalmentCheckoutRequest,
  PayIn4Provider,
  TokenResult,
} from "../pay-in-4/pay-in-4-provider";
import {
  centsOf,
  type CaptureResult,
  type ProviderCheckoutState,
  type RedirectPaymentProvider,
} from "./redirect-provider";

/**
 * The embedded payment providers (decision 53): a simulated PayPal and a simulated pay-in-4 provider that really work
 * on one machine and across restarts. Checkouts are rows of `simulated_payment_checkouts`, as a provider keeps them;
 * the shopper approves, cancels or declines on the simulator's page in the store's own app (/dev/paypal/checkout/…,
 * /dev/pay-in-4/checkout/…, routes/dev.$provider.checkout.$token.tsx), which sends the shopper back to the store's
 * return or cancel URL with the parameters the real provider adds. A capture happens once per checkout; a repeated
 * capture answers the same capture; a declined one stays declined.
 */

export type SimulatedCheckoutRow = typeof simulatedPaymentCheckouts.$inferSelect;
export type SimulatorDecision = "approve" | "cancel" | "decline";

/** The simulator's page for a checkout (on the store's own site, as the real provider's page is on its own). */
export function simulatedCheckoutPath(provider: PaymentProviderName, token: string): string {
  return `/dev/${provider}/checkout/${encodeURIComponent(token)}`;
}

/** Token shapes like the real providers': PayPal's 17-character order id, Afterpay's "002." tokens. */
function newToken(provider: PaymentProviderName): string {
  if (provider === "paypal") {
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    return Array.from(randomBytes(17), (byte) => alphabet[byte % alphabet.length]).join("");
  }
  return `002.${randomBytes(24).toString("base64url")}`;
}

const STATE_OF: Record<string, ProviderCheckoutState["status"]> = {
  created: "open",
  approved: "approved",
  declining: "approved",
  cancelled: "closed",
  declined: "closed",
  captured: "captured",
};

async function rowOf(db: Database, provider: PaymentProviderName, token: string) {
  const [row] = await db
    .select()
    .from(simulatedPaymentCheckouts)
    .where(and(eq(simulatedPaymentCheckouts.provider, provider), eq(simulatedPaymentCheckouts.token, token)));
  return row ?? null;
}

async function insertCheckout(
  db: Database,
  provider: PaymentProviderName,
  values: {
    kind: "checkout" | "agreement";
    requestId: string | null;
    amountCents: number;
    merchantReference: string;
    returnUrl: string;
    cancelUrl: string;
  },
): Promise<SimulatedCheckoutRow> {
  // The same request id gives the same checkout, as a provider's idempotency key does.
  const [inserted] = await db
    .insert(simulatedPaymentCheckouts)
    .values({ token: newToken(provider), provider, ...values })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(simulatedPaymentCheckouts)
    .where(
      and(eq(simulatedPaymentCheckouts.provider, provider), eq(simulatedPaymentCheckouts.requestId, values.requestId!)),
    );
  return existing!;
}

const validUrl = (url: string) => URL.canParse(url);

export function createSimulatedRedirectProvider(
  provider: PaymentProviderName,
  options: { db: Database },
): RedirectPaymentProvider {
  const { db } = options;
  return {
    async createCheckout(request) {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) return { ok: false, reason: "error" };
      if (!validUrl(request.returnUrl) || !validUrl(request.cancelUrl)) return { ok: false, reason: "error" };
      const row = await insertCheckout(db, provider, {
        kind: "checkout",
        requestId: request.requestId,
        amountCents: request.amountCents,
        merchantReference: request.merchantReference,
        returnUrl: request.returnUrl,
        cancelUrl: request.cancelUrl,
      });
      return { ok: true, token: row.token, redirectUrl: simulatedCheckoutPath(provider, row.token) };
    },

    async capture(token, requestId): Promise<CaptureResult> {
      const row = await rowOf(db, provider, token);
      if (!row || row.kind !== "checkout") return { ok: false, reason: "not-approved" };
      if (row.status === "declining") {
        await db
          .update(simulatedPaymentCheckouts)
          .set({ status: "declined", captureRequestId: requestId, updatedAt: new Date() })
          .where(and(eq(simulatedPaymentCheckouts.token, token), eq(simulatedPaymentCheckouts.status, "declining")));
        return { ok: false, reason: "declined" };
      }
      if (row.status === "approved") {
        // Once: of two captures at the same moment one updates the row, the other reads the capture it made.
        const captureId = `${provider === "paypal" ? "CAP" : "AP"}-${randomBytes(10).toString("hex").toUpperCase()}`;
        await db
          .update(simulatedPaymentCheckouts)
          .set({ status: "captured", captureId, captureRequestId: requestId, updatedAt: new Date() })
          .where(and(eq(simulatedPaymentCheckouts.token, token), eq(simulatedPaymentCheckouts.status, "approved")));
      }
      const settled = await rowOf(db, provider, token);
      // A checkout captured under another request id was paid for something else: it cannot pay again.
      if (settled?.status === "captured" && settled.captureId && settled.captureRequestId === requestId) {
        return { ok: true, captureId: settled.captureId, amountCents: settled.amountCents };
      }
      if (settled?.status === "declined") return { ok: false, reason: "declined" };
      return { ok: false, reason: "not-approved" };
    },

    async lookup(token) {
      const row = await rowOf(db, provider, token);
      if (!row) return null;
      const status = STATE_OF[row.status] ?? "closed";
      return status === "captured" && row.captureId
        ? { status, captureId: row.captureId }
        : { status: status === "captured" ? "closed" : status, captureId: null };
    },
  };
}

/** The simulated pay-in-4 provider: the shared simulator plus the spec's checkout request and billing agreements. */
export function createSimulatedPayIn4(options: { db: Database }): PayIn4Provider {
  const base = createSimulatedRedirectProvider("pay-in-4", options);
  const tokenFor = async (
    kind: "checkout" | "agreement",
    amountCents: number,
    request: { merchant: InstalmentCheckoutRequest["merchant"]; merchantReference: string },
    requestId: string | undefined,
  ): Promise<TokenResult> => {
    if (!validUrl(request.merchant.redirectConfirmUrl) || !validUrl(request.merchant.redirectCancelUrl)) {
      return { ok: false, reason: "invalid", message: "The merchant redirect URLs must be absolute URLs." };
    }
    const row = await insertCheckout(options.db, "pay-in-4", {
      kind,
      requestId: requestId ?? null,
      amountCents,
      merchantReference: request.merchantReference,
      returnUrl: request.merchant.redirectConfirmUrl,
      cancelUrl: request.merchant.redirectCancelUrl,
    });
    return {
      ok: true,
      token: row.token,
      expires: new Date(row.createdAt.getTime() + 3 * 3600_000).toISOString(),
      redirectCheckoutUrl: simulatedCheckoutPath("pay-in-4", row.token),
    };
  };
  return {
    ...base,
    async createInstalmentCheckout(request, requestId) {
      const cents = centsOf(request.amount.amount);
      if (!Number.isSafeInteger(cents) || cents <= 0 || request.amount.currency !== "USD") {
        return { ok: false, reason: "invalid", message: "The amount must be a positive amount in USD." };
      }
      return tokenFor("checkout", cents, request, requestId);
    },
    async createBillingAgreement(request: BillingAgreementRequest, requestId) {
      return tokenFor("agreement", 0, request, requestId);
    },

    async checkoutState(token): Promise<CheckoutTokenState | null> {
      const row = await rowOf(options.db, "pay-in-4", token);
      if (!row || row.kind !== "checkout") return null;
      const status = STATE_OF[row.status] ?? "closed";
      if (status === "approved") return { status, amountCents: row.amountCents };
      if (status === "captured") return row.captureId ? { status, captureId: row.captureId } : { status: "closed" };
      return { status };
    },

    // The simulated agreement's token is its approval token (as Afterpay's create call answers it): approved on the
    // simulator's page, it is active; "Decline" there approves it but declines the payments made against it.
    async createAgreement(approvalToken) {
      const row = await rowOf(options.db, "pay-in-4", approvalToken);
      if (!row || row.kind !== "agreement") return { ok: false, reason: "unknown" };
      if (row.status !== "approved" && row.status !== "declining") return { ok: false, reason: "not-approved" };
      return { ok: true, agreementToken: row.token };
    },

    async payWithAgreement(request: AgreementPaymentRequest) {
      const known = await agreementPayment(options.db, request.requestId);
      if (known) return agreementPaymentResult(known);
      const agreement = await rowOf(options.db, "pay-in-4", request.agreementToken);
      if (!agreement || agreement.kind !== "agreement") return { ok: false, reason: "not-approved" };
      if (agreement.status !== "approved" && agreement.status !== "declining") {
        return { ok: false, reason: "not-approved" };
      }
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) return { ok: false, reason: "error" };
      const approved = agreement.status === "approved";
      // Once per request id: of two payments at the same moment one inserts, the other reads what it made.
      await options.db
        .insert(simulatedAgreementPayments)
        .values({
          requestId: request.requestId,
          agreementToken: request.agreementToken,
          amountCents: request.amountCents,
          merchantReference: request.merchantReference,
          outcome: approved ? "approved" : "declined",
          paymentId: approved ? `AP-${randomBytes(10).toString("hex").toUpperCase()}` : null,
        })
        .onConflictDoNothing();
      return agreementPaymentResult((await agreementPayment(options.db, request.requestId))!);
    },
  };
}

async function agreementPayment(db: Database, requestId: string) {
  const [row] = await db
    .select()
    .from(simulatedAgreementPayments)
    .where(eq(simulatedAgreementPayments.requestId, requestId));
  return row ?? null;
}

function agreementPaymentResult(row: typeof simulatedAgreementPayments.$inferSelect): CaptureResult {
  return row.outcome === "approved" && row.paymentId
    ? { ok: true, captureId: row.paymentId, amountCents: row.amountCents }
    : { ok: false, reason: "declined" };
}

/** The simulator's page: the checkout it shows (null: no such checkout of this provider). */
export function simulatedCheckout(db: Database, provider: PaymentProviderName, token: string) {
  return rowOf(db, provider, token);
}

/**
 * The shopper's choice on the simulator's page, then where the provider sends the shopper: the return URL after an
 * approval (a decline is approved here and refused at capture, as a real funding failure is), the cancel URL after a
 * cancel, with the parameters the real provider adds. A choice made before stands (a resubmitted page changes nothing).
 */
export async function decideSimulatedCheckout(
  db: Database,
  provider: PaymentProviderName,
  token: string,
  decision: SimulatorDecision,
): Promise<string | null> {
  const status = decision === "approve" ? "approved" : decision === "decline" ? "declining" : "cancelled";
  await db
    .update(simulatedPaymentCheckouts)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(simulatedPaymentCheckouts.provider, provider),
        eq(simulatedPaymentCheckouts.token, token),
        eq(simulatedPaymentCheckouts.status, "created"),
      ),
    );
  const row = await rowOf(db, provider, token);
  if (!row) return null;
  const cancelled = row.status === "cancelled";
  const target = new URL(cancelled ? row.cancelUrl : row.returnUrl);
  if (provider === "paypal") {
    target.searchParams.set("token", row.token);
    if (!cancelled) target.searchParams.set("PayerID", "SIMULATEDPAYER1");
  } else {
    target.searchParams.set("orderToken", row.token);
    target.searchParams.set("status", cancelled ? "CANCELLED" : "SUCCESS");
  }
  return target.toString();
}
