import fs from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { RxAnalysis } from "~/models/rx-analysis";
import { createLogger } from "~/services/platform/logger.server";
import { decodeHeic } from "./heic.server";
import { ImageSizeError } from "./ocr-image.server";
import { createPixelPool } from "./pixel-worker.server";
import { createOcrPool } from "./tesseract-pool.server";
import { createTesseractReader, finalClassification } from "./tesseract-reader.server";

// The real reader (one tesseract thread for reading, one for the quick pass, one pixel thread) on the committed
// fixtures (tests/fixtures/rx/, see its manifest for the truth). OCR takes seconds on a busy machine: generous
// timeouts (inspect's own 5 s bound included: a cold thread on a loaded CI machine passed it once, and the answer was
// null); the speed itself is measured by the bench, not asserted here.
const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/rx");
const OCR_TIMEOUT = 120_000;
const slow = { timeoutMs: OCR_TIMEOUT };

function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

const pixels = createPixelPool({ workers: 1 });
const reader = createTesseractReader(createOcrPool({ workers: 1 }), createLogger({ level: "silent" }), { pixels });

afterAll(async () => {
  await reader.close();
  await pixels.close();
});

describe("inspect", () => {
  it.each([
    ["prescription-clean.png", "Prescription"],
    ["prescription-photo.jpg", "Prescription"],
    ["prescription.tiff", "Prescription"],
    ["prescription.heic", "Prescription"],
    ["png-named.pdf", "Prescription"],
    ["box-label.png", "Box"],
    ["human.jpg", "Human"],
    ["other.jpg", "Other"],
  ])(
    "classes %s as %s, with no page image",
    async (file, expected) => {
      const inspection = await reader.inspect({ bytes: fixture(file), contentType: "application/octet-stream" }, slow);
      expect(inspection).toEqual({ classification: expected, pageImage: null });
    },
    OCR_TIMEOUT,
  );

  it(
    "draws a PDF's first page as a PNG, with no classification (spec: a PDF's is empty)",
    async () => {
      const inspection = await reader.inspect(
        { bytes: fixture("prescription.pdf"), contentType: "application/pdf" },
        slow,
      );
      expect(inspection?.classification).toBeNull();
      const image = inspection!.pageImage!;
      expect(image.width).toBe(1400);
      const metadata = await sharp(image.bytes).metadata();
      expect(metadata).toMatchObject({ format: "png", width: image.width, height: image.height });
      // The page's text was drawn: a good share of dark pixels on white, not a blank page.
      const { data } = await sharp(image.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
      const dark = data.filter((value) => value < 100).length / data.length;
      expect(dark).toBeGreaterThan(0.005);
      expect(dark).toBeLessThan(0.5);
    },
    OCR_TIMEOUT,
  );

  it(
    "refuses an image over 50 Mpx before decoding it, and keeps working",
    async () => {
      // 8000 × 7500 = 60 Mpx, one colour: a small file, a large decode.
      const huge = await sharp({ create: { width: 8000, height: 7500, channels: 3, background: "#ffffff" } })
        .png({ compressionLevel: 1 })
        .toBuffer();
      const timed = await reader.inspectTimed({ bytes: huge, contentType: "image/png" });
      expect(timed).toMatchObject({ inspection: null, outcome: "too-large" });
      expect((await reader.readTimed({ bytes: huge, contentType: "image/png" })).outcome).toBe("too-large");
      expect(await reader.inspect({ bytes: fixture("human.jpg"), contentType: "image/jpeg" }, slow)).toMatchObject({
        classification: "Human",
      });
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a HEIC's size before decoding it, and refuses one over the limit",
    async () => {
      const heic = fixture("prescription.heic");
      const image = await decodeHeic(heic, 60_000);
      expect(image.data.length).toBe(image.width * image.height * 4);
      await expect(decodeHeic(heic, 60_000, image.width * image.height - 1)).rejects.toBeInstanceOf(ImageSizeError);
    },
    OCR_TIMEOUT,
  );

  it("gives null, without throwing, for what is not an image", async () => {
    expect(await reader.inspect({ bytes: fixture("not-an-image.jpg"), contentType: "image/jpeg" })).toBeNull();
    expect(await reader.inspect({ bytes: fixture("empty.png"), contentType: "image/png" })).toBeNull();
    expect(await reader.inspect({ bytes: Buffer.from("%PDF-1.7 broken"), contentType: "application/pdf" })).toBeNull();
  });
});

describe("read", () => {
  it(
    "reads a scanned PDF (no text layer) from its drawn page, like a photo",
    async () => {
      const document = await PDFDocument.create();
      const png = await document.embedPng(fixture("prescription-clean.png"));
      // US Letter at 150 dpi's worth of image: a scanner's page.
      const page = document.addPage([612, 792]);
      const scale = Math.min(612 / png.width, 792 / png.height);
      page.drawImage(png, { x: 0, y: 792 - png.height * scale, width: png.width * scale, height: png.height * scale });
      const scanned = Buffer.from(await document.save());

      const timed = await reader.readTimed(
        { bytes: scanned, contentType: "application/pdf" },
        { correlationId: "scan" },
      );
      expect(timed.details.pdf).toBe("scan");
      expect(timed.reading?.classification).toBe("Prescription");
      expect(timed.reading?.analysis?.prescription.OD).toMatchObject({
        sphere: "-2.75",
        cylinder: "-1.75",
        axis: "10",
      });
      expect(timed.reading?.analysis?.prescription.OS).toMatchObject({ sphere: "-2.50", cylinder: "-2.25" });
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a PDF with a text layer from the text, without drawing it",
    async () => {
      const timed = await reader.readTimed({ bytes: fixture("prescription.pdf"), contentType: "application/pdf" });
      expect(timed.details.pdf).toBe("text");
      expect(timed.reading?.classification).toBeNull();
      expect(timed.reading?.analysis?.prescription.OD).toMatchObject({ sphere: "-6.50" });
    },
    OCR_TIMEOUT,
  );

  it(
    "classes an appointment card (a clinic, a patient, a doctor, no lens values) as Other, unread",
    async () => {
      const text = [
        '<span size="x-large">Cascade Eyecare &amp; Eyewear</span>',
        "Appointment reminder",
        "Patient: Jane Doe",
        "Date of birth: 4/12/1988",
        "Your eye exam: March 3, 2025 at 10:00 AM",
        "Dr. Linh Brown, Optometrist",
        "Please bring your insurance card.",
      ].join("\n");
      const card = await sharp({ text: { text, font: "sans", dpi: 220 } })
        .negate()
        .extend({ top: 80, bottom: 80, left: 80, right: 80, background: "#ffffff" })
        .png()
        .toBuffer();
      const timed = await reader.readTimed({ bytes: card, contentType: "image/png" });
      // Without the values rule the words alone make it a prescription.
      expect(timed.details.features?.text.rxTerms).toBeGreaterThanOrEqual(3);
      expect(timed.reading).toMatchObject({ classification: "Other", analysis: null });
    },
    OCR_TIMEOUT,
  );
});

describe("finalClassification (classification needs values)", () => {
  const analysis = (prescription: RxAnalysis["prescription"], more: Partial<RxAnalysis> = {}): RxAnalysis => ({
    prescription,
    patient: {},
    correlationId: "c",
    ...more,
  });

  it("keeps a prescription that has lens values", () => {
    const read = analysis({ OD: { sphere: "-2.00" } });
    expect(finalClassification("Prescription", read)).toEqual({ classification: "Prescription", analysis: read });
  });

  it("makes a prescription with nothing read, or only a brand, Other", () => {
    expect(finalClassification("Prescription", null)).toEqual({ classification: "Other", analysis: null });
    expect(finalClassification("Prescription", analysis({ OD: { brand: "Biofinity" } }))).toEqual({
      classification: "Other",
      analysis: null,
    });
  });

  it("keeps a page that prints a lens prescription's parameters a Prescription, unread, when its values were not read", () => {
    const blurred = "Contact Lens Rx\nEye  BC  DIA  PWR  CYL  AXIS\nOD  ?.?  1?.?  -?.??\nOS";
    expect(finalClassification("Prescription", null, blurred)).toEqual({
      classification: "Prescription",
      analysis: null,
    });
    // An appointment card or a bill names the clinic and the exam, not the lens parameters.
    const card = "Riverside Eye Care\nYour next appointment: Tue, March 3 at 10:30\nContact lens exam with Dr. Lee";
    expect(finalClassification("Prescription", null, card)).toEqual({ classification: "Other", analysis: null });
    const bill =
      "Riverside Eye Care\nINVOICE\n92310 Contact lens fitting $95.00\nAcuvue Oasys 2 boxes $110.00\nTotal $205.00";
    expect(finalClassification("Prescription", null, bill)).toEqual({ classification: "Other", analysis: null });
  });

  it("keeps a glasses-only prescription as a Prescription (it says so to the shopper)", () => {
    const read = analysis({}, { spectaclesOnly: true });
    expect(finalClassification("Prescription", read)).toEqual({ classification: "Prescription", analysis: read });
  });

  it("leaves the other classes and a PDF's null as they are", () => {
    expect(finalClassification("Box", null)).toEqual({ classification: "Box", analysis: null });
    expect(finalClassification("Human", null)).toEqual({ classification: "Human", analysis: null });
    expect(finalClassification(null, null)).toEqual({ classification: null, analysis: null });
  });
});
