import { performance } from "node:perf_hooks";
import { classifyImage, type ImageFeatures, textFeatures } from "~/models/image-classifier";
import type { RxReading } from "~/models/rx-analysis";
import { parseRxText } from "~/models/rx-text";
import type { Logger } from "~/services/platform/logger.server";
import { decodeHeic } from "./heic.server";
import { type PreparedImage, prepareImage, sniffType } from "./ocr-image.server";
import { readPdfText } from "./pdf-text.server";
import type { PrescriptionReader } from "./prescription-reader";
import { OcrBusyError, type OcrPool } from "./tesseract-pool.server";

/**
 * The embedded prescription reader: a PDF's text layer, or an image through sharp and tesseract; then the image
 * classifier and the prescription parser (both pure models). Every failure is a null reading, never a throw. The
 * log gets the correlation id, the outcome and the milliseconds, and never the text or a value: they are health
 * data.
 */

export const DEFAULT_TIMEOUT_MS = 30_000;

type Outcome = "read" | "empty" | "timeout" | "busy" | "unsupported" | "failed";

class TimeoutError extends Error {
  override name = "TimeoutError";
}

class UnsupportedError extends Error {
  override name = "UnsupportedError";
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), ms);
  });
  // The work may still settle after the timeout; its rejection must not go unhandled.
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface ReaderTimings {
  /** Decode, rotate, scale (images) or text-layer reading (PDF). */
  prepareMs: number;
  /** Tesseract, queue wait included (0 for a PDF). */
  ocrMs: number;
}

/** Why an image was classed and read as it was (the bench and the dev page show it; never logged). */
export interface ReaderDetails {
  features?: ImageFeatures;
  image?: PreparedImage["analysis"];
}

/** A reading plus what it cost; the bench and the dev page show the timings. */
export interface TimedReading {
  reading: RxReading | null;
  outcome: Outcome;
  ms: number;
  timings: ReaderTimings;
  details: ReaderDetails;
}

export interface TesseractReader extends PrescriptionReader {
  readTimed(
    input: { bytes: Buffer; contentType: string },
    options?: { timeoutMs?: number; correlationId?: string },
  ): Promise<TimedReading>;
}

export function createTesseractReader(pool: OcrPool, logger: Logger): TesseractReader {
  async function readOnce(
    { bytes, contentType }: { bytes: Buffer; contentType: string },
    { correlationId, timeoutMs }: { correlationId: string; timeoutMs: number },
    timings: ReaderTimings,
    details: ReaderDetails,
  ): Promise<RxReading> {
    const sniffed = sniffType(bytes);
    const type = sniffed !== "unknown" ? sniffed : contentType.split("/")[1]?.toLowerCase();
    let started = performance.now();
    if (type === "pdf") {
      const text = await readPdfText(bytes);
      timings.prepareMs = performance.now() - started;
      return { classification: null, analysis: parseRxText(text, { correlationId }), text };
    }
    const image =
      type === "heic" || type === "heif"
        ? await decodeHeic(bytes, timeoutMs)
        : type === "png" || type === "jpeg" || type === "tiff" || type === "webp"
          ? bytes
          : null;
    if (!image) throw new UnsupportedError();
    const prepared = await prepareImage(image);
    timings.prepareMs = performance.now() - started;
    started = performance.now();
    const ocr = await pool.recognize(prepared.pgm);
    timings.ocrMs = performance.now() - started;
    details.image = prepared.analysis;
    details.features = { text: textFeatures(ocr.text, ocr.confidence), image: prepared.measures };
    const classification = classifyImage(details.features);
    const analysis =
      classification === "Prescription" || classification === "Box"
        ? parseRxText(ocr.text, { correlationId, kind: classification === "Box" ? "box" : "prescription" })
        : null;
    return { classification, analysis, text: ocr.text };
  }

  async function readTimed(
    input: { bytes: Buffer; contentType: string },
    { timeoutMs = DEFAULT_TIMEOUT_MS, correlationId = "" }: { timeoutMs?: number; correlationId?: string } = {},
  ): Promise<TimedReading> {
    const started = performance.now();
    const timings: ReaderTimings = { prepareMs: 0, ocrMs: 0 };
    const details: ReaderDetails = {};
    let reading: RxReading | null = null;
    let outcome: Outcome;
    try {
      reading = await withTimeout(readOnce(input, { correlationId, timeoutMs }, timings, details), timeoutMs);
      outcome = reading.analysis ? "read" : "empty";
    } catch (error) {
      outcome =
        error instanceof TimeoutError
          ? "timeout"
          : error instanceof OcrBusyError
            ? "busy"
            : error instanceof UnsupportedError
              ? "unsupported"
              : "failed";
    }
    const ms = Math.round(performance.now() - started);
    // Outcome and timing only: no text, no values, no error message (it could quote the file).
    const entry = {
      event: "rx-reader",
      correlationId,
      outcome,
      ms,
      prepareMs: Math.round(timings.prepareMs),
      ocrMs: Math.round(timings.ocrMs),
      classification: reading?.classification ?? null,
    };
    if (outcome === "failed" || outcome === "timeout" || outcome === "busy") logger.warn(entry, "rx reader gave up");
    else logger.info(entry, "rx reader done");
    return { reading, outcome, ms, timings, details };
  }

  return {
    readTimed,
    async read(input, options) {
      return (await readTimed(input, options)).reading;
    },
    // Until the fast classifier lands: the full read's classification (slow, on the request path).
    async inspect(input, options) {
      const { reading } = await readTimed(input, options);
      return reading ? { classification: reading.classification, pageImage: null } : null;
    },
    close: () => pool.close(),
  };
}
