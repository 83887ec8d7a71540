import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  LOG_FLUSH_DEBOUNCE_MS,
  LOG_FLUSH_MAX_WAIT_MS,
  LOG_SEND_FAILED,
  MAX_UNHANDLED_ERRORS,
  PAGE_LOG_EVENT,
  UNHANDLED_ERROR_LIMIT_MESSAGE,
} from "~/models/client-log";
import { createErrorReporter, listenForUnhandledErrors, stackFrameOf, type QueuedLog } from "./error-reporter";

// Spec 1 §8, §9: the page's reporter batches (5 s debounce, 30 s at most), ignores duplicates, logs at most 100
// unhandled errors then one limit message, and says 'failed to send log' when a send fails.

let sent: Array<{ log: QueuedLog; atPageHide: boolean }>;
let answer: boolean | "throw";
const output = { error: vi.fn() };
const reporter = () =>
  createErrorReporter({
    console: output,
    send: async (log, atPageHide) => {
      sent.push({ log, atPageHide });
      if (answer === "throw") throw new TypeError("Failed to fetch");
      return answer;
    },
  });

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  answer = true;
  output.error.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("batching", () => {
  it("sends 5 s after the last log, each later log putting it off", async () => {
    const page = reporter();
    page.log("info", { message: "one" });
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_DEBOUNCE_MS - 1);
    page.log("warn", { message: "two" });
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_DEBOUNCE_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map(({ log }) => [log.level, log.body.message])).toEqual([
      ["info", "one"],
      ["warn", "two"],
    ]);
    expect(page.pending).toBe(0);
  });

  it("sends at the latest 30 s after the first unsent log, however often logs keep coming", async () => {
    const page = reporter();
    // A log every 4 s (inside the 5 s debounce), the eighth at 28 s: the debounce alone would wait until 33 s.
    for (let i = 0; i < 8; i++) {
      if (i > 0) await vi.advanceTimersByTimeAsync(4000);
      page.log("info", { message: `log ${i}` });
    }
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_MAX_WAIT_MS - 28_000 - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(8);
    // The next batch starts a new 30 s window, and the debounce sends it.
    page.log("info", { message: "next" });
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_DEBOUNCE_MS);
    expect(sent).toHaveLength(9);
  });

  it("writes 'failed to send log' to the console when a send fails or cannot be made", async () => {
    const page = reporter();
    answer = false;
    page.log("error", { message: "refused" });
    await page.flush();
    expect(output.error).toHaveBeenCalledWith(LOG_SEND_FAILED);
    answer = "throw";
    page.log("error", { message: "offline" });
    await page.flush();
    expect(output.error).toHaveBeenCalledTimes(2);
    answer = true;
    page.log("error", { message: "fine" });
    await page.flush();
    expect(output.error).toHaveBeenCalledTimes(2);
  });
});

describe("unhandled errors", () => {
  it("prefixes them, ignores duplicates, and after 100 logs one limit message", async () => {
    const page = reporter();
    const frame = { errorUrl: "http://store.test/assets/app.js", lineNumber: 1, columnNumber: 2 };
    page.reportUnhandled("x is undefined", frame);
    page.reportUnhandled("x is undefined", frame);
    for (let i = 1; i < MAX_UNHANDLED_ERRORS + 20; i++) page.reportUnhandled(`error ${i}`);
    page.reportUnhandled("x is undefined", frame);
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_DEBOUNCE_MS);
    const messages = sent.map(({ log }) => log.body.message);
    expect(messages).toHaveLength(MAX_UNHANDLED_ERRORS + 1);
    expect(messages[0]).toBe("Unhandled Error: x is undefined");
    expect(sent[0]!.log).toEqual({
      level: "error",
      body: { message: "Unhandled Error: x is undefined", errorStackFrame: frame },
    });
    expect(messages[MAX_UNHANDLED_ERRORS - 1]).toBe(`Unhandled Error: error ${MAX_UNHANDLED_ERRORS - 1}`);
    expect(messages[MAX_UNHANDLED_ERRORS]).toBe(UNHANDLED_ERROR_LIMIT_MESSAGE);
    expect(messages.every((message) => message.startsWith("Unhandled Error:"))).toBe(true);
  });

  it("listens for window errors and rejections, and sends what is left by beacon on pagehide", async () => {
    const target = new EventTarget();
    const stop = listenForUnhandledErrors(target as unknown as Window, reporter());
    const error = new Error("boom");
    target.dispatchEvent(
      Object.assign(new Event("error"), {
        error,
        message: "boom",
        filename: "http://store.test/a.js",
        lineno: 4,
        colno: 7,
      }),
    );
    const reason = new Error("rejected");
    reason.stack = "Error: rejected\n    at load (http://store.test/assets/route-abc.js:12:34)";
    target.dispatchEvent(Object.assign(new Event("unhandledrejection"), { reason }));
    target.dispatchEvent(Object.assign(new Event("unhandledrejection"), { reason: "plain text" }));
    target.dispatchEvent(new Event("pagehide"));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map(({ log, atPageHide }) => [log.body, atPageHide])).toEqual([
      [
        {
          message: "Unhandled Error: boom",
          errorStackFrame: { errorUrl: "http://store.test/a.js", lineNumber: 4, columnNumber: 7 },
        },
        true,
      ],
      [
        {
          message: "Unhandled Error: rejected",
          errorStackFrame: { errorUrl: "http://store.test/assets/route-abc.js", lineNumber: 12, columnNumber: 34 },
        },
        true,
      ],
      [{ message: "Unhandled Error: plain text" }, true],
    ]);
    stop();
    target.dispatchEvent(Object.assign(new Event("error"), { message: "after stop" }));
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_MAX_WAIT_MS);
    expect(sent).toHaveLength(3);
  });
});

describe("a page's own logs (PAGE_LOG_EVENT)", () => {
  it("queues a component's handled error at its level, and ignores a malformed one", async () => {
    const target = new EventTarget();
    const stop = listenForUnhandledErrors(target as unknown as Window, reporter());
    const log = (detail: unknown) => target.dispatchEvent(new CustomEvent(PAGE_LOG_EVENT, { detail }));
    log({ level: "error", message: "notification modal could not be shown: NotSupportedError" });
    log({ level: "fatal", message: "not a level" });
    log({ level: "warn", message: "" });
    log("just text");
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_DEBOUNCE_MS);
    expect(sent.map(({ log: queued }) => queued)).toEqual([
      { level: "error", body: { message: "notification modal could not be shown: NotSupportedError" } },
    ]);
    stop();
    log({ level: "error", message: "after stop" });
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_MAX_WAIT_MS);
    expect(sent).toHaveLength(1);
  });
});

describe("stackFrameOf", () => {
  it("reads the first url:line:column of Chromium's and Firefox's stacks", () => {
    expect(
      stackFrameOf("TypeError: x\n    at f (https://shop.test/a.js:10:5)\n    at g (https://shop.test/b.js:1:1)"),
    ).toEqual({
      errorUrl: "https://shop.test/a.js",
      lineNumber: 10,
      columnNumber: 5,
    });
    expect(stackFrameOf("f@https://shop.test/c.js:3:14\n")).toEqual({
      errorUrl: "https://shop.test/c.js",
      lineNumber: 3,
      columnNumber: 14,
    });
    expect(stackFrameOf(undefined)).toBeUndefined();
    expect(stackFrameOf("no frames here")).toBeUndefined();
  });
});
