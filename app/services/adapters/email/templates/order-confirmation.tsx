import { Fragment } from "react";
import { awaitsPrescription, uploadRxPathFor } from "~/models/file-type";
import { formatCents } from "~/models/catalog";
import { orderLineView } from "~/models/order-status";
import { SITE } from "~/models/site";
import type { EmailMessage } from "../email-sender";
import { EmailButton, EmailLayout, H2, Lines, List, P } from "./parts";
import { groupHeading, lineName, Row, RowsTable, shippingLines, deliveryDay, type OrderEmailView } from "./order-parts";
import { absoluteLink, emailMessage, greeting } from "./words";

/**
 * The order confirmation: the order number, what was ordered per patient with each line's discount on its own, the
 * totals, where it ships, when it should arrive and what happens next; while a group waits for its prescription, the
 * way to upload it.
 */

export interface OrderConfirmationInput {
  to: string;
  firstName: string;
  order: Omit<OrderEmailView, "expectedDeliveryDate">;
  /** Absolute link to the order's page. */
  orderLink: string;
  nextSteps: string[];
  /**
   * Absolute link to upload the prescription, shown while a group waits for it (PendingSubmission). Default: the
   * store's upload-rx?oid= on the order link's site.
   */
  uploadLink?: string;
}

/** An order waiting for the prescription: spec 2 §8's held-order message, without the exam (not offered yet). */
const UPLOAD_NOTICE =
  "Your order needs your current, valid prescription. Please upload it now so we can process your order.";

type Totals = OrderConfirmationInput["order"]["totals"];

function totalRows(totals: Totals): Array<[string, string]> {
  return [
    ["Subtotal", formatCents(totals.subTotal)],
    ...(totals.discountAmount > 0 ? [["Discounts", `−${formatCents(totals.discountAmount)}`] as [string, string]] : []),
    ["Shipping", totals.shipping === 0 ? "FREE" : formatCents(totals.shipping)],
    ["Tax", formatCents(totals.taxAmount)],
    ["Total", formatCents(totals.totalAmount)],
  ];
}

type Group = OrderConfirmationInput["order"]["groups"][number];

/** A group's lines: the boxes at their price, then the line's discount and total on rows of their own. */
function LinesTable(props: { group: Group }) {
  return (
    <RowsTable>
      {props.group.lines.flatMap((line) => {
        const view = orderLineView(line);
        const name = [lineName(line), <br key="br" />, `${view.quantity} × ${view.price}`];
        const amount = formatCents(line.unitPriceCents * line.quantity);
        return [
          <Row key={`${line.id}`} indent={2} separator=" = " cells={[name, amount]} />,
          ...(view.discount
            ? [
                <Row key={`${line.id}-discount`} nested cells={["Discount", view.discount]} />,
                <Row key={`${line.id}-total`} nested strong cells={["Item total", view.total]} />,
              ]
            : []),
        ];
      })}
    </RowsTable>
  );
}

function OrderConfirmation(props: {
  input: OrderConfirmationInput;
  title: string;
  orderLink: string;
  uploadLink: string | null;
}) {
  const { input, orderLink, uploadLink } = props;
  const { order } = input;
  const arrival = order.estimatedDeliveryDate
    ? `Estimated delivery: ${deliveryDay(order.estimatedDeliveryDate)}.`
    : null;
  return (
    <EmailLayout title={props.title} heading="Thank you for your order">
      <P>{greeting(input.firstName)}</P>
      <P>
        Thank you for your order! Your order number is <strong>{order.orderNumber}</strong>.
      </P>
      {order.groups.map((group, index) => (
        <Fragment key={index}>
          <H2>{groupHeading(group)}</H2>
          <LinesTable group={group} />
        </Fragment>
      ))}
      <RowsTable style={{ marginTop: "16px", borderTop: "1px solid #d9dee5" }}>
        {totalRows(order.totals).map(([label, value]) => (
          <Row key={label} strong={label === "Total"} cells={[label, value]} />
        ))}
      </RowsTable>
      <H2 text="colon">Shipping to</H2>
      <Lines lines={shippingLines(order.shippingAddress)} />
      {arrival ? <P>{arrival}</P> : null}
      <H2 text="colon">What happens next</H2>
      <List items={input.nextSteps} />
      {uploadLink ? (
        <>
          <H2 text="skip">We need your prescription</H2>
          <P tight>{UPLOAD_NOTICE}</P>
          <EmailButton href={uploadLink}>Upload your prescription</EmailButton>
        </>
      ) : null}
      <EmailButton href={orderLink}>See your order</EmailButton>
    </EmailLayout>
  );
}

export async function orderConfirmationEmail(input: OrderConfirmationInput): Promise<EmailMessage> {
  const { order } = input;
  const orderLink = absoluteLink(input.orderLink);
  const subject = `Your ${SITE.name} order ${order.orderNumber}`;
  const uploadLink = awaitsPrescription(order.groups.map((group) => group.prescriptionStatus))
    ? absoluteLink(input.uploadLink ?? new URL(uploadRxPathFor(order.orderNumber), orderLink).toString())
    : null;
  return emailMessage(
    "order-confirmation",
    input.to,
    subject,
    <OrderConfirmation input={input} title={subject} orderLink={orderLink} uploadLink={uploadLink} />,
  );
}
