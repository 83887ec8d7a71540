import pino from "pino";

/**
 * One structured JSON logger for the process. The server replaces its level from configuration at start-up;
 * tests run it silent unless LOG_LEVEL says otherwise.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info"),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  // Never let a secret reach the logs, even by accident.
  redact: { paths: ["password", "*.password", "cardNumber", "*.cardNumber", "cvv", "*.cvv"], censor: "[redacted]" },
});

export type Logger = typeof logger;
