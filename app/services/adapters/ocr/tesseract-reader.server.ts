import { performance } from "node:perf_hooks";
import { availableParallelism } from "node:os";
import type { ImageClassification } from "~/models/funnel";
import { PSM } from "tesseract.js";
import {
  classificationScores,
  classifyImage,
  type ImageFeatures,
  printsLensParameters,
  textFeatures,
} from "~/models/image-classifier";
import type { RxAnalysis, RxReading } from "~/models/rx-analysis";
import { completeAndSure, confidentLensFields, mergeReadings } from "~/models/rx-engines";
import { SNIFF_BYTES, sniffType } from "~/models/file-type";
import { hasLensValues, parseRxPage } from "~/models/rx-text";
import type { Logger } from "~/services/platform/logger.server";
import { decodeHeic } from "./heic.server";
import { ImageSizeError, type PreparedImage, PROFILES, prepareImage, type RawImage } from "./ocr-image.server";
import type { OcrPage } from "~/models/ocr-page";
import type { PaddleEngine } from "./paddle-engine.server";
import { MIN_TEXT_CHARACTERS, pdfTextCharacters, pdfToOcrPage } from "./pdf-text.server";
import { defaultPixelPool, type PixelPool } from "./pixel-worker.server";
import type { PrescriptionReader, RxInspection } from "./prescription-reader";
import { createOcrPool, OcrBusyError, type OcrPool, QUICK_MODEL_FOLDER } from "./tesseract-pool.server";

/**
 * The embedded prescription reader (decision 0021; inspect and read: decision 0045).
 *
 * `inspect` (while the upload waits): a PDF's first page drawn as a PNG (no classification: spec); an image decoded,
 * measured and given a quick OCR pass — a small copy (text lines 26 px tall) read band by band with tesseract's
 * faster model, stopping as soon as the classification is clear or the time budget is spent.
 *
 * `read` (a queued job): a PDF's text layer, or for a scan its first page drawn and read like a photo; an image
 * through the full preparation and tesseract; then the image classifier and the prescription parser (pure models).
 * Classification needs values: a picture classed Prescription that gives no lens values (an appointment card, a
 * clinic's bill) and is not a glasses prescription is Other.
 *
 * Every failure is a null answer, never a throw. The log gets the correlation id, the outcome and the milliseconds,
 * never the text or a value: they are health data.
 */

export const DEFAULT_TIMEOUT_MS = 30_000;
/** inspect's own bound when the caller gives none: the upload must answer. */
export const INSPECT_TIMEOUT_MS = 5_000;
/** The quick pass starts no new band after this long (a band takes ~0.1–0.4 s on one core). */
export const QUICK_BUDGET_MS = 600;
/** The quick pass stops when the leading class leads the next by this much evidence. */
const DECISIVE_MARGIN = 3;
/** A band of the quick image: about this many text lines (spaced ~1.7 line heights). */
const BAND_LINES = 10;
/** A PDF's first page as shown to staff and the shopper, and as read when it is a scan. */
const PAGE_IMAGE = { width: 1400, maxPixels: 3_000_000 };
const SCAN_IMAGE = { width: 2400, maxPixels: 8_000_000 };
const PDF_MAX_PAGES = 3;
/** Paddle is not started with less than this left of the read's time (it takes ~1–3 s on one core). */
const PADDLE_MIN_MS = 1_000;
type Outcome = "read" | "empty" | "timeout" | "busy" | "unsupported" | "too-large" | "failed";

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

function outcomeOf(error: unknown): Outcome {
  if (error instanceof TimeoutError) return "timeout";
  if (error instanceof OcrBusyError) return "busy";
  if (error instanceof UnsupportedError) return "unsupported";
  if (error instanceof ImageSizeError) return "too-large";
  return "failed";
}

/**
 * Classification needs values (issue 24): Prescription only with lens values, as a glasses-only prescription, or when
 * the page prints a lens prescription's parameter labels (its values unread: a blurred photo of one is still one,
 * and the shopper should not be told otherwise); anything else that looked like one (an appointment card, a bill with
 * the clinic's name) is Other, unread.
 */
