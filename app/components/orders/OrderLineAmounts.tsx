/** What a placed line's money reads as (orderLineView in app/models/order-status.ts). */
export interface OrderLineMoney {
  /** "2 × $42.99 = $85.98" */
  amount: string;
  /** "−$12.90", or null when the line had no discount. */
  discount: string | null;
  /** "$73.08" */
  total: string;
}

/**
 * A placed line's money, one paragraph per amount so a text browser reads it in order without CSS: the boxes at
 * their price, then (when the line had one) its discount and what the line came to.
 */
export function OrderLineAmounts({ line }: { line: OrderLineMoney }) {
  return (
    <div className="order-line-amounts" data-testid="order-line-amounts">
      <p>{line.amount}</p>
      {line.discount ? (
        <>
          <p className="order-line-discount">Discount {line.discount}</p>
          <p className="order-line-total">Item total {line.total}</p>
        </>
      ) : null}
    </div>
  );
}
