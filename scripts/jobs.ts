// `npm run jobs`: sends the due reorder reminders, places the due auto-reorders, runs a prescription verification pass
// (decision 30), then delivers the e-mail outbox (by SMTP, when SMTP_URL is set) and removes expired secrets from
// stored e-mails, once, against the database the server uses (DATABASE_URL, else PGlite under DATA_DIR), and prints
// what it did. Exits non-zero only when something unexpected failed (a declined card is a recorded outcome, not an
// error). Safe to run next to the server on Postgres (claims keep two runners from placing one order twice). PGlite
// allows one process at a time: with the server running on the same DATA_DIR this refuses to start; let the server
// run the jobs (JOBS_INTERVAL_MINUTES, or the buttons on /dev/orders) or stop it first.
import {
  createEmailSender,
  createPaymentGateway,
  createPayPalProvider,
  createPayIn4Provider,
  createAnalyticsRecorder,
  createExamProvider,
  createPrescriberVerifier,
  createTaxCalculator,
} from "~/server/adapters.server";
import { ConfigError, parseConfig } from "~/services/platform/config.server";
import { openConfiguredDatabase } from "~/server/database.server";
import { pgliteOwner, recordPgliteOwner, runJobs } from "~/server/jobs.server";
import { logger } from "~/services/platform/logger.server";
import { createAppSession } from "~/services/platform/session.server";

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
      `Another process (${owner}: the server, or another npm run jobs) is using the embedded database in ${config.dataDir}. PGlite allows one ` +
        `process at a time, and opening it twice would corrupt it. Let the server run the jobs ` +
        `(JOBS_INTERVAL_MINUTES=5, or "Send reminders" and "Place due orders" on /dev/orders), or stop the server ` +
        `and run this again. (If nothing is running, delete ${config.dataDir}/pglite.pid.)`,
    );
    process.exit(1);
  }
}

const forgetOwner = config.databaseUrl ? null : recordPgliteOwner(config.dataDir);
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const started = Date.now();
  const { reminders, reorders, exams, examPayments, email, verification } = await runJobs({
    config,
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
    sessions: createAppSession(config),
  });
  console.log(
    `Reminders: ${reminders.sent} sent, ${reminders.skipped} skipped, ${reminders.failed} failed ` +
      `(${reminders.due} in the next ${config.reorderReminderDays} days).`,
  );
  console.log(
    `Auto-reorders: ${reorders.placed} placed, ${reorders.failed} not placed, ${reorders.skipped} skipped ` +
      `(${reorders.due} due).`,
  );
  console.log(
    `Exams: ${exams.synced} vouchers read from the exam provider, ${exams.failed} failed; ` +
      `${examPayments} exam fees settled.`,
  );
  const resolved = Object.entries(verification.resolved).map(([state, n]) => `${n} ${state}`);
  console.log(
    `Prescription verification: ${verification.sent} sent, ${verification.notSent} not sent, ` +
      `${resolved.length > 0 ? resolved.join(", ") : "none resolved"}, ${verification.waiting} waiting for the doctor.`,
  );
  console.log(
    `E-mail: ${email.sent} sent, ${email.retrying} to retry, ${email.failed} failed` +
      `${config.smtpUrl ? "" : " (no SMTP_URL: the outbox is the delivery)"}; ` +
      `${email.scrubbed} expired secrets removed. ${Date.now() - started} ms.`,
  );
} catch (error) {
  console.error("The jobs failed:", error);
  process.exitCode = 1;
} finally {
  await database.close();
  forgetOwner?.();
}
