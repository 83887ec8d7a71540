import type { AppConfig } from "~/services/platform/config.server";
import type { Database } from "~/services/db/client.server";
import type { Logger } from "~/services/platform/logger.server";
import type { EmailSender } from "./email-sender";
import { createOutboxEmailSender } from "./outbox.server";
import { createSmtpTransport } from "./smtp.server";

/**
 * Chosen once at start-up: always the outbox; with SMTP_URL, the outbox's messages are then delivered through SMTP
 * off the request path (outbox-delivery.server.ts).
 */
export function createEmailSender(
  config: Pick<AppConfig, "smtpUrl" | "mailFrom">,
  db: Database,
  logger: Logger,
): EmailSender {
  if (!config.smtpUrl) return createOutboxEmailSender(db, { logger });
  logger.info({ smtpHost: safeHost(config.smtpUrl) }, "e-mail: outbox and SMTP");
  return createOutboxEmailSender(db, { logger, smtp: createSmtpTransport(config.smtpUrl, config.mailFrom) });
}

/** The host only: the URL may carry credentials. */
function safeHost(smtpUrl: string): string {
  try {
    return new URL(smtpUrl).host;
  } catch {
    return "(invalid)";
  }
}
