import { Worker } from "node:worker_threads";
import { lowerSelfSource } from "~/services/platform/thread-priority.server";
import { MAX_INPUT_PIXELS } from "~/models/file-type";
import { ImageSizeError, type RawImage } from "./ocr-image.server";

/**
 * HEIC (iPhone photos) → raw RGBA pixels. sharp's libvips has no HEVC decoder, so heic-convert's decoder (libheif
 * compiled to JavaScript) does it, in a worker thread of its own: it takes a second or so for a phone photo and
 * would otherwise hold the event loop. One thread per file, ended when done: HEIC is rare (the upload page converts
 * most before sending), so no pool is kept for it.
 */

// CommonJS evaluated in the thread. heic-decode is loaded the way heic-convert loads it (relative to it), so it is
// found wherever npm placed it. The size is read before the pixels are decoded: a bomb is refused, not decoded.
const WORKER_CODE = `
${lowerSelfSource()}
const { parentPort, workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const fromConvert = createRequire(createRequire(workerData.base).resolve("heic-convert"));
fromConvert("heic-decode").all({ buffer: workerData.bytes }).then(async (images) => {
  try {
    const first = images[0];
    if (!first) return parentPort.postMessage({ error: "no image" });
    if (first.width * first.height > workerData.maxPixels) return parentPort.postMessage({ tooLarge: true });
    const image = await first.decode();
    parentPort.postMessage({ width: image.width, height: image.height, data: image.data });
  } finally {
    if (typeof images.dispose === "function") images.dispose();
  }
}).catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));`;

/** Rejects with ImageSizeError over `maxPixels` (a phone photo's 50 Mpx unless told), before decoding the pixels. */
export function decodeHeic(bytes: Uint8Array, timeoutMs: number, maxPixels = MAX_INPUT_PIXELS): Promise<RawImage> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { base: import.meta.url, bytes, maxPixels },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      // libheif prints its own complaints about a broken file; the outcome reaches the caller as an error instead.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    const timer = setTimeout(() => finish(new Error("HEIC decoding timed out")), timeoutMs);
    function finish(error: Error | null, image?: RawImage) {
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(image!);
    }
    worker.once("message", (message: { error?: string; tooLarge?: boolean } & Partial<RawImage>) => {
      if (message.tooLarge) finish(new ImageSizeError("image too large"));
      else if (message.error || !message.data || !message.width || !message.height) {
        finish(new Error("HEIC decoding failed"));
      } else {
        finish(null, { width: message.width, height: message.height, data: new Uint8Array(message.data) });
      }
    });
    worker.once("error", () => finish(new Error("HEIC decoding failed")));
  });
}