export function finalClassification(
  classification: ImageClassification | null,
  analysis: RxAnalysis | null,
  text = "",
): { classification: ImageClassification | null; analysis: RxAnalysis | null } {
  if (classification !== "Prescription") return { classification, analysis };
  if (analysis && (hasLensValues(analysis) || analysis.spectaclesOnly)) return { classification, analysis };
  if (printsLensParameters(text)) return { classification, analysis: null };
  return { classification: "Other", analysis: null };
}

export interface ReaderTimings {
  /** Decode, rotate, scale (images) or the PDF's text layer and page. */
  prepareMs: number;
  /** Tesseract, queue wait included (0 for a PDF's text layer). */
  ocrMs: number;
  /** PaddleOCR, when its reading was used: its own time (its thread's wait and the model's first load included). */
  paddleMs?: number;
  /** How long the read waited for Paddle after tesseract (less than paddleMs when Paddle started beside it). */
  paddleWaitMs?: number;
}

/** Why an image was classed and read as it was (the bench and the dev page show it; never logged). */
export interface ReaderDetails {
  features?: ImageFeatures;
  image?: PreparedImage["analysis"];
  /** A PDF: read from its text layer, or drawn and read as a scan. */
  pdf?: "text" | "scan";
  /** inspect: the bands of the quick image read before the classification was clear. */
  bands?: { read: number; of: number };
  /** read: the engine whose reading was kept, and whether Paddle was asked (and how it ended). */
  engine?: "tesseract" | "paddle" | "both";
  paddle?: "kept" | "merged" | "not better" | "timeout" | "failed" | "no time";
}

/** A reading plus what it cost; the bench and the dev page show the timings. */
export interface TimedReading {
  reading: RxReading | null;
  outcome: Outcome;
  ms: number;
  timings: ReaderTimings;
  details: ReaderDetails;
}

export interface TimedInspection {
  inspection: RxInspection | null;
  outcome: Outcome;
  ms: number;
  details: ReaderDetails;
}

type Input = { bytes: Buffer; contentType: string };
type Options = { timeoutMs?: number; correlationId?: string };

export interface TesseractReader extends PrescriptionReader {
  readTimed(input: Input, options?: Options): Promise<TimedReading>;
  inspectTimed(input: Input, options?: Options): Promise<TimedInspection>;
}

export interface ReaderParts {
  /** The pixel worker threads (pixel loops, pdfjs); one shared thread unless given. */
  pixels?: PixelPool;
  /** The quick pass's tesseract (one thread, the faster model) unless given: never queued behind a full read. */
  quickOcr?: OcrPool;
  /**
   * The second engine for images (decision 0045): asked when tesseract's reading gives no confident lens values.
   * None: tesseract alone. The reader closes it.
   */
  paddle?: PaddleEngine;
  /**
   * Whether an idle Paddle starts reading beside tesseract, before it is known to be needed: it pays off with a core
   * of its own, and on one core it only takes time from tesseract (and from the next image). Default: when this
   * process may run on more than one core.
   */
  paddleBeside?: boolean;
}

