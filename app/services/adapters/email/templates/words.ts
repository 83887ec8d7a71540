import type { ReactElement } from "react";
import type { EmailKind, EmailMessage } from "../email-sender";
import { renderEmail } from "./render";

/** What several messages say the same way, and the step every message ends with. */

/** A link in an e-mail is read outside the site, so it must be absolute (and only http or https). */
export function absoluteLink(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    // The link is not in the message: it may carry a token, and error messages are logged.
    throw new Error("E-mail links must be absolute URLs");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error("E-mail links must be http or https URLs");
  }
  return url.toString();
}

export function greeting(firstName: string): string {
  const name = firstName.trim();
  return name ? `Hi ${name},` : "Hi there,";
}

export function minutes(count: number): string {
  return count === 1 ? "1 minute" : `${count} minutes`;
}

/** The message as the outbox stores it: both bodies rendered from the one component tree. */
export async function emailMessage(
  kind: EmailKind,
  to: string,
  subject: string,
  element: ReactElement,
): Promise<EmailMessage> {
  const { html, text } = await renderEmail(element);
  return { kind, to, subject, text, html };
}
