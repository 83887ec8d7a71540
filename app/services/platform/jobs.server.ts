import fs from "node:fs";
import path from "node:path";
import type { DeliverySummary } from "../adapters/email/email-sender";
import { scrubExpiredSecrets } from "../adapters/email/outbox-delivery.server";
import { sendReorderReminders, type ReminderSummary } from "../subscriptions/reorder-reminders.server";
import { runDueSubscriptions, type RunnerServices, type RunSummary } from "../subscriptions/reorder-runner.server";

/**
 * The background jobs: reorder reminders and due auto-reorders (issue 7), and the e-mail outbox (deliver what is
 * due by SMTP, remove expired secrets from stored bodies). Run once by `npm run jobs` (scripts/jobs.ts), or by the
 * server's timers: the outbox every OUTBOX_INTERVAL_SECONDS, the reorders every JOBS_INTERVAL_MINUTES. Several
 * runners at once are safe (claims and guarded updates, see reorder-runner.server.ts; row locks with SKIP LOCKED for
 * the outbox), so every server of a Postgres deployment may run them.
 */

export interface OutboxSummary extends DeliverySummary {
  /** Stored bodies whose secrets were removed because they expired. */
  scrubbed: number;
}

export interface JobsSummary {
  reminders: ReminderSummary;
  reorders: RunSummary;
  email: OutboxSummary;
}

/** How often the server delivers and scrubs the outbox (a retry's backoff starts at one minute). */
export const OUTBOX_INTERVAL_SECONDS = 60;

/** Reminders first: a reorder placed in this run has already moved its date past the reminder's window. */
export async function runJobs(services: RunnerServices, now: Date = new Date()): Promise<JobsSummary> {
  const reminders = await sendReorderReminders(services, now);
  const reorders = await runDueSubscriptions(services, now);
  // Last, so the e-mails this run wrote go out now.
  const email = await runOutboxJobs(services, now);
  return { reminders, reorders, email };
}

/** Delivers the due e-mails (a no-op without SMTP), then removes the secrets that expired. */
export async function runOutboxJobs(
  services: Pick<RunnerServices, "db" | "email">,
  now: Date = new Date(),
): Promise<OutboxSummary> {
  const delivery = await services.email.deliver(now);
  const scrubbed = await scrubExpiredSecrets(services.db, now);
  return { ...delivery, scrubbed };
}

export interface JobSchedule {
  /** Stops the timers and waits for runs in progress, the e-mail's too (call before closing the database). */
  stop(): Promise<void>;
}

/**
 * Runs the outbox every `outboxSeconds` and, when `minutes` > 0, the reorder jobs every `minutes` (first runs shortly
 * after start); a failed run is logged, the next one still comes.
 */
export function scheduleJobs(
  services: RunnerServices,
  minutes: number,
  options: { firstRunDelayMs?: number; outboxSeconds?: number } = {},
): JobSchedule {
  const firstRunDelayMs = options.firstRunDelayMs ?? 30_000;
  const outboxSeconds = options.outboxSeconds ?? OUTBOX_INTERVAL_SECONDS;
  const loops = [
    repeat(
      services,
      "outbox run",
      () => runOutboxJobs(services),
      outboxSeconds * 1000,
      Math.min(firstRunDelayMs, outboxSeconds * 1000),
      (summary) => summary.sent + summary.retrying + summary.failed + summary.scrubbed > 0,
    ),
    ...(minutes > 0
      ? [
          repeat(
            services,
            "jobs run",
            () => runJobs(services),
            minutes * 60_000,
            firstRunDelayMs,
            () => true,
          ),
        ]
      : []),
  ];
  services.logger.info({ everyMinutes: minutes || null, outboxEverySeconds: outboxSeconds }, "jobs scheduled");
  return {
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
      // A delivery kicked by a request (deliverSoon) finishes before the database closes.
      await services.email.idle();
    },
  };
}

/** Runs `run` every `intervalMs` after the previous run ended (runs never overlap in one process). */
function repeat<T extends object>(
  services: Pick<RunnerServices, "logger">,
  name: string,
  run: () => Promise<T>,
  intervalMs: number,
  firstDelayMs: number,
  worthLogging: (summary: T) => boolean,
): JobSchedule {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    running = run()
      .then((summary) => {
        if (worthLogging(summary)) services.logger.info(summary as Record<string, unknown>, name);
      })
      .catch((error: unknown) => services.logger.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
        if (!stopped) schedule(intervalMs);
      });
  };
  const schedule = (delay: number) => {
    timer = setTimeout(tick, delay);
    // The timer alone does not keep the process alive (shutdown is not held up by it).
    timer.unref();
  };
  schedule(firstDelayMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// PGlite is one process's database: nothing stops a second process from opening the same data directory, and
// two writers corrupt it. The server records its process id next to the data; `npm run jobs` refuses to open the
// database while that process lives.

function ownerFile(dataDir: string): string {
  return path.join(dataDir, "pglite.pid");
}

/** Records this process as the one using the PGlite data under `dataDir`; the returned function forgets it. */
export function recordPgliteOwner(dataDir: string, pid: number = process.pid): () => void {
  const file = ownerFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, "utf8").trim() === String(pid)) fs.unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
}

/** The live process (not this one) recorded as using the PGlite data under `dataDir`, or null. */
export function pgliteOwner(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(ownerFile(dataDir), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; ESRCH: gone (the server stopped without cleaning up).
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}
