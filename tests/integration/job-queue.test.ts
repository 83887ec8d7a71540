import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessToday } from "~/models/subscription";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { orders, subscriptions } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { everyMinutesCron, JOB_QUEUES, startJobs } from "~/server/jobs.server";
import { createLogger } from "~/services/platform/logger.server";
import { readyToOrder } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices } from "../setup/test-context";

// The job queue (decision 28): two processes' schedulers and workers on one database. Each process here is a
// `startJobs` of its own (its own pg-boss, cron monitor and workers) over the shared database, as two server
// processes would be; on the Postgres pass they are two pools on one Postgres.

let database: DatabaseHandle;
let services: AppServices;
let subscriptionId: number;

/** Every "job done" line both processes log: which queue, which job, in which process. */
const done: Array<{ job: string; jobId: string; process: string }> = [];

function processServices(name: string): AppServices {
  const logger = createLogger({
    level: "info",
    destination: {
      write(line: string) {
        const entry = JSON.parse(line) as { msg: string; job?: string; jobId?: string };
        if (entry.msg === "job done") done.push({ job: entry.job!, jobId: entry.jobId!, process: name });
      },
    },
  });
  // Reorders every minute, as a schedule both processes keep.
  const base = createTestServices(database, { JOBS_INTERVAL_MINUTES: "1" });
  return { ...base, logger };
}

/** Fast clocks so a test waits seconds, not minutes: cron checks every second, idle workers poll twice a second. */
const timing = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

/** A customer whose monthly lens subscription is due today (its first order placed a month ago). */
async function dueSubscription(): Promise<number> {
  const { input } = await readyToOrder(services, { slot: 90, quantity: 2, frequencyDays: 30 });
  const placed = await placeOrder(services, { ...input, now: new Date(Date.now() - 30 * 24 * 60 * 60_000) });
  if (!placed.ok) throw new Error(placed.reason);
  const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
  const [subscription] = await database.db
    .update(subscriptions)
    .set({ nextReorderDate: businessToday(new Date()) })
    .where(eq(subscriptions.sourceOrderId, order!.id))
    .returning({ id: subscriptions.id });
  return subscription!.id;
}

describe("the job queue across processes", () => {
  it("two schedulers fire each due schedule once, each job runs once, and a due auto-reorder is placed once", async () => {
    subscriptionId = await dueSubscription();
    const first = await startJobs(processServices("a"), { work: true, timing });
    const second = await startJobs(processServices("b"), { work: true, timing });
    try {
      // Both processes check the schedules every second; the reorders' first run places the order.
      await expect
        .poll(() => done.filter((entry) => entry.job === JOB_QUEUES.reorders).length, { timeout: 20_000 })
        .toBeGreaterThan(0);
      // A few more seconds of both schedulers running: nothing fires twice within the minute.
      await new Promise((resolve) => setTimeout(resolve, 4000));
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }

    const runs = new Map<string, number>();
    for (const entry of done) runs.set(entry.jobId, (runs.get(entry.jobId) ?? 0) + 1);
    for (const [jobId, count] of runs) expect(count, `job ${jobId}`).toBe(1);

    // One schedule firing per queue and minute, whichever process fired it: every job of a queue came from one
    // firing, and a firing is one per minute slot (pg-boss sends it with the queue's name and a one-minute singleton).
    // A firing sends its job when a cron worker completes it; one made in the last second before the stop (a minute
    // boundary) is still waiting, has sent nothing, and is left for the next process to run.
    const jobs = await database.executeSql(
      "select name, count(*)::int as count from pgboss.job where name = any($1) group by 1",
      [Object.values(JOB_QUEUES)],
    );
    const firings = await database.executeSql(
      "select singleton_key as name, count(distinct singleton_on)::int as count from pgboss.job " +
        "where name = '__pgboss__send-it' and state = 'completed' group by 1",
    );
    const slots = new Map((firings.rows as Array<{ name: string; count: number }>).map((row) => [row.name, row.count]));
    expect(jobs.rows.length).toBeGreaterThan(0);
    for (const row of jobs.rows as Array<{ name: string; count: number }>)
      expect(row.count, row.name).toBe(slots.get(row.name));

    const placed = await database.db.select().from(orders).where(eq(orders.subscriptionId, subscriptionId));
    expect(placed).toHaveLength(1);
  });

  it("a restarted process keeps the schedule and runs nothing twice", async () => {
    const before = done.length;
    const again = await startJobs(processServices("c"), { work: true, timing });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await again.stop();
    const runs = new Map<string, number>();
    for (const entry of done.slice(before)) runs.set(entry.jobId, (runs.get(entry.jobId) ?? 0) + 1);
    for (const [jobId, count] of runs) expect(count, `job ${jobId}`).toBe(1);
    const ids = new Set(done.slice(0, before).map((entry) => entry.jobId));
    for (const entry of done.slice(before)) expect(ids.has(entry.jobId), entry.jobId).toBe(false);
    expect(await database.db.select().from(orders).where(eq(orders.subscriptionId, subscriptionId))).toHaveLength(1);
  });
});

describe("schedules", () => {
  it("turn JOBS_INTERVAL_MINUTES into cron", () => {
    expect(everyMinutesCron(0)).toBeNull();
    expect(everyMinutesCron(1)).toBe("* * * * *");
    expect(everyMinutesCron(15)).toBe("*/15 * * * *");
    expect(everyMinutesCron(60)).toBe("0 * * * *");
    expect(everyMinutesCron(180)).toBe("0 */3 * * *");
    expect(everyMinutesCron(1440)).toBe("0 0 * * *");
  });
});
