import type { SubmissionResult } from "@conform-to/react";
import { useSubmit } from "react-router";
import { ApplePayButton } from "~/components/account/ApplePayButton";
import { CARD_MESSAGES } from "~/models/card";
import type { BillingDefaults, CardChoice } from "~/models/card-choice";
import { formatCents } from "~/models/catalog";
import type { PaymentOptions } from "~/models/payment-options";
import { CardForm } from "./CardForm";
import { InstalmentNote } from "./InstalmentNote";
import { PlaceOrderForm } from "./PlaceOrderForm";
import { ProviderPaymentForms } from "./ProviderPaymentForms";

/** A failed checkout form's answer, as the page's action gives it. */
export interface CheckoutFormResult {
  form: string;
  result: SubmissionResult<string[]>;
  enteredLastFour: string | null;
}

/**
 * Checkout's payment section: the saved cards and pay-in-4 methods with 'Place order', a new card's form, the wallet
 * button, and the providers' own checkouts (PayPal, Pay Later, pay in 4). Each form posts to the checkout page.
 */
export function CheckoutPayment({
  cards,
  payIn4Methods,
  selectedCardId,
  idempotencyKey,
  totalCents,
  options,
  applePayOn,
  showCardForm,
  cardLocked,
  billingDefaults,
  yearOptions,
  actionData,
}: {
  cards: CardChoice[];
  payIn4Methods: CardChoice[];
  selectedCardId: number | null;
  idempotencyKey: string;
  totalCents: number;
  options: PaymentOptions;
  applePayOn: boolean;
  showCardForm: boolean;
  cardLocked: boolean;
  billingDefaults: BillingDefaults;
  yearOptions: number[];
  actionData: CheckoutFormResult | undefined;
}) {
  const cardResult = actionData?.form === "card" ? actionData : null;
  const choices = [...cards, ...payIn4Methods];
  const submit = useSubmit();
  return (
    <section className="checkout-section" aria-labelledby="payment-heading">
      <h2 id="payment-heading">Payment</h2>
      {choices.some((choice) => !choice.expired) ? (
        <PlaceOrderForm
          cards={choices}
          selectedId={selectedCardId}
          idempotencyKey={idempotencyKey}
          totalLabel={formatCents(totalCents)}
          lastResult={actionData?.form === "order" ? actionData.result : undefined}
        />
      ) : (
        <p className="checkout-no-card">Add a card to place your order. It is saved securely for next time.</p>
      )}
      <InstalmentNote payIn4={options.payIn4} />
      {showCardForm || cardResult !== null ? (
        <CardForm
          lastResult={cardResult?.result}
          enteredLastFour={cardResult?.enteredLastFour ?? null}
          billingDefaults={billingDefaults}
          yearOptions={yearOptions}
          locked={cardLocked}
          lockedMessage={CARD_MESSAGES.tooManyAttempts}
          cancelable={cards.length > 0}
        />
      ) : null}
      <ApplePayButton
        switchedOn={applePayOn}
        totalCents={totalCents}
        onSaved={(paymentMethodId) =>
          submit(
            { intent: "place-order", idempotencyKey, paymentMethodId: String(paymentMethodId) },
            { method: "post" },
          )
        }
      />
      <ProviderPaymentForms
        paypal={options.paypal}
        payLater={options.payLater}
        payIn4={options.payIn4}
        idempotencyKey={idempotencyKey}
        error={actionData?.form === "provider" ? (actionData.result.error?.[""]?.[0] ?? null) : null}
      />
    </section>
  );
}
