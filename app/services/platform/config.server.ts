import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { CHAT_STAFFED_HOURS, type ChatStaffedHours } from "~/models/chat";
import { DEFAULT_REMINDER_DAYS } from "~/models/subscription";

/**
 * Configuration is read once, from the environment, and validated here so a bad value stops the server at
 * start-up with a readable message instead of failing on some later request.
 */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    APP_ENV: z.enum(["development", "staging", "production"]).default("development"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    CONTENT_DIR: z.string().min(1).default("./content"),
    SESSION_SECRET: z.string().optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SITE_URL: z.url().optional(),
    GLASSES_SITE_URL: z.url().default("https://glasses.lenslane.example"),
    SEED_DEMO_DATA: z.enum(["true", "false"]).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Lenslane <help@lenslane.example>"),
    JOBS_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).optional(),
    JOB_WORKERS: z.enum(["true", "false"]).default("true"),
    REORDER_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(DEFAULT_REMINDER_DAYS),
    TRUST_PROXY: z.coerce
      .number({ error: "must be a number of proxy hops (0 = trust none)" })
      .int({ error: "must be a whole number of proxy hops (0 = trust none)" })
      .min(0, { error: "must be 0 (trust none) or more proxy hops" })
      .max(10, { error: "must be at most 10 proxy hops" })
      .default(0),
    /** Where prescription images are kept: in the database (default) or an S3-compatible bucket. */
    IMAGE_STORE: z.enum(["database", "s3"]).default("database"),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** OCR worker threads for the prescription reader (0 = the reader is off: no classification, no reading). */
    OCR_WORKERS: z.coerce.number().int().min(0).max(8).optional(),
    /** The reader's engines for images: tesseract alone, or PaddleOCR too when tesseract reads no sure lens values. */
    OCR_ENGINES: z.enum(["tesseract", "both"]).optional(),
    // Read where threads start (thread-priority.server.ts); checked here so a bad value stops the start.
    BACKGROUND_NICE: z.coerce.number().int().min(0).max(19).optional(),
    /** Server processes (node:cluster). Default: one per core on Postgres in production, else 1. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** Postgres connections per process. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** A statement running longer than this is cancelled by Postgres (0 = no limit). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
    /** Serve the simulated exam provider's pages (default: outside production only). */
    EXAM_SIMULATOR: z.enum(["true", "false"]).optional(),
    /** PayPal Orders v2 (client credentials); without both, the simulated PayPal page is used (decision 53). */
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    PAYPAL_API_BASE: z.url().default("https://api-m.sandbox.paypal.com"),
    /** The pay-in-4 provider (an Afterpay-style API, basic auth); without both, the simulated page is used. */
    AFTERPAY_MERCHANT_ID: z.string().min(1).optional(),
    AFTERPAY_SECRET_KEY: z.string().min(1).optional(),
    AFTERPAY_API_BASE: z.url().default("https://global-api-sandbox.afterpay.com"),
    /** Serve the simulated payment providers' pages in production too (a demo deployment); never by default. */
    PAYMENT_SIMULATOR: z.enum(["true", "false"]).optional(),
    /** Serve /dev/e2e-fixtures, which builds the end-to-end tests' starting states (never in production). */
    E2E_FIXTURES: z.enum(["true", "false"]).default("false"),
    /** Where live chat's embedded provider e-mails the shoppers' messages (decision 37). */
    CHAT_SUPPORT_EMAIL: z.email().default("support@lenslane.example"),
    CHAT_STAFFED_HOURS: z.enum(CHAT_STAFFED_HOURS).default("always"),
    /** The new chat provider, Sunshine Conversations (decision 63); without all three, its embedded default. */
    SUNSHINE_APP_ID: z.string().min(1).optional(),
    SUNSHINE_KEY_ID: z.string().min(1).optional(),
    SUNSHINE_SECRET: z.string().min(1).optional(),
    SUNSHINE_API_BASE: z.url().default("https://api.smooch.io"),
    /** A clickstream REST proxy (decision 59): analytics events are forwarded to its topic when set. */
    CLICKSTREAM_PROXY_URL: z.url().optional(),
    CLICKSTREAM_TOPIC: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,249}$/, "must be a topic name (letters, digits, '.', '_', '-')")
      .default("clickstream"),
    CLICKSTREAM_VALUE_SCHEMA_ID: z.coerce.number().int().min(1).optional(),
    CLICKSTREAM_API_KEY: z.string().min(1).optional(),
    CLICKSTREAM_API_SECRET: z.string().min(1).optional(),
    /** GET api/customerDataPlatform/realTimeIdentityData answers (spec 1 §7: only when its toggle is on). */
    REAL_TIME_IDENTITY_DATA: z.enum(["true", "false"]).default("false"),
  })
  .superRefine((env, ctx) => {
    if (env.E2E_FIXTURES === "true" && env.APP_ENV === "production") {
      ctx.addIssue({
        code: "custom",
        path: ["E2E_FIXTURES"],
        message: "must not be true in production (it signs anyone in as a new customer with an order)",
      });
    }
    if (env.IMAGE_STORE === "s3") {
      for (const key of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when IMAGE_STORE=s3" });
      }
    }
    if (!env.DATABASE_URL && (env.WEB_CONCURRENCY ?? 1) > 1) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "must be 1 on the embedded database (PGlite allows one process); set DATABASE_URL for more",
      });
    }
    if (env.CLICKSTREAM_PROXY_URL && env.CLICKSTREAM_VALUE_SCHEMA_ID === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["CLICKSTREAM_VALUE_SCHEMA_ID"],
        message: "is required when CLICKSTREAM_PROXY_URL is set (the records' schema in the schema registry)",
      });
    }
    if (env.APP_ENV === "production") {
      if (!env.DATABASE_URL) {
        ctx.addIssue({
          code: "custom",
          path: ["DATABASE_URL"],
          message: "is required when APP_ENV=production (the embedded database is for one machine and one process)",
        });
      }
      if (!env.SESSION_SECRET) {
        ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required when APP_ENV=production" });
      } else if (env.SESSION_SECRET.split(",").some((secret) => secret.trim().length < 32)) {
        ctx.addIssue({
          code: "custom",
          path: ["SESSION_SECRET"],
          message: "each comma-separated secret must be at least 32 characters in production",
        });
      }
    }
  });

