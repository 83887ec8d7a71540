// `npx tsx scripts/advance-order.ts <orderNumber> verify|ship|deliver`: moves an order along as the warehouse would
// (the same steps as the /dev/orders page), against the configured database (DATABASE_URL, else PGlite under
// DATA_DIR). PGlite allows one process at a time: stop the dev server first, or use /dev/orders instead.
import { parseConfig } from "~/services/config.server";
import { openConfiguredDatabase } from "~/services/db/bootstrap.server";
import { ADVANCE_ACTIONS, isAdvanceAction } from "~/models/order-status";
import { advanceOrder } from "~/services/order-operations.server";

const [orderNumber, step] = process.argv.slice(2);
if (!orderNumber || !isAdvanceAction(step)) {
  console.error(`Usage: npx tsx scripts/advance-order.ts <orderNumber> ${ADVANCE_ACTIONS.join("|")}`);
  process.exit(2);
}

const config = parseConfig(process.env);
if (config.isProduction) {
  console.error("Orders are advanced by the warehouse in production, not by this script.");
  process.exit(1);
}
const database = await openConfiguredDatabase(config);
try {
  const result = await advanceOrder(database.db, orderNumber, step);
  console.log(result.message);
  if (!result.ok) process.exitCode = 1;
} finally {
  await database.close();
}
