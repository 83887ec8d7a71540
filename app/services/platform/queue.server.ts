import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../db/client.server";
import type { Logger } from "./logger.server";

/**
 * The job queue (decision 28): pg-boss on the store's own database, through the store's pool (Postgres) or the
 * embedded PGlite. Jobs live in the `pgboss` schema, so they survive restarts, and any number of processes share
 * them: a job is fetched by one worker (`FOR UPDATE SKIP LOCKED`), and a schedule fires once a minute across all
 * processes (pg-boss's cron monitor runs in one process at a time and sends each due schedule with a one-minute
 * singleton key). What the store runs on it is in jobs.server.ts.
 */

export type JobHandler = (job: { id: string; name: string; data: unknown }) => Promise<unknown>;

export interface QueueDefinition {
  name: string;
  /** When it runs by itself: a cron expression in UTC (minute granularity), or null for no schedule. */
  cron: string | null;
  /** A job that runs longer is failed and retried (pg-boss's expiration). */
  expireInSeconds: number;
  /** How often a failed job is tried again, after 30 s doubling (pg-boss's retry backoff). */
  retryLimit: number;
  handler: JobHandler;
}

export interface QueueTiming {
  /** How often an idle worker asks for work (seconds; at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How often this process checks whether a schedule is due, and sends due schedules (seconds, 1–45). */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
}

export interface JobQueue {
  /** Puts a job on a queue; `singletonKey` with `singletonSeconds` drops a copy sent within the same window. */
  send(name: string, data?: object, options?: { singletonKey?: string; singletonSeconds?: number }): Promise<void>;
  /** Stops fetching and scheduling, waits for the jobs in progress (call before closing the database). */
  stop(): Promise<void>;
}

/**
 * Starts pg-boss, creates the queues and (re)writes their schedules, and, when `work` is set, works them in this
 * process. A queue is `stately`: at most one job of it waits and one runs at a time across all processes, so a run
 * that overlaps the next minute's schedule is not doubled.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  queues: readonly QueueDefinition[],
  options: { logger: Logger; work: boolean; timing?: QueueTiming },
): Promise<JobQueue> {
  const { logger, timing = {} } = options;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: "pgboss",
    // Jobs of a day are enough to read what happened; pg-boss archives completed jobs after an hour.
    deleteAfterDays: 7,
    ...(timing.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: timing.cronMonitorIntervalSeconds } : {}),
    ...(timing.cronWorkerIntervalSeconds ? { cronWorkerIntervalSeconds: timing.cronWorkerIntervalSeconds } : {}),
  });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  // N processes starting together on a fresh database deadlock in pg-boss's create_queue (each creates the queue's
  // partition and its foreign keys): the queues and schedules are written by one process at a time, under the
  // start-up lock (the migrations' advisory lock).
  await database.exclusively(async () => {
    await boss.start();
    await defineQueues(boss, queues);
  });

  if (options.work) {
    for (const queue of queues) {
      await boss.work(
        queue.name,
        { pollingIntervalSeconds: timing.pollingIntervalSeconds ?? 2, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          const started = Date.now();
          try {
            const summary = await queue.handler(job);
            logger.info({ job: queue.name, jobId: job.id, ms: Date.now() - started, summary }, "job done");
          } catch (error) {
            logger.error({ err: error, job: queue.name, jobId: job.id }, "job failed; it will be retried");
            throw error;
          }
        },
      );
    }
  }
  logger.info({ queues: queues.map((queue) => queue.name), working: options.work }, "job queue started");

  return {
    async send(name, data = {}, sendOptions = {}) {
      await boss.send(name, data, sendOptions);
    },
    async stop() {
      // close: false — the database is the store's, closed by its owner after this.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
    },
  };
}

/** Creates the queues (pg-boss skips one that exists), brings their settings up to date and (re)writes schedules. */
async function defineQueues(boss: PgBoss, queues: readonly QueueDefinition[]) {
  for (const queue of queues) {
    const settings = {
      name: queue.name,
      policy: "stately" as const,
      expireInSeconds: queue.expireInSeconds,
      retryLimit: queue.retryLimit,
      retryDelay: 30,
      retryBackoff: true,
    };
    // Created by the first process to start (pg-boss skips a queue that exists); later starts bring the settings up
    // to date (every process starts with the same code).
    await boss.createQueue(queue.name, settings);
    await boss.updateQueue(queue.name, settings);
    if (queue.cron) await boss.schedule(queue.name, queue.cron, {}, { tz: "UTC" });
    else await boss.unschedule(queue.name);
  }
}