export interface AppConfig {
  port: number;
  host: string;
  appEnv: "development" | "staging" | "production";
  isProduction: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  contentDir: string;
  /** Newest first: the first signs, all of them verify (rotation). */
  sessionSecrets: string[];
  logLevel: string;
  siteUrl: string;
  glassesSiteUrl: string;
  seedDemoData: boolean;
  /** When set, e-mail is also sent through this SMTP server (it is always kept in the outbox). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How often the server runs the jobs (reorder reminders, due auto-reorders); 0 = never (run `npm run jobs`). */
  jobsIntervalMinutes: number;
  /**
   * Whether server processes work the job queue (default). A deployment with worker processes of its own
   * (`npm run worker`) sets JOB_WORKERS=false on the web processes.
   */
  jobWorkers: boolean;
  /** Days before a reorder date its reminder e-mail goes out. */
  reorderReminderDays: number;
  /**
   * How many proxies in front of the server are believed about the client's address (`X-Forwarded-For`, counted
   * from the nearest hop). 0 trusts none: the address is the connection's, so a client cannot choose its own.
   */
  trustProxy: number;
  /** Prescription images: the database (embedded default) or an S3-compatible bucket. */
  imageStore:
    | { kind: "database" }
    | { kind: "s3"; endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  /** OCR worker threads (default: 1, since OCR is heavy and a request waits for only one image). */
  ocrWorkers: number;
  /** "both": PaddleOCR reads the images tesseract reads no confident lens values from (decision 0045). */
  ocrEngines: "tesseract" | "both";
  /** Server processes server.js runs (node:cluster); always 1 on PGlite. */
  webConcurrency: number;
  /** Postgres pool size per process, and its statement timeout in ms (0: none). */
  databasePoolSize: number;
  databaseStatementTimeoutMs: number;
  /**
   * Whether the store serves the simulated exam provider's pages (/exam-provider/…). Outside production by default;
   * in production only with EXAM_SIMULATOR=true (a demo deployment), since a simulator's doctor is nobody's doctor.
   */
  examSimulator: boolean;
  /** PayPal's API credentials (null: the embedded simulated provider). */
  paypal: { clientId: string; clientSecret: string; apiBase: string } | null;
  /** The pay-in-4 provider's API credentials (null: the embedded simulated provider). */
  afterpay: { merchantId: string; secretKey: string; apiBase: string } | null;
  /** Whether the simulated payment providers' pages answer: outside production, or with PAYMENT_SIMULATOR=true. */
  paymentSimulator: boolean;
  /** /dev/e2e-fixtures answers (E2E_FIXTURES=true, only outside production): the e2e tests' seeded states. */
  e2eFixtures: boolean;
  /** The support team's address: live chat's embedded provider e-mails each shopper's message there. */
  chatSupportEmail: string;
  /** When the embedded chat's agents answer: always (default) or in business hours (decision 37). */
  chatStaffedHours: ChatStaffedHours;
  /** The new chat provider's API key (null: its embedded default in the store's database; decision 63). */
  sunshine: { appId: string; keyId: string; secret: string; apiBase: string } | null;
  /** The clickstream REST proxy analytics events are forwarded to (null: the events table only; decision 59). */
  clickstream: { url: string; topic: string; valueSchemaId: number; apiKey?: string; apiSecret?: string } | null;
  /** Whether GET api/customerDataPlatform/realTimeIdentityData answers for everyone (else per session switch). */
  realTimeIdentityData: boolean;
  version: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(env: Record<string, string | undefined>, version = "0.0.0"): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".") || "(env)"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  const dataDir = path.resolve(parsed.DATA_DIR);
  const sessionSecrets = parsed.SESSION_SECRET
    ? parsed.SESSION_SECRET.split(",")
        .map((secret) => secret.trim())
        .filter(Boolean)
    : [developmentSecret(dataDir)];
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    appEnv: parsed.APP_ENV,
    isProduction: parsed.APP_ENV === "production",
    databaseUrl: parsed.DATABASE_URL,
    dataDir,
    contentDir: path.resolve(parsed.CONTENT_DIR),
    sessionSecrets,
    logLevel: parsed.LOG_LEVEL,
    siteUrl: (parsed.SITE_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
    glassesSiteUrl: parsed.GLASSES_SITE_URL.replace(/\/$/, ""),
    // Demo data is for development and staging; a production database is never filled with it by default.
    seedDemoData: parsed.SEED_DEMO_DATA ? parsed.SEED_DEMO_DATA === "true" : parsed.APP_ENV !== "production",
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    // Production places due auto-reorders by itself; development and tests only when asked (or `npm run jobs`).
    jobsIntervalMinutes: parsed.JOBS_INTERVAL_MINUTES ?? (parsed.APP_ENV === "production" ? 15 : 0),
    jobWorkers: parsed.JOB_WORKERS === "true",
    reorderReminderDays: parsed.REORDER_REMINDER_DAYS,
    trustProxy: parsed.TRUST_PROXY,
    imageStore:
      parsed.IMAGE_STORE === "s3"
        ? {
            kind: "s3",
            endpoint: parsed.S3_ENDPOINT!,
            region: parsed.S3_REGION,
            bucket: parsed.S3_BUCKET!,
            accessKeyId: parsed.S3_ACCESS_KEY_ID!,
            secretAccessKey: parsed.S3_SECRET_ACCESS_KEY!,
          }
        : { kind: "database" },
    ocrWorkers: parsed.OCR_WORKERS ?? 1,
    ocrEngines: parsed.OCR_ENGINES ?? "both",
    webConcurrency:
      parsed.WEB_CONCURRENCY ??
      (parsed.DATABASE_URL && parsed.APP_ENV === "production" ? os.availableParallelism() : 1),
    databasePoolSize: parsed.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: parsed.DATABASE_STATEMENT_TIMEOUT_MS,
    examSimulator: parsed.EXAM_SIMULATOR ? parsed.EXAM_SIMULATOR === "true" : parsed.APP_ENV !== "production",
    paypal:
      parsed.PAYPAL_CLIENT_ID && parsed.PAYPAL_CLIENT_SECRET
        ? {
            clientId: parsed.PAYPAL_CLIENT_ID,
            clientSecret: parsed.PAYPAL_CLIENT_SECRET,
            apiBase: parsed.PAYPAL_API_BASE,
          }
        : null,
    afterpay:
      parsed.AFTERPAY_MERCHANT_ID && parsed.AFTERPAY_SECRET_KEY
        ? {
            merchantId: parsed.AFTERPAY_MERCHANT_ID,
            secretKey: parsed.AFTERPAY_SECRET_KEY,
            apiBase: parsed.AFTERPAY_API_BASE,
          }
        : null,
    paymentSimulator: parsed.PAYMENT_SIMULATOR ? parsed.PAYMENT_SIMULATOR === "true" : parsed.APP_ENV !== "production",
    e2eFixtures: parsed.E2E_FIXTURES === "true" && parsed.APP_ENV !== "production",
    chatSupportEmail: parsed.CHAT_SUPPORT_EMAIL,
    chatStaffedHours: parsed.CHAT_STAFFED_HOURS,
    sunshine:
      parsed.SUNSHINE_APP_ID && parsed.SUNSHINE_KEY_ID && parsed.SUNSHINE_SECRET
        ? {
            appId: parsed.SUNSHINE_APP_ID,
            keyId: parsed.SUNSHINE_KEY_ID,
            secret: parsed.SUNSHINE_SECRET,
            apiBase: parsed.SUNSHINE_API_BASE,
          }
        : null,
    clickstream:
      parsed.CLICKSTREAM_PROXY_URL && parsed.CLICKSTREAM_VALUE_SCHEMA_ID !== undefined
        ? {
            url: parsed.CLICKSTREAM_PROXY_URL,
            topic: parsed.CLICKSTREAM_TOPIC,
            valueSchemaId: parsed.CLICKSTREAM_VALUE_SCHEMA_ID,
            ...(parsed.CLICKSTREAM_API_KEY && parsed.CLICKSTREAM_API_SECRET
              ? { apiKey: parsed.CLICKSTREAM_API_KEY, apiSecret: parsed.CLICKSTREAM_API_SECRET }
              : {}),
          }
        : null,
    realTimeIdentityData: parsed.REAL_TIME_IDENTITY_DATA === "true",
    version,
  };
}

/** Outside production a secret is generated once and kept under DATA_DIR, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not created yet.
  }
  const secret = randomBytes(32).toString("hex");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Whether each redirect payment provider can take a payment (models/payment-options.ts): its credentials are set, or
 * the simulated provider's page answers. Without either, the option is not offered (in production without
 * credentials, the simulator's page would answer 404).
 */
export function paymentProvidersReady(config: Pick<AppConfig, "paypal" | "afterpay" | "paymentSimulator">) {
  return {
    paypal: config.paypal !== null || config.paymentSimulator,
    payIn4: config.afterpay !== null || config.paymentSimulator,
  };
}
