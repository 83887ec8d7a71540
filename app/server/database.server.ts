import path from "node:path";
import type { AppConfig } from "~/services/platform/config.server";
import type { Logger } from "~/services/platform/logger.server";
import { openDatabase, type DatabaseHandle } from "~/services/db/client.server";
import { isDemoSeedCurrent, seedDemoCatalog } from "~/services/db/seed.server";

/** The configured database: Postgres when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function openConfiguredDatabase(
  config: Pick<AppConfig, "databaseUrl" | "dataDir" | "databasePoolSize" | "databaseStatementTimeoutMs">,
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({
        driver: "postgres",
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
      })
    : openDatabase({ driver: "pglite", dataDir: path.join(config.dataDir, "pglite") });
}

/**
 * Opens the configured database, applies migrations and, where configured, brings the demo data up to date. N
 * processes starting together take turns (an advisory lock on Postgres): one migrates and seeds, the others find
 * it done.
 */
export async function bootstrapDatabase(config: AppConfig, logger: Logger): Promise<DatabaseHandle> {
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    if (config.seedDemoData) {
      await database.exclusively(async () => {
        if (await isDemoSeedCurrent(database.db)) return;
        const started = Date.now();
        const result = await seedDemoCatalog(database.db);
        logger.info({ ...result, ms: Date.now() - started }, "demo data seeded");
      });
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  logger.info({ driver: database.driver }, "database ready");
  return database;
}
