import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/services/db/client.server";
import { createLogger } from "~/services/platform/logger.server";
import { startJobQueue, type JobQueue } from "~/services/platform/queue.server";

const silentLogger = createLogger({ level: "silent" });

// N server processes start at once on one Postgres (WEB_CONCURRENCY): the migrations are applied once, and the
// start-up work under the same lock (the demo seed) never runs in two processes at the same time.

const templateUrl = inject("postgresTemplateUrl");
const migrationCount = fs.readdirSync("drizzle").filter((file) => file.endsWith(".sql")).length;

/** A new, empty database on the test server (not the migrated template); dropped by the returned function. */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(templateUrl);
  admin.pathname = "/postgres";
  const name = `lenslane_lock_${randomBytes(4).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

describe.skipIf(!templateUrl)("start-up on Postgres with several processes", () => {
  it("three processes migrating an empty database at once apply each migration once, and all succeed", async () => {
    const { url, drop } = await emptyDatabase();
    const handles: DatabaseHandle[] = [];
    try {
      for (let i = 0; i < 3; i++) handles.push(await openDatabase({ driver: "postgres", url, poolSize: 2 }));
      await Promise.all(handles.map((handle) => handle.migrate()));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ count: string }>(
          "select count(*) as count from drizzle.__drizzle_migrations",
        );
        expect(Number(rows[0]!.count)).toBe(migrationCount);
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await drop();
    }
  });

  it("work under the start-up lock never overlaps between processes", async () => {
    const { url, drop } = await emptyDatabase();
    const handles: DatabaseHandle[] = [];
    try {
      for (let i = 0; i < 3; i++) handles.push(await openDatabase({ driver: "postgres", url, poolSize: 2 }));
      const spans: Array<[number, number]> = [];
      await Promise.all(
        handles.map((handle) =>
          handle.exclusively(async () => {
            const start = performance.now();
            await new Promise((resolve) => setTimeout(resolve, 100));
            spans.push([start, performance.now()]);
          }),
        ),
      );
      spans.sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await drop();
    }
  });

  it("three processes starting the job queue on a fresh database all start, and the queues exist once", async () => {
    const { url, drop } = await emptyDatabase();
    const handles: DatabaseHandle[] = [];
    const queues: JobQueue[] = [];
    try {
      for (let i = 0; i < 3; i++) handles.push(await openDatabase({ driver: "postgres", url, poolSize: 3 }));
      const definitions = ["outbox", "reorders", "payments"].map((name) => ({
        name,
        cron: "* * * * *",
        expireInSeconds: 60,
        retryLimit: 1,
        handler: async () => null,
      }));
      // Without the start-up lock two of pg-boss's create_queue calls deadlock on the queue's partition.
      queues.push(
        ...(await Promise.all(
          handles.map((handle) => startJobQueue(handle, definitions, { logger: silentLogger, work: false })),
        )),
      );
      const { rows } = await handles[0]!.executeSql("select name from pgboss.queue where name = any($1)", [
        definitions.map((definition) => definition.name),
      ]);
      expect(rows).toHaveLength(3);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
      await Promise.all(handles.map((handle) => handle.close()));
      await drop();
    }
  });
});
