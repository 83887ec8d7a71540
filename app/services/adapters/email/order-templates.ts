import { DateTime } from "luxon";
import { addressLines, type AddressInput } from "~/models/address";
import { BUSINESS_TIME_ZONE } from "~/models/business-time";
import { formatCents } from "~/models/catalog";
import { EYE_NAMES } from "~/models/lens-parameters";
import { formatDeliveryDate } from "~/models/shipping";
import { SITE } from "~/models/site";
import type { OrderDetailsView } from "~/services/order-history.server";
import type { EmailMessage } from "./email-sender";
import { escapeHtml } from "./templates";

/**
 * The order confirmation e-mail: the order number, what was ordered (per patient), the totals, where it ships and
 * what happens next. Same look as templates.ts (plain text plus simple inline-styled HTML, every value escaped).
 */

export interface OrderConfirmationInput {
  to: string;
  firstName: string;
  order: Pick<OrderDetailsView, "orderNumber" | "groups" | "totals" | "shippingAddress" | "estimatedDeliveryDate">;
  /** Absolute link to the order's page. */
  orderLink: string;
  nextSteps: string[];
}

const BRAND_COLOR = "#0b5cab";
const TEXT_COLOR = "#1f2933";
const MUTED_COLOR = "#5f6b7a";

const p = (html: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${TEXT_COLOR};">${html}</p>`;
const h2 = (text: string) =>
  `<h2 style="margin:24px 0 8px;font-size:17px;line-height:24px;color:${TEXT_COLOR};">${escapeHtml(text)}</h2>`;
const cell = (html: string, align = "left") =>
  `<td style="padding:6px 0;font-size:15px;line-height:20px;color:${TEXT_COLOR};text-align:${align};">${html}</td>`;

type Group = OrderConfirmationInput["order"]["groups"][number];

function groupHeading(group: Group): string {
  if (group.type !== "Lens") return "Lens care";
  return group.patient ? `Contact lenses for ${group.patient.firstName} ${group.patient.lastName}` : "Contact lenses";
}

/** "2 × Acuvue Oasys (Right eye)" and the line's total after its discount. */
function lineRows(group: Group): Array<[string, string]> {
  return group.lines.map((line) => {
    const eye = line.whichEye === "right" || line.whichEye === "left" ? ` (${EYE_NAMES[line.whichEye]})` : "";
    return [
      `${line.quantity} × ${line.productName}${eye}`,
      formatCents(line.unitPriceCents * line.quantity - line.discountCents),
    ];
  });
}

function totalRows(totals: OrderConfirmationInput["order"]["totals"]): Array<[string, string]> {
  return [
    ["Subtotal", formatCents(totals.subTotal)],
    ...(totals.discountAmount > 0 ? [["Discounts", `−${formatCents(totals.discountAmount)}`] as [string, string]] : []),
    ["Shipping", totals.shipping === 0 ? "FREE" : formatCents(totals.shipping)],
    ["Tax", formatCents(totals.taxAmount)],
    ["Total", formatCents(totals.totalAmount)],
  ];
}

function absoluteLink(link: string): string {
  const url = new URL(link);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("E-mail links must be http(s) URLs");
  return url.toString();
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

export function orderConfirmationEmail(input: OrderConfirmationInput): EmailMessage {
  const { order } = input;
  const link = absoluteLink(input.orderLink);
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : "Hi there,";
  const subject = `Your ${SITE.name} order ${order.orderNumber}`;
  const totals = totalRows(order.totals);
  // Stored addresses passed the address rules when saved, so their country is one of the model's codes.
  const address = addressLines(order.shippingAddress as AddressInput);
  const arrival = order.estimatedDeliveryDate
    ? `Estimated delivery: ${formatDeliveryDate(DateTime.fromISO(order.estimatedDeliveryDate, { zone: BUSINESS_TIME_ZONE }))}.`
    : null;

  const text = [
    greeting,
    `Thank you for your order! Your order number is ${order.orderNumber}.`,
    ...order.groups.map((group) =>
      [groupHeading(group), ...lineRows(group).map(([item, total]) => `  ${item}: ${total}`)].join("\n"),
    ),
    totals.map(([label, value]) => `${label}: ${value}`).join("\n"),
    ["Shipping to:", ...address].join("\n"),
    ...(arrival ? [arrival] : []),
    ["What happens next:", ...input.nextSteps.map((step) => `- ${step}`)].join("\n"),
    `See your order: ${link}`,
    `Questions? Real people answer 24/7 at ${SITE.phoneDisplay}.\n${SITE.name}`,
  ].join("\n\n");

  const body =
    p(escapeHtml(greeting)) +
    p(`Thank you for your order! Your order number is <strong>${escapeHtml(order.orderNumber)}</strong>.`) +
    order.groups.map((group) => h2(groupHeading(group)) + table(lineRows(group))).join("") +
    table(totals, "margin-top:16px;border-top:1px solid #d9dee5;", "Total") +
    h2("Shipping to") +
    p(address.map(escapeHtml).join("<br>")) +
    (arrival ? p(escapeHtml(arrival)) : "") +
    h2("What happens next") +
    `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:24px;color:${TEXT_COLOR};">` +
    input.nextSteps.map((step) => `<li>${escapeHtml(step)}</li>`).join("") +
    `</ul>` +
    `<p style="margin:24px 0;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;` +
    `border-radius:6px;background:${BRAND_COLOR};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;">` +
    `See your order</a></p>`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f6f8;font-family:Helvetica,Arial,sans-serif;">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px 16px;">` +
    `<div style="font-size:22px;font-weight:bold;color:${BRAND_COLOR};margin:0 0 16px;">${SITE.name}</div>` +
    `<div style="background:#ffffff;border-radius:8px;padding:24px;">` +
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:${TEXT_COLOR};">Thank you for your order</h1>` +
    body +
    `</div><p style="margin:16px 0 0;font-size:13px;line-height:18px;color:${MUTED_COLOR};text-align:center;">` +
    `Questions? Real people answer 24/7 at <a href="${SITE.phoneHref}" style="color:${MUTED_COLOR};">` +
    `${SITE.phoneDisplay}</a>.<br>${SITE.name}</p></div></body></html>`;

  return { kind: "order-confirmation", to: input.to, subject, text: `${text}\n`, html };
}
