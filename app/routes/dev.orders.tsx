import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { formatOrderDate, isOrderNumberShaped, orderStatus } from "~/models/order-status";
import type { PageHandle } from "~/models/page";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { ADVANCE_ACTIONS } from "~/models/order-status";
import { sendReorderReminders } from "~/services/auto-reorder/reorder-reminders.server";
import { runDueSubscriptions } from "~/services/auto-reorder/reorder-runner.server";
import { recoverPendingOrders } from "~/services/checkout/order-confirmation.server";
import { recoverProviderOrders } from "~/services/checkout/provider-payments.server";
import { advanceOrder, recentOrders, type OperationsRow } from "~/services/orders/order-operations.server";
import { flashToast } from "~/services/platform/session.server";
import { SUBSCRIPTION_DEV_ACTIONS, type SubscriptionDevAction } from "~/models/subscription";
import { changeSubscriptionForDev, recentSubscriptions } from "~/services/subscriptions/subscription-operations.server";
import styles from "~/styles/orders.css?url";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/dev.orders";
import { IntentForm } from "~/components/forms/IntentForm";

export const handle: PageHandle = { pageName: "DevOrders", headerType: "simple" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const advanceSchema = z.object({
  orderNumber: z.string().refine(isOrderNumberShaped),
  intent: z.enum(ADVANCE_ACTIONS),
});
const subscriptionSchema = z.object({
  subscriptionId: z
    .string()
    .regex(/^[0-9]{1,9}$/)
    .transform(Number),
  intent: z.enum(SUBSCRIPTION_DEV_ACTIONS),
});
const JOB_ACTIONS = ["send-reminders", "place-due", "settle-payments"] as const;
const jobSchema = z.object({ intent: z.enum(JOB_ACTIONS) });

export const meta: Route.MetaFunction = () => [
  { title: "Dev orders | Lenslane" },
  { name: "robots", content: "noindex" },
];

const LIMIT = 50;

/** The latest orders with the warehouse's steps as buttons, outside production only (like /dev/mailbox). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  const [rows, subscriptions] = await Promise.all([
    recentOrders(services.db, LIMIT),
    recentSubscriptions(services.db, LIMIT),
  ]);
  return { orders: rows.map(operationsView), subscriptions };
}

/** Which steps make sense now (the action checks again; the buttons only guide). */
function operationsView(row: OperationsRow) {
  const status = orderStatus(row.statusCode);
  const pending = row.prescriptionStatuses.some((prescription) => prescription !== "Verified");
  const paid = !row.paymentPending;
  return {
    ...row,
    orderTakenDate: formatOrderDate(row.orderTakenDate),
    can: {
      verify: paid && status === "Processing" && pending,
      ship: paid && status === "Processing" && !pending,
      deliver: paid && status === "Shipped" && row.statusLabel !== "Delivered",
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  const form = Object.fromEntries(await readForm(request));
  const { session } = context.get(visitorContext);
  const job = jobSchema.safeParse(form);
  if (job.success) {
    if (job.data.intent === "send-reminders") {
      const summary = await sendReorderReminders(services);
      flashToast(session, "success", `Reminders: ${summary.sent} sent, ${summary.skipped} skipped.`);
    } else if (job.data.intent === "settle-payments") {
      // The recovery job, without its grace period: every pending order is settled with the vault now.
      const summary = await recoverPendingOrders(services, { graceSeconds: 0 });
      // PayPal and pay-in-4 orders with their provider (decision 53): an open checkout keeps waiting for its shopper.
      const providers = await recoverProviderOrders(services, { graceSeconds: 0 });
      flashToast(
        session,
        "success",
        `Pending payments: ${summary.confirmed + providers.confirmed} confirmed (charged), ` +
          `${summary.released + providers.released} released (never charged).`,
      );
    } else {
      const summary = await runDueSubscriptions(services);
      flashToast(
        session,
        "success",
        `Auto-reorders: ${summary.placed} placed, ${summary.failed} not placed, ${summary.skipped} skipped.`,
      );
    }
    return redirect("/dev/orders", 303);
  }
  const subscription = subscriptionSchema.safeParse(form);
  if (subscription.success) {
    const { subscriptionId, intent } = subscription.data;
    const result = await changeSubscriptionForDev(services.db, subscriptionId, intent);
    flashToast(session, result.ok ? "success" : "error", result.message);
    return redirect("/dev/orders", 303);
  }
  const parsed = advanceSchema.safeParse(form);
  if (!parsed.success) throw data({ error: "Choose an order and a step." }, { status: 400 });
  const result = await advanceOrder(services, parsed.data.orderNumber, parsed.data.intent);
  flashToast(session, result.ok ? "success" : "error", result.message);
  return redirect("/dev/orders", 303);
}

const BUTTONS = { verify: "Verify prescription", ship: "Ship", deliver: "Deliver" } as const;
const SUBSCRIPTION_BUTTONS: Record<SubscriptionDevAction, string> = {
  "due-today": "Due today",
  "due-soon": "Due in 3 days",
  "expire-rx": "Expire prescription",
  "renew-rx": "Renew prescription",
};

export default function DevOrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, subscriptions } = loaderData;
  return (
    <section className="dev-orders">
      <h1>Dev orders</h1>
      <p>
        Moves orders along as the warehouse would, so history and statuses can be tried out. The latest {LIMIT} orders
        of every customer, newest first. The same steps run from a terminal:{" "}
        <code>npx tsx scripts/advance-order.ts &lt;orderNumber&gt; verify|ship|deliver</code>. Shipping sends the
        customer the &apos;order shipped&apos; e-mail (see the <Link to="/dev/mailbox">dev mailbox</Link>).
      </p>
      <p>
        An order whose request stopped between charging the card and confirming stays &apos;Payment pending&apos;; the
        payments job settles it with the vault after two minutes (confirmed if it was charged, released if not), or now:
      </p>
      <IntentForm intent="settle-payments">Settle pending payments</IntentForm>
      {orders.length === 0 ? (
        <p data-testid="dev-orders-empty">No orders yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Customer</th>
              <th scope="col">Placed</th>
              <th scope="col">Status</th>
              <th scope="col">Prescriptions</th>
              <th scope="col">Tracking</th>
              <th scope="col">Steps</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.orderNumber} data-testid="dev-order-row" data-order={order.orderNumber}>
                <td>{order.orderNumber}</td>
                <td>{order.customerEmail}</td>
                <td>{order.orderTakenDate}</td>
                <td>
                  {order.paymentPending ? "Payment pending" : order.statusLabel}{" "}
                  <code>{JSON.stringify(order.statusCode)}</code>
                </td>
                <td>{order.prescriptionStatuses.join(", ") || "none"}</td>
                <td>{order.trackingNumber ?? ""}</td>
                <td>
                  <RowActions
                    record={{ name: "orderNumber", value: order.orderNumber }}
                    intents={ADVANCE_ACTIONS}
                    labels={BUTTONS}
                    enabled={(intent) => order.can[intent]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Subscriptions</h2>
      <p>
        Auto-reorder subscriptions, newest first. Move the next order to today (then place due orders) or into the
        reminder window (then send reminders), or expire the prescription. The jobs also run from a terminal:{" "}
        <code>npm run jobs</code> (with the server stopped when on PGlite), or every few minutes in the server with{" "}
        <code>JOBS_INTERVAL_MINUTES</code>.
      </p>
      <div className="dev-orders-actions">
        <IntentForm intent="send-reminders">Send reminders</IntentForm>
        <IntentForm intent="place-due">Place due orders</IntentForm>
      </div>
      {subscriptions.length === 0 ? (
        <p data-testid="dev-subscriptions-empty">No subscriptions yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Subscription</th>
              <th scope="col">Customer</th>
              <th scope="col">Status</th>
              <th scope="col">Next order</th>
              <th scope="col">Every</th>
              <th scope="col">Prescription expires</th>
              <th scope="col">Last failure</th>
              <th scope="col">Reminder sent for</th>
              <th scope="col">Operations</th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((subscription) => (
              <tr key={subscription.id} data-testid="dev-subscription-row" data-subscription={subscription.id}>
                <td>
                  {subscription.id} ({subscription.type})
                </td>
                <td>{subscription.customerEmail}</td>
                <td>{subscription.status}</td>
                <td>{subscription.nextReorderDate}</td>
                <td>{subscription.frequencyDays} days</td>
                <td>{subscription.prescriptionExpiresOn ?? ""}</td>
                <td>{subscription.lastFailureReason ?? ""}</td>
                <td>{subscription.reminderSentFor ?? ""}</td>
                <td>
                  <RowActions
                    record={{ name: "subscriptionId", value: subscription.id }}
                    intents={SUBSCRIPTION_DEV_ACTIONS}
                    labels={SUBSCRIPTION_BUTTONS}
                    enabled={() => subscription.status === "Active"}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A row's steps: a form per step, naming the row's record, its button off when the step cannot run. */
function RowActions<Intent extends string>({
  record,
  intents,
  labels,
  enabled,
}: {
  record: { name: string; value: string | number };
  intents: readonly Intent[];
  labels: Record<Intent, string>;
  enabled: (intent: Intent) => boolean;
}) {
  return (
    <div className="dev-orders-actions">
      {intents.map((intent) => (
        <Form method="post" key={intent}>
          <input type="hidden" name={record.name} value={record.value} />
          <button type="submit" name="intent" value={intent} className="button" disabled={!enabled(intent)}>
            {labels[intent]}
          </button>
        </Form>
      ))}
    </div>
  );
}
