import { Form } from "react-router";
import { formatCents } from "~/models/catalog";

/**
 * The simulated payment provider's page (decision 53): what PayPal's or the pay-in-4 provider's own page does, in the
 * store's app outside production. Approve, Cancel and Decline are buttons of one plain form; the action sends the
 * shopper back to the store exactly as the real provider would. A pay-in-4 billing agreement (decision 57) has no
 * amount: approving it lets the store take later payments; "Decline" approves it but declines those payments, so a
 * developer can see a declined agreement payment at checkout.
 */
export function SimulatedProviderPage({
  providerName,
  agreement = false,
  amountCents,
  instalments,
  merchantReference,
  status,
}: {
  providerName: string;
  /** A billing agreement (no amount) rather than a checkout. */
  agreement?: boolean;
  amountCents: number;
  /** Pay in 4's payments ("4 payments of $12.50"); null for PayPal. */
  instalments: string | null;
  merchantReference: string;
  status: string;
}) {
  const open = status === "created";
  return (
    <section className="simulated-provider">
      <h1>{providerName} (simulated)</h1>
      <p>
        This page stands in for {providerName} outside production. Nothing is charged; the store captures the payment
        when you come back, as it would with {providerName}.
      </p>
      <dl>
        {agreement ? (
          <>
            <dt>Billing agreement</dt>
            <dd data-testid="simulated-agreement">Lenslane may take later payments in 4 with {providerName}</dd>
          </>
        ) : (
          <>
            <dt>Pay Lenslane</dt>
            <dd data-testid="simulated-amount">{formatCents(amountCents)}</dd>
          </>
        )}
        {instalments && !agreement ? (
          <>
            <dt>Your plan</dt>
            <dd>{instalments}</dd>
          </>
        ) : null}
        <dt>{agreement ? "Reference" : "Order"}</dt>
        <dd>{merchantReference}</dd>
      </dl>
      {open ? null : <p>This payment was already {status}. Continuing returns you to the store.</p>}
      <Form method="post">
        <button type="submit" name="decision" value="approve" className="button button-primary">
          Approve
        </button>{" "}
        <button type="submit" name="decision" value="cancel" className="button">
          Cancel
        </button>{" "}
        <button type="submit" name="decision" value="decline" className="button">
          {agreement ? "Approve, but decline its payments" : "Decline"}
        </button>
      </Form>
    </section>
  );
}
