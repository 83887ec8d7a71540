// `npm run db:migrate`: applies the committed migrations to the configured database (DATABASE_URL, or PGlite
// under DATA_DIR). The server also migrates on start; this is for deploy pipelines and inspection.
import path from "node:path";
import { parseConfig } from "~/services/config.server";
import { openDatabase } from "~/services/db/client.server";

const config = parseConfig(process.env);
const database = config.databaseUrl
  ? await openDatabase({ driver: "postgres", url: config.databaseUrl })
  : await openDatabase({ driver: "pglite", dataDir: path.join(config.dataDir, "pglite") });
try {
  await database.migrate();
  console.log(`Migrations applied (${database.driver}).`);
} finally {
  await database.close();
}
