import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { formatOrderDate, isOrderNumberShaped, orderStatus } from "~/models/order-status";
import type { PageHandle } from "~/models/page";
import { notFound } from "~/services/content-pages.server";
import { servicesContext, visitorContext } from "~/services/context.server";
import { ADVANCE_ACTIONS } from "~/models/order-status";
import { advanceOrder, recentOrders, type OperationsRow } from "~/services/order-operations.server";
import { flashToast } from "~/services/session.server";
import styles from "~/styles/orders.css?url";
import type { Route } from "./+types/dev.orders";

export const handle: PageHandle = { pageName: "DevOrders", headerType: "simple" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const advanceSchema = z.object({
  orderNumber: z.string().refine(isOrderNumberShaped),
  intent: z.enum(ADVANCE_ACTIONS),
});

export const meta: Route.MetaFunction = () => [
  { title: "Dev orders | Lenslane" },
  { name: "robots", content: "noindex" },
];

const LIMIT = 50;

/** The latest orders with the warehouse's steps as buttons, outside production only (like /dev/mailbox). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  const rows = await recentOrders(services.db, LIMIT);
  return { orders: rows.map(operationsView) };
}

/** Which steps make sense now (the action checks again; the buttons only guide). */
function operationsView(row: OperationsRow) {
  const status = orderStatus(row.statusCode);
  const pending = row.prescriptionStatuses.some((prescription) => prescription !== "Verified");
  return {
    ...row,
    orderTakenDate: formatOrderDate(row.orderTakenDate),
    can: {
      verify: status === "Processing" && pending,
      ship: status === "Processing" && !pending,
      deliver: status === "Shipped" && row.statusLabel !== "Delivered",
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  const parsed = advanceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data({ error: "Choose an order and a step." }, { status: 400 });
  const result = await advanceOrder(services.db, parsed.data.orderNumber, parsed.data.intent);
  flashToast(context.get(visitorContext).session, result.ok ? "success" : "error", result.message);
  return redirect("/dev/orders", 303);
}

const BUTTONS = { verify: "Verify prescription", ship: "Ship", deliver: "Deliver" } as const;

export default function DevOrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <section className="dev-orders">
      <h1>Dev orders</h1>
      <p>
        Moves orders along as the warehouse would, so history and statuses can be tried out. The latest {LIMIT} orders
        of every customer, newest first. The same steps run from a terminal:{" "}
        <code>npx tsx scripts/advance-order.ts &lt;orderNumber&gt; verify|ship|deliver</code>.
      </p>
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
                  {order.statusLabel} <code>{JSON.stringify(order.statusCode)}</code>
                </td>
                <td>{order.prescriptionStatuses.join(", ") || "none"}</td>
                <td>{order.trackingNumber ?? ""}</td>
                <td>
                  <div className="dev-orders-actions">
                    {ADVANCE_ACTIONS.map((intent) => (
                      <Form method="post" key={intent}>
                        <input type="hidden" name="orderNumber" value={order.orderNumber} />
                        <button
                          type="submit"
                          name="intent"
                          value={intent}
                          className="button"
                          disabled={!order.can[intent]}
                        >
                          {BUTTONS[intent]}
                        </button>
                      </Form>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
