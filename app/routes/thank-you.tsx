import { groupHeading } from "~/models/line-item-group";
import { data, Link, redirect } from "react-router";
import { PlacedOrderSummary } from "~/components/checkout/PlacedOrderSummary";
import { addressLines, type AddressInput } from "~/models/address";
import { awaitsPrescription, uploadRxPathFor } from "~/models/file-type";
import { orderPaymentLabel, PROVIDER_MESSAGES, providerReturnSchema } from "~/models/payment-options";
import {
  businessDay,
  isOrderNumberShaped,
  orderDetailsPath,
  orderDoctorLabel,
  orderLineView,
  orderNextSteps,
  placedOrderTotals,
  prescriptionStatusText,
} from "~/models/order-status";
import type { PageHandle } from "~/models/page";
import { formatDeliveryDate } from "~/models/shipping";
import { rebateFormPath } from "~/models/rebate-form";
import { RebateFormLink } from "~/components/orders/RebateFormLink";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { journeyOf } from "~/services/funnel/funnel.server";
import { placedOrderFor } from "~/services/orders/order-history.server";
import { finishProviderPayment } from "~/services/checkout/provider-payments.server";
import { rememberPlacedOrder } from "~/services/checkout/placed-orders.server";
import { flashToast } from "~/services/platform/session.server";
import styles from "~/styles/checkout.css?url";
import orderStyles from "~/styles/orders.css?url";
import type { Route } from "./+types/thank-you";

export const handle: PageHandle = { pageName: "ThankYou", headerType: "simple", footerSimplified: true };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  // The placed lines' money (OrderLineAmounts) is styled with the order pages'.
  { rel: "stylesheet", href: orderStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: "Thank you for your order | Lenslane" },
  { name: "robots", content: "noindex" },
];

/**
 * thank-you?oid=: the order, for its owner or the browser that placed it; anyone else gets a 404 (DESIGN §9).
 * thank-you?orderToken=…&status=SUCCESS|CANCELLED: the pay-in-4 provider's return (spec 3: pay-later and instalment
 * outcomes return here; decision 53): the payment is captured and the order confirmed, then thank-you?oid= shows it;
 * a cancel or a decline goes back to checkout with the message, the cart as it was.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const { session, customer } = context.get(visitorContext);
  const query = new URL(request.url).searchParams;
  if (query.has("orderToken")) {
    const parsed = providerReturnSchema.safeParse({ orderToken: query.get("orderToken"), status: query.get("status") });
    if (!parsed.success) {
      flashToast(session, "error", PROVIDER_MESSAGES.unknown);
      throw redirect("/checkout");
    }
    const result = await finishProviderPayment(services, {
      provider: "pay-in-4",
      token: parsed.data.orderToken,
      outcome: parsed.data.status === "SUCCESS" ? "approved" : "cancelled",
    });
    if (!result.ok) {
      flashToast(session, result.reason === "cancelled" ? "info" : "error", result.message);
      throw redirect("/checkout");
    }
    if (customer?.id === result.customerId) rememberPlacedOrder(session, result.orderNumber);
    throw redirect(`/thank-you?oid=${encodeURIComponent(result.orderNumber)}`);
  }
  const oid = query.get("oid") ?? undefined;
  if (!isOrderNumberShaped(oid)) throw data(null, { status: 404 });
  const order = await placedOrderFor(db, oid, {
    customerId: customer?.id ?? null,
    placedOrderNumbers: journeyOf(session).placedOrderNumbers ?? [],
  });
  if (!order) throw data(null, { status: 404 });
  const statuses = order.groups.map((group) => group.prescriptionStatus);
  const totals = placedOrderTotals(order.totals);
  return {
    firstName: customer?.firstName ?? "",
    signedIn: customer !== null,
    orderNumber: order.orderNumber,
    expectedDelivery: formatDeliveryDate(businessDay(order.expectedDeliveryDate)!),
    address: addressLines(order.shippingAddress as AddressInput),
    shippingMethod: order.shippingMethodLabel,
    payment: orderPaymentLabel(order.payment),
    nextSteps: orderNextSteps(statuses),
    uploadPath: awaitsPrescription(statuses) ? uploadRxPathFor(order.orderNumber) : null,
    groups: order.groups.map((group) => ({
      id: group.id,
      heading: groupHeading(group.type, group.patient),
      doctor: orderDoctorLabel(group.doctor),
      prescription: prescriptionStatusText(group.prescriptionStatus),
      lines: group.lines.map((line) => {
        const view = orderLineView(line);
        return { ...view, parameters: view.parameters.join(" · ") };
      }),
    })),
    totals: totals.rows,
    total: totals.total,
    credit: totals.credit,
    rebates: totals.rebates,
    rebateFormPath: rebateFormPath({ orderNumber: order.orderNumber, rebateTotal: order.totals.rebateTotal }),
  };
}

export default function ThankYouPage({ loaderData: order }: Route.ComponentProps) {
  return (
    <section className="thank-you">
      <h1>Thank you{order.firstName ? `, ${order.firstName}` : ""}!</h1>
      <p className="thank-you-lead">
        Your order number is{" "}
        <span className="thank-you-number" data-testid="order-number">
          {order.orderNumber}
        </span>
        . We&apos;ve e-mailed you a confirmation.
      </p>
      <p>
        Estimated delivery: <strong>{order.expectedDelivery}</strong> ({order.shippingMethod})
      </p>
      <section className="checkout-section" aria-labelledby="next-heading">
        <h2 id="next-heading">What happens next</h2>
        <ul className="thank-you-steps">
          {order.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
        {order.uploadPath ? (
          <p>
            <Link to={order.uploadPath} className="button button-primary">
              Upload your prescription
            </Link>
          </p>
        ) : null}
      </section>
      <PlacedOrderSummary order={order} />
      <RebateFormLink path={order.rebateFormPath} orderNumber={order.orderNumber} />
      <p className="thank-you-actions">
        {order.signedIn ? (
          <Link to={orderDetailsPath(order.orderNumber)} className="button">
            View order details
          </Link>
        ) : null}
        <Link to="/lenses" className="button">
          Continue shopping
        </Link>
      </p>
    </section>
  );
}
