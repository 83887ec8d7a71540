import { formatCents } from "~/models/catalog";
import { formatReorderDate } from "~/models/subscription";
import { SITE } from "~/models/site";
import type { EmailMessage } from "./email-sender";
import { escapeHtml } from "./templates";

/**
 * The auto-reorder e-mails (issue 7): the reminder before a reorder date (the upcoming order, manage and snooze
 * links, a prescription warning) and the notice that a reorder could not be placed (why, and what to do). Same look
 * as templates.ts: plain text plus simple inline-styled HTML, every value escaped, links absolute.
 */

const BRAND_COLOR = "#0b5cab";
const TEXT_COLOR = "#1f2933";
const MUTED_COLOR = "#5f6b7a";
const WARNING_BACKGROUND = "#fffbea";

const p = (html: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${TEXT_COLOR};">${html}</p>`;
const small = (html: string) =>
  `<p style="margin:0 0 12px;font-size:14px;line-height:20px;color:${MUTED_COLOR};">${html}</p>`;
const h2 = (text: string) =>
  `<h2 style="margin:24px 0 8px;font-size:17px;line-height:24px;color:${TEXT_COLOR};">${escapeHtml(text)}</h2>`;
const link = (url: string, label: string) =>
  `<a href="${escapeHtml(url)}" style="color:${BRAND_COLOR};">${escapeHtml(label)}</a>`;

function button(url: string, label: string): string {
  return (
    `<p style="margin:24px 0;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;` +
    `border-radius:6px;background:${BRAND_COLOR};color:#ffffff;font-size:16px;font-weight:bold;` +
    `text-decoration:none;">${escapeHtml(label)}</a></p>`
  );
}

function warning(html: string): string {
  return (
    `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #b7791f;background:${WARNING_BACKGROUND};` +
    `font-size:15px;line-height:22px;color:${TEXT_COLOR};">${html}</div>`
  );
}

/** A link in an e-mail is read outside the site: absolute, http or https only. */
function absolute(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("E-mail links must be http(s)");
  return parsed.toString();
}

function greeting(firstName: string): string {
  return firstName.trim() ? `Hi ${firstName.trim()},` : "Hi there,";
}

function layout(heading: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>` +
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

const textFooter = `Questions? Real people answer 24/7 at ${SITE.phoneDisplay}.\n${SITE.name}`;

/** "2 weeks", "1 month", "2 months" for the e-mail's snooze links; other day counts as days. */
export function snoozeLabel(days: number): string {
  if (days % 30 === 0) return days === 30 ? "1 month" : `${days / 30} months`;
  if (days % 7 === 0) return days === 7 ? "1 week" : `${days / 7} weeks`;
  return days === 1 ? "1 day" : `${days} days`;
}

// ---------------------------------------------------------------------------------------------------------
// The reminder.

export interface ReminderItem {
  /** "Right eye", "Left eye", or null for solution. */
  eye: string | null;
  productName: string;
  quantity: number;
  /** "Power/sphere -1.00, BC 8.6", or "" when none. */
  parameters: string;
}

export interface ReorderReminderInput {
  to: string;
  firstName: string;
  /** The upcoming reorder date (ISO day). */
  reorderDate: string;
  patientName: string | null;
  items: ReminderItem[];
  shipTo: string[];
  card: { label: string } | null;
  /** Merchandise price of the reorder, with its auto-reorder promotions (no shipping or tax); null: not shown. */
  price: {
    subtotalCents: number;
    totalCents: number;
    promotions: Array<{ description: string; amountCents: number }>;
  } | null;
  /** Auto-login link to the subscription's page. */
  manageLink: string;
  snoozeLinks: Array<{ days: number; url: string }>;
  /** Set when the prescription expires before this order: the order cannot be sent until it is renewed. */
  prescriptionWarning: { expiresOn: string; examLink: string; uploadLink: string } | null;
}

function itemLine(item: ReminderItem): string {
  const eye = item.eye ? `${item.eye}: ` : "";
  const boxes = item.quantity === 1 ? "1 box" : `${item.quantity} boxes`;
  return `${eye}${item.productName}, ${boxes}${item.parameters ? ` (${item.parameters})` : ""}`;
}

function priceLines(price: NonNullable<ReorderReminderInput["price"]>): string[] {
  return [
    ...price.promotions.map((promotion) => `${promotion.description}: −${formatCents(promotion.amountCents)}`),
    `Price: ${formatCents(price.totalCents)} plus any shipping and tax`,
  ];
}

export function reorderReminderEmail(input: ReorderReminderInput): EmailMessage {
  const date = formatReorderDate(input.reorderDate);
  const subject = `Your next ${SITE.name} auto-reorder ships ${date}`;
  const manage = absolute(input.manageLink);
  const snoozes = input.snoozeLinks.map((snooze) => ({ label: snoozeLabel(snooze.days), url: absolute(snooze.url) }));
  const intro = `Your next auto-reorder will be placed on ${date}. Here is what we'll send:`;
  const heading = input.patientName ? `Contact lenses for ${input.patientName}` : null;
  const rxWarning = input.prescriptionWarning
    ? {
        text:
          `Your prescription expires on ${formatReorderDate(input.prescriptionWarning.expiresOn)}, before this ` +
          `order. We can't send lenses on an expired prescription: renew it with our online vision exam or ` +
          `upload your new prescription.`,
        exam: absolute(input.prescriptionWarning.examLink),
        upload: absolute(input.prescriptionWarning.uploadLink),
      }
    : null;

  const text = [
    greeting(input.firstName),
    intro,
    [...(heading ? [heading] : []), ...input.items.map((item) => `- ${itemLine(item)}`)].join("\n"),
    ...(input.price ? [priceLines(input.price).join("\n")] : []),
    ["Shipping to:", ...input.shipTo].join("\n"),
    input.card ? `Paid with: ${input.card.label}` : "No card on file: add one before the order date.",
    ...(rxWarning
      ? [`${rxWarning.text}\nOnline vision exam: ${rxWarning.exam}\nUpload a prescription: ${rxWarning.upload}`]
      : []),
    `Manage your subscription: ${manage}`,
    ["Need more time? Snooze this order:", ...snoozes.map((snooze) => `- ${snooze.label}: ${snooze.url}`)].join("\n"),
  ].join("\n\n");

  const body =
    p(escapeHtml(greeting(input.firstName))) +
    p(escapeHtml(intro)) +
    (rxWarning
      ? warning(
          `${escapeHtml(rxWarning.text)}<br>${link(rxWarning.exam, "Take the online vision exam")} · ` +
            link(rxWarning.upload, "Upload a prescription"),
        )
      : "") +
    (heading ? h2(heading) : "") +
    `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:24px;color:${TEXT_COLOR};">` +
    input.items.map((item) => `<li>${escapeHtml(itemLine(item))}</li>`).join("") +
    `</ul>` +
    (input.price ? p(priceLines(input.price).map(escapeHtml).join("<br>")) : "") +
    h2("Shipping to") +
    p(input.shipTo.map(escapeHtml).join("<br>")) +
    h2("Payment") +
    p(escapeHtml(input.card ? input.card.label : "No card on file: add one before the order date.")) +
    button(manage, "Manage your subscription") +
    h2("Need more time?") +
    p(
      `Snooze this order: ` +
        snoozes.map((snooze) => link(snooze.url, snooze.label)).join(" · ") +
        `. You'll see the new date and confirm it with one button.`,
    ) +
    small("The manage link signs you in, so please don't forward this e-mail.");

  return {
    kind: "reorder-reminder",
    to: input.to,
    subject,
    text: `${text}\n\n${textFooter}\n`,
    html: layout("Your next order is coming up", body),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The failure notice.

export interface ReorderFailedInput {
  to: string;
  firstName: string;
  reorderDate: string;
  /** What went wrong and what to do (FAILURE_MESSAGES). */
  message: string;
  manageLink: string;
  /** Set for an expired prescription: renew it online or upload a new one. */
  renewPrescription: { examLink: string; uploadLink: string } | null;
}

export function reorderFailedEmail(input: ReorderFailedInput): EmailMessage {
  const date = formatReorderDate(input.reorderDate);
  const manage = absolute(input.manageLink);
  if (input.renewPrescription) {
    const exam = absolute(input.renewPrescription.examLink);
    const upload = absolute(input.renewPrescription.uploadLink);
    const subject = "Renew your prescription to get your next order";
    const explanation =
      `We couldn't place your auto-reorder for ${date}: the prescription on your subscription has expired. ` +
      `Renew your prescription and we'll send your lenses.`;
    const text = [
      greeting(input.firstName),
      explanation,
      `Take our online vision exam (about 10 minutes): ${exam}`,
      `Or upload a current prescription: ${upload}`,
      `Manage your subscription: ${manage}`,
    ].join("\n\n");
    const body =
      p(escapeHtml(greeting(input.firstName))) +
      p(escapeHtml(explanation)) +
      button(exam, "Take the online vision exam") +
      p(`Already have a new prescription? ${link(upload, "Upload it")}.`) +
      p(link(manage, "Manage your subscription")) +
      small("The manage link signs you in, so please don't forward this e-mail.");
    return {
      kind: "reorder-failed",
      to: input.to,
      subject,
      text: `${text}\n\n${textFooter}\n`,
      html: layout("Renew your prescription", body),
    };
  }
  const subject = `We couldn't place your ${SITE.name} auto-reorder`;
  const explanation = `We couldn't place your auto-reorder for ${date}.`;
  const text = [greeting(input.firstName), explanation, input.message, `Manage your subscription: ${manage}`].join(
    "\n\n",
  );
  const body =
    p(escapeHtml(greeting(input.firstName))) +
    p(escapeHtml(explanation)) +
    p(`<strong>${escapeHtml(input.message)}</strong>`) +
    button(manage, "Manage your subscription") +
    small("The button signs you in, so please don't forward this e-mail.");
  return {
    kind: "reorder-failed",
    to: input.to,
    subject,
    text: `${text}\n\n${textFooter}\n`,
    html: layout("Your auto-reorder needs attention", body),
  };
}
