import { DateTime } from "luxon";
import { addressLines, type AddressInput } from "~/models/address";
import { awaitsPrescription, uploadRxPathFor } from "~/models/file-type";
import { BUSINESS_TIME_ZONE } from "~/models/business-time";
import { formatCents } from "~/models/catalog";
import {
  HELD_ORDER_WORDS,
  heldOrderEmailSubject,
  heldOrderExamPath,
  heldOrderMessage,
  heldOrderNeed,
  holdReasonText,
  type HoldReason,
} from "~/models/held-order";
import { EYE_NAMES } from "~/models/lens-parameters";
import { orderLineView } from "~/models/order-status";
import { formatDeliveryDate } from "~/models/shipping";
import { SITE } from "~/models/site";
import type { OrderDetailsView } from "~/services/orders/order-history.server";
import type { EmailMessage } from "./email-sender";
import { escapeHtml } from "./templates";

/**
 * The order e-mails: the confirmation (the order number, what was ordered per patient with each line's discount on
 * its own, the totals, where it ships and what happens next), the notice that it went on hold (why, what it needs
 * and the two ways to send it, no delivery date) and the notice that it shipped (the tracking number and the
 * carrier's link, what is in the parcel, where it goes, a link to the order). Same look as templates.ts (plain text
 * plus simple inline-styled HTML, every value escaped).
 */

type OrderView = Pick<
  OrderDetailsView,
  "orderNumber" | "groups" | "totals" | "shippingAddress" | "estimatedDeliveryDate" | "expectedDeliveryDate"
>;

export interface OrderConfirmationInput {
  to: string;
  firstName: string;
  order: Omit<OrderView, "expectedDeliveryDate">;
  /** Absolute link to the order's page. */
  orderLink: string;
  nextSteps: string[];
  /**
   * Absolute link to upload the prescription, shown while a group waits for it (PendingSubmission). Default: the
   * store's upload-rx?oid= on the order link's site.
   */
  uploadLink?: string;
}

export interface OrderShippedInput {
  to: string;
  firstName: string;
  order: Pick<OrderView, "orderNumber" | "groups" | "shippingAddress" | "expectedDeliveryDate">;
  trackingNumber: string;
  /** The carrier's tracking page (absolute). */
  trackingLink: string;
  /** Absolute link to the order's page. */
  orderLink: string;
}

export interface OrderOnHoldInput {
  to: string;
  firstName: string;
  order: Pick<OrderView, "orderNumber" | "groups">;
  reason: HoldReason;
  /** Absolute link to the order's page; the upload and the exam links are the store's, on the same site. */
  orderLink: string;
}

const BRAND_COLOR = "#0b5cab";
const TEXT_COLOR = "#1f2933";
const MUTED_COLOR = "#5f6b7a";

const p = (html: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${TEXT_COLOR};">${html}</p>`;
const h2 = (text: string) =>
  `<h2 style="margin:24px 0 8px;font-size:17px;line-height:24px;color:${TEXT_COLOR};">${escapeHtml(text)}</h2>`;
const cell = (html: string, align = "left", extra = "") =>
  `<td style="padding:6px 0;font-size:15px;line-height:20px;color:${TEXT_COLOR};text-align:${align};${extra}">${html}</td>`;
const link = (url: string, label: string) =>
  `<a href="${escapeHtml(url)}" style="color:${BRAND_COLOR};">${escapeHtml(label)}</a>`;

function button(url: string, label: string): string {
  return (
    `<p style="margin:24px 0;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;` +
    `border-radius:6px;background:${BRAND_COLOR};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;">` +
    `${escapeHtml(label)}</a></p>`
  );
}

function greeting(firstName: string): string {
  return firstName.trim() ? `Hi ${firstName.trim()},` : "Hi there,";
}

function absoluteLink(link: string): string {
  const url = new URL(link);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("E-mail links must be http(s) URLs");
  return url.toString();
}

/** The frame both order e-mails share: the store's name, a heading, the message and the help line. */
function layout(title: string, heading: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f6f8;font-family:Helvetica,Arial,sans-serif;">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px 16px;">` +
    `<div style="font-size:22px;font-weight:bold;color:${BRAND_COLOR};margin:0 0 16px;">${SITE.name}</div>` +
    `<div style="background:#ffffff;border-radius:8px;padding:24px;">` +
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:${TEXT_COLOR};">${escapeHtml(heading)}</h1>` +
    body +
    `</div><p style="margin:16px 0 0;font-size:13px;line-height:18px;color:${MUTED_COLOR};text-align:center;">` +
    `Questions? Real people answer 24/7 at <a href="${SITE.phoneHref}" style="color:${MUTED_COLOR};">` +
    `${SITE.phoneDisplay}</a>.<br>${SITE.name}</p></div></body></html>`
  );
}

/** An order waiting for the prescription: spec 2 §8's held-order message, without the exam (not offered yet). */
const UPLOAD_NOTICE =
  "Your order needs your current, valid prescription. Please upload it now so we can process your order.";

const textFooter = `Questions? Real people answer 24/7 at ${SITE.phoneDisplay}.\n${SITE.name}`;

