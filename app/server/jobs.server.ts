import fs from "node:fs";
import path from "node:path";
import type { DeliverySummary } from "~/services/adapters/email/email-sender";
import { scrubExpiredSecrets } from "~/services/adapters/email/outbox-delivery.server";
import { sendReorderReminders, type ReminderSummary } from "~/services/auto-reorder/reorder-reminders.server";
import {
  runDueSubscriptions,
  type RunnerServices,
  type RunSummary,
} from "~/services/auto-reorder/reorder-runner.server";
import { recoverPendingOrders } from "~/services/checkout/order-confirmation.server";
import { recoverProviderOrders } from "~/services/checkout/provider-payments.server";
import { settleExamPayments } from "~/services/exams/exam-payments.server";
import { syncOpenExamVouchers, type OpenSyncSummary } from "~/services/exams/exam-sync.server";
import { runVerificationPass, type VerificationSummary } from "~/services/prescriptions/verification.server";
import { expireUnlinkedRxImages } from "~/services/prescriptions/rx-image-expiry.server";
import { expireNotificationRecords } from "~/services/notifications/notification-records.server";
import { rxReadingJob } from "~/services/prescriptions/rx-reading.server";
import { registerReadingSender } from "~/services/prescriptions/rx-reading-queue.server";
import {
  passiveSearchJob,
  passiveSearchSingleton,
  registerPassiveSearchSender,
} from "~/services/insurance/passive-search.server";
import type { AppServices } from "~/services/platform/context.server";
import { pruneClientLogDigests } from "~/services/platform/client-log.server";
import type { ForwardSummary } from "~/services/adapters/analytics/analytics-recorder";
import { pruneStoredEvents } from "~/services/adapters/analytics/event-table.server";
import { startJobQueue, type JobQueue, type QueueTiming } from "~/services/platform/queue.server";
import {
  createAlternateEligibilityServices,
  createEligibilityService,
  createImageStore,
  createPrescriptionReader,
} from "./adapters.server";

/**
 * The background jobs: reorder reminders and due auto-reorders (issue 7), and the e-mail outbox (deliver what is
 * due by SMTP, remove expired secrets from stored bodies). They run on the job queue (queue.server.ts, decision 28):
 * the outbox every minute, the reorders every JOBS_INTERVAL_MINUTES, one run at a time across all processes. `npm
 * run jobs` (scripts/jobs.ts) runs them once by hand. The runs are safe to overlap anyway (claims and guarded updates,
 * see reorder-runner.server.ts; row locks with SKIP LOCKED for the outbox), which is what makes a reorder exactly
 * once per subscription and date, whoever runs it.
 */

export interface OutboxSummary extends DeliverySummary {
  /** Stored bodies whose secrets were removed because they expired. */
  scrubbed: number;
}

export interface JobsSummary {
  reminders: ReminderSummary;
  reorders: RunSummary;
  exams: OpenSyncSummary;
  /** Exam fees settled: stopped requests and exams the provider did not take (decision 55). */
  examPayments: number;
  email: OutboxSummary;
  verification: VerificationSummary;
}

/** What the jobs run with: the reorder runner's services, the exam provider and the prescriber verifier. */
export type JobRunServices = RunnerServices &
  Pick<AppServices, "examProvider" | "prescriberVerifier" | "paypal" | "payIn4">;

/**
 * Reminders first: a reorder placed in this run has already moved its date past the reminder's window. `npm run
 * jobs` also brings the open exam vouchers up to date and verifies prescriptions, as their queues do every minute.
 */
export async function runJobs(services: JobRunServices, now: Date = new Date()): Promise<JobsSummary> {
  const reminders = await sendReorderReminders(services, now);
  const reorders = await runDueSubscriptions(services, now);
  const exams = await syncOpenExamVouchers(services, now);
  const examPayments = await settleExamPayments(services);
  // Orders this run placed are verified with the doctor in the same run.
  const verification = await runVerificationPass(services, now);
  // Last, so the e-mails this run wrote go out now.
  const email = await runOutboxJobs(services, now);
  return { reminders, reorders, exams, examPayments, email, verification };
}

