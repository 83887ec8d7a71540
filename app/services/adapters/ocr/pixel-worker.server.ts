import { Worker } from "node:worker_threads";
import { lowerSelfSource } from "~/services/platform/thread-priority.server";
import type { ImageMeasures } from "~/models/image-classifier";
import { MEASURE_KERNELS, measurePixels } from "./image-measures.server";
import { type PdfContent, type PdfOptions, readPdfInThread } from "./pdf-text.server";
import {
  analyseText,
  type Box,
  finishPage,
  type Grey,
  PREPROCESS_KERNELS,
  pageBox,
  type TextLayout,
} from "./ocr-preprocess.server";

/**
 * Worker threads for the reader's CPU-heavy JavaScript: the pixel loops (ocr-preprocess, image-measures) and pdfjs
 * (parsing a PDF and drawing its page). Run on the main thread they would hold the event loop for tens to hundreds
 * of milliseconds per upload; sharp and tesseract already run off it (libuv's pool and tesseract.js's threads).
 *
 * The threads are given the kernels' source (Function#toString), not a module to import: the server runs from a
 * Vite bundle, the tests and scripts from TypeScript, and no worker file would be found at the same place in each.
 * The kernels are written for this (plain functions of their arguments; see PREPROCESS_KERNELS, MEASURE_KERNELS).
 * Their names are taken from the functions themselves, so a bundler's renaming is carried along.
 *
 * A job that runs past its time ends its thread (a hostile PDF cannot keep one busy); the next job starts another.
 * Idle threads do not keep the process alive.
 */

export interface PixelPool {
  measure(
    rgb: Uint8Array,
    width: number,
    height: number,
    original: { width: number; height: number },
  ): Promise<ImageMeasures>;
  analyse(image: Grey): Promise<TextLayout>;
  pageBox(image: Grey): Promise<Box>;
  /** A page scaled for OCR → dark bands inverted, light evened out, contrast stretched and rules removed. */
  finish(image: Grey, targetLine: number): Promise<Grey>;
  /** A PDF's text (with positions) and, if asked, its first page drawn as a PNG. */
  pdf(bytes: Uint8Array, options: PdfOptions): Promise<PdfContent>;
  /** Threads running now. */
  threadCount(): number;
  close(): Promise<void>;
}

function workerSource(): string {
  const kernels = [...PREPROCESS_KERNELS, ...MEASURE_KERNELS, readPdfInThread];
  return `"use strict";
${lowerSelfSource()}
const { parentPort, workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const { pathToFileURL } = require("node:url");
const path = require("node:path");
const requireFrom = createRequire(workerData.base);
// A transpiler that keeps function names (esbuild's keepNames) wraps them in __name(); here it has nothing to do.
var __name = (target) => target;
const context = {
  importPdfJs: () => import(pathToFileURL(requireFrom.resolve("pdfjs-dist/legacy/build/pdf.mjs")).href),
  pdfJsFolder: () => path.dirname(requireFrom.resolve("pdfjs-dist/package.json")) + "/",
  requireCanvas: () => requireFrom("@napi-rs/canvas"),
};
${kernels.map((kernel) => kernel.toString()).join("\n")}
const operations = {
  measure: (rgb, width, height, original) => [${measurePixels.name}(rgb, width, height, original), []],
  analyse: (image) => [${analyseText.name}(image), []],
  pageBox: (image) => [${pageBox.name}(image), []],
  finish: (image, targetLine) => {
    const page = ${finishPage.name}(image, targetLine);
    return [page, [page.data.buffer]];
  },
  pdf: async (bytes, options) => {
    const content = await ${readPdfInThread.name}(context, bytes, options);
    return [content, content.pageImage ? [content.pageImage.bytes.buffer] : []];
  },
};
parentPort.on("message", async ({ id, operation, args }) => {
  try {
    const [result, transfer] = await operations[operation](...args);
    parentPort.postMessage({ id, result }, transfer);
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});`;
}

export class PixelTimeoutError extends Error {
  override name = "PixelTimeoutError";
}

