import { data, Link } from "react-router";
import { OrderLineAmounts } from "~/components/orders/OrderLineAmounts";
import { TrackingFact } from "~/components/orders/TrackingNumber";
import { AddressLines } from "~/components/ui/AddressLines";
import { addressLines, type CountryCode } from "~/models/address";
import { awaitsPrescription, uploadRxPathFor } from "~/models/file-type";
import {
  HELD_ORDER_WORDS,
  heldGroupPrescriptionText,
  heldOrderExamPath,
  heldOrderNeed,
  isOrderOnHold,
} from "~/models/held-order";
import {
  businessDay,
  formatOrderDate,
  isOrderNumberShaped,
  orderDoctorLabel,
  orderLineView,
  placedOrderTotals,
  prescriptionStatusText,
  showsExpectedDelivery,
} from "~/models/order-status";
import type { PageHandle } from "~/models/page";
import { orderPaymentLabel } from "~/models/payment-options";
import { rebateFormPath } from "~/models/rebate-form";
import { RebateFormLink } from "~/components/orders/RebateFormLink";
import { formatDeliveryDate } from "~/models/shipping";
import { verificationNotice } from "~/models/verification";
import { signedInCustomer } from "~/services/accounts/auth/signed-in.server";
import { servicesContext } from "~/services/platform/context.server";
import { orderDetails, type OrderDetailsView } from "~/services/orders/order-history.server";
import { orderVerifications, type GroupVerification } from "~/services/prescriptions/verification.server";
import styles from "~/styles/orders.css?url";
import type { Route } from "./+types/order-history.$orderNumber";

