import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "~/services/platform/logger.server";
import { createOcrPool } from "./tesseract-pool.server";
import { createTesseractReader } from "./tesseract-reader.server";

// The real reader (one tesseract worker) on the committed fixtures (tests/fixtures/rx/, see its README and
// manifest for the truth). OCR takes seconds on a busy machine: a few images only, generous timeouts.
const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/rx");
const OCR_TIMEOUT = 120_000;

function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

const logged: string[] = [];
const logger = createLogger({ level: "info", destination: { write: (line: string) => logged.push(line) } });
const pool = createOcrPool({ workers: 1 });
const reader = createTesseractReader(pool, logger);

afterAll(() => reader.close());

describe("the tesseract prescription reader", () => {
  it("starts no worker until the first read", () => {
    expect(pool.workerCount()).toBe(0);
  });

  it(
    "reads a clinic form: Prescription, both eyes' values, the patient and the prescriber",
    async () => {
      const reading = await reader.read(
        { bytes: fixture("prescription-clean.png"), contentType: "image/png" },
        { correlationId: "corr-form" },
      );
      expect(pool.workerCount()).toBe(1);
      expect(reading?.classification).toBe("Prescription");
      expect(reading?.analysis?.correlationId).toBe("corr-form");
      expect(reading?.analysis?.prescription.OD).toMatchObject({
        sphere: "-2.75",
        cylinder: "-1.75",
        axis: "10",
        baseCurve: "8.8",
        diameter: "14.4",
      });
      expect(reading?.analysis?.prescription.OS).toMatchObject({ sphere: "-2.50", cylinder: "-2.25", axis: "10" });
      expect(reading?.analysis?.patient).toMatchObject({ firstName: "Sophia", lastName: "Flores" });
      expect(reading?.analysis?.expirationDate).toBe("2026-03-01");
    },
    OCR_TIMEOUT,
  );

  it(
    "classes a portrait as Human, with no analysis",
    async () => {
      const reading = await reader.read({ bytes: fixture("human.jpg"), contentType: "image/jpeg" });
      expect(reading?.classification).toBe("Human");
      expect(reading?.analysis).toBeNull();
    },
    OCR_TIMEOUT,
  );

  it("reads a PDF's text layer: no classification, the values from the text", async () => {
    const reading = await reader.read(
      { bytes: fixture("prescription.pdf"), contentType: "application/pdf" },
      { correlationId: "corr-pdf" },
    );
    expect(reading?.classification).toBeNull();
    expect(reading?.analysis?.prescription).toMatchObject({
      OD: { sphere: "-6.50", cylinder: "-1.25", axis: "180", baseCurve: "8.7", diameter: "14.5" },
      OS: { sphere: "-7.00", cylinder: "-0.75", axis: "150" },
    });
    expect(reading?.analysis?.patient).toMatchObject({ firstName: "Lauren", lastName: "Lopez", postalCode: "83651" });
  });

  it("gives null, without throwing, for what is not an image", async () => {
    expect(await reader.read({ bytes: fixture("not-an-image.jpg"), contentType: "image/jpeg" })).toBeNull();
    expect(await reader.read({ bytes: fixture("empty.png"), contentType: "image/png" })).toBeNull();
  });

  it("gives null when the time is up", async () => {
    const reading = await reader.read(
      { bytes: fixture("prescription-clean.png"), contentType: "image/png" },
      { timeoutMs: 1, correlationId: "corr-late" },
    );
    expect(reading).toBeNull();
  });

  it("logs outcomes and timings with the correlation id, never the text or a value", () => {
    const entries = logged.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((entry) => entry.correlationId === "corr-late")).toMatchObject({ outcome: "timeout" });
    expect(entries.find((entry) => entry.correlationId === "corr-form")).toMatchObject({ outcome: "read" });
    const all = logged.join("\n");
    for (const secret of ["Flores", "Sophia", "-2.75", "1993", "Lopez", "83651", "Dailies"]) {
      expect(all).not.toContain(secret);
    }
  });

  it(
    "ends its worker threads on close, and reads nothing after",
    async () => {
      await reader.close();
      expect(pool.workerCount()).toBe(0);
      expect(await reader.read({ bytes: fixture("human.jpg"), contentType: "image/jpeg" })).toBeNull();
    },
    OCR_TIMEOUT,
  );
});
