import { Form } from "react-router";
import { FieldError } from "~/components/forms/FieldError";
import { StatusButton } from "~/components/forms/StatusButton";
import { PROVIDER_OPTION_LABELS, type InstalmentAvailability, type ProviderOption } from "~/models/payment-options";

/**
 * Paying through a provider's page (decision 53): one small form per option, each a plain POST with the page's
 * idempotency key, so it works without JavaScript; the action reserves the order and redirects to the provider.
 * Pay in 4 shows its 4 payments, or why it is not available. The fields are hidden (nothing to type), so the
 * action's answer (a refused option, the provider unreachable) is the only error to show.
 */
export function ProviderPaymentForms({
  paypal,
  payLater,
  payIn4,
  idempotencyKey,
  error,
}: {
  paypal: boolean;
  payLater: boolean;
  payIn4: InstalmentAvailability;
  idempotencyKey: string;
  error: string | null;
}) {
  const option = (payWith: ProviderOption, label: string, note?: string) => (
    <li key={payWith}>
      <Form method="post" className="provider-payment-form" data-testid={`pay-with-${payWith}`}>
        <input type="hidden" name="intent" value="pay-with-provider" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="payWith" value={payWith} />
        {note ? <p className="provider-payment-note">{note}</p> : null}
        <StatusButton intent="pay-with-provider" pendingText="Taking you to pay…" className="button">
          {label}
        </StatusButton>
      </Form>
    </li>
  );
  return (
    <section className="provider-payments" aria-labelledby="provider-payments-heading">
      <h3 id="provider-payments-heading">Or pay another way</h3>
      <FieldError as="p" errors={error} id="provider-payment-error" data-testid="provider-payment-error" />
      <ul className="provider-payment-list">
        {paypal ? option("paypal", `Pay with ${PROVIDER_OPTION_LABELS.paypal}`) : null}
        {payLater ? option("paypal-pay-later", `Pay later with ${PROVIDER_OPTION_LABELS.paypal}`) : null}
        {payIn4.available ? (
          option("pay-in-4", PROVIDER_OPTION_LABELS["pay-in-4"], `${payIn4.label}, interest-free.`)
        ) : (
          <li>
            <p className="provider-payment-note" data-testid="pay-in-4-unavailable">
              Pay in 4 with Afterpay: {payIn4.message}
            </p>
          </li>
        )}
      </ul>
    </section>
  );
}
