import { Link } from "react-router";
import { SubscriptionFacts, summarizeSubscription } from "~/components/subscriptions/SubscriptionSummary";
import { pagePath, type PageHandle } from "~/models/page";
import { signedInCustomer } from "~/services/accounts/auth/signed-in.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { subscriptionPrice } from "~/services/subscriptions/subscription-pricing.server";
import { listSubscriptions } from "~/services/subscriptions/subscriptions.server";
import ordersStyles from "~/styles/orders.css?url";
import styles from "~/styles/subscriptions.css?url";
import type { Route } from "./+types/account.subscriptions";

export const handle: PageHandle = { pageName: "AutoReorder", headerType: "standard" };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: ordersStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: Route.MetaFunction = () => [
  { title: "My subscriptions | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** Signed-in only: the customer's listable subscriptions (spec 3 §3), next order first, each with its price. */
export async function loader({ context }: Route.LoaderArgs) {
  const customer = signedInCustomer(context);
  const { db } = context.get(servicesContext);
  const { priceBook } = context.get(visitorContext);
  const now = new Date();
  const views = await listSubscriptions(db, customer.id, now);
  const prices = await Promise.all(
    views.map((view) => subscriptionPrice(db, view.items, { customerId: customer.id, priceBook }, now)),
  );
  return {
    subscriptions: views.map((view, index) => summarizeSubscription(view, prices[index]!)),
    shopHref: pagePath("ProductListPage")!,
  };
}

export default function SubscriptionsPage({ loaderData }: Route.ComponentProps) {
  const { subscriptions, shopHref } = loaderData;
  return (
    <section className="orders-page subscriptions-page">
      <h1>My subscriptions</h1>
      {subscriptions.length === 0 ? (
        <div className="orders-empty" data-testid="subscriptions-empty">
          <p>
            You have no auto-reorder subscriptions. Choose auto-reorder when you buy lenses and they arrive on time.
          </p>
          <p>
            <Link to={shopHref} className="button button-primary">
              Shop contact lenses
            </Link>
          </p>
        </div>
      ) : (
        <ol className="order-list">
          {subscriptions.map((subscription) => (
            <li
              key={subscription.id}
              className="order-card"
              data-testid="subscription-row"
              data-subscription={subscription.id}
            >
              <div className="order-card-head">
                <h2>{subscription.heading}</h2>
                <span className="order-status order-status-processing">{subscription.frequency}</span>
              </div>
              <SubscriptionFacts summary={subscription} detailed={false} />
              <p>
                {/* The name says which subscription (a hidden span would be read with a stray space before it). */}
                <Link
                  to={`/account/subscriptions/${subscription.id}`}
                  aria-label={`Manage subscription: ${subscription.heading}`}
                >
                  Manage subscription
                </Link>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
