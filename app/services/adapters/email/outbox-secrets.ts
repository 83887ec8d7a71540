import { PIN_DIGITS } from "~/models/auth-limits";
import { RESET_LINK_PARAM } from "~/models/reset-link";
import { SNOOZE_LINK_PARAM } from "~/models/subscription";
import type { EmailMessage } from "./email-sender";

/**
 * What an e-mail carries that signs someone in or changes their account: the sign-in PIN, and links whose query
 * holds a token (auto-login `token`, the reset and snooze links' `code`). The outbox keeps a message's body, so once
 * the message has been delivered (or its secrets expired) these are replaced with a neutral placeholder: a copy of
 * the database then opens no account. Pure functions, shared by the outbox writer, the delivery step and the job.
 */

export const SECRET_REMOVED = "[removed after delivery]";

/** The query parameters of the store's secret links (lower case). */
const SECRET_LINK_PARAMS: ReadonlySet<string> = new Set(["token", RESET_LINK_PARAM, SNOOZE_LINK_PARAM]);

/** An absolute link as the templates write it, in the text body or (HTML-escaped) in the HTML body. */
const LINK = /https?:\/\/[^\s"'<>]+/g;
/** The PIN e-mail's code: a line of its own in the text, an element's whole content in the HTML. */
const PIN_LINE = new RegExp(`^[ \\t]*\\d{${PIN_DIGITS}}[ \\t]*$`, "gm");
const PIN_ELEMENT = new RegExp(`>\\s*\\d{${PIN_DIGITS}}\\s*<`, "g");

/**
 * How long a secret a sender forgot to date stays in the outbox (the longest-lived token the store e-mails lives 45
 * days: the snooze links). Only a fallback: every sender sets `secretExpiresAt`, and the outbox warns when one does
 * not.
 */
export const UNDATED_SECRET_LIFETIME_MS = 45 * 24 * 60 * 60_000;

function isSecretLink(link: string): boolean {
  let url: URL;
  try {
    url = new URL(link.replaceAll("&amp;", "&"));
  } catch {
    return false;
  }
  for (const name of url.searchParams.keys()) if (SECRET_LINK_PARAMS.has(name.toLowerCase())) return true;
  return false;
}

/** The bodies with every secret replaced by SECRET_REMOVED (unchanged when there is none). */
export function scrubSecrets(message: Pick<EmailMessage, "kind" | "text" | "html">): { text: string; html: string } {
  const links = (body: string) => body.replace(LINK, (link) => (isSecretLink(link) ? SECRET_REMOVED : link));
  let text = links(message.text);
  let html = links(message.html);
  if (message.kind === "pin") {
    text = text.replace(PIN_LINE, SECRET_REMOVED);
    html = html.replace(PIN_ELEMENT, `>${SECRET_REMOVED}<`);
  }
  return { text, html };
}

/** True when the bodies hold a secret that scrubSecrets removes. */
export function carriesSecret(message: Pick<EmailMessage, "kind" | "text" | "html">): boolean {
  const scrubbed = scrubSecrets(message);
  return scrubbed.text !== message.text || scrubbed.html !== message.html;
}
