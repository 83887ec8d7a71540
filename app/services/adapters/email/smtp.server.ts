import nodemailer from "nodemailer";
import type { EmailMessage } from "./email-sender";

/** Delivers one message to a mail server; it throws when the server refuses or cannot be reached. */
export interface SmtpTransport {
  send(message: EmailMessage): Promise<void>;
}

/** Transport options beyond the URL (tests pass nodemailer's in-memory `jsonTransport`). */
export type SmtpTransportOptions = Parameters<typeof nodemailer.createTransport>[0];

/**
 * The real client: nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL). Only the outbox's delivery
 * step uses it, off the request path; timeouts are short so a mail server that hangs cannot outlast the delivery's
 * claim on a message (DELIVERY_LEASE_MS).
 */
export function createSmtpTransport(
  smtpUrl: string,
  mailFrom: string,
  options?: { transport?: SmtpTransportOptions },
): SmtpTransport {
  const transporter = nodemailer.createTransport(
    options?.transport ?? {
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
  );
  return {
    async send(message) {
      await transporter.sendMail({
        from: mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { "X-Lenslane-Kind": message.kind },
      });
    },
  };
}
