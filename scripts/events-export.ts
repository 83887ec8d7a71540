// `npm run events:export [file] [--type=EventType]`: writes the stored analytics events (decision 59) as
// newline-delimited JSON, oldest first, to the file (created or replaced) or to standard output, from the database
// the server uses (DATABASE_URL, else PGlite under DATA_DIR). Safe next to the server on Postgres; PGlite allows one
// process at a time, so with the server running on the same DATA_DIR this refuses to start.
import fs from "node:fs";
import { once } from "node:events";
import type { Writable } from "node:stream";
import { exportEvents } from "~/services/adapters/analytics/event-export.server";
import { ConfigError, parseConfig } from "~/services/platform/config.server";
import { openConfiguredDatabase } from "~/server/database.server";
import { pgliteOwner, recordPgliteOwner } from "~/server/jobs.server";
import { logger } from "~/services/platform/logger.server";

const args = process.argv.slice(2);
const type = args.find((arg) => arg.startsWith("--type="))?.slice("--type=".length);
const file = args.find((arg) => !arg.startsWith("--"));
if (args.some((arg) => arg.startsWith("--") && !arg.startsWith("--type="))) {
  console.error("Usage: npm run events:export [file] [--type=EventType]");
  process.exit(2);
}

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
logger.level = process.env.LOG_LEVEL ?? "warn";

if (!config.databaseUrl) {
  const owner = pgliteOwner(config.dataDir);
  if (owner !== null) {
    console.error(
      `Another process (${owner}) is using the embedded database in ${config.dataDir}; PGlite allows one process at ` +
        `a time. Stop the server and run this again. (If nothing is running, delete ${config.dataDir}/pglite.pid.)`,
    );
    process.exit(1);
  }
}

const forgetOwner = config.databaseUrl ? null : recordPgliteOwner(config.dataDir);
const database = await openConfiguredDatabase(config);
const out: Writable = file ? fs.createWriteStream(file) : process.stdout;
try {
  await database.migrate();
  const written = await exportEvents(
    database.db,
    async (line) => {
      // Waits when the file or pipe is behind, so memory stays bounded.
      if (!out.write(line)) await once(out, "drain");
    },
    { type },
  );
  if (file) {
    out.end();
    await once(out, "finish");
  }
  // The count goes to standard error, so standard output is only the events.
  console.error(`${written} events exported${file ? ` to ${file}` : ""}.`);
} catch (error) {
  console.error("The export failed:", error);
  process.exitCode = 1;
} finally {
  await database.close();
  forgetOwner?.();
}
