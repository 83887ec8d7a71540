// `npm run db:migrate`: applies the committed migrations to the configured database (DATABASE_URL, or PGlite
// under DATA_DIR). The server also migrates on start; this is for deploy pipelines and inspection.
import { parseConfig } from "~/services/platform/config.server";
import { openConfiguredDatabase } from "~/server/database.server";

const config = parseConfig(process.env);
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.driver}).`);
} finally {
  await database.close();
}
