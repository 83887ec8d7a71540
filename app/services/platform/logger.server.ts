import pino, { type DestinationStream, type Logger as PinoLogger } from "pino";

/**
 * One structured JSON logger for the process. The server replaces its level from configuration at start-up;
 * tests run it silent unless LOG_LEVEL says otherwise.
 *
 * Logs hold no secret and no personal data (issue 12): URL-ish fields (`url`, `path`, `query`, `referrer`) go
 * through `redactUrl`, and errors through `serializeError`, which keeps a failed query's statement but not its
 * parameters (drizzle's `params`, the driver's `detail`: the values of the row).
 */

// ---------------------------------------------------------------------------------------------------------
// URLs

/**
 * Query parameters whose values are secrets or personal data: the store's own (`token` auto-login, `code` reset and
 * snooze links, `uecode` coupons, `pin`, `request` the prescription request's reference, which opens its page with
 * the patient's and doctor's names, `to` on the dev mailbox) and the usual names of anyone else's.
 */
const SECRET_PARAM =
  /^(?:pin|otp|sig|signature|sid|key|to|request|phone|tel|name|first_?name|last_?name)$|token|code|pass|secret|mail|auth|session|credential|api_?key/i;
/** A value that is an e-mail address, whatever its parameter is called. */
const EMAIL_ADDRESS = /[^\s@<>"'(),;:?&=/]+@[^\s@<>"'(),;:?&=/]+\.[A-Za-z]{2,}/g;
const REDACTED = "[redacted]";

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return part;
  }
}

function redactedPair(name: string, value: string): boolean {
  return SECRET_PARAM.test(decode(name)) || /@/.test(decode(value));
}

/**
 * The URL (absolute, or a path with its query, or just `?query`) with the values of secret or personal query
 * parameters replaced by "[redacted]"; other parameters and the path are kept as they came. The fragment is dropped
 * (browsers never send it; a logged one came from somewhere else).
 */
