import { coalescedRuns } from "../../platform/coalesced-runs.server";
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/services/db/client.server";
import { emailOutbox } from "~/services/db/schema";
import type { Logger } from "~/services/platform/logger.server";
import type { DeliverySummary, EmailSender } from "./email-sender";
import { deliverDueEmails } from "./outbox-delivery.server";
import { carriesSecret, UNDATED_SECRET_LIFETIME_MS } from "./outbox-secrets";
import type { SmtpTransport } from "./smtp.server";

export type OutboxMessage = typeof emailOutbox.$inferSelect;

/**
 * The embedded default and the only writer: every message is a row of `email_outbox` (the development mailbox reads
 * them), written in the caller's transaction when it passes one, so what causes an e-mail and the e-mail commit
 * together. With an SMTP transport the row is due for delivery at once (`next_attempt_at`), and delivery runs off
 * the request path: kicked in the background after the write (or the caller's commit), and by the jobs' timer,
 * which also retries. Without one the outbox is the delivery.
 */
export function createOutboxEmailSender(db: Database, options: { logger: Logger; smtp?: SmtpTransport }): EmailSender {
  const { logger, smtp } = options;
  const runs = coalescedRuns(
    () => deliver(),
    (error) => logger.error({ err: error }, "e-mail delivery run failed"),
  );

  const deliver = async (now?: Date): Promise<DeliverySummary> =>
    smtp ? deliverDueEmails(db, smtp, logger, now) : { sent: 0, retrying: 0, failed: 0 };

  const sender: EmailSender = {
    async send(message, sendOptions = {}) {
      const now = new Date();
      const secret = carriesSecret(message);
      let secretExpiresAt = message.secretExpiresAt ?? null;
      if (secret && !secretExpiresAt) {
        // A sender that forgot to date its secret: the body still loses it, later than it could.
        logger.warn({ kind: message.kind }, "e-mail carries a secret without an expiry; using the longest lifetime");
        secretExpiresAt = new Date(now.getTime() + UNDATED_SECRET_LIFETIME_MS);
      } else if (!secret && secretExpiresAt) {
        logger.warn({ kind: message.kind }, "e-mail has a secret expiry but no secret the outbox knows how to remove");
      }
      const [row] = await (sendOptions.db ?? db)
        .insert(emailOutbox)
        .values({
          kind: message.kind,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
          nextAttemptAt: smtp ? now : null,
          secretExpiresAt,
        })
        .returning({ id: emailOutbox.id });
      logger.info({ outboxId: row!.id, kind: message.kind }, smtp ? "e-mail queued" : "e-mail stored in outbox");
      // Written outside a caller's transaction: committed already, so it can go now.
      if (!sendOptions.db) sender.deliverSoon();
    },

    deliver,

    deliverSoon() {
      if (smtp) runs.kick();
    },

    idle: () => runs.idle(),
  };
  return sender;
}

/** Newest first; `to` matches the whole address, ignoring case. */
export async function listOutbox(db: Database, options: { to?: string; limit: number }): Promise<OutboxMessage[]> {
  const to = options.to?.trim().toLowerCase();
  const limit = Math.max(1, Math.min(Math.trunc(options.limit) || 1, 500));
  return db
    .select()
    .from(emailOutbox)
    .where(to ? sql`lower(${emailOutbox.toAddress}) = ${to}` : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

export async function findOutboxMessage(db: Database, id: number): Promise<OutboxMessage | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

/** Where a message stands, for the development mailbox. */
export function outboxStatus(
  row: Pick<OutboxMessage, "sentAt" | "error" | "nextAttemptAt">,
): "stored" | "queued" | "sent" | "retrying" | "failed" {
  if (row.sentAt) return "sent";
  if (row.nextAttemptAt) return row.error ? "retrying" : "queued";
  return row.error ? "failed" : "stored";
}