type Group = OrderView["groups"][number];
type Line = Group["lines"][number];

function groupHeading(group: Group): string {
  if (group.type !== "Lens") return "Lens care";
  return group.patient ? `Contact lenses for ${group.patient.firstName} ${group.patient.lastName}` : "Contact lenses";
}

/** "Acuvue Oasys (Right eye)" */
function lineName(line: Line): string {
  const eye = line.whichEye === "right" || line.whichEye === "left" ? ` (${EYE_NAMES[line.whichEye]})` : "";
  return `${line.productName}${eye}`;
}

/** The confirmation's lines as text: the boxes at their price, then the line's discount and total on their own. */
function lineText(line: Line): string {
  const view = orderLineView(line);
  return [
    `  ${lineName(line)}: ${view.amount}`,
    ...(view.discount ? [`    Discount: ${view.discount}`, `    Item total: ${view.total}`] : []),
  ].join("\n");
}

/** The same as table rows: name and price, then the discount and the line's total indented below. */
function lineHtml(line: Line): string {
  const view = orderLineView(line);
  const indent = "padding-left:16px;";
  return (
    `<tr>${cell(`${escapeHtml(lineName(line))}<br>${escapeHtml(`${view.quantity} × ${view.price}`)}`)}` +
    `${cell(escapeHtml(formatCents(line.unitPriceCents * line.quantity)), "right")}</tr>` +
    (view.discount
      ? `<tr>${cell("Discount", "left", indent)}${cell(escapeHtml(view.discount), "right")}</tr>` +
        `<tr>${cell("<strong>Item total</strong>", "left", indent)}` +
        `${cell(`<strong>${escapeHtml(view.total)}</strong>`, "right")}</tr>`
      : "")
  );
}

/** What a group holds, box counts only (the on-hold and shipped notices): "2 × Acuvue Oasys (Right eye)". */
const groupItems = (group: Group) => group.lines.map((line) => `${line.quantity} × ${lineName(line)}`);
const groupItemsText = (group: Group) =>
  [groupHeading(group), ...groupItems(group).map((item) => `  ${item}`)].join("\n");
const groupItemsHtml = (group: Group) =>
  h2(groupHeading(group)) +
  `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:24px;color:${TEXT_COLOR};">` +
  groupItems(group)
    .map((item) => `<li>${escapeHtml(item)}</li>`)
    .join("") +
  `</ul>`;

const linesTable = (group: Group) =>
  `<table role="presentation" style="width:100%;border-collapse:collapse;">${group.lines.map(lineHtml).join("")}</table>`;

function totalRows(totals: OrderConfirmationInput["order"]["totals"]): Array<[string, string]> {
  return [
    ["Subtotal", formatCents(totals.subTotal)],
    ...(totals.discountAmount > 0 ? [["Discounts", `−${formatCents(totals.discountAmount)}`] as [string, string]] : []),
    ["Shipping", totals.shipping === 0 ? "FREE" : formatCents(totals.shipping)],
    ["Tax", formatCents(totals.taxAmount)],
    ["Total", formatCents(totals.totalAmount)],
  ];
}

const table = (rows: Array<[string, string]>, style = "", strongLabel?: string) =>
  `<table role="presentation" style="width:100%;border-collapse:collapse;${style}">` +
  rows
    .map(([label, value]) => {
      const wrap = (html: string) => (label === strongLabel ? `<strong>${html}</strong>` : html);
      return `<tr>${cell(wrap(escapeHtml(label)))}${cell(wrap(escapeHtml(value)), "right")}</tr>`;
    })
    .join("") +
  `</table>`;

/** A date as stored (ISO) in the shopper's words: "Thu, Mar 5". */
const deliveryDay = (isoDate: string) => formatDeliveryDate(DateTime.fromISO(isoDate, { zone: BUSINESS_TIME_ZONE }));

