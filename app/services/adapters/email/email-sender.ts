import type { Executor } from "~/services/db/client.server";

/**
 * E-mail (spec: PIN, password reset, guest reset and welcome messages; order and auto-reorder e-mails). Every
 * message is written to the `email_outbox` table, in the caller's transaction when it passes one (the transactional
 * outbox: an order and its confirmation commit together). Without SMTP the outbox is the delivery (the development
 * mailbox shows it); with SMTP_URL a delivery step off the request path sends it (outbox-delivery.server.ts). Each
 * message has a plain-text and an HTML body.
 */
export type EmailKind =
  | "pin"
  | "password-reset"
  | "guest-reset"
  | "welcome"
  | "order-confirmation"
  | "order-shipped"
  | "order-on-hold"
  | "reorder-reminder"
  | "reorder-failed"
  | "chat-message"
  | "chat-reply"
  | "prescription-request";

export interface EmailMessage {
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * When the last secret in the body (a PIN, a reset, sign-in or snooze link) stops working; unset for a message
   * without one. The stored body loses its secrets after SMTP delivery, or at this moment (outbox-secrets.ts).
   */
  secretExpiresAt?: Date;
}

export interface SendOptions {
  /**
   * Write the message in this transaction (or with this database handle). A caller that passes a transaction calls
   * `deliverSoon()` after its commit; without one, `send` does that itself.
   */
  db?: Executor;
}

/** What one delivery run did (nothing at all without SMTP: the outbox is the delivery). */
export interface DeliverySummary {
  sent: number;
  /** Failed this time, to be tried again later (backoff). */
  retrying: number;
  /** Failed for the last time (MAX_DELIVERY_ATTEMPTS). */
  failed: number;
}

export interface EmailSender {
  /** Writes the message to the outbox: fast, no network. Throws when the write fails (so a transaction rolls back). */
  send(message: EmailMessage, options?: SendOptions): Promise<void>;
  /** Delivers the due messages now (the jobs' step); a no-op without SMTP. Safe on N processes at once. */
  deliver(now?: Date): Promise<DeliverySummary>;
  /** Starts a delivery run in the background (after a commit); never throws, never blocks. A no-op without SMTP. */
  deliverSoon(): void;
  /** Resolves once no background delivery run is going (shutdown waits for it before closing the database). */
  idle(): Promise<void>;
}

/**
 * What the templates need to say (links are absolute: they are read in a mail client). Rendering is asynchronous
 * (React Email's `render`, decision 0048); a relative or non-http link rejects.
 */
export interface EmailTemplates {
  pin(input: { to: string; firstName: string; pin: string; minutesValid: number }): Promise<EmailMessage>;
  passwordReset(input: { to: string; firstName: string; link: string; minutesValid: number }): Promise<EmailMessage>;
  guestReset(input: { to: string; link: string; minutesValid: number }): Promise<EmailMessage>;
  /** `accountLink` is an auto-login link (spec 4.4) to the customer's dashboard. */
  welcome(input: { to: string; firstName: string; accountLink: string; daysValid: number }): Promise<EmailMessage>;
}
