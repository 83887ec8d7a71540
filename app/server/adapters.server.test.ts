import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger } from "~/services/platform/logger.server";
import { calculateStateTax } from "~/services/adapters/tax/state-rates";
import type { TaxLine } from "~/services/adapters/tax/tax-calculator";
import { createAddressVerifier, createPrescriptionReader, createTaxCalculator } from "./adapters.server";

// The choices made at start-up (moved here with the choosers from adapters/*/index.server.ts).

const lens = (itemId: string, amountCents: number): TaxLine => ({ itemId, classification: "lens", amountCents });
const solution = (itemId: string, amountCents: number): TaxLine => ({
  itemId,
  classification: "solution",
  amountCents,
});

describe("createTaxCalculator", () => {
  it("answers with the embedded table", async () => {
    const request = { state: "CA", lines: [lens("l1", 5000), solution("s1", 1000)], shippingCents: 495 };
    await expect(createTaxCalculator().calculate(request)).resolves.toEqual(calculateStateTax(request));
    await expect(createTaxCalculator().calculate(request)).resolves.toMatchObject({ taxCents: 73 });
  });
});

describe("createPrescriptionReader", () => {
  it("with OCR_WORKERS=0 is a reader that reads nothing", async () => {
    const off = createPrescriptionReader({ ocrWorkers: 0 }, createLogger({ level: "silent" }));
    // A photo the reader does read (tesseract-reader.server.test.ts): off, it reads nothing and inspects nothing.
    const bytes = fs.readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/rx/prescription-photo.jpg"));
    expect(await off.read({ bytes, contentType: "image/jpeg" })).toBeNull();
    expect(await off.inspect({ bytes, contentType: "image/jpeg" })).toBeNull();
    await off.close();
  });
});

describe("createAddressVerifier", () => {
  it("is the embedded ZIP-code verifier", async () => {
    const address = {
      address1: "20 W 34th Street",
      address2: "",
      city: "New York",
      state: "NY",
      postalCode: "10001",
      country: "US",
    };
    expect(await createAddressVerifier().verify(address)).toEqual({
      matches: [{ address1: "20 W 34TH ST", address2: "", city: "NEW YORK", state: "NY", postalCode: "10001" }],
    });
  });
});
