import type { AppConfig } from "~/services/platform/config.server";
import type { Logger } from "~/services/platform/logger.server";
import type { PrescriptionReader } from "./prescription-reader";
import { createPaddleEngine } from "./paddle-engine.server";
import { createPixelPool } from "./pixel-worker.server";
import { createOcrPool } from "./tesseract-pool.server";
import { createTesseractReader } from "./tesseract-reader.server";

/**
 * Chosen once at start-up: the on-machine reader (decision 0021), with `ocrWorkers` tesseract threads started on
 * the first read, not here; beside them as many pixel worker threads (pixel loops, pdfjs) and one quick-pass
 * tesseract thread for inspect, also started on first use (tests and scripts create the services often and mostly never read an image).
 * OCR_WORKERS=0 turns reading off: every read is null, as a failed one would be. OCR_ENGINES=tesseract leaves
 * PaddleOCR out (its one thread, also started on first use, reads the images tesseract gives no sure lens values).
 */
export function createPrescriptionReader(
  config: Pick<AppConfig, "ocrWorkers"> & Partial<Pick<AppConfig, "ocrEngines">>,
  logger: Logger,
): PrescriptionReader {
  if (config.ocrWorkers <= 0) return { inspect: async () => null, read: async () => null, close: async () => {} };
  // The pixel loops and pdfjs get as many threads as tesseract: both are started on first use.
  return createTesseractReader(createOcrPool({ workers: config.ocrWorkers }), logger, {
    pixels: createPixelPool({ workers: config.ocrWorkers }),
    paddle: (config.ocrEngines ?? "both") === "both" ? createPaddleEngine() : undefined,
  });
}
