import fs from "node:fs";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BACKGROUND_NICE, lowerLibuvPool, lowerSelfSource, withLoweredThreads } from "./thread-priority.server";

const linux = process.platform === "linux" && fs.existsSync("/proc/self/task");

/** Each thread's nice value (the 19th field of its stat line). */
function niceByThread(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const id of fs.readdirSync("/proc/self/task").map(Number)) {
    try {
      const fields = fs.readFileSync(`/proc/self/task/${id}/stat`, "utf8").split(") ")[1]!.split(" ");
      nice.set(id, Number(fields[16]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return nice;
}

function lowered(): number[] {
  return [...niceByThread()].filter(([, nice]) => nice >= BACKGROUND_NICE).map(([id]) => id);
}

/** A worker that stays up until terminated (one whose script has ended may exit before its thread is looked at). */
async function startedWorker(source: string): Promise<Worker> {
  const body = `const { parentPort } = require("node:worker_threads"); parentPort.on("message", () => {}); parentPort.postMessage("up");`;
  const worker = new Worker(`${source}\n${body}`, { eval: true });
  await new Promise((resolve) => worker.once("message", resolve));
  return worker;
}

describe.runIf(linux)("thread priority (Linux)", () => {
  // The test runs set 0 (vitest.config.ts); the store's default is what is tested here.
  beforeAll(() => vi.stubEnv("BACKGROUND_NICE", String(BACKGROUND_NICE)));
  afterAll(() => vi.unstubAllEnvs());

  it("a worker given the source line lowers itself, not the event loop's thread", async () => {
    const before = new Set(lowered());
    const worker = await startedWorker(lowerSelfSource());
    try {
      // At least its own thread (a test file running beside this one in the same process may start threads too).
      expect(lowered().filter((id) => !before.has(id)).length).toBeGreaterThanOrEqual(1);
      expect(niceByThread().get(process.pid)).toBe(0);
    } finally {
      await worker.terminate();
    }
  });

  it("threads started inside withLoweredThreads are lowered; the event loop's is not", async () => {
    const before = new Set(lowered());
    const worker = await withLoweredThreads(() => startedWorker(""));
    try {
      expect(lowered().filter((id) => !before.has(id)).length).toBeGreaterThanOrEqual(1);
      expect(niceByThread().get(process.pid)).toBe(0);
    } finally {
      await worker.terminate();
    }
  });

  it("libuv's pool is found by its work and lowered, the event loop's thread left alone", async () => {
    const count = await lowerLibuvPool();
    expect(count).toBe(Number(process.env.UV_THREADPOOL_SIZE) || 4);
    expect(lowered().length).toBeGreaterThanOrEqual(count);
    expect(niceByThread().get(process.pid)).toBe(0);
    // A second call finds them again and leaves them where they are.
    expect(await lowerLibuvPool()).toBe(count);
  });
});

describe("BACKGROUND_NICE 0", () => {
  beforeAll(() => vi.stubEnv("BACKGROUND_NICE", "0"));
  afterAll(() => vi.unstubAllEnvs());

  it("leaves every thread as it is", async () => {
    expect(lowerSelfSource()).toBe("");
    expect(await lowerLibuvPool()).toBe(0);
  });
});

describe.runIf(!linux)("thread priority elsewhere", () => {
  it("does nothing", async () => {
    expect(await lowerLibuvPool()).toBe(0);
    expect(await withLoweredThreads(async () => 7)).toBe(7);
  });
});