export function createTesseractReader(pool: OcrPool, logger: Logger, parts: ReaderParts = {}): TesseractReader {
  const pixels = parts.pixels ?? defaultPixelPool();
  const paddleBeside = parts.paddleBeside ?? availableParallelism() > 1;
  const ownsPixels = parts.pixels !== undefined;
  // Each inspect has one band queued at a time; a burst of uploads waits its turn within inspect's time limit.
  // Automatic layout: on a noisy photo band it finds no text block and answers in tens of milliseconds, where
  // "single block" reads the noise as letters for seconds (measured: p95 0.48 s against 0.84–1.7 s).
  const quickOcr =
    parts.quickOcr ??
    createOcrPool({
      workers: 1,
      maxQueue: 32,
      model: QUICK_MODEL_FOLDER,
      parameters: { tessedit_pageseg_mode: PSM.AUTO },
    });

  /** The upload's type by its bytes (a name or a content type can lie), then decoded if it is a HEIC. */
  async function decodable(
    { bytes, contentType }: Input,
    timeoutMs: number,
  ): Promise<{ kind: "pdf" } | { kind: "image"; image: Buffer | RawImage }> {
    const type = sniffType(bytes.subarray(0, SNIFF_BYTES)) ?? contentType.split("/")[1]?.toLowerCase();
    if (type === "pdf") return { kind: "pdf" };
    if (type === "heic" || type === "heif") return { kind: "image", image: await decodeHeic(bytes, timeoutMs) };
    if (type === "png" || type === "jpeg" || type === "tiff" || type === "webp") return { kind: "image", image: bytes };
    throw new UnsupportedError();
  }

  /** Full OCR of an image, classified, parsed, and the classification made to need values. */
  async function readImage(
    image: Buffer | RawImage,
    correlationId: string,
    deadline: number,
    timings: ReaderTimings,
    details: ReaderDetails,
  ): Promise<RxReading> {
    let started = performance.now();
    // Paddle's thread idle (and a core for it): it reads the image beside tesseract, so when tesseract's reading
    // turns out unsure, Paddle's is ready or nearly (the read takes the longer of the two, not their sum). A busy
    // Paddle (uploads in a burst), or one core only: Paddle is asked after tesseract, and only if needed.
    const early = paddleBeside && parts.paddle?.idle() ? paddleRead(image, deadline) : null;
    const prepared = await prepareImage(image, { pixels });
    timings.prepareMs += performance.now() - started;
    started = performance.now();
    const ocr = await pool.recognize(prepared.pgm);
    timings.ocrMs += performance.now() - started;
    details.image = prepared.analysis;
    details.features = { text: textFeatures(ocr.text, ocr.confidence), image: prepared.measures };
    const classified = classifyImage(details.features);
    const analysis =
      classified === "Prescription" || classified === "Box"
        ? parseRxPage(ocr.page, { correlationId, kind: classified === "Box" ? "box" : "prescription" })
        : null;
    const reading: RxReading = { ...finalClassification(classified, analysis, ocr.text), text: ocr.text };
    details.engine = "tesseract";
    // Paddle reads photos and handwriting better (decision 0045) but costs 1–3 s: asked only when tesseract's
    // reading is not complete and sure, and not for a picture of a person or a glasses prescription.
    if (
      !parts.paddle ||
      classified === "Human" ||
      reading.analysis?.spectaclesOnly ||
      completeAndSure(reading.analysis)
    ) {
      return reading;
    }
    let asked = early;
    if (!asked) {
      if (deadline - performance.now() < PADDLE_MIN_MS) {
        details.paddle = "no time";
        return reading;
      }
      asked = paddleRead(image, deadline);
    }
    started = performance.now();
    try {
      const { page, ms } = await asked;
      timings.paddleMs = ms;
      const features: ImageFeatures = {
        text: textFeatures(page.text, page.confidence * 100),
        image: prepared.measures,
      };
      const paddleClass = classifyImage(features);
      const paddleAnalysis =
        paddleClass === "Prescription" || paddleClass === "Box"
          ? parseRxPage(page, { correlationId, kind: paddleClass === "Box" ? "box" : "prescription" })
          : null;
      const paddleReading: RxReading = {
        ...finalClassification(paddleClass, paddleAnalysis, page.text),
        text: page.text,
      };
      // Both read lens values of the same kind of page: the two readings, field by field.
      if (
        reading.analysis &&
        paddleReading.analysis &&
        reading.classification === paddleReading.classification &&
        hasLensValues(paddleReading.analysis)
      ) {
        details.paddle = "merged";
        details.engine = "both";
        return { ...reading, analysis: mergeReadings(reading.analysis, paddleReading.analysis) };
      }
      // Otherwise the one with more sure lens values; any values at all beat none (classification needs values).
      // With no values either way, a prescription Paddle recognised (its parameters' labels, or a glasses
      // prescription) beats tesseract's Other: Paddle reads photos better, and the class needs the same evidence.
      const paddleOnly =
        (hasLensValues(paddleReading.analysis) && !hasLensValues(reading.analysis)) ||
        (reading.classification !== "Prescription" && paddleReading.classification === "Prescription");
      if (!paddleOnly && confidentLensFields(paddleReading.analysis) <= confidentLensFields(reading.analysis)) {
        details.paddle = "not better";
        return reading;
      }
      details.paddle = "kept";
      details.engine = "paddle";
      details.features = features;
      return paddleReading;
    } catch (error) {
      details.paddle = error instanceof Error && error.name === "PaddleTimeoutError" ? "timeout" : "failed";
      return reading;
    } finally {
      timings.paddleWaitMs = performance.now() - started;
    }
  }

  /** Paddle's reading of the image and how long it took (its own time, its wait for the thread included). */
  function paddleRead(image: Buffer | RawImage, deadline: number): Promise<{ page: OcrPage; ms: number }> {
    const started = performance.now();
    const reading = parts.paddle!.read(image, { timeoutMs: Math.max(1, deadline - started) }).then((page) => ({
      page,
      ms: performance.now() - started,
    }));
    // An early read that is not needed is left to finish; its failure must not go unhandled.
    reading.catch(() => {});
    return reading;
  }

  async function readOnce(
    input: Input,
    { correlationId, timeoutMs }: { correlationId: string; timeoutMs: number },
    timings: ReaderTimings,
    details: ReaderDetails,
  ): Promise<RxReading> {
    const started = performance.now();
    // Paddle must be done before the read's time limit (a margin for the parse after it).
    const deadline = started + timeoutMs - 250;
    const source = await decodable(input, timeoutMs);
    if (source.kind === "image") {
      timings.prepareMs = performance.now() - started;
      return readImage(source.image, correlationId, deadline, timings, details);
    }
    const content = await pixels.pdf(input.bytes, { maxPages: PDF_MAX_PAGES, render: null, timeoutMs });
    timings.prepareMs = performance.now() - started;
    if (pdfTextCharacters(content) >= MIN_TEXT_CHARACTERS) {
      details.pdf = "text";
      const page = pdfToOcrPage(content);
      // Spec 2: a PDF has no classification; its text layer is read as a prescription.
      return {
        classification: null,
        analysis: parseRxPage(page, { correlationId, kind: "prescription" }),
        text: page.text,
      };
    }
    // A scan: its first page drawn, then read like a photo (and classified like one).
    details.pdf = "scan";
    const drawn = await pixels.pdf(input.bytes, { maxPages: 1, render: SCAN_IMAGE, timeoutMs });
    timings.prepareMs = performance.now() - started;
    if (!drawn.pageImage) throw new UnsupportedError();
    return readImage(Buffer.from(drawn.pageImage.bytes), correlationId, deadline, timings, details);
  }

  /** The quick pass: the small copy read band by band until the class is clear or the budget spent. */
  async function quickClass(image: Buffer | RawImage, details: ReaderDetails): Promise<ImageClassification> {
    const prepared = await prepareImage(image, { pixels, profile: "quick" });
    details.image = prepared.analysis;
    const { width, height } = prepared.analysis;
    const pixelsStart = prepared.pgm.length - width * height;
    const line = PROFILES.quick.targetLine;
    const bandHeight = Math.round(line * 1.7 * BAND_LINES);
    const overlap = line * 2;
    // Bands cut from the PGM's rows (tesseract.js's `rectangle` misplaces its rows on a PGM).
    const bands: Buffer[] = [];
    for (let top = 0; top < height; top += bandHeight) {
      const from = Math.max(0, top - overlap);
      // A remainder under half a band joins this one (a sliver of a band only makes tesseract complain).
      const to = height - (top + bandHeight) < bandHeight / 2 ? height : top + bandHeight;
      bands.push(
        Buffer.concat([
          Buffer.from(`P5\n${width} ${to - from}\n255\n`, "ascii"),
          prepared.pgm.subarray(pixelsStart + from * width, pixelsStart + to * width),
        ]),
      );
      if (to === height) break;
    }
    const started = performance.now();
    const texts: string[] = [];
    let confidence = 0;
    let withText = 0;
    let read = 0;
    for (const band of bands) {
      const ocr = await quickOcr.recognize(band);
      texts.push(ocr.text);
      read++;
      // Mean confidence over the bands that held text.
      if (ocr.text.trim()) confidence = (confidence * withText + ocr.confidence) / ++withText;
      details.features = { text: textFeatures(texts.join("\n"), confidence), image: prepared.measures };
      if (decisive(details.features) || performance.now() - started > QUICK_BUDGET_MS) break;
    }
    details.bands = { read, of: bands.length };
    details.features ??= { text: textFeatures("", 0), image: prepared.measures };
    return classifyImage(details.features);
  }

  async function inspectOnce(input: Input, timeoutMs: number, details: ReaderDetails): Promise<RxInspection> {
    const source = await decodable(input, timeoutMs);
    if (source.kind === "pdf") {
      const content = await pixels.pdf(input.bytes, { maxPages: 1, render: PAGE_IMAGE, timeoutMs });
      const image = content.pageImage;
      return {
        classification: null,
        pageImage: image ? { bytes: Buffer.from(image.bytes), width: image.width, height: image.height } : null,
      };
    }
    return { classification: await quickClass(source.image, details), pageImage: null };
  }

  function log(entry: Record<string, unknown>, outcome: Outcome, message: string) {
    if (outcome === "failed" || outcome === "timeout" || outcome === "busy") logger.warn(entry, `${message} gave up`);
    else logger.info(entry, `${message} done`);
  }

  async function readTimed(
    input: Input,
    { timeoutMs = DEFAULT_TIMEOUT_MS, correlationId = "" }: Options = {},
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
      outcome = outcomeOf(error);
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
      paddleMs: timings.paddleMs === undefined ? undefined : Math.round(timings.paddleMs),
      paddleWaitMs: timings.paddleWaitMs === undefined ? undefined : Math.round(timings.paddleWaitMs),
      engine: details.engine,
      classification: reading?.classification ?? null,
    };
    log(entry, outcome, "rx reader");
    return { reading, outcome, ms, timings, details };
  }

  async function inspectTimed(
    input: Input,
    { timeoutMs = INSPECT_TIMEOUT_MS, correlationId = "" }: Options = {},
  ): Promise<TimedInspection> {
    const started = performance.now();
    const details: ReaderDetails = {};
    let inspection: RxInspection | null = null;
    let outcome: Outcome;
    try {
      inspection = await withTimeout(inspectOnce(input, timeoutMs, details), timeoutMs);
      outcome = "read";
    } catch (error) {
      outcome = outcomeOf(error);
    }
    const ms = Math.round(performance.now() - started);
    const entry = {
      event: "rx-inspect",
      correlationId,
      outcome,
      ms,
      classification: inspection?.classification ?? null,
      pageImage: inspection?.pageImage ? true : undefined,
    };
    log(entry, outcome, "rx inspect");
    return { inspection, outcome, ms, details };
  }

  return {
    readTimed,
    inspectTimed,
    async read(input, options) {
      return (await readTimed(input, options)).reading;
    },
    async inspect(input, options) {
      return (await inspectTimed(input, options)).inspection;
    },
    async close() {
      await Promise.all([
        pool.close(),
        quickOcr.close(),
        ownsPixels ? pixels.close() : Promise.resolve(),
        parts.paddle?.close(),
      ]);
    },
  };
}

/** The leading class is clear: stop reading bands. */
function decisive(features: ImageFeatures): boolean {
  const scores = Object.values(classificationScores(features)).sort((a, b) => b - a);
  return scores[0]! - scores[1]! >= DECISIVE_MARGIN;
}