export function orderConfirmationEmail(input: OrderConfirmationInput): EmailMessage {
  const { order } = input;
  const orderLink = absoluteLink(input.orderLink);
  const subject = `Your ${SITE.name} order ${order.orderNumber}`;
  const totals = totalRows(order.totals);
  // Stored addresses passed the address rules when saved, so their country is one of the model's codes.
  const address = addressLines(order.shippingAddress as AddressInput);
  const arrival = order.estimatedDeliveryDate
    ? `Estimated delivery: ${deliveryDay(order.estimatedDeliveryDate)}.`
    : null;
  const uploadLink = awaitsPrescription(order.groups.map((group) => group.prescriptionStatus))
    ? absoluteLink(input.uploadLink ?? new URL(uploadRxPathFor(order.orderNumber), orderLink).toString())
    : null;

  const text = [
    greeting(input.firstName),
    `Thank you for your order! Your order number is ${order.orderNumber}.`,
    ...order.groups.map((group) => [groupHeading(group), ...group.lines.map(lineText)].join("\n")),
    totals.map(([label, value]) => `${label}: ${value}`).join("\n"),
    ["Shipping to:", ...address].join("\n"),
    ...(arrival ? [arrival] : []),
    ["What happens next:", ...input.nextSteps.map((step) => `- ${step}`)].join("\n"),
    ...(uploadLink ? [`${UPLOAD_NOTICE}\nUpload your prescription: ${uploadLink}`] : []),
    `See your order: ${orderLink}`,
    textFooter,
  ].join("\n\n");

  const body =
    p(escapeHtml(greeting(input.firstName))) +
    p(`Thank you for your order! Your order number is <strong>${escapeHtml(order.orderNumber)}</strong>.`) +
    order.groups.map((group) => h2(groupHeading(group)) + linesTable(group)).join("") +
    table(totals, "margin-top:16px;border-top:1px solid #d9dee5;", "Total") +
    h2("Shipping to") +
    p(address.map(escapeHtml).join("<br>")) +
    (arrival ? p(escapeHtml(arrival)) : "") +
    h2("What happens next") +
    `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:24px;color:${TEXT_COLOR};">` +
    input.nextSteps.map((step) => `<li>${escapeHtml(step)}</li>`).join("") +
    `</ul>` +
    (uploadLink
      ? h2("We need your prescription") + p(escapeHtml(UPLOAD_NOTICE)) + button(uploadLink, "Upload your prescription")
      : "") +
    button(orderLink, "See your order");

  return {
    kind: "order-confirmation",
    to: input.to,
    subject,
    text: `${text}\n`,
    html: layout(subject, "Thank you for your order", body),
  };
}

/**
 * The notice that an order went on hold (issue 25): the words every page says about a held order (held-order.ts),
 * the reason, the banner's two ways to send the prescription (or the phone, when there is nothing to send) and what
 * was ordered. No delivery date: there is none until the order is released.
 */
export function orderOnHoldEmail(input: OrderOnHoldInput): EmailMessage {
  const { order } = input;
  const orderLink = absoluteLink(input.orderLink);
  const subject = heldOrderEmailSubject(order.orderNumber);
  const statuses = order.groups.map((group) => group.prescriptionStatus);
  const message = heldOrderMessage(statuses);
  const reason = holdReasonText(input.reason);
  const actions =
    heldOrderNeed(statuses) === "prescription"
      ? [
          { label: HELD_ORDER_WORDS.renew, url: new URL(heldOrderExamPath(order.orderNumber), orderLink).toString() },
          { label: HELD_ORDER_WORDS.upload, url: new URL(uploadRxPathFor(order.orderNumber), orderLink).toString() },
        ]
      : [];

  const text = [
    greeting(input.firstName),
    `Your order ${order.orderNumber} is on hold. ${reason}`,
    message,
    ...actions.map((action) => `${action.label}: ${action.url}`),
    ...order.groups.map(groupItemsText),
    `See your order: ${orderLink}`,
    textFooter,
  ].join("\n\n");

  const body =
    p(escapeHtml(greeting(input.firstName))) +
    p(`Your order <strong>${escapeHtml(order.orderNumber)}</strong> is on hold. ${escapeHtml(reason)}`) +
    p(escapeHtml(message)) +
    actions.map((action) => button(action.url, action.label)).join("") +
    order.groups.map(groupItemsHtml).join("") +
    p(link(orderLink, "See your order"));

  return {
    kind: "order-on-hold",
    to: input.to,
    subject,
    text: `${text}\n`,
    html: layout(subject, HELD_ORDER_WORDS.emailHeading, body),
  };
}

/** The notice that an order shipped, with its tracking number and the carrier's link (the confirmation promises it). */
export function orderShippedEmail(input: OrderShippedInput): EmailMessage {
  const { order } = input;
  const orderLink = absoluteLink(input.orderLink);
  const trackingLink = absoluteLink(input.trackingLink);
  const subject = `Your ${SITE.name} order ${order.orderNumber} has shipped`;
  const address = addressLines(order.shippingAddress as AddressInput);
  const arrival = `Expected to arrive ${deliveryDay(order.expectedDeliveryDate)}.`;

  const text = [
    greeting(input.firstName),
    `Good news: your order ${order.orderNumber} is on its way. ${arrival}`,
    `Tracking number: ${input.trackingNumber}\nTrack your package: ${trackingLink}`,
    ...order.groups.map(groupItemsText),
    ["Shipping to:", ...address].join("\n"),
    `See your order: ${orderLink}`,
    textFooter,
  ].join("\n\n");

  const body =
    p(escapeHtml(greeting(input.firstName))) +
    p(`Good news: your order <strong>${escapeHtml(order.orderNumber)}</strong> is on its way. ${escapeHtml(arrival)}`) +
    p(`Tracking number: ${link(trackingLink, input.trackingNumber)}`) +
    button(trackingLink, "Track your package") +
    order.groups.map(groupItemsHtml).join("") +
    h2("Shipping to") +
    p(address.map(escapeHtml).join("<br>")) +
    p(link(orderLink, "See your order"));

  return {
    kind: "order-shipped",
    to: input.to,
    subject,
    text: `${text}\n`,
    html: layout(subject, "Your order has shipped", body),
  };
}
