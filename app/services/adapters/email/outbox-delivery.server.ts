import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/services/db/client.server";
import { emailOutbox } from "~/services/db/schema";
import type { Logger } from "~/services/platform/logger.server";
import type { DeliverySummary, EmailKind } from "./email-sender";
import { scrubSecrets } from "./outbox-secrets";
import type { SmtpTransport } from "./smtp.server";

/**
 * Delivering the outbox by SMTP, off the request path, and removing secrets from stored bodies (the jobs run both).
 *
 * A run claims a batch of due rows (unsent, `next_attempt_at` passed) with one UPDATE over a `FOR UPDATE SKIP
 * LOCKED` select: the claim counts the attempt and pushes `next_attempt_at` a lease ahead, so another process (or
 * this one's next run) leaves those rows alone while they are being sent, and takes them over only if this process
 * died mid-send. Each message is then sent; success records `sent_at` and removes the body's secrets at once;
 * failure records the error and the next attempt (exponential backoff), until MAX_DELIVERY_ATTEMPTS. A message is
 * sent at least once and, short of a crash between the SMTP server's answer and the recording, once.
 */

export const MAX_DELIVERY_ATTEMPTS = 10;
/** Longer than a send can take (smtp.server.ts: connect 10 s, greeting 10 s, socket 20 s). */
export const DELIVERY_LEASE_MS = 5 * 60_000;
const DELIVERY_BATCH = 10;
const MAX_DELIVERY_BATCHES = 20;
const SCRUB_BATCH = 200;
const MAX_SCRUB_BATCHES = 50;
const SCRUB_REASON = "not delivered before its links or code expired";

/** The wait after the n-th failed attempt: 1, 2, 4, … minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

type ClaimedRow = typeof emailOutbox.$inferSelect;

async function claimDue(db: Database, now: Date): Promise<ClaimedRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        isNull(emailOutbox.scrubbedAt),
        lte(emailOutbox.nextAttemptAt, now),
        // A code or link that expired before it could be sent is no use; the scrub step closes the row.
        or(isNull(emailOutbox.secretExpiresAt), gt(emailOutbox.secretExpiresAt, now)),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(DELIVERY_BATCH)
    .for("update", { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + DELIVERY_LEASE_MS),
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

/** Sends what is due (several batches, at most MAX_DELIVERY_BATCHES); `now` dates the claims and the outcomes. */
export async function deliverDueEmails(
  db: Database,
  smtp: SmtpTransport,
  logger: Logger,
  now: Date = new Date(),
): Promise<DeliverySummary> {
  const summary: DeliverySummary = { sent: 0, retrying: 0, failed: 0 };
  for (let batch = 0; batch < MAX_DELIVERY_BATCHES; batch++) {
    const claimed = await claimDue(db, now);
    if (claimed.length === 0) break;
    const outcomes = await Promise.all(claimed.map((row) => deliverOne(db, smtp, logger, row, now)));
    for (const outcome of outcomes) summary[outcome]++;
    if (claimed.length < DELIVERY_BATCH) break;
  }
  if (summary.sent + summary.retrying + summary.failed > 0) logger.info(summary, "e-mail delivery");
  return summary;
}

async function deliverOne(
  db: Database,
  smtp: SmtpTransport,
  logger: Logger,
  row: ClaimedRow,
  now: Date,
): Promise<keyof DeliverySummary> {
  const message = {
    kind: row.kind as EmailKind,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
  };
  try {
    await smtp.send(message);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000) || "unknown error";
    const last = row.attempts >= MAX_DELIVERY_ATTEMPTS;
    logger.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, err: error }, "e-mail not sent");
    await db
      .update(emailOutbox)
      .set({ error: reason, nextAttemptAt: last ? null : new Date(now.getTime() + retryDelayMs(row.attempts)) })
      // Not when the scrub step closed it meanwhile (its secrets expired): a scrubbed body is never sent.
      .where(and(eq(emailOutbox.id, row.id), isNull(emailOutbox.sentAt), isNull(emailOutbox.scrubbedAt)));
    return last ? "failed" : "retrying";
  }
  // Delivered: the outbox need not keep what signs the customer in.
  const scrubbed = scrubSecrets(message);
  const holdsSecret = scrubbed.text !== message.text || scrubbed.html !== message.html;
  await db
    .update(emailOutbox)
    .set({
      sentAt: now,
      error: null,
      nextAttemptAt: null,
      ...(holdsSecret || row.secretExpiresAt
        ? { textBody: scrubbed.text, htmlBody: scrubbed.html, scrubbedAt: now, secretExpiresAt: null }
        : {}),
    })
    .where(eq(emailOutbox.id, row.id));
  logger.info({ outboxId: row.id, kind: row.kind }, "e-mail sent");
  return "sent";
}

/**
 * Removes the secrets of every message whose secrets have expired (in batches, at most MAX_SCRUB_BATCHES a run):
 * the embedded mailbox keeps showing links while they work, and no longer. `secret_expires_at` is cleared with the
 * secrets (`scrubbed_at` says when), so the indexed scan only ever meets rows still to do. A message SMTP has not
 * delivered by then is closed too (no use sending an expired code). One UPDATE per batch; idempotent, so two
 * processes scrubbing the same rows write the same text.
 */
export async function scrubExpiredSecrets(db: Database, now: Date = new Date()): Promise<number> {
  let scrubbed = 0;
  for (let batch = 0; batch < MAX_SCRUB_BATCHES; batch++) {
    const rows = await db
      .select({ id: emailOutbox.id, kind: emailOutbox.kind, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
      .from(emailOutbox)
      .where(and(lte(emailOutbox.secretExpiresAt, now), isNull(emailOutbox.scrubbedAt)))
      .orderBy(asc(emailOutbox.secretExpiresAt), asc(emailOutbox.id))
      .limit(SCRUB_BATCH);
    if (rows.length === 0) break;
    const values = rows.map((row) => {
      const { text, html } = scrubSecrets({ kind: row.kind as EmailKind, text: row.text, html: row.html });
      return sql`(${row.id}::integer, ${text}::text, ${html}::text)`;
    });
    const undelivered = sql`${emailOutbox.sentAt} is null and ${emailOutbox.nextAttemptAt} is not null`;
    const done = await db
      .update(emailOutbox)
      .set({
        textBody: sql`scrubbed.text_body`,
        htmlBody: sql`scrubbed.html_body`,
        scrubbedAt: now,
        secretExpiresAt: null,
        error: sql`case when ${undelivered} then ${SCRUB_REASON} else ${emailOutbox.error} end`,
        nextAttemptAt: sql`case when ${undelivered} then null else ${emailOutbox.nextAttemptAt} end`,
      })
      .from(sql`(values ${sql.join(values, sql`, `)}) as scrubbed (id, text_body, html_body)`)
      .where(and(sql`${emailOutbox.id} = scrubbed.id`, isNull(emailOutbox.scrubbedAt)))
      .returning({ id: emailOutbox.id });
    scrubbed += done.length;
    if (rows.length < SCRUB_BATCH) break;
  }
  return scrubbed;
}