export const handle: PageHandle = { pageName: "OrderDetails", headerType: "standard" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `Order ${data.orderNumber}` : "Order"} | Lenslane` },
  { name: "robots", content: "noindex" },
];

/** Signed-in only (spec 6); another customer's order is a 404, exactly like one that does not exist. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const customer = signedInCustomer(context);
  if (!isOrderNumberShaped(params.orderNumber)) throw data(null, { status: 404 });
  const { db } = context.get(servicesContext);
  const order = await orderDetails(db, customer.id, params.orderNumber);
  if (!order) throw data(null, { status: 404 });
  // Needs the order's id, which only the customer's own order gives.
  return detailsPage(order, await orderVerifications(db, order.id));
}

const dayLabel = (isoDate: string | null) => {
  const day = businessDay(isoDate);
  return day ? formatDeliveryDate(day) : null;
};

/** Only what the page shows, already in words and dollars. */
function detailsPage(order: OrderDetailsView, verifications: ReadonlyMap<number, GroupVerification>) {
  const totals = placedOrderTotals(order.totals, `Shipping (${order.shippingMethodLabel})`);
  const statuses = order.groups.map((group) => group.prescriptionStatus);
  // Held (held-order.ts): the status says what it needs, its groups too, and there is no delivery date.
  const held = isOrderOnHold(order.statusCode);
  const heldForPrescription = held && heldOrderNeed(statuses) === "prescription";
  return {
    orderNumber: order.orderNumber,
    orderDate: formatOrderDate(order.orderTakenDate),
    status: order.status,
    statusClass: held ? "on-hold" : order.status.toLowerCase(),
    statusLabel: order.statusLabel,
    statusMessage: order.statusMessage,
    // An order waiting for its prescription asks for it here too (as the thank-you page and the e-mail do); one held
    // for a current, valid prescription offers the banner's two ways to send it (recapture).
    uploadPath: awaitsPrescription(statuses) || heldForPrescription ? uploadRxPathFor(order.orderNumber) : null,
    examPath: heldForPrescription ? heldOrderExamPath(order.orderNumber) : null,
    expectedDelivery: showsExpectedDelivery({ statusCode: order.statusCode, deliveredAt: order.deliveredDate })
      ? dayLabel(order.expectedDeliveryDate)
      : null,
    delivered: dayLabel(order.deliveredDate),
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    shippingMethod: order.shippingMethodLabel,
    address: addressLines({ ...order.shippingAddress, country: order.shippingAddress.country as CountryCode }),
    payment: orderPaymentLabel(order.payment),
    groups: order.groups.map((group) => ({
      id: group.id,
      patient: group.patient ? `${group.patient.firstName} ${group.patient.lastName}` : null,
      doctor: orderDoctorLabel(group.doctor),
      prescription:
        (held ? heldGroupPrescriptionText(group.prescriptionStatus) : null) ??
        prescriptionStatusText(group.prescriptionStatus),
      // Where verification with the doctor stands (decision 30).
      verification: verificationNoticeOf(group, verifications.get(group.id)),
      lines: group.lines.map((line) => {
        const view = orderLineView(line);
        return { ...view, parameters: view.parameters.join(", ") };
      }),
    })),
    totals: totals.rows,
    total: totals.total,
    credit: totals.credit,
    rebates: totals.rebates,
    rebateFormPath: rebateFormPath({ orderNumber: order.orderNumber, rebateTotal: order.totals.rebateTotal }),
    couponCode: order.couponCode,
  };
}

function verificationNoticeOf(group: OrderDetailsView["groups"][number], verification: GroupVerification | undefined) {
  if (!verification) return null;
  return verificationNotice({ state: verification.state, doctor: group.doctor, deadlineAt: verification.deadlineAt });
}

export default function OrderDetailsPage({ loaderData: order }: Route.ComponentProps) {
  return (
    <section className="orders-page">
      <p>
        <Link to="/account/order-history">← All orders</Link>
      </p>
      <div className="order-card-head">
        <h1>
          Order <span className="order-number">{order.orderNumber}</span>
        </h1>
        <span className={`order-status order-status-${order.statusClass}`} data-testid="order-status">
          {order.statusLabel}
        </span>
      </div>
      <p className="order-message" data-testid="order-message">
        {order.statusMessage}
      </p>
      {order.examPath && order.uploadPath ? (
        <p className="order-actions" data-testid="held-order-actions">
          <Link to={order.examPath} className="button button-primary">
            {HELD_ORDER_WORDS.renew}
          </Link>{" "}
          <Link to={order.uploadPath} className="button">
            {HELD_ORDER_WORDS.upload}
          </Link>
        </p>
      ) : order.uploadPath ? (
        <section className="order-section" aria-labelledby="order-upload-rx" data-testid="upload-rx-notice">
          <h2 id="order-upload-rx">We need your prescription</h2>
          <p>Upload a photo of your prescription so we can send your lenses.</p>
          <p>
            <Link to={order.uploadPath} className="button button-primary">
              Upload Rx
            </Link>
          </p>
        </section>
      ) : null}
      <dl className="order-facts">
        <div>
          <dt>Placed</dt>
          <dd>{order.orderDate}</dd>
        </div>
        {order.expectedDelivery ? (
          <div>
            <dt>Expected delivery</dt>
            <dd>{order.expectedDelivery}</dd>
          </div>
        ) : null}
        {order.delivered ? (
          <div>
            <dt>Delivered</dt>
            <dd>{order.delivered}</dd>
          </div>
        ) : null}
        <TrackingFact number={order.trackingNumber} url={order.trackingUrl} />
      </dl>

      {order.groups.map((group, index) => (
        <section key={group.id} className="order-section" aria-labelledby={`order-group-${group.id}`}>
          <h2 id={`order-group-${group.id}`}>
            {group.patient ?? (order.groups.length > 1 ? `Items ${index + 1}` : "Items")}
          </h2>
          {group.doctor || group.prescription ? (
            <dl className="order-facts">
              {group.doctor ? (
                <div>
                  <dt>Doctor</dt>
                  <dd>{group.doctor}</dd>
                </div>
              ) : null}
              {group.prescription ? (
                <div>
                  <dt>Prescription</dt>
                  <dd>{group.prescription}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          {group.verification ? (
            <p
              className={`order-verification order-verification-${group.verification.tone}`}
              data-testid="verification-notice"
            >
              {group.verification.text}
            </p>
          ) : null}
          <ul className="order-lines">
            {group.lines.map((line) => (
              <li key={line.id} className="order-line" data-testid="order-line">
                <div>
                  <p>
                    {line.eye ? <strong>{line.eye}: </strong> : null}
                    {line.productName}
                  </p>
                  {line.parameters ? <p className="order-line-parameters">{line.parameters}</p> : null}
                </div>
                <OrderLineAmounts line={line} />
              </li>
            ))}
          </ul>
        </section>
      ))}

      <div className="order-columns">
        <section className="order-section" aria-labelledby="order-shipping">
          <h2 id="order-shipping">Shipping</h2>
          <address>
            <AddressLines lines={order.address} />
          </address>
          <p>{order.shippingMethod}</p>
        </section>
        <section className="order-section" aria-labelledby="order-payment">
          <h2 id="order-payment">Payment</h2>
          <p>{order.payment}</p>
          <table className="order-totals">
            <tbody>
              {order.totals.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.amount}</td>
                </tr>
              ))}
              <tr className="order-total">
                <th scope="row">Total</th>
                <td>{order.total}</td>
              </tr>
              {order.credit ? (
                <>
                  <tr>
                    <th scope="row">Store credit</th>
                    <td>{order.credit.used}</td>
                  </tr>
                  <tr>
                    <th scope="row">Charged to card</th>
                    <td>{order.credit.charged}</td>
                  </tr>
                </>
              ) : null}
            </tbody>
          </table>
          {order.couponCode ? <p>Coupon {order.couponCode}</p> : null}
          {order.rebates ? <p>Mail-in rebates of {order.rebates} are paid back after the order.</p> : null}
          <RebateFormLink path={order.rebateFormPath} orderNumber={order.orderNumber} />
        </section>
      </div>
    </section>
  );
}
