// First: zod's JIT off before any schema is made (app/zod-config.ts), the same on the server as in the browser.
import "~/zod-config";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createFileContentSource } from "~/services/adapters/content/file-content.server";
import {
  createEmailSender,
  createTaxCalculator,
  createPaymentGateway,
  createExamProvider,
  createChatProvider,
  createNewChatProvider,
  createEligibilityService,
  createAlternateEligibilityServices,
  createPayPalProvider,
  createPayIn4Provider,
  createAnalyticsRecorder,
  createPrescriberVerifier,
  createAddressVerifier,
  createImageStore,
  createPrescriptionReader,
} from "~/server/adapters.server";
import { parseConfig, type AppConfig } from "~/services/platform/config.server";
import { requestInfoContext, servicesContext, type AppServices } from "~/services/platform/context.server";
import { bootstrapDatabase } from "~/server/database.server";
import { campaignCacheKey } from "~/server/visitor-profile.server";
import { recordPgliteOwner, startJobs } from "~/server/jobs.server";
import { logger, redactUrl } from "~/services/platform/logger.server";
import { createAppSession, PERSONAL_COOKIES } from "~/services/platform/session.server";
import { lowerLibuvPool } from "~/services/platform/thread-priority.server";
import { refuseCrossSitePosts } from "./cross-site";
import { requestBodyLimits } from "./request-bodies";
import { pageCache } from "./page-cache";
import { securityHeaders } from "./security-headers";

// server.js reads the configuration before forking server processes.
export { parseConfig } from "~/services/platform/config.server";

export interface StartOptions {
  mode: "production" | "development";
  env: Record<string, string | undefined>;
  version: string;
  viteDevServer?: ViteDevServer;
  /** Where the built client lives (production). */
  clientDir?: string;
}

export interface RunningApp {
  app: express.Express;
  config: AppConfig;
  logger: typeof logger;
  /** Closes what the app holds (the database); the HTTP server is closed by the caller first. */
  close(): Promise<void>;
}

/**
 * The HTTP layer in front of React Router: request id and one log line per request, security headers with a
 * per-request CSP nonce, compression, static files, then the React Router handler with the request context.
 */
export async function startApp(options: StartOptions): Promise<RunningApp> {
  const config = parseConfig(options.env, options.version);
  logger.level = config.logLevel;
  // PGlite is single-process: `npm run jobs` reads this to refuse to open the data while the server has it.
  const forgetPgliteOwner = config.databaseUrl ? null : recordPgliteOwner(config.dataDir);
  // Decoding and OCR yield to the event loop when the cores are busy (decision 0050); the pool's probe (~0.1 s)
  // runs beside the database's start instead of before it. It never rejects.
  const lowering = lowerLibuvPool();
  const database = await bootstrapDatabase(config, logger);
  logger.debug({ threads: await lowering }, "libuv's thread pool runs at background priority");
  const email = createEmailSender(config, database.db, logger);
  const services: AppServices = {
    config,
    database,
    db: database.db,
    content: createFileContentSource({ root: config.contentDir, logger, watch: options.mode === "development" }),
    logger,
    sessions: createAppSession(config),
    email,
    tax: createTaxCalculator(),
    payments: createPaymentGateway(database.db),
    examProvider: createExamProvider(database.db),
    addressVerifier: createAddressVerifier(),
    imageStore: createImageStore(config, database.db),
    rxReader: createPrescriptionReader(config, logger),
    prescriberVerifier: createPrescriberVerifier(database.db),
    chat: createChatProvider(config, database.db, email),
    chatNewProvider: createNewChatProvider(config, database.db, email),
    insurance: createEligibilityService(database.db),
    insuranceAlternates: createAlternateEligibilityServices(database.db),
    paypal: createPayPalProvider(config, database.db),
    payIn4: createPayIn4Provider(config, database.db),
    analytics: createAnalyticsRecorder(config, database.db, logger),
  };

  // The job queue: the e-mail outbox (delivery, expired secrets) every minute; reorder reminders and due auto-reorders
  // when configured (JOBS_INTERVAL_MINUTES). Worked here unless worker processes do it (JOB_WORKERS=false).
  const jobs = await startJobs(services, { work: config.jobWorkers });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      logger.info(
        {
          requestId,
          method: req.method,
          // Path and query, with the values of secret or personal parameters (code, token, uecode, …) redacted.
          url: redactUrl(req.originalUrl),
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        },
        "request",
      );
    });
    next();
  });
  app.use(securityHeaders({ production: config.isProduction, reportOnly: options.mode === "development" }));
  // Before anything that may answer without reading a body (the cross-site refusal, the routes): see the file.
  app.use(requestBodyLimits());
  app.use(refuseCrossSitePosts());
  app.use(compression());

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (options.viteDevServer) {
    const vite = options.viteDevServer;
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const clientDir = options.clientDir ?? "build/client";
    // Hashed assets never change: cache them for a year. Other public files for an hour.
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
    // Only paths that look like files can be public files; pages skip the disk lookup (and its 404 error object).
    app.use((req, res, next) =>
      path.extname(req.path) && !req.path.endsWith(".data") ? publicFiles(req, res, next) : next(),
    );
    build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
    app.use(
      pageCache({
        ttlMs: 10_000,
        maxEntries: 500,
        personalCookies: [services.sessions.cookieName, ...PERSONAL_COOKIES],
        // Pages differ by the visitor's campaign variations: the cache keys on them (issue 28).
        variantKey: (req) =>
          campaignCacheKey(services, {
            url: new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`),
            cookieHeader: req.get("cookie") ?? null,
            userAgent: req.get("user-agent") ?? null,
            referer: req.get("referer") ?? null,
          }),
      }),
    );
  }

  app.use(
    createRequestHandler({
      build,
      mode: options.mode,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestInfoContext, {
          requestId: String(res.locals.requestId),
          nonce: String(res.locals.nonce),
          clientIp: req.ip ?? "unknown",
        });
        return context;
      },
    }),
  );

  return {
    app,
    config,
    logger,
    async close() {
      await jobs.stop();
      await services.rxReader.close();
      await database.close();
      forgetPgliteOwner?.();
    },
  };
}
