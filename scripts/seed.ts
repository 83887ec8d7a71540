// `npm run db:seed`: writes the demo catalog into the configured database. Idempotent: run it as often as you like.
import path from "node:path";
import { parseConfig } from "~/services/config.server";
import { openDatabase } from "~/services/db/client.server";
import { seedDemoCatalog } from "~/services/db/seed.server";

const config = parseConfig(process.env);
const database = config.databaseUrl
  ? await openDatabase({ driver: "postgres", url: config.databaseUrl })
  : await openDatabase({ driver: "pglite", dataDir: path.join(config.dataDir, "pglite") });
try {
  await database.migrate();
  const started = Date.now();
  const result = await seedDemoCatalog(database.db);
  console.log(
    `Seeded ${result.brands} brands, ${result.products} products and ${result.skus} SKUs in ${Date.now() - started} ms.`,
  );
} finally {
  await database.close();
}
