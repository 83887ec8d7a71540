import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pdfText, pdfToOcrPage } from "./pdf-text.server";
import { createPixelPool, PixelTimeoutError } from "./pixel-worker.server";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/rx");
const pool = createPixelPool({ workers: 1 });

afterAll(() => pool.close());

/** A grey page with dark text-like bars every 40 px. */
function stripes(width: number, height: number) {
  const data = new Uint8Array(width * height).fill(235);
  for (let y = 0; y < height; y++) {
    if (y % 40 < 12) for (let x = 40; x < width - 40; x++) if (x % 9 < 6) data[y * width + x] = 30;
  }
  return { data, width, height };
}

describe("the pixel worker pool", () => {
  it("runs the kernels in its thread and answers what they compute", async () => {
    const layout = await pool.analyse(stripes(600, 400));
    expect(layout.skewDegrees).toBeCloseTo(0);
    expect(layout.lineHeight).toBeGreaterThan(8);
    expect(pool.threadCount()).toBe(1);
    const finished = await pool.finish(stripes(300, 200), 20);
    expect(finished).toMatchObject({ width: 300, height: 200 });
    expect(finished.data.length).toBe(300 * 200);
  });

  it("ends a thread that runs past its time, and starts another for the next job", async () => {
    const slow = createPixelPool({ workers: 1, timeoutMs: 1 });
    try {
      await expect(slow.analyse(stripes(3000, 3000))).rejects.toBeInstanceOf(PixelTimeoutError);
      expect(slow.threadCount()).toBe(0);
      // A job with time enough gets a new thread.
      const content = await slow.pdf(fs.readFileSync(path.join(FIXTURES, "prescription.pdf")), {
        maxPages: 1,
        render: null,
        timeoutMs: 60_000,
      });
      expect(content.pages).toHaveLength(1);
      expect(slow.threadCount()).toBe(1);
    } finally {
      await slow.close();
    }
    await expect(slow.analyse(stripes(10, 10))).rejects.toThrow(/closed/);
  });

  it("reads a PDF's text layer with positions, as lines and as word boxes", async () => {
    const content = await pool.pdf(fs.readFileSync(path.join(FIXTURES, "prescription.pdf")), {
      maxPages: 3,
      render: null,
    });
    expect(content.pageImage).toBeNull();
    const text = pdfText(content);
    expect(text).toContain("Lauren");
    const page = pdfToOcrPage(content);
    expect(page.text).toBe(text);
    expect(page.words.length).toBeGreaterThan(20);
    for (const word of page.words) {
      expect(word.text).not.toMatch(/\s/);
      expect(word.box.x1).toBeGreaterThan(word.box.x0);
      expect(word.box.y1).toBeGreaterThan(word.box.y0);
      expect(word.box.y1).toBeLessThanOrEqual(page.height + 1);
    }
    // Reading order: the first line's words sit above the last line's.
    const first = page.words[0]!;
    const last = page.words[page.words.length - 1]!;
    expect(first.box.y0).toBeLessThan(last.box.y0);
    expect(first.line).toBe(0);
  });

  it("rejects a file pdfjs cannot open", async () => {
    await expect(pool.pdf(Buffer.from("%PDF-1.7 not really"), { maxPages: 1, render: null })).rejects.toThrow();
  });
});
