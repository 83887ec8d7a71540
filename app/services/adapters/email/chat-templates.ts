import { SITE } from "~/models/site";
import type { EmailMessage } from "./email-sender";
import { escapeHtml } from "./templates";

/**
 * Live chat's e-mails (decision 37): support's answer to the shopper, and the shopper's message to the support
 * address. Same look as templates.ts: plain text plus simple inline-styled HTML; the chat text is quoted as plain
 * text (escaped, line breaks kept), links absolute.
 */

const BRAND_COLOR = "#0b5cab";
const TEXT_COLOR = "#1f2933";
const MUTED_COLOR = "#5f6b7a";

const p = (html: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${TEXT_COLOR};">${html}</p>`;

const quote = (text: string) =>
  `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${BRAND_COLOR};background:#f4f6f8;` +
  `font-size:16px;line-height:24px;color:${TEXT_COLOR};white-space:pre-wrap;">${escapeHtml(text)}</blockquote>`;

function button(url: string, label: string): string {
  return (
    `<p style="margin:24px 0;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;` +
    `border-radius:6px;background:${BRAND_COLOR};color:#ffffff;font-size:16px;font-weight:bold;` +
    `text-decoration:none;">${escapeHtml(label)}</a></p>` +
    `<p style="margin:0 0 12px;font-size:14px;line-height:20px;color:${MUTED_COLOR};">Or paste this link into your ` +
    `browser:<br><a href="${escapeHtml(url)}" style="color:${BRAND_COLOR};">${escapeHtml(url)}</a></p>`
  );
}

/** A link in an e-mail is read outside the site: absolute, http or https only. */
function absolute(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("E-mail links must be http(s)");
  return parsed.toString();
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

function greeting(name: string): string {
  return name.trim() ? `Hi ${name.trim()},` : "Hi there,";
}

/** Support answered in the chat: the answer, and a link back to the thread. */
export function chatReplyEmail(input: { to: string; name: string; reply: string; threadLink: string }): EmailMessage {
  const url = absolute(input.threadLink);
  const heading = "We answered your message";
  return {
    kind: "chat-reply",
    to: input.to,
    subject: "Lenslane support answered your chat message",
    text: [
      greeting(input.name),
      "Our support team answered your chat message:",
      input.reply,
      `Read the conversation and reply here: ${url}`,
      textFooter,
    ].join("\n\n"),
    html: layout(
      heading,
      p(escapeHtml(greeting(input.name))) +
        p("Our support team answered your chat message:") +
        quote(input.reply) +
        button(url, "Read and reply"),
    ),
  };
}

/** The shopper wrote in the chat: to the support address, with a link to the conversation on the support page. */
export function chatMessageEmail(input: {
  to: string;
  conversationId: number;
  contactName: string;
  contactEmail: string;
  message: string;
  supportLink: string;
}): EmailMessage {
  const url = absolute(input.supportLink);
  const from = `${input.contactName} <${input.contactEmail}>`;
  return {
    kind: "chat-message",
    to: input.to,
    subject: `Chat ${input.conversationId}: new message from ${input.contactName}`,
    text: [`${from} wrote in chat ${input.conversationId}:`, input.message, `Answer here: ${url}`].join("\n\n"),
    html: layout(
      `Chat ${input.conversationId}`,
      p(`${escapeHtml(from)} wrote:`) + quote(input.message) + button(url, "Answer"),
    ),
  };
}
