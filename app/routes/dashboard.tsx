import { groupHeading } from "~/models/line-item-group";
import { DateTime } from "luxon";
import { Link } from "react-router";
import { TrackingFact } from "~/components/orders/TrackingNumber";
import { uploadRxPathFor } from "~/models/file-type";
import { UPLOAD_RX_PATH } from "~/models/funnel";
import { HELD_ORDER_WORDS, heldOrderExamPath } from "~/models/held-order";
import type { PageHandle } from "~/models/page";
import { expiringHeadline, expiryView, prescriptionPath } from "~/models/prescriptions";
import { EXAM_PATH, REORDER_PATH } from "~/models/reorder";
import { BRAND_FINDER_LINK, myAccountLinks, RAPID_REORDER_LINK, reorderTheseText } from "~/models/shell-links";
import { businessToday, formatReorderDate } from "~/models/subscription";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import { lastOrderView, type LastOrderView } from "~/services/orders/last-order.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { expiringPrescriptions } from "~/services/prescriptions/prescription-records.server";
import { listSubscriptions } from "~/services/subscriptions/subscriptions.server";
import ordersStyles from "~/styles/orders.css?url";
import styles from "~/styles/reorder.css?url";
import type { Route } from "./+types/dashboard";

export const handle: PageHandle = { pageName: "Dashboard", headerType: "standard" };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: ordersStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: Route.MetaFunction = () => [
  { title: "My dashboard | Lenslane" },
  { name: "robots", content: "noindex" },
];

/**
 * The account home (signed in only): the last order (status, expected delivery, tracking; once old, an invitation
 * to reorder), subscriptions with their next dates, prescriptions expiring soon, and the account's quick links. The
 * recapture banner, when a held order needs its prescription, is the shell's (root.tsx) and shows here too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const { db, logger } = context.get(servicesContext);
  const { hasSubscriptions } = context.get(visitorContext);
  const now = new Date();
  const [lastOrder, subscriptions, expiring] = await Promise.all([
    lastOrderView(db, customer.id, logger, DateTime.fromJSDate(now)),
    hasSubscriptions ? listSubscriptions(db, customer.id, now) : [],
    expiringPrescriptions(db, customer.id, now),
  ]);
  const today = businessToday(now);
  return {
    firstName: customer.firstName,
    email: customer.email,
    hasPassword: customer.hasPassword,
    lastOrder,
    subscriptions: subscriptions.map((subscription) => ({
      id: subscription.id,
      heading: groupHeading(subscription.type, subscription.patient),
      items: subscription.items
        .filter((item) => item.quantity > 0)
        .map((item) => `${item.quantity} × ${item.productName}`)
        .join(", "),
      frequency: subscription.frequencyLabel,
      nextReorderDate: formatReorderDate(subscription.nextReorderDate),
    })),
    expiringPrescriptions: expiring.flatMap((row) =>
      row.expirationDate
        ? [
            {
              id: row.id,
              headline: expiringHeadline(row.patientFirstName, row.expirationDate),
              badge: expiryView(row.expirationDate, today).badge,
              href: `${prescriptionPath(row.id)}#order-again-${row.id}`,
            },
          ]
        : [],
    ),
    // The account's pages, then the brand finder (decision 43).
    links: [...myAccountLinks(hasSubscriptions).filter((link) => link.url !== "/dashboard"), BRAND_FINDER_LINK],
  };
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { lastOrder, subscriptions, expiringPrescriptions } = loaderData;
  return (
    <section className="orders-page dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{loaderData.firstName ? `Hi, ${loaderData.firstName}` : "Welcome back"}</h1>
      <p>Signed in as {loaderData.email}.</p>
      {loaderData.hasPassword ? null : (
        <p className="notice">
          You check out as a guest with e-mailed codes. <Link to="/account/settings#password">Set a password</Link> to
          sign in faster next time.
        </p>
      )}

      <section className="dashboard-section" aria-labelledby="last-order-title" data-testid="dashboard-last-order">
        <h2 id="last-order-title">Your last order</h2>
        {lastOrder ? (
          <LastOrder order={lastOrder} />
        ) : (
          <p>
            You haven&apos;t placed an order yet. <Link to="/lenses">Shop contact lenses</Link>
          </p>
        )}
      </section>

      {subscriptions.length > 0 ? (
        <section
          className="dashboard-section"
          aria-labelledby="subscriptions-title"
          data-testid="dashboard-subscriptions"
        >
          <h2 id="subscriptions-title">Your subscriptions</h2>
          <ul className="dashboard-list">
            {subscriptions.map((subscription) => (
              <li key={subscription.id} className="order-card">
                <p>
                  <strong>{subscription.heading}</strong>: {subscription.items}, {subscription.frequency}.
                </p>
                <p>
                  Next order: {subscription.nextReorderDate}.{" "}
                  <Link to={`/account/subscriptions/${subscription.id}`}>Manage this subscription</Link>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {expiringPrescriptions.length > 0 ? (
        <section className="dashboard-section" aria-labelledby="expiring-title" data-testid="dashboard-expiring">
          <h2 id="expiring-title">Prescriptions expiring soon</h2>
          <ul className="dashboard-list">
            {expiringPrescriptions.map((prescription) => (
              <li key={prescription.id} className="order-card">
                <p>
                  <strong>{prescription.headline}.</strong> {prescription.badge}
                </p>
                <p>
                  <Link to={prescription.href}>Order again with this prescription</Link> ·{" "}
                  <Link to={UPLOAD_RX_PATH}>Upload a new prescription</Link> ·{" "}
                  <Link to={EXAM_PATH}>Take the online eye exam</Link>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="dashboard-section" aria-labelledby="quick-links-title">
        <h2 id="quick-links-title">Quick links</h2>
        <ul className="tile-grid">
          {loaderData.links.map((link) => (
            <li key={link.url}>
              <Link to={link.url} className="tile">
                <strong>{link.text}</strong>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

/**
 * The last-order view: status and delivery while it is on its way; once old (spec 2 §4), the invitation to reorder.
 * A held order says what it needs, with the banner's two ways to send it, and no delivery date (held-order.ts).
 */
