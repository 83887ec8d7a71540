import { Link } from "react-router";
import { TrackingFact } from "~/components/orders/TrackingNumber";
import { formatCents } from "~/models/catalog";
import { isOrderOnHold } from "~/models/held-order";
import { formatOrderDate, orderItemsSummary } from "~/models/order-status";
import type { PageHandle } from "~/models/page";
import { RAPID_REORDER_LINK, reorderTheseText } from "~/models/shell-links";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import { servicesContext } from "~/services/platform/context.server";
import { orderHistory } from "~/services/orders/order-history.server";
import styles from "~/styles/orders.css?url";
import type { Route } from "./+types/order-history";

export const handle: PageHandle = { pageName: "OrderHistory", headerType: "standard" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Order status & history | Lenslane" },
  { name: "robots", content: "noindex" },
];

const PAGE_SIZE = 10;

/** `?page=` counts from 1; anything else reads as the first page. */
function pageOf(url: URL): number {
  const raw = url.searchParams.get("page") ?? "";
  return /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : 1;
}

/** Signed-in only (spec 6). Serves /order-history and /account/order-history alike. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const page = pageOf(url);
  const history = await orderHistory(db, customer.id, { pageSize: PAGE_SIZE, page: page - 1 });
  // Rapid reorder orders the newest order that is not a test (decision 34): its card offers it, unless it is held.
  const newest = page === 1 ? history.orders.find((order) => order.status !== "Test") : undefined;
  const reorderable = newest && !isOrderOnHold(newest.statusCode) ? newest.orderNumber : null;
  return {
    path: url.pathname,
    page,
    pageCount: Math.max(1, Math.ceil(history.totalCount / PAGE_SIZE)),
    totalCount: history.totalCount,
    orders: history.orders.map((order) => ({
      orderNumber: order.orderNumber,
      orderDate: formatOrderDate(order.orderTakenDate),
      status: order.status,
      isOnHold: isOrderOnHold(order.statusCode),
      statusLabel: order.statusLabel,
      statusMessage: order.statusMessage,
      trackingNumber: order.trackingNumber,
      trackingUrl: order.trackingUrl,
      total: formatCents(order.totalCents),
      items: orderItemsSummary(order.groups.flatMap((group) => group.lines)),
      reorderText: order.orderNumber === reorderable ? reorderTheseText(!order.isNonLensOrder) : null,
    })),
  };
}

export default function OrderHistoryPage({ loaderData }: Route.ComponentProps) {
  const { orders, page, pageCount, totalCount, path } = loaderData;
  return (
    <section className="orders-page">
      <h1>Order status &amp; history</h1>
      {totalCount === 0 ? (
        <div className="orders-empty" data-testid="orders-empty">
          <p>You haven&apos;t placed any orders yet.</p>
          <p>
            <Link to="/lenses" className="button button-primary">
              Shop contact lenses
            </Link>
          </p>
        </div>
      ) : orders.length === 0 ? (
        <p>
          There are no orders on this page. <Link to={path}>See your latest orders</Link>.
        </p>
      ) : (
        <ol className="order-list">
          {orders.map((order) => (
            <li key={order.orderNumber} className="order-card" data-testid="order-row" data-order={order.orderNumber}>
              <div className="order-card-head">
                <h2>
                  Order <span className="order-number">{order.orderNumber}</span>
                </h2>
                <span
                  className={`order-status order-status-${order.isOnHold ? "on-hold" : order.status.toLowerCase()}`}
                  data-testid="order-row-status"
                >
                  {order.statusLabel}
                </span>
              </div>
              <p className="order-message" data-testid="order-row-message">
                {order.statusMessage}
              </p>
              <dl className="order-facts">
                <div>
                  <dt>Placed</dt>
                  <dd>{order.orderDate}</dd>
                </div>
                <div>
                  <dt>Total</dt>
                  <dd>{order.total}</dd>
                </div>
                <TrackingFact number={order.trackingNumber} url={order.trackingUrl} />
              </dl>
              {order.items ? <p className="order-items">{order.items}</p> : null}
              <p>
                <Link to={`/account/order-history/${encodeURIComponent(order.orderNumber)}`}>
                  View order details<span className="visually-hidden"> for order {order.orderNumber}</span>
                </Link>
              </p>
              {order.reorderText ? (
                <p>
                  <Link to={RAPID_REORDER_LINK.url} className="button">
                    {order.reorderText}
                  </Link>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 && page <= pageCount ? <Pagination path={path} page={page} pageCount={pageCount} /> : null}
    </section>
  );
}

function Pagination({ path, page, pageCount }: { path: string; page: number; pageCount: number }) {
  return (
    <nav className="order-pagination" aria-label="Order history pages">
      {page > 1 ? (
        <Link to={`${path}?page=${page - 1}`} rel="prev">
          Newer orders
        </Link>
      ) : null}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={`${path}?page=${page + 1}`} rel="next">
          Older orders
        </Link>
      ) : null}
    </nav>
  );
}