/** Delivers the due e-mails (a no-op without SMTP), then removes the secrets that expired. */
export async function runOutboxJobs(
  services: Pick<RunnerServices, "db" | "email">,
  now: Date = new Date(),
): Promise<OutboxSummary> {
  const delivery = await services.email.deliver(now);
  const scrubbed = await scrubExpiredSecrets(services.db, now);
  return { ...delivery, scrubbed };
}

/**
 * Analytics (decision 59): forwards the due events to the clickstream proxy (a no-op without one), then removes the
 * digests of browser logs not seen for a month.
 */
export async function runAnalyticsJob(
  services: Pick<AppServices, "db" | "analytics">,
  now: Date = new Date(),
): Promise<ForwardSummary & { logDigestsRemoved: number; eventsRemoved: number }> {
  const forwarded = await services.analytics.forward(now);
  return {
    ...forwarded,
    logDigestsRemoved: await pruneClientLogDigests(services.db, now),
    eventsRemoved: await pruneStoredEvents(services.db, now),
  };
}

/** The queues the store works, and what each runs. */
export const JOB_QUEUES = {
  outbox: "outbox",
  reorders: "reorders",
  payments: "payments",
  exams: "exams",
  verification: "verification",
  rxImageExpiry: "rx-image-expiry",
  notificationRecords: "notification-records",
  rxReading: "rx-reading",
  insurance: "insurance",
  analytics: "analytics",
} as const;

/**
 * A cron expression (UTC) for "every `minutes` minutes", or null for never (0). Under an hour it runs at the minutes
 * divisible by `minutes` (with a shorter gap before the hour when 60 is not a multiple); from an hour up it runs on
 * the hour, every round(minutes / 60) hours.
 */
export function everyMinutesCron(minutes: number): string | null {
  if (minutes <= 0) return null;
  if (minutes === 1) return "* * * * *";
  if (minutes < 60) return `*/${minutes} * * * *`;
  const hours = Math.round(minutes / 60);
  return hours >= 24 ? "0 0 * * *" : hours === 1 ? "0 * * * *" : `0 */${hours} * * *`;
}

/**
 * The image store and the prescription reader are the server's when it has them; a worker process of its own
 * (`npm run worker`) gets them made here, from the same configuration.
 */
export type JobServices = JobRunServices &
  Pick<AppServices, "database"> &
  Partial<Pick<AppServices, "imageStore" | "rxReader" | "insurance" | "insuranceAlternates">>;

/**
 * Starts the store's jobs on the queue: the outbox, payment recovery, the exam sync and prescription verification every
 * minute, the reorder jobs every
 * `jobsIntervalMinutes` (none when 0). With `work` false this process only keeps the schedules (a deployment with worker processes of its own,
 * `npm run worker`). Stop it before closing the database; it waits for a run in progress, and for a delivery a
 * request kicked off (deliverSoon).
 */
