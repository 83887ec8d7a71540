import type { EmailMessage } from "./email-sender";
import {
  absoluteLink,
  BRAND_COLOR,
  button,
  escapeHtml,
  greeting,
  layout,
  p,
  TEXT_COLOR,
  textFooter,
} from "./templates";

/**
 * Live chat's e-mails (decision 37): support's answer to the shopper, and the shopper's message to the support
 * address. templates.ts's layout and pieces: plain text plus simple inline-styled HTML; the chat text is quoted as
 * plain text (escaped, line breaks kept), links absolute.
 */

const quote = (text: string) =>
  `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${BRAND_COLOR};background:#f4f6f8;` +
  `font-size:16px;line-height:24px;color:${TEXT_COLOR};white-space:pre-wrap;">${escapeHtml(text)}</blockquote>`;

/** Support answered in the chat: the answer, and a link back to the thread. */
export function chatReplyEmail(input: { to: string; name: string; reply: string; threadLink: string }): EmailMessage {
  const url = absoluteLink(input.threadLink);
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
  const url = absoluteLink(input.supportLink);
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
