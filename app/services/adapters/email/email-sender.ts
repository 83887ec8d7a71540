/**
 * E-mail (spec: PIN, password reset, guest reset and welcome messages). The embedded default stores every
 * message in the `email_outbox` table (a development mailbox page shows them); with SMTP_URL set, messages are
 * also sent through SMTP. Each message has a plain-text and an HTML body.
 */
export type EmailKind =
  "pin" | "password-reset" | "guest-reset" | "welcome" | "order-confirmation" | "reorder-reminder" | "reorder-failed";

export interface EmailMessage {
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** What the templates need to say (links are absolute: they are read in a mail client). */
export interface EmailTemplates {
  pin(input: { to: string; firstName: string; pin: string; minutesValid: number }): EmailMessage;
  passwordReset(input: { to: string; firstName: string; link: string; minutesValid: number }): EmailMessage;
  guestReset(input: { to: string; link: string; minutesValid: number }): EmailMessage;
  /** `accountLink` is an auto-login link (spec 4.4) to the customer's dashboard. */
  welcome(input: { to: string; firstName: string; accountLink: string; daysValid: number }): EmailMessage;
}
