import { useState, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";
import {
  APPLE_PAY_CURRENCY,
  APPLE_PAY_MESSAGES,
  APPLE_PAY_METHOD,
  APPLE_PAY_REQUEST,
  isApplePayOffered,
  type BrowserPaymentSupport,
} from "~/models/apple-pay";

const RESOURCE = "/resources/apple-pay";
const noSubscription = () => () => {};

/** What this browser offers; null on the server (and so without JavaScript, which never runs this). */
function browserSupport(): BrowserPaymentSupport | null {
  const session = (window as unknown as { ApplePaySession?: { canMakePayments?: () => boolean } }).ApplePaySession;
  let canMakePayments = false;
  try {
    canMakePayments = Boolean(session?.canMakePayments?.());
  } catch {
    canMakePayments = false;
  }
  return { hasApplePaySession: Boolean(session), canMakePayments, hasPaymentRequest: "PaymentRequest" in window };
}

const post = (body: unknown) =>
  fetch(RESOURCE, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/**
 * 'Add Apple Pay' (issue 27): rendered only on an Apple platform with JavaScript while the switch is on; nothing in
 * the server's HTML, so without JavaScript and on other platforms it is simply not there. The Payment Request API
 * runs the sheet: the merchant is validated by the store's payment adapter, the authorized payment's token is saved
 * as an Apple Pay card, and the list reloads.
 */
export function ApplePayButton({
  switchedOn,
  totalCents = 0,
  onSaved,
}: {
  switchedOn: boolean;
  /** What the sheet shows as the total: the order's at checkout, nothing when only adding Apple Pay. */
  totalCents?: number;
  /** At checkout: the saved method pays the order (the page places it with this id). Otherwise the list reloads. */
  onSaved?: (paymentMethodId: number) => void;
}) {
  const offered = useSyncExternalStore(
    noSubscription,
    () => isApplePayOffered(browserSupport(), switchedOn),
    () => false,
  );
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<string | null>(null);
  if (!offered) return null;

  async function pay() {
    setMessage(null);
    const request = new PaymentRequest([{ supportedMethods: APPLE_PAY_METHOD, data: APPLE_PAY_REQUEST }], {
      total: { label: "Lenslane", amount: { currency: APPLE_PAY_CURRENCY, value: (totalCents / 100).toFixed(2) } },
    });
    // A merchant validation failure aborts the session (spec 3 §4).
    (
      request as PaymentRequest & { onmerchantvalidation?: (event: MerchantValidationEvent) => void }
    ).onmerchantvalidation = (event) => {
      event.complete(
        post({ step: "validate-merchant", validationURL: event.validationURL }).then(async (response) => {
          if (!response.ok) {
            setMessage(APPLE_PAY_MESSAGES.merchant);
            void request.abort().catch(() => undefined);
            throw new Error("merchant validation refused");
          }
          return response.json();
        }),
      );
    };
    let response: PaymentResponse;
    try {
      response = await request.show();
    } catch {
      // Cancelled (or aborted): nothing to save.
      return;
    }
    const saved = await post({
      step: "authorize",
      token: response.details?.token ?? response.details,
      payerName: response.payerName ?? undefined,
      postalCode: response.shippingAddress?.postalCode ?? undefined,
    }).catch(() => null);
    const answer = saved?.ok ? ((await saved.json().catch(() => null)) as { paymentMethodId?: number } | null) : null;
    await response.complete(answer ? "success" : "fail");
    if (!answer) setMessage(APPLE_PAY_MESSAGES.failed);
    else if (onSaved && typeof answer.paymentMethodId === "number") onSaved(answer.paymentMethodId);
    else void revalidator.revalidate();
  }

  return (
    <section className="account-section" aria-labelledby="apple-pay-title">
      <h2 id="apple-pay-title">Apple Pay</h2>
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
      <button type="button" className="button apple-pay-button" onClick={() => void pay()}>
        {onSaved ? "Pay with Apple Pay" : "Add Apple Pay"}
      </button>
    </section>
  );
}

/** The merchant validation event of Safari's Payment Request API (not in TypeScript's DOM types). */
interface MerchantValidationEvent extends Event {
  validationURL: string;
  complete(merchantSession: Promise<unknown>): void;
}
