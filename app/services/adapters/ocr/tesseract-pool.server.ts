import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createScheduler, createWorker, OEM, type Page, PSM, type Scheduler, type Worker } from "tesseract.js";
import type { OcrPage } from "~/models/ocr-page";
import { withLoweredThreads } from "~/services/platform/thread-priority.server";

/**
 * A pool of tesseract.js workers (worker threads running tesseract's wasm build, so OCR never blocks the event
 * loop), started on the first job and ended by `close`. Everything comes from node_modules: the wasm core
 * (tesseract.js-core) and the English model (@tesseract.js-data/eng, gzipped); nothing is fetched and nothing is
 * cached on disk (`cacheMethod: "none"`: the model is read from the package on each start).
 */

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
  /** The words with their boxes. */
  page: OcrPage;
}

/** Tesseract's block tree → the flat word list the parser reads (confidences 0–1, line and block numbered). */
export function toOcrPage(
  data: Pick<Page, "text" | "confidence" | "blocks">,
  size: { width: number; height: number },
): OcrPage {
  const words: OcrPage["words"] = [];
  let line = 0;
  (data.blocks ?? []).forEach((block, blockIndex) => {
    for (const paragraph of block.paragraphs) {
      for (const textLine of paragraph.lines) {
        for (const word of textLine.words) {
          const text = word.text.trim();
          if (!text) continue;
          words.push({ text, confidence: word.confidence / 100, box: { ...word.bbox }, line, block: blockIndex });
        }
        line++;
      }
    }
  });
  return { ...size, text: data.text, words, confidence: data.confidence / 100 };
}

export interface OcrPool {
  /**
   * OCR of an encoded image (PNG, PGM, JPEG, TIFF), or of a rectangle of it; rejects when the pool is closed or the
   * queue is full.
   */
  recognize(
    image: Buffer,
    options?: { rectangle?: { left: number; top: number; width: number; height: number } },
  ): Promise<OcrResult>;
  /** Workers running now (0 before the first job and after `close`). */
  workerCount(): number;
  close(): Promise<void>;
}

/**
 * The model: tessdata's "best" LSTM network, integerised. It reads the digits and signs of a prescription more
 * reliably than the smaller 4.0.0 model for about the same time per page (see decision 0021 for the numbers).
 */
export const MODEL_FOLDER = "4.0.0_best_int";

const require = createRequire(import.meta.url);

/** tessdata's standard model: faster than "best" (about 40% less time per page), for the quick pass at upload. */
export const QUICK_MODEL_FOLDER = "4.0.0";

function languagePath(model: string): string {
  return path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), model);
}

/**
 * Page layout: "a single uniform block of text" keeps a table's row together on one line (the automatic layout
 * splits a form into columns and reads them one after another, losing which value belongs to which eye).
 */
const PARAMETERS: {
  tessedit_pageseg_mode: PSM;
  user_defined_dpi: string;
  preserve_interword_spaces: string;
  debug_file: string;
} = {
  tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
  // Images come scaled to text of a known size; say so, rather than have tesseract guess (and warn).
  user_defined_dpi: "300",
  preserve_interword_spaces: "0",
  // Tesseract's own warnings ("Image too small to scale!!") would go to the server's stdout.
  debug_file: "/dev/null",
};

/** Width and height from a PGM (P5) or PNG header; 0×0 for other formats (the words' boxes still hold). */
function imageSize(image: Buffer): { width: number; height: number } {
  if (image[0] === 0x89 && image.toString("latin1", 1, 4) === "PNG") {
    return { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
  }
  if (image.toString("latin1", 0, 2) === "P5") {
    const [width, height] = image
      .toString("latin1", 2, 40)
      .replace(/#[^\n]*\n/g, " ")
      .trim()
      .split(/\s+/)
      .map(Number);
    return { width: width ?? 0, height: height ?? 0 };
  }
  return { width: 0, height: 0 };
}

export class OcrBusyError extends Error {
  override name = "OcrBusyError";
}

export class OcrClosedError extends Error {
  override name = "OcrClosedError";
}

export function createOcrPool(options: {
  workers: number;
  maxQueue?: number;
  /** Tesseract parameters over the defaults below (the bench tries others with --psm). */
  parameters?: Partial<typeof PARAMETERS>;
  /** The model's folder in @tesseract.js-data/eng (MODEL_FOLDER unless told). */
  model?: string;
}): OcrPool {
  const size = Math.max(1, Math.floor(options.workers));
  // A backlog longer than this would wait past any caller's timeout: refuse at once instead of queueing work
  // nobody will read (the scheduler cannot cancel a queued job).
  const maxQueue = options.maxQueue ?? size * 4;
  let started: Promise<{ scheduler: Scheduler; workers: Worker[] }> | null = null;
  let workers: Worker[] = [];
  let pending = 0;
  let closed = false;

  async function start(): Promise<{ scheduler: Scheduler; workers: Worker[] }> {
    const scheduler = createScheduler();
    const langPath = languagePath(options.model ?? MODEL_FOLDER);
    // Background threads (decision 0050): the event loop comes first when the cores are busy.
    const created = await withLoweredThreads(() =>
      Promise.allSettled(
        Array.from({ length: size }, () =>
          createWorker("eng", OEM.LSTM_ONLY, {
            langPath,
            gzip: true,
            cacheMethod: "none",
            cachePath: os.tmpdir(),
            // The worker reports a failed job by rejecting it; without a handler it would also throw in the thread.
            errorHandler: () => {},
          }),
        ),
      ),
    );
    workers = created.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const failure = created.find((result) => result.status === "rejected");
    if (failure || closed) {
      await Promise.allSettled(workers.map((worker) => worker.terminate()));
      workers = [];
      throw failure ? new Error(`OCR workers failed to start: ${String(failure.reason)}`) : new OcrClosedError();
    }
    await Promise.all(workers.map((worker) => worker.setParameters({ ...PARAMETERS, ...options.parameters })));
    for (const worker of workers) scheduler.addWorker(worker);
    return { scheduler, workers };
  }

  return {
    async recognize(image, recognizeOptions = {}) {
      if (closed) throw new OcrClosedError("The OCR pool is closed.");
      if (pending >= size + maxQueue) throw new OcrBusyError("The OCR queue is full.");
      pending++;
      try {
        started ??= start().catch((error: unknown) => {
          // A failed start (a missing model, say) is retried by the next job rather than remembered forever.
          started = null;
          throw error;
        });
        const { scheduler } = await started;
        const result = await scheduler.addJob(
          "recognize",
          image,
          recognizeOptions.rectangle ? { rectangle: recognizeOptions.rectangle } : {},
          { text: true, blocks: true },
        );
        const size = imageSize(image);
        return { text: result.data.text, confidence: result.data.confidence, page: toOcrPage(result.data, size) };
      } finally {
        pending--;
      }
    },
    workerCount: () => workers.length,
    async close() {
      closed = true;
      const running = started;
      started = null;
      if (!running) return;
      try {
        const { workers: ending } = await running;
        // scheduler.terminate() does not wait for its workers; end each one and wait.
        await Promise.allSettled(ending.map((worker) => worker.terminate()));
      } catch {
        // It never started: nothing to end.
      }
      workers = [];
    },
  };
}
