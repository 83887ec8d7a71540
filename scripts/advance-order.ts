// `npx tsx scripts/advance-order.ts <orderNumber> verify|ship|deliver`: moves an order along as the warehouse would
// (the same steps as the /dev/orders page), against the configured database (DATABASE_URL, else PGlite under
// DATA_DIR). PGlite allows one process at a time: stop the dev server first, or use /dev/orders instead.
import { ADVANCE_ACTIONS, isAdvanceAction } from "~/models/order-status";
import { createEmailSender } from "~/server/adapters.server";
import { openConfiguredDatabase } from "~/server/database.server";
import { advanceOrder } from "~/services/orders/order-operations.server";
import { parseConfig } from "~/services/platform/config.server";
import { logger } from "~/services/platform/logger.server";

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
logger.level = process.env.LOG_LEVEL ?? "warn";
const database = await openConfiguredDatabase(config);
// Shipping writes the 'order shipped' e-mail to the outbox; with SMTP_URL it is delivered before the script ends.
const email = createEmailSender(config, database.db, logger);
try {
  const result = await advanceOrder({ db: database.db, email, config }, orderNumber, step);
  console.log(result.message);
  if (!result.ok) process.exitCode = 1;
  await email.idle();
} finally {
  await database.close();
}
