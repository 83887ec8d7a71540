import { OrderLineAmounts, type OrderLineMoney } from "../orders/OrderLineAmounts";
import { AddressLines } from "../ui/AddressLines";

/** What a placed order holds, as the thank-you page shows it (values already formatted by the loader). */
export interface PlacedOrderView {
  address: string[];
  payment: string;
  groups: Array<{
    id: number;
    heading: string;
    doctor: string | null;
    prescription: string | null;
    lines: Array<
      OrderLineMoney & {
        id: number;
        eye: string | null;
        productName: string;
        parameters: string;
      }
    >;
  }>;
  totals: Array<{ label: string; amount: string }>;
  total: string;
  credit: { used: string; charged: string } | null;
  rebates: string | null;
}

export function PlacedOrderSummary({ order }: { order: PlacedOrderView }) {
  return (
    <div className="checkout-layout">
      <div className="checkout-main">
        <section className="checkout-section" aria-labelledby="placed-items-heading">
          <h2 id="placed-items-heading">Your order</h2>
          {order.groups.map((group) => (
            <section key={group.id} className="checkout-group" aria-label={group.heading} data-testid="placed-group">
              <h3>{group.heading}</h3>
              {group.doctor ? <p className="checkout-group-doctor">Doctor: {group.doctor}</p> : null}
              {group.prescription ? <p className="checkout-group-rx">Prescription: {group.prescription}</p> : null}
              <ul className="checkout-items">
                {group.lines.map((line) => (
                  <li key={line.id} className="checkout-item" data-testid="placed-line">
                    <span />
                    <div className="checkout-item-text placed-item-text">
                      <p className="checkout-item-name">
                        {line.eye ? `${line.eye}: ` : ""}
                        {line.productName}
                      </p>
                      {line.parameters ? <p className="checkout-item-parameters">{line.parameters}</p> : null}
                    </div>
                    <OrderLineAmounts line={line} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      </div>
      <aside className="checkout-side">
        <section className="order-summary" aria-labelledby="placed-total-heading">
          <h2 id="placed-total-heading">Order total</h2>
          <dl>
            {order.totals.map((row) => (
              <div key={row.label} className="summary-row">
                <dt>{row.label}</dt>
                <dd>{row.amount}</dd>
              </div>
            ))}
            <div className="summary-row summary-row-strong" data-testid="placed-total">
              <dt>Total</dt>
              <dd>{order.total}</dd>
            </div>
            {order.credit ? (
              <>
                <div className="summary-row">
                  <dt>Store credit</dt>
                  <dd>{order.credit.used}</dd>
                </div>
                <div className="summary-row">
                  <dt>Charged to card</dt>
                  <dd>{order.credit.charged}</dd>
                </div>
              </>
            ) : null}
            {order.rebates ? (
              <div className="summary-row">
                <dt>Mail-in rebates</dt>
                <dd>−{order.rebates}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        <section className="checkout-section" aria-labelledby="placed-address-heading">
          <h2 id="placed-address-heading">Shipping to</h2>
          <address className="checkout-address">
            <AddressLines lines={order.address} />
          </address>
          <p>Paid with {order.payment}</p>
        </section>
      </aside>
    </div>
  );
}
