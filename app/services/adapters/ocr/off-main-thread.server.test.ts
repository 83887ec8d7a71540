import fs from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";
import { afterAll, describe, expect, it, vi } from "vitest";
import type * as ImageMeasuresModule from "./image-measures.server";
import { createLogger } from "~/services/platform/logger.server";
import type * as PreprocessModule from "./ocr-preprocess.server";
import { createPixelPool } from "./pixel-worker.server";
import { createOcrPool } from "./tesseract-pool.server";
import { createTesseractReader } from "./tesseract-reader.server";

// The pixel loops must run in the pixel worker threads, never on the event loop. Here every kernel the main thread
// can reach throws when called: an inspect or a read that ran one on the main thread fails. (The threads are given
// the kernels' original source through PREPROCESS_KERNELS and MEASURE_KERNELS, which stay as they are.)
const calledOnMain: string[] = [];

function guarded<T extends (...args: never[]) => unknown>(original: T): T {
  const guard = ((...args: Parameters<T>) => {
    if (isMainThread) calledOnMain.push(original.name);
    return original(...args);
  }) as T;
  // The worker's source names the kernels by their function names: keep them.
  Object.defineProperty(guard, "name", { value: original.name });
  return guard;
}

vi.mock("./ocr-preprocess.server", async (importOriginal) => {
  const original = await importOriginal<typeof PreprocessModule>();
  const wrapped = Object.fromEntries(
    Object.entries(original).map(([key, value]) => [key, typeof value === "function" ? guarded(value) : value]),
  );
  return { ...wrapped, PREPROCESS_KERNELS: original.PREPROCESS_KERNELS };
});

vi.mock("./image-measures.server", async (importOriginal) => {
  const original = await importOriginal<typeof ImageMeasuresModule>();
  return { ...original, measurePixels: guarded(original.measurePixels) };
});

const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/rx");
const pixels = createPixelPool({ workers: 2 });
const reader = createTesseractReader(createOcrPool({ workers: 1 }), createLogger({ level: "silent" }), { pixels });

afterAll(async () => {
  await reader.close();
  await pixels.close();
});

describe("the reader's CPU work", () => {
  it("runs no pixel loop on the main thread, and keeps the event loop free during 8 parallel inspects", async () => {
    const photo = fs.readFileSync(path.join(FIXTURES, "prescription-photo.jpg"));
    const pdf = fs.readFileSync(path.join(FIXTURES, "prescription.pdf"));
    // Warm up (threads and models start), then measure.
    await reader.inspect({ bytes: photo, contentType: "image/jpeg" });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // This machine is shared: a long time limit, so a slow turn in the queue is not a failure here (the bench
    // measures the time).
    const timed = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        reader.inspectTimed(
          index % 4 === 3
            ? { bytes: pdf, contentType: "application/pdf" }
            : { bytes: photo, contentType: "image/jpeg" },
          { timeoutMs: 60_000 },
        ),
      ),
    );
    delay.disable();
    const inspections = timed.map((each) => each.inspection);
    expect(timed.map((each) => each.outcome)).toEqual(Array(8).fill("read"));
    const reading = await reader.read({ bytes: photo, contentType: "image/jpeg" });
    expect(calledOnMain).toEqual([]);
    expect(inspections.map((inspection) => inspection?.classification)).toEqual([
      "Prescription",
      "Prescription",
      "Prescription",
      null,
      "Prescription",
      "Prescription",
      "Prescription",
      null,
    ]);
    expect(reading?.classification).toBe("Prescription");
    const p99 = delay.percentile(99) / 1e6;
    console.info(
      `event-loop delay during 8 inspects: p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
    );
    // The target is 100 ms on an idle machine; this one is shared, so the bound leaves room for being descheduled.
    expect(p99).toBeLessThan(250);
  }, 180_000);

  it("the guard sees a kernel called on the main thread (so the test above can fail)", async () => {
    const { pageBox } = await import("./ocr-preprocess.server");
    pageBox({ data: new Uint8Array(64 * 64).fill(255), width: 64, height: 64 });
    expect(calledOnMain).toEqual(["pageBox"]);
    calledOnMain.length = 0;
  });
});
