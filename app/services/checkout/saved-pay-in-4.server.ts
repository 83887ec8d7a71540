import { CARD_MESSAGES } from "~/models/card";
import type { OrderPlan } from "~/models/order-plan";
import { payIn4AmountMismatch, PROVIDER_MESSAGES } from "~/models/payment-options";
import type { PayIn4Provider } from "../adapters/pay-in-4/pay-in-4-provider";
import type { CaptureResult } from "../adapters/payments/redirect-provider";

/**
 * The charge step of an order paid with a saved pay-in-4 method (decision 57), in place of the card's charge in
 * place-order's reserve → charge → confirm (decision 29). No redirect: an approved checkout token is captured for the
 * order, and a billing agreement is paid against for the order's amount. Either call carries the order's payment key
 * as the provider's request id, so a replay (a resubmitted form, a twin request, the recovery job) gets the same
 * payment back, never a second one.
 */

export interface SavedPayIn4Order {
  orderNumber: string;
  /** The method's token: the checkout token, or the billing agreement's token. */
  token: string;
  chargeCents: number;
  savedPayIn4: NonNullable<OrderPlan["savedPayIn4"]>;
}

export type SavedPayIn4Charge =
  | { ok: true; chargeId: string }
  /** Nothing was taken (refused before, or by, the provider): the reservation is to be given back. */
  | { ok: false; release: true; reason: "declined" | "payment-method" | "payment-error"; message: string }
  /** No answer: the outcome is unknown, so the order stays pending for a replay or the recovery job. */
  | { ok: false; release: false };

const declined = { ok: false, release: true, reason: "declined", message: PROVIDER_MESSAGES.declined } as const;
const unknown = { ok: false, release: false } as const;

export async function chargeSavedPayIn4(
  payIn4: PayIn4Provider | undefined,
  order: SavedPayIn4Order,
  requestId: string,
): Promise<SavedPayIn4Charge> {
  if (!payIn4) {
    return { ok: false, release: true, reason: "payment-error", message: CARD_MESSAGES.paymentUnavailable };
  }
  let result: CaptureResult;
  if (order.savedPayIn4.kind === "AfterpayBillingAgreement") {
    result = await payIn4.payWithAgreement({
      agreementToken: order.token,
      amountCents: order.chargeCents,
      requestId,
      merchantReference: order.orderNumber,
    });
  } else {
    // A checkout is captured whole, for the amount the shopper approved: it must be this order's.
    let state: Awaited<ReturnType<PayIn4Provider["checkoutState"]>>;
    try {
      state = await payIn4.checkoutState(order.token);
    } catch {
      return unknown;
    }
    if (state?.status === "approved" && state.amountCents !== order.chargeCents) {
      return {
        ok: false,
        release: true,
        reason: "payment-method",
        message: payIn4AmountMismatch(state.amountCents, order.chargeCents),
      };
    }
    // Captured already: perhaps by this order's twin, whose capture the same request id answers (or refuses).
    if (state?.status !== "approved" && state?.status !== "captured") return declined;
    result = await payIn4.capture(order.token, requestId);
  }
  if (result.ok) return { ok: true, chargeId: result.captureId };
  return result.reason === "error" ? unknown : declined;
}
