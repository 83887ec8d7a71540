import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

/** Both drivers speak the same Postgres dialect; services only see this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: reads that must also run under a lock take this. */
export type Executor = Database | Transaction;

/**
 * Independent reads, together: in parallel on the pool, one after another inside a transaction. A transaction is one
 * connection, and one connection runs one query at a time: node-postgres 8 queues overlapping ones with a
 * deprecation warning, and 9 refuses them. Functions that take an `Executor` use this instead of `Promise.all`.
 */
export async function together<T extends readonly (() => unknown)[] | []>(
  db: Executor,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Answers true only when the database really answers a query. */
  ping(): Promise<boolean>;
  /** Applies the migrations; on Postgres under an advisory lock, so N processes starting at once apply them once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the same lock (on PGlite, which has one process, it just runs it): start-up work that
   * must happen once however many processes start, such as the demo seed.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Raw SQL for the job queue (pg-boss's `db` adapter): with values, one parameterised statement; without, the text
   * may hold several statements (pg-boss's own BEGIN … COMMIT blocks) and the last one's rows come back.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
  /** The embedded client, when the driver is PGlite (tests dump it to make their snapshot). */
  pglite?: PGlite;
  /**
   * Calls `listener` with every statement Drizzle sends until the returned function is called (tests count the
   * queries of a render with it). Postgres transactions add their `begin` and `commit`; PGlite's do not show.
   */
  watchQueries(listener: (sql: string) => void): () => void;
}

/** Drizzle's logger hook, fanned out to the handle's watchers (none, in a serving process: one size check). */
function queryWatchers() {
  const listeners = new Set<(sql: string) => void>();
  return {
    logger: {
      logQuery(query: string) {
        if (listeners.size === 0) return;
        for (const listener of listeners) listener(query);
      },
    },
    watchQueries(listener: (sql: string) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type DatabaseOptions =
  /** `statementTimeoutMs`: Postgres cancels a statement running longer (0 or absent: no limit). */
  | { driver: "postgres"; url: string; poolSize?: number; statementTimeoutMs?: number }
  /** `dataDir` undefined = in memory; `loadDataDir` starts from a dump (a migrated snapshot in tests). */
  | { driver: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

const migrationsFolder = path.resolve("drizzle");

/** The advisory lock start-up work holds (any fixed 64-bit number no other code uses). */
const STARTUP_LOCK_KEY = 7_215_466_511;

/**
 * Holds the start-up lock on a connection of its own while `work` runs with it. Waiting for the lock is the point
 * (a second process waits for the first to finish migrating), so that connection has no statement timeout, and it
 * is closed afterwards rather than returned to the pool with that setting.
 */
async function underStartupLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("set statement_timeout = 0");
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
    return await work(client);
  } finally {
    // Destroyed, not pooled: it carries statement_timeout 0, and closing the session releases the lock.
    client.release(true);
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const watchers = queryWatchers();
    const db = drizzleNodePg({ client: pool, schema, logger: watchers.logger }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      ping: () => ping(db),
      migrate: () =>
        underStartupLock(pool, (client) => migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder })),
      exclusively: (work) => underStartupLock(pool, () => work()),
      executeSql: (text, values) => pool.query(text, values),
      close: () => pool.end(),
      watchQueries: watchers.watchQueries,
    };
  }

  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const watchers = queryWatchers();
  const pgliteDb = drizzlePglite({ client, schema, logger: watchers.logger });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    driver: "pglite",
    ping: () => ping(db),
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    exclusively: (work) => work(),
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // The simple protocol, as pg does for a text without values: several statements in one round trip.
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    pglite: client,
    watchQueries: watchers.watchQueries,
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export { schema };
