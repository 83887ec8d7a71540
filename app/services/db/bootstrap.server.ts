import path from "node:path";
import type { AppConfig } from "~/services/platform/config.server";
import type { Logger } from "~/services/platform/logger.server";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { isDemoSeedCurrent, seedDemoCatalog } from "./seed.server";

/** Opens the configured database, applies migrations and, where configured, brings the demo data up to date. */
/** The configured database: Postgres when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function openConfiguredDatabase(config: AppConfig): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ driver: "postgres", url: config.databaseUrl })
    : openDatabase({ driver: "pglite", dataDir: path.join(config.dataDir, "pglite") });
}

export async function bootstrapDatabase(config: AppConfig, logger: Logger): Promise<DatabaseHandle> {
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    if (config.seedDemoData && !(await isDemoSeedCurrent(database.db))) {
      const started = Date.now();
      const result = await seedDemoCatalog(database.db);
      logger.info({ ...result, ms: Date.now() - started }, "demo data seeded");
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  logger.info({ driver: database.driver }, "database ready");
  return database;
}