interface Job {
  operation: string;
  args: unknown[];
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
}

export function createPixelPool(options: { workers: number; timeoutMs?: number }): PixelPool {
  const size = Math.max(1, Math.floor(options.workers));
  const defaultTimeout = options.timeoutMs ?? 30_000;
  let source: string | null = null;
  const threads: Thread[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Thread {
    source ??= workerSource();
    const worker = new Worker(source, {
      eval: true,
      workerData: { base: import.meta.url },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      // pdfjs warns about a broken file on the console; the outcome reaches the caller as an error instead.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    worker.unref();
    const thread: Thread = { worker, job: null };
    worker.on("message", (message: { id: number; result?: unknown; error?: string }) => {
      const job = thread.job;
      if (!job || job.id !== message.id) return;
      clearTimeout(job.timer);
      thread.job = null;
      worker.unref();
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.result);
      dispatch();
    });
    const fail = (error: Error) => {
      const index = threads.indexOf(thread);
      if (index >= 0) threads.splice(index, 1);
      const job = thread.job;
      thread.job = null;
      if (job) {
        clearTimeout(job.timer);
        job.reject(error);
      }
      dispatch();
    };
    worker.on("error", (error) => fail(error instanceof Error ? error : new Error(String(error))));
    worker.on("exit", () => fail(new Error("The pixel worker stopped.")));
    threads.push(thread);
    return thread;
  }

  function dispatch(): void {
    while (!closed && queue.length > 0) {
      let thread = threads.find((candidate) => candidate.job === null);
      if (!thread && threads.length < size) thread = spawn();
      if (!thread) return;
      const job = queue.shift()!;
      const id = nextId++;
      const current = thread;
      const timer = setTimeout(() => {
        // The thread may be stuck in a loop: end it (its exit rejects nothing more, the job is settled here).
        const index = threads.indexOf(current);
        if (index >= 0) threads.splice(index, 1);
        current.job = null;
        void current.worker.terminate();
        job.reject(new PixelTimeoutError(`The pixel worker took longer than ${job.timeoutMs} ms.`));
        dispatch();
      }, job.timeoutMs);
      thread.job = { ...job, id, timer };
      thread.worker.ref();
      thread.worker.postMessage({ id, operation: job.operation, args: job.args });
    }
  }

  function run<T>(operation: string, args: unknown[], timeoutMs = defaultTimeout): Promise<T> {
    if (closed) return Promise.reject(new Error("The pixel pool is closed."));
    return new Promise<T>((resolve, reject) => {
      queue.push({ operation, args, timeoutMs, resolve: resolve as (value: unknown) => void, reject });
      dispatch();
    });
  }

  const toGrey = (image: Grey): Grey => ({ data: image.data, width: image.width, height: image.height });

  return {
    measure: (rgb, width, height, original) => run("measure", [rgb, width, height, original]),
    analyse: (image) => run("analyse", [toGrey(image)]),
    pageBox: (image) => run("pageBox", [toGrey(image)]),
    finish: (image, targetLine) => run("finish", [toGrey(image), targetLine]),
    pdf: (bytes, pdfOptions) => run("pdf", [bytes, pdfOptions], pdfOptions.timeoutMs),
    threadCount: () => threads.length,
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("The pixel pool is closed."));
      const ending = threads.splice(0);
      for (const thread of ending) {
        if (thread.job) {
          clearTimeout(thread.job.timer);
          thread.job.reject(new Error("The pixel pool is closed."));
          thread.job = null;
        }
      }
      await Promise.allSettled(ending.map((thread) => thread.worker.terminate()));
    },
  };
}

let shared: PixelPool | null = null;

/** One thread shared by callers that bring no pool of their own (the bench, scripts, the upload's measures). */
export function defaultPixelPool(): PixelPool {
  shared ??= createPixelPool({ workers: 1 });
  return shared;
}

/** Ends the shared thread (a script's last step: a live thread keeps the process running). */
export async function closeDefaultPixelPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