function LastOrder({ order }: { order: LastOrderView }) {
  const isLensOrder = order.lensProductIds.length > 0;
  return (
    <div className="order-card" data-order={order.orderNumber}>
      <p>
        <Link to={order.href}>Order {order.orderNumber}</Link>, placed {order.orderedOn}
        {order.product ? ` (${order.product.productName})` : ""}.
      </p>
      {/* The label and the message are blocks of their own, so a text browser does not run them together. */}
      <div className="order-status-line">
        <p
          className={`order-status ${order.isOnHold ? "order-status-on-hold" : "order-status-processing"}`}
          data-testid="last-order-status"
        >
          {order.statusLabel}
        </p>
        <p className="order-message" data-testid="last-order-message">
          {order.statusMessage}
        </p>
      </div>
      {order.isOld ? (
        <p>
          Running low? <Link to={REORDER_PATH}>Reorder your lenses</Link>
        </p>
      ) : order.expectedDelivery || order.trackingNumber ? (
        <dl className="order-facts">
          {order.expectedDelivery ? (
            <div>
              <dt>Expected delivery</dt>
              <dd data-testid="last-order-delivery">{order.expectedDelivery}</dd>
            </div>
          ) : null}
          <TrackingFact number={order.trackingNumber} url={order.trackingUrl} />
        </dl>
      ) : null}
      {order.isOnHold ? (
        <p className="order-actions" data-testid="last-order-held-actions">
          <Link to={heldOrderExamPath(order.orderNumber)} className="button button-primary">
            {HELD_ORDER_WORDS.renew}
          </Link>{" "}
          <Link to={uploadRxPathFor(order.orderNumber)} className="button">
            {HELD_ORDER_WORDS.upload}
          </Link>
        </p>
      ) : order.isExamNeeded ? (
        <p>
          We still need a prescription for this order.{" "}
          <Link to={`${UPLOAD_RX_PATH}?oid=${encodeURIComponent(order.orderNumber)}`}>Upload your prescription</Link> or{" "}
          <Link to={EXAM_PATH}>take the online eye exam</Link>.
        </p>
      ) : (
        <p>
          <Link to={RAPID_REORDER_LINK.url}>{reorderTheseText(isLensOrder)}</Link>
        </p>
      )}
    </div>
  );
}
