import {
  CLIENT_LOG_LIMITS,
  clientLogPath,
  isClientLogLevel,
  LOG_FLUSH_DEBOUNCE_MS,
  LOG_FLUSH_MAX_WAIT_MS,
  LOG_SEND_FAILED,
  MAX_UNHANDLED_ERRORS,
  PAGE_LOG_EVENT,
  UNHANDLED_ERROR_LIMIT_MESSAGE,
  UNHANDLED_ERROR_PREFIX,
  type ClientLog,
  type ClientLogLevel,
  type PageLogDetail,
} from "~/models/client-log";

/**
 * The page's error reporter (spec 1 §8, §9): unhandled errors (window `error`, `unhandledrejection`) are logged with
 * the prefix 'Unhandled Error:', each distinct one once, at most 100 per page and then one limit message. Logs are
 * batched: sent 5 s after the last one came (debounce), and at the latest 30 s after the first unsent one; what is
 * left when the page is hidden for good (`pagehide`) goes by `navigator.sendBeacon`. A send that fails writes 'failed
 * to send log' to the console. Plain TypeScript, so its timing is tested with fake timers; the page starts it from
 * entry.client.tsx for the sampled page views.
 */

export interface QueuedLog {
  level: ClientLogLevel;
  body: ClientLog;
}

/** Sends one log; resolves whether the server took it. `atPageHide`: the page is going away (use a beacon). */
export type LogTransport = (log: QueuedLog, atPageHide: boolean) => Promise<boolean>;

export interface ErrorReporterOptions {
  send: LogTransport;
  console?: Pick<Console, "error">;
}

export interface ErrorReporter {
  /** Queues a log (batching rules apply). */
  log(level: ClientLogLevel, body: ClientLog): void;
  /** An unhandled error: prefixed, distinct ones once, at most MAX_UNHANDLED_ERRORS then the limit message. */
  reportUnhandled(message: string, frame?: ClientLog["errorStackFrame"]): void;
  /** Sends what is queued now. */
  flush(atPageHide?: boolean): Promise<void>;
  /** How many logs wait to be sent. */
  readonly pending: number;
}

export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const output = options.console ?? console;
  let queue: QueuedLog[] = [];
  const seen = new Set<string>();
  let unhandled = 0;
  let limitReported = false;
  let debounce: ReturnType<typeof setTimeout> | null = null;
  let maxWait: ReturnType<typeof setTimeout> | null = null;

  const clearTimers = () => {
    if (debounce) clearTimeout(debounce);
    if (maxWait) clearTimeout(maxWait);
    debounce = maxWait = null;
  };

  const reporter: ErrorReporter = {
    log(level, body) {
      queue.push({ level, body });
      if (debounce) clearTimeout(debounce);
      debounce = setTimeout(() => void reporter.flush(), LOG_FLUSH_DEBOUNCE_MS);
      maxWait ??= setTimeout(() => void reporter.flush(), LOG_FLUSH_MAX_WAIT_MS);
    },

    reportUnhandled(message, frame) {
      const text = `${UNHANDLED_ERROR_PREFIX} ${message || "(no message)"}`.slice(0, 2000);
      const key = JSON.stringify([text, frame?.errorUrl, frame?.lineNumber, frame?.columnNumber]);
      if (seen.has(key)) return;
      seen.add(key);
      if (unhandled >= MAX_UNHANDLED_ERRORS) {
        if (!limitReported) {
          limitReported = true;
          reporter.log("error", { message: UNHANDLED_ERROR_LIMIT_MESSAGE });
        }
        return;
      }
      unhandled++;
      reporter.log("error", frame ? { message: text, errorStackFrame: frame } : { message: text });
    },

    async flush(atPageHide = false) {
      clearTimers();
      const batch = queue;
      queue = [];
      const sent = await Promise.all(batch.map((log) => options.send(log, atPageHide).catch(() => false)));
      if (sent.includes(false)) output.error(LOG_SEND_FAILED);
    },

    get pending() {
      return queue.length;
    },
  };
  return reporter;
}

/** The first `url:line:column` of an error's stack (browsers write them differently; all end with the three). */
export function stackFrameOf(stack: string | undefined): ClientLog["errorStackFrame"] | undefined {
  const match = /(https?:\/\/[^\s()]+?):(\d+):(\d+)/.exec(stack ?? "");
  if (!match) return undefined;
  return { errorUrl: match[1]!.slice(0, 2048), lineNumber: Number(match[2]), columnNumber: Number(match[3]) };
}

/** A JSON post to the log call: a beacon when the page is going away, else a keepalive fetch. */
export const sendLogByHttp: LogTransport = async ({ level, body }, atPageHide) => {
  const url = clientLogPath(level);
  const json = JSON.stringify(body);
  if (atPageHide && typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function") {
    try {
      // A beacon outlives the page; a browser that will not take a JSON beacon falls through to the fetch.
      if (navigator.sendBeacon(url, new Blob([json], { type: "application/json" }))) return true;
    } catch {
      // Fall through.
    }
  }
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: json,
    keepalive: true,
    credentials: "same-origin",
  });
  return response.ok;
};

/** Listens for the page's unhandled errors; returns a function that stops listening. */
export function listenForUnhandledErrors(target: Window, reporter: ErrorReporter): () => void {
  const onError = (event: ErrorEvent) => {
    const error: unknown = event.error;
    const message = error instanceof Error ? error.message : event.message;
    const frame = event.filename
      ? { errorUrl: event.filename.slice(0, 2048), lineNumber: event.lineno, columnNumber: event.colno }
      : stackFrameOf(error instanceof Error ? error.stack : undefined);
    reporter.reportUnhandled(message, frame);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    reporter.reportUnhandled(message, stackFrameOf(reason instanceof Error ? reason.stack : undefined));
  };
  const onPageHide = () => {
    if (reporter.pending > 0) void reporter.flush(true);
  };
  // A component's own handled error (PAGE_LOG_EVENT): logged at its level, with the batching rules.
  const onPageLog = (event: Event) => {
    const detail: unknown = (event as CustomEvent<unknown>).detail;
    if (!detail || typeof detail !== "object") return;
    const { level, message } = detail as Partial<PageLogDetail>;
    if (isClientLogLevel(level) && typeof message === "string" && message) {
      reporter.log(level, { message: message.slice(0, CLIENT_LOG_LIMITS.maxMessageLength) });
    }
  };
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  target.addEventListener("pagehide", onPageHide);
  target.addEventListener(PAGE_LOG_EVENT, onPageLog);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
    target.removeEventListener("pagehide", onPageHide);
    target.removeEventListener(PAGE_LOG_EVENT, onPageLog);
  };
}
