// `npm run worker`: a process that only works the job queue (the e-mail outbox, reorder reminders and due
// auto-reorders, payment recovery, prescription verification), for a deployment that keeps this work off its web
// processes (set JOB_WORKERS=false on those). Postgres only: PGlite is one process's database, and there the server
// works the queue itself. Stops on SIGTERM/SIGINT after the job in progress.
import {
  createEmailSender,
  createPaymentGateway,
  createPayPalProvider,
  createPayIn4Provider,
  createAnalyticsRecorder,
  createExamProvider,
  createPrescriberVerifier,
  createTaxCalculator,
  createImageStore,
} from "~/server/adapters.server";
import { ConfigError, parseConfig } from "~/services/platform/config.server";
import { bootstrapDatabase } from "~/server/database.server";
import { startJobs } from "~/server/jobs.server";
import { logger } from "~/services/platform/logger.server";
import { createAppSession } from "~/services/platform/session.server";

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
if (!config.databaseUrl) {
  console.error("npm run worker needs DATABASE_URL (Postgres). On the embedded database the server works the queue.");
  process.exit(1);
}
logger.level = config.logLevel;

const database = await bootstrapDatabase(config, logger);
const jobs = await startJobs(
  {
    config,
    database,
    db: database.db,
    logger,
    email: createEmailSender(config, database.db, logger),
    tax: createTaxCalculator(),
    payments: createPaymentGateway(database.db),
    paypal: createPayPalProvider(config, database.db),
    payIn4: createPayIn4Provider(config, database.db),
    analytics: createAnalyticsRecorder(config, database.db, logger),
    examProvider: createExamProvider(database.db),
    prescriberVerifier: createPrescriberVerifier(database.db),
    imageStore: createImageStore(config, database.db),
    sessions: createAppSession(config),
  },
  { work: true },
);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "worker stopping");
    void jobs
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, "worker stop failed");
        process.exit(1);
      });
  });
}