export async function startJobs(
  services: JobServices,
  options: { work: boolean; timing?: QueueTiming },
): Promise<JobQueue> {
  const ownReader = services.rxReader ? null : createPrescriptionReader(services.config, services.logger);
  const reading = {
    db: services.db,
    logger: services.logger,
    imageStore: services.imageStore ?? createImageStore(services.config, services.db),
    rxReader: services.rxReader ?? ownReader!,
  };
  const insurance = {
    db: services.db,
    logger: services.logger,
    insurance: services.insurance ?? createEligibilityService(services.db),
    insuranceAlternates: services.insuranceAlternates ?? createAlternateEligibilityServices(services.db),
  };
  const queue = await startJobQueue(
    services.database,
    [
      {
        name: JOB_QUEUES.outbox,
        cron: "* * * * *",
        expireInSeconds: 5 * 60,
        retryLimit: 3,
        handler: () => runOutboxJobs(services),
      },
      {
        name: JOB_QUEUES.reorders,
        cron: everyMinutesCron(services.config.jobsIntervalMinutes),
        expireInSeconds: 30 * 60,
        retryLimit: 3,
        handler: () => runJobs(services),
      },
      {
        // Orders whose request stopped between reserving and confirming (decision 29).
        name: JOB_QUEUES.payments,
        cron: "* * * * *",
        expireInSeconds: 5 * 60,
        retryLimit: 3,
        // Card orders with the vault; orders paid through PayPal or pay in 4 with their provider (decision 53).
        handler: async () => ({
          cards: await recoverPendingOrders(services),
          providers: await recoverProviderOrders(services),
        }),
      },
      {
        // Open exam vouchers read back from the exam provider (decision 31): what its doctor did reaches the store;
        // then exam fees whose request stopped, or whose exam the provider did not take, are settled (decision 55).
        name: JOB_QUEUES.exams,
        cron: "* * * * *",
        expireInSeconds: 5 * 60,
        retryLimit: 3,
        handler: async () => {
          await syncOpenExamVouchers(services);
          await settleExamPayments(services);
        },
      },
      {
        // Prescriptions verified with the doctor: send requests, read answers, verify passively after 8 business
        // hours (decision 30). Every step is a guarded update, so an overlapping or repeated run acts once.
        name: JOB_QUEUES.verification,
        cron: "* * * * *",
        expireInSeconds: 5 * 60,
        retryLimit: 3,
        handler: () => runVerificationPass(services),
      },
      {
        // Uploaded images not kept with an order or a prescription within 7 days (decision 47).
        name: JOB_QUEUES.rxImageExpiry,
        cron: "17 * * * *",
        expireInSeconds: 15 * 60,
        retryLimit: 3,
        handler: () => expireUnlinkedRxImages(reading),
      },
      {
        // The notification centre's event records are kept 1 week (spec 1 §9; reads ignore older ones already).
        name: JOB_QUEUES.notificationRecords,
        cron: "41 * * * *",
        expireInSeconds: 15 * 60,
        retryLimit: 3,
        handler: () => expireNotificationRecords(services.db),
      },
      {
        // Uploaded prescriptions read off the request (decision 46): a job per image, woken by its upload (one per
        // image: the image is the singleton key), and every minute a sweep for readings whose job was lost.
        name: JOB_QUEUES.rxReading,
        cron: "* * * * *",
        expireInSeconds: 3 * 60,
        retryLimit: 2,
        handler: (job) => rxReadingJob(reading, job.data),
      },
      {
        // The passive insurance search (decision 54): a job per customer the cart page asks for (one per customer in
        // PASSIVE_SEARCH_INTERVAL_SECONDS), and every hour a sweep of expired offers and searches.
        name: JOB_QUEUES.insurance,
        cron: "41 * * * *",
        expireInSeconds: 2 * 60,
        retryLimit: 1,
        handler: (job) => passiveSearchJob(insurance, job.data),
      },
      {
        // Analytics events forwarded to the clickstream proxy (each write also kicks a run); old events and log
        // digests removed.
        name: JOB_QUEUES.analytics,
        cron: "* * * * *",
        expireInSeconds: 5 * 60,
        retryLimit: 3,
        handler: () => runAnalyticsJob(services),
      },
    ],
    { logger: services.logger, work: options.work, timing: options.timing },
  );
  const unregisterReading = registerReadingSender((imageId) =>
    queue.send(JOB_QUEUES.rxReading, { imageId }, { singletonKey: imageId }),
  );
  const unregisterPassiveSearch = registerPassiveSearchSender((input) =>
    queue.send(JOB_QUEUES.insurance, input, passiveSearchSingleton(input.customerId)),
  );
  return {
    send: queue.send,
    async stop() {
      unregisterReading();
      unregisterPassiveSearch();
      await queue.stop();
      await ownReader?.close();
      await services.email.idle();
      await services.analytics.idle();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// PGlite is one process's database: nothing stops a second process from opening the same data directory, and
// two writers corrupt it. The server records its process id next to the data; `npm run jobs` refuses to open the
// database while that process lives.

function ownerFile(dataDir: string): string {
  return path.join(dataDir, "pglite.pid");
}

/** Records this process as the one using the PGlite data under `dataDir`; the returned function forgets it. */
export function recordPgliteOwner(dataDir: string, pid: number = process.pid): () => void {
  const file = ownerFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, "utf8").trim() === String(pid)) fs.unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
}

/** The live process (not this one) recorded as using the PGlite data under `dataDir`, or null. */
export function pgliteOwner(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(ownerFile(dataDir), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; ESRCH: gone (the server stopped without cleaning up).
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}
