// `npm run db:seed`: writes the demo catalog into the configured database. Idempotent: run it as often as you like.
import { parseConfig } from "~/services/platform/config.server";
import { openConfiguredDatabase } from "~/server/database.server";
import { seedDemoCatalog } from "~/services/db/seed.server";

const config = parseConfig(process.env);
const database = await openConfiguredDatabase(config);
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
