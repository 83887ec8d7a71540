import { uploadRxPathFor } from "~/models/file-type";
import {
  HELD_ORDER_WORDS,
  heldOrderEmailSubject,
  heldOrderExamPath,
  heldOrderMessage,
  heldOrderNeed,
  holdReasonText,
  type HoldReason,
} from "~/models/held-order";
import { SITE } from "~/models/site";
import type { EmailMessage } from "../email-sender";
import { EmailButton, EmailLayout, H2, LinkLine, Lines, P, TextLink } from "./parts";
import { deliveryDay, GroupItems, shippingLines, type OrderEmailView } from "./order-parts";
import { absoluteLink, emailMessage, greeting } from "./words";

/**
 * The notices after an order: that it went on hold (why, what it needs and the two ways to send it, no delivery
 * date) and that it shipped (the tracking number and the carrier's link, what is in the parcel, where it goes).
 */

export interface OrderShippedInput {
  to: string;
  firstName: string;
  order: Pick<OrderEmailView, "orderNumber" | "groups" | "shippingAddress" | "expectedDeliveryDate">;
  trackingNumber: string;
  /** The carrier's tracking page (absolute). */
  trackingLink: string;
  /** Absolute link to the order's page. */
  orderLink: string;
}

export interface OrderOnHoldInput {
  to: string;
  firstName: string;
  order: Pick<OrderEmailView, "orderNumber" | "groups">;
  reason: HoldReason;
  /** Absolute link to the order's page; the upload and the exam links are the store's, on the same site. */
  orderLink: string;
}

function OrderOnHold(props: {
  input: OrderOnHoldInput;
  title: string;
  orderLink: string;
  actions: Array<{ label: string; url: string }>;
}) {
  const { input } = props;
  const statuses = input.order.groups.map((group) => group.prescriptionStatus);
  return (
    <EmailLayout title={props.title} heading={HELD_ORDER_WORDS.emailHeading}>
      <P>{greeting(input.firstName)}</P>
      <P>
        Your order <strong>{input.order.orderNumber}</strong>
        {` is on hold. ${holdReasonText(input.reason)}`}
      </P>
      <P>{heldOrderMessage(statuses)}</P>
      {props.actions.map((action) => (
        <EmailButton key={action.url} href={action.url}>
          {action.label}
        </EmailButton>
      ))}
      {input.order.groups.map((group, index) => (
        <GroupItems key={index} group={group} />
      ))}
      <LinkLine href={props.orderLink}>See your order</LinkLine>
    </EmailLayout>
  );
}

/**
 * The notice that an order went on hold (issue 25): the words every page says about a held order (held-order.ts),
 * the reason, the banner's two ways to send the prescription (or the phone, when there is nothing to send) and what
 * was ordered. No delivery date: there is none until the order is released.
 */
export async function orderOnHoldEmail(input: OrderOnHoldInput): Promise<EmailMessage> {
  const { order } = input;
  const orderLink = absoluteLink(input.orderLink);
  const subject = heldOrderEmailSubject(order.orderNumber);
  const actions =
    heldOrderNeed(order.groups.map((group) => group.prescriptionStatus)) === "prescription"
      ? [
          { label: HELD_ORDER_WORDS.renew, url: new URL(heldOrderExamPath(order.orderNumber), orderLink).toString() },
          { label: HELD_ORDER_WORDS.upload, url: new URL(uploadRxPathFor(order.orderNumber), orderLink).toString() },
        ]
      : [];
  return emailMessage(
    "order-on-hold",
    input.to,
    subject,
    <OrderOnHold input={input} title={subject} orderLink={orderLink} actions={actions} />,
  );
}

function OrderShipped(props: { input: OrderShippedInput; title: string; orderLink: string; trackingLink: string }) {
  const { input } = props;
  const arrival = `Expected to arrive ${deliveryDay(input.order.expectedDeliveryDate)}.`;
  return (
    <EmailLayout title={props.title} heading="Your order has shipped">
      <P>{greeting(input.firstName)}</P>
      <P>
        Good news: your order <strong>{input.order.orderNumber}</strong>
        {` is on its way. ${arrival}`}
      </P>
      <P tight>
        {"Tracking number: "}
        <TextLink href={props.trackingLink} text="label">
          {input.trackingNumber}
        </TextLink>
      </P>
      <EmailButton href={props.trackingLink}>Track your package</EmailButton>
      {input.order.groups.map((group, index) => (
        <GroupItems key={index} group={group} />
      ))}
      <H2 text="colon">Shipping to</H2>
      <Lines lines={shippingLines(input.order.shippingAddress)} />
      <LinkLine href={props.orderLink}>See your order</LinkLine>
    </EmailLayout>
  );
}

/** The notice that an order shipped, with its tracking number and the carrier's link (the confirmation promises it). */
export async function orderShippedEmail(input: OrderShippedInput): Promise<EmailMessage> {
  const orderLink = absoluteLink(input.orderLink);
  const trackingLink = absoluteLink(input.trackingLink);
  const subject = `Your ${SITE.name} order ${input.order.orderNumber} has shipped`;
  return emailMessage(
    "order-shipped",
    input.to,
    subject,
    <OrderShipped input={input} title={subject} orderLink={orderLink} trackingLink={trackingLink} />,
  );
}