export function redactUrl(url: string | URL): string {
  const text = String(url);
  const queryStart = text.indexOf("?");
  const hashStart = text.indexOf("#");
  const end = hashStart < 0 ? text.length : hashStart;
  if (queryStart < 0 || queryStart > end) return text.slice(0, end);
  const query = text
    .slice(queryStart + 1, end)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      return redactedPair(name, pair.slice(equals + 1)) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${text.slice(0, queryStart)}?${query}`;
}

/** Free text (an error message, a stack) with query values as in redactUrl, e-mail addresses, and quoted values. */
export function redactText(text: string): string {
  return (
    text
      .replace(/([?&])([^=&\s"'<>#?]+)=([^&\s"'<>#]*)/g, (pair, separator: string, name: string, value: string) =>
        redactedPair(name, value) ? `${separator}${name}=${REDACTED}` : pair,
      )
      .replace(EMAIL_ADDRESS, "[email]")
      // Postgres quotes the offending value after a colon: `invalid input syntax for type integer: "Ann"`.
      .replace(/: "(?:[^"\\]|\\.)*"/g, `: "${REDACTED}"`)
  );
}

// ---------------------------------------------------------------------------------------------------------
// Errors

/**
 * Fields of an error (or its causes) that hold values rather than shapes: drizzle's `params`; pg's and PGlite's
 * `detail` ("Key (email)=(ann@example.com) already exists.", "Failing row contains (…)"), `where`, `internalQuery`;
 * PGlite's `params` and `queryOptions`; nodemailer's recipient lists.
 */
const VALUE_FIELDS = new Set([
  "params",
  "parameters",
  "detail",
  "where",
  "internalQuery",
  "queryOptions",
  "rejected",
  "rejectedErrors",
  "accepted",
  "envelope",
  "raw",
]);
/** What a database error says about where it happened, never what was in the row. */
const DATABASE_FIELDS = ["code", "severity", "schema", "table", "column", "dataType", "constraint", "routine"];
const MAX_CAUSES = 8;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return !!value && typeof value === "object" && typeof (value as { message?: unknown }).message === "string";
}

function typeOf(error: ErrorLike): string {
  const constructor = (error as { constructor?: unknown }).constructor;
  return typeof constructor === "function" && constructor.name ? constructor.name : String(error.name ?? "Error");
}

/** drizzle's "Failed query: <statement>\nparams: <values>" keeps the statement; other messages lose their values. */
function safeMessage(error: ErrorLike): string {
  const message =
    typeof error.query === "string" && error.message.startsWith("Failed query:")
      ? `Failed query: ${error.query}`
      : error.message.replace(/\nparams: [\s\S]*$/, "");
  return redactText(message);
}

/** The stack's frames under a safe first line (V8 copies the message, values and all, into the stack). */
function safeStack(error: ErrorLike): string {
  const header = `${typeOf(error)}: ${safeMessage(error)}`;
  const lines = typeof error.stack === "string" ? error.stack.split("\n") : [];
  const firstFrame = lines.findIndex((line) => /^\s+at /.test(line));
  return firstFrame < 0 ? header : [header, ...lines.slice(firstFrame).map(redactText)].join("\n");
}

function causesOf(error: ErrorLike): ErrorLike[] {
  const chain = [error];
  let cause = error.cause;
  while (isErrorLike(cause) && chain.length < MAX_CAUSES && !chain.includes(cause)) {
    chain.push(cause);
    cause = cause.cause;
  }
  return chain;
}

/**
 * pino's `err` serializer, in pino's shape (type, message and stack with their causes, the error's own fields) but
 * without values: see safeMessage and VALUE_FIELDS. A database error's location (code, table, constraint, …) is
 * kept as `db`, as drizzle's wrapper hides it in the cause.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return error;
  const chain = causesOf(error);
  const serialized: Record<string, unknown> = {
    type: typeOf(error),
    message: chain.map(safeMessage).join(": "),
    stack: chain.map(safeStack).join("\ncaused by: "),
  };
  for (const key in error) {
    if (key in serialized || key === "cause" || VALUE_FIELDS.has(key)) continue;
    const value = error[key];
    if (typeof value === "function" || value === undefined) continue;
    if (isErrorLike(value)) {
      if (depth < 2) serialized[key] = serializeError(value, depth + 1);
    } else if (typeof value === "string") {
      serialized[key] = key === "query" ? value : redactText(value);
    } else {
      serialized[key] = value;
    }
  }
  const database = chain.find((link) => typeof link.severity === "string" && typeof link.code === "string");
  if (database) {
    serialized.db = Object.fromEntries(
      DATABASE_FIELDS.filter((field) => database[field] !== undefined).map((field) => [field, database[field]]),
    );
  }
  return serialized;
}

// ---------------------------------------------------------------------------------------------------------
// The logger

const urlField = (value: unknown) => (typeof value === "string" || value instanceof URL ? redactUrl(value) : value);

/** The process's logger, or (tests) one writing to `destination`. */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): PinoLogger {
  return pino(
    {
      level: options.level ?? "info",
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: {
        err: serializeError,
        error: serializeError,
        url: urlField,
        path: urlField,
        query: urlField,
        referrer: urlField,
        referer: urlField,
      },
      // Never let a secret reach the logs, even by accident.
      redact: {
        paths: [
          "password",
          "*.password",
          "cardNumber",
          "*.cardNumber",
          "cvv",
          "*.cvv",
          "pin",
          "*.pin",
          "token",
          "*.token",
          // Insurance (decision 52): a member's date of birth and SSN digits.
          "dateOfBirth",
          "*.dateOfBirth",
          "subscriberLastFourSsn",
          "*.subscriberLastFourSsn",
        ],
        censor: REDACTED,
      },
    },
    options.destination,
  );
}

export const logger = createLogger({ level: process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info") });

export type Logger = typeof logger;
