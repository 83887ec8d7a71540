import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
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

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Answers true only when the database really answers a query. */
  ping(): Promise<boolean>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded client, when the driver is PGlite (tests dump it to make their snapshot). */
  pglite?: PGlite;
}

export type DatabaseOptions =
  | { driver: "postgres"; url: string; poolSize?: number }
  /** `dataDir` undefined = in memory; `loadDataDir` starts from a dump (a migrated snapshot in tests). */
  | { driver: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

const migrationsFolder = path.resolve("drizzle");

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      ping: () => ping(db),
      migrate: () => migrateNodePg(drizzleNodePg({ client: pool, schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }

  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const pgliteDb = drizzlePglite({ client, schema });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    driver: "pglite",
    ping: () => ping(db),
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: async () => {
      if (!client.closed) await client.close();
    },
    pglite: client,
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
