import { formatCents } from "~/models/catalog";
import type { OrderSummary as Summary } from "~/models/order-summary";
import { FREE_SHIPPING_LABEL } from "~/models/shipping";

/** The order summary: what the shopper pays and why, line by line. */
export function OrderSummary({ summary, taxKnown }: { summary: Summary; taxKnown: boolean }) {
  return (
    <section className="order-summary" aria-labelledby="summary-heading" data-testid="order-summary">
      <h2 id="summary-heading">Order summary</h2>
      <dl>
        <Row label="Subtotal" value={formatCents(summary.subTotal)} testId="summary-subtotal" />
        {summary.discountAmount > 0 ? (
          <Row label="Discounts" value={`−${formatCents(summary.discountAmount)}`} testId="summary-discount" />
        ) : null}
        <Row
          label="Shipping"
          value={summary.shipping === 0 ? FREE_SHIPPING_LABEL : formatCents(summary.shipping)}
          testId="summary-shipping"
        />
        <Row
          label="Estimated tax"
          value={taxKnown ? formatCents(summary.taxAmount) : "Calculated at checkout"}
          testId="summary-tax"
        />
        {summary.insuranceBenefitsTotal > 0 ? (
          <Row
            label="Insurance benefits"
            value={`−${formatCents(summary.insuranceBenefitsTotal)}`}
            testId="summary-insurance"
          />
        ) : null}
        <Row label="Total" value={formatCents(summary.totalAmount)} testId="summary-total" strong />
        {summary.customerCredits > 0 ? (
          <>
            <Row
              label="Store credit"
              value={`−${formatCents(Math.min(summary.customerCredits, summary.totalAmount))}`}
            />
            <Row label="To pay" value={formatCents(summary.totalAfterCredits)} strong />
          </>
        ) : null}
        {summary.rebateTotal > 0 ? (
          <>
            <Row label="Mail-in rebates" value={`−${formatCents(summary.rebateTotal)}`} testId="summary-rebates" />
            <Row
              label="Total after rebates"
              value={formatCents(summary.totalAfterRebates)}
              testId="summary-after-rebates"
            />
          </>
        ) : null}
      </dl>
    </section>
  );
}

function Row({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <div className={strong ? "summary-row summary-row-strong" : "summary-row"} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
