import { z } from "zod";

/**
 * Browser logs (spec 1 §3 "Log message", §7 POST api/log/{level}, §8, §9): what a page sends when something goes wrong
 * in it, and the rules of the page's reporter (app/client/error-reporter.ts). Pure, shared by the route and the
 * browser.
 */

/** Spec 1 §7: info, warn, error; any other level is no call (404). */
export const CLIENT_LOG_LEVELS = ["info", "warn", "error"] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];
export const isClientLogLevel = (value: unknown): value is ClientLogLevel =>
  typeof value === "string" && (CLIENT_LOG_LEVELS as readonly string[]).includes(value);

/** Bounds of one log call (the store's own): a message with a long URL fits; a page dump does not. */
export const CLIENT_LOG_LIMITS = {
  maxMessageLength: 2000,
  maxUrlLength: 2048,
  /** The request body at most (a 413 past it): the longest message and URL, JSON-escaped, fit. */
  maxBodyBytes: 8 * 1024,
} as const;

/** Spec 1 §3: message and errorStackFrame (errorUrl, lineNumber, columnNumber). */
export const clientLogSchema = z.object({
  message: z.string().trim().min(1, { error: "Send a message." }).max(CLIENT_LOG_LIMITS.maxMessageLength),
  errorStackFrame: z
    .object({
      errorUrl: z.string().max(CLIENT_LOG_LIMITS.maxUrlLength).optional(),
      lineNumber: z.number().int().min(0).optional(),
      columnNumber: z.number().int().min(0).optional(),
    })
    .optional(),
});
export type ClientLog = z.infer<typeof clientLogSchema>;

/**
 * Per browser (its visitor id, else its address): a page logs at most 101 unhandled errors (spec 1 §9: 100, then
 * the limit message), and a shopper opens a few pages a minute.
 */
export const CLIENT_LOG_RATE_LIMIT = { limit: 120, windowSeconds: 10 * 60 } as const;
/** Per address, whatever visitor ids it sends: a household or an office shares one. */
export const CLIENT_LOG_ADDRESS_RATE_LIMIT = { limit: 600, windowSeconds: 10 * 60 } as const;

/**
 * Spec 1 §7: identical logs are sent only once. The store logs a message the first time and then counts repeats;
 * one still repeating a day later is logged once more with its count, so a live problem stays visible.
 */
export const CLIENT_LOG_RELOG_MS = 24 * 60 * 60 * 1000;

// --- The page's reporter (spec 1 §8, §9) -------------------------------------------------------------------------

export const UNHANDLED_ERROR_PREFIX = "Unhandled Error:";
/** Spec 1 §9: at most 100 unhandled errors logged, then a limit message. */
export const MAX_UNHANDLED_ERRORS = 100;
export const UNHANDLED_ERROR_LIMIT_MESSAGE = `${UNHANDLED_ERROR_PREFIX} more than ${MAX_UNHANDLED_ERRORS} unhandled errors on this page; no more are reported.`;
/** Spec 1 §8: what the console says when a log could not be sent. */
export const LOG_SEND_FAILED = "failed to send log";
/** Spec 1 §9: log flush 5 s debounce, 30 s at most. */
export const LOG_FLUSH_DEBOUNCE_MS = 5_000;
export const LOG_FLUSH_MAX_WAIT_MS = 30_000;
/** Spec 1 §9 and spec 3 §9: error reporting samples 50% of page views in production, all of them elsewhere. */
export const ERROR_REPORTING_SAMPLE_RATE = { production: 0.5, other: 1 } as const;

/** The page's sample rate; a page that does not say its environment is sampled as production. */
export function errorReportingSampleRate(appEnv: string | null | undefined): number {
  return appEnv && appEnv !== "production" ? ERROR_REPORTING_SAMPLE_RATE.other : ERROR_REPORTING_SAMPLE_RATE.production;
}

/** The path a log of `level` is posted to. */
export const clientLogPath = (level: ClientLogLevel) => `/api/log/${level}`;

/**
 * A page's own handled error for the log (spec 1 §8, e.g. 'a failed notification modal show is logged'): components
 * dispatch it on `window` as a CustomEvent with this detail, and the page's reporter (app/client) queues it, so a
 * component needs no import of the reporter.
 */
export const PAGE_LOG_EVENT = "lenslane:log";
export interface PageLogDetail {
  level: ClientLogLevel;
  message: string;
}
