import { pbkdf2 } from "node:crypto";
import fs from "node:fs";
import os from "node:os";

/**
 * The event loop first (decision 0050). A burst of uploads keeps every core busy with decoding (sharp, on libuv's
 * thread pool), OCR (tesseract's threads, PaddleOCR's) and pixel loops; at equal priority the event loop's thread
 * gets a share of a core like any of them, and every request (the health check included) waits its turn behind
 * them. Those threads run at a lower priority instead (nice +10): when the event loop has work it gets a core,
 * and the background threads use whatever is left, so an idle machine reads as fast as before.
 *
 * Linux keeps a nice value per thread, so a thread can lower itself (`os.setPriority(0, …)` inside it) and a
 * thread can be lowered from outside by its id (/proc/self/task). Elsewhere this does nothing. Lowering a
 * priority needs no privilege; every failure is ignored (a slower answer, never a broken read).
 */
export const BACKGROUND_NICE = 10;

/**
 * The nice value background threads get: BACKGROUND_NICE in the environment (0–19; 0 leaves them alone), else 10.
 * The test runs set 0: there the reader shares the machine with test processes of its own at normal priority, and
 * its threads would lose every core to them (the bench and this module's own test measure the priority).
 */
export function backgroundNice(): number {
  const value = Number(process.env.BACKGROUND_NICE ?? BACKGROUND_NICE);
  return Number.isInteger(value) && value >= 0 && value <= 19 ? value : BACKGROUND_NICE;
}

const TASKS = "/proc/self/task";

function supported(): boolean {
  return backgroundNice() > 0 && process.platform === "linux" && fs.existsSync(TASKS);
}

function threadIds(): number[] {
  try {
    return fs.readdirSync(TASKS).map(Number);
  } catch {
    return [];
  }
}

function lower(threadId: number): boolean {
  try {
    // Only ever lowered: a thread already lower (a nice of 19) stays where it is.
    const nice = backgroundNice();
    if (os.getPriority(threadId) >= nice) return true;
    os.setPriority(threadId, nice);
    return true;
  } catch {
    return false;
  }
}

/** The source line a worker thread runs first to lower itself (our workers are given their source as text). */
export function lowerSelfSource(): string {
  const nice = backgroundNice();
  if (nice === 0) return "";
  return `try { const os = require("node:os"); if (os.getPriority(0) < ${nice}) os.setPriority(0, ${nice}); } catch {}`;
}

/**
 * Runs `create` (something that starts threads: tesseract.js's workers) and lowers the threads that appeared while
 * it ran. A thread started meanwhile by other work is lowered too, which is what it should be: after startup only
 * background threads start (our workers, and on Node 22 and later libuv's pool on its first use); V8's helpers start
 * with the process.
 */
export async function withLoweredThreads<T>(create: () => Promise<T>): Promise<T> {
  if (!supported()) return create();
  const before = new Set(threadIds());
  const result = await create();
  for (const id of threadIds()) if (!before.has(id)) lower(id);
  return result;
}

/** Nanoseconds the thread has run (the scheduler's own count; 0 when unknown). */
function cpuNanoseconds(threadId: number): number {
  try {
    return Number(fs.readFileSync(`${TASKS}/${threadId}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    return 0;
  }
}

/** A pool thread's share of the probe runs ~20 ms; other threads run well under 5 ms meanwhile. */
const PROBE_MIN_NS = 5_000_000;

/** A thread's name (Node 22 and later name libuv's pool "libuv-worker"; Node 20 names every thread "node"). */
function threadName(threadId: number): string {
  try {
    return fs.readFileSync(`${TASKS}/${threadId}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

/**
 * Lowers libuv's thread pool, where sharp decodes and scales (and fs, zlib and crypto work runs). Where its threads
 * have no name of their own (Node 20) they are found by their work: a short key derivation per thread is queued on
 * the pool, and the threads that ran it are the pool's. The pool may start only then (Node 24 starts it on first
 * use), so the threads are listed after the probe. Returns how many were lowered (0 off Linux).
 */
export async function lowerLibuvPool(): Promise<number> {
  if (!supported()) return 0;
  const poolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const before = new Map(threadIds().map((id) => [id, cpuNanoseconds(id)]));
  await Promise.all(
    Array.from(
      { length: poolSize },
      (_, i) => new Promise<void>((resolve) => pbkdf2("probe", `salt-${i}`, 100_000, 32, "sha256", () => resolve())),
    ),
  );
  const threads = threadIds().filter((id) => id !== process.pid);
  const named = threads.filter((id) => threadName(id) === "libuv-worker");
  const pool =
    named.length > 0
      ? named
      : threads
          .map((id) => ({ id, ns: cpuNanoseconds(id) - (before.get(id) ?? 0) }))
          .filter((thread) => thread.ns >= PROBE_MIN_NS)
          .sort((a, b) => b.ns - a.ns)
          .slice(0, poolSize)
          .map((thread) => thread.id);
  return pool.filter((id) => lower(id)).length;
}
