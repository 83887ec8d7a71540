import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/services/db/client.server";
import { emailOutbox } from "~/services/db/schema";
import type { Logger } from "~/services/logger.server";
import type { EmailSender } from "./email-sender";
import type { SmtpTransport } from "./smtp.server";

export type OutboxMessage = typeof emailOutbox.$inferSelect;

/**
 * The embedded default: every message is kept in `email_outbox` (the development mailbox reads it). With an SMTP
 * transport the message is also sent, and the row records when it went out or why it did not. A failed send is
 * logged and recorded, never thrown: a shopper's request does not fail because mail is down.
 */
export function createOutboxEmailSender(db: Database, options: { logger: Logger; smtp?: SmtpTransport }): EmailSender {
  const { logger, smtp } = options;
  return {
    async send(message) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          kind: message.kind,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
        })
        .returning({ id: emailOutbox.id });
      const id = row!.id;
      if (!smtp) {
        logger.info({ outboxId: id, kind: message.kind }, "e-mail stored in outbox");
        return;
      }
      try {
        await smtp.send(message);
        await db.update(emailOutbox).set({ sentAt: new Date(), error: null }).where(eq(emailOutbox.id, id));
        logger.info({ outboxId: id, kind: message.kind }, "e-mail sent");
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000) || "unknown error";
        logger.error({ outboxId: id, kind: message.kind, err: error }, "e-mail could not be sent");
        try {
          await db.update(emailOutbox).set({ error: reason }).where(eq(emailOutbox.id, id));
        } catch (recordError) {
          logger.error({ outboxId: id, err: recordError }, "e-mail send failure could not be recorded");
        }
      }
    },
  };
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
