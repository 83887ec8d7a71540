import fs from "node:fs";
import path from "node:path";
import { sendReorderReminders, type ReminderSummary } from "./reorder-reminders.server";
import { runDueSubscriptions, type RunnerServices, type RunSummary } from "./reorder-runner.server";

/**
 * The background jobs (issue 7): reorder reminders, then due auto-reorders. Run once by `npm run jobs`
 * (scripts/jobs.ts), or every JOBS_INTERVAL_MINUTES by the server. Several runners at once are safe (claims and
 * guarded updates, see reorder-runner.server.ts), so every server of a Postgres deployment may run them.
 */

export interface JobsSummary {
  reminders: ReminderSummary;
  reorders: RunSummary;
}

/** Reminders first: a reorder placed in this run has already moved its date past the reminder's window. */
export async function runJobs(services: RunnerServices, now: Date = new Date()): Promise<JobsSummary> {
  const reminders = await sendReorderReminders(services, now);
  const reorders = await runDueSubscriptions(services, now);
  return { reminders, reorders };
}

export interface JobSchedule {
  /** Stops the timer and waits for a run in progress (call before closing the database). */
  stop(): Promise<void>;
}

/** Runs the jobs every `minutes` (first run shortly after start); a failed run is logged, the next one still comes. */
export function scheduleJobs(services: RunnerServices, minutes: number, firstRunDelayMs = 30_000): JobSchedule {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    running = runJobs(services)
      .then((summary) => services.logger.info(summary, "jobs run"))
      .catch((error: unknown) => services.logger.error({ err: error }, "jobs run failed"))
      .finally(() => {
        running = null;
        if (!stopped) schedule(minutes * 60_000);
      });
  };
  const schedule = (delay: number) => {
    timer = setTimeout(tick, delay);
    // The timer alone does not keep the process alive (shutdown is not held up by it).
    timer.unref();
  };
  schedule(firstRunDelayMs);
  services.logger.info({ everyMinutes: minutes }, "jobs scheduled");
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
