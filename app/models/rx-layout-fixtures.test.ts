import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DRAWN } from "../../scripts/rx-words/drawn";
import type { OcrPage } from "./ocr-page";
import { isConfident, type RxAnalysis } from "./rx-analysis";
import { flatten } from "../../scripts/bench-rx/score";
import { hasLensValues, parseRxPage } from "./rx-text";

// Word boxes the reader's own OCR gave for training fixtures (`npx tsx scripts/rx-words.ts --dump FILE`) and for
// pages drawn in the shapes issue 24 lists (`--draw`). Damaged photos lose words to OCR: for them the test asks
// for at least what the parser reads today, and that nothing wrong is confident enough to be pre-filled.
const folder = path.join(import.meta.dirname, "../../tests/fixtures/rx-words");
const load = (name: string) => JSON.parse(fs.readFileSync(path.join(folder, `${name}.json`), "utf8")) as OcrPage;

interface Fixture {
  family: string;
  kind: "prescription" | "box";
  /** Null for a page without a prescription (an appointment card, a bill). */
  truth: Omit<RxAnalysis, "correlationId"> | null;
  readsAtLeast: number;
}
const fixtures = JSON.parse(fs.readFileSync(path.join(folder, "truth.json"), "utf8")) as Record<string, Fixture>;

/** Every value by its path, as the bench scores them ("OD.sphere", "patient.city", "spectaclesOnly"). */
function fields(analysis: Omit<RxAnalysis, "correlationId"> | null): Map<string, string> {
  return flatten(analysis);
}

describe("parseRxPage on OCR word boxes of the training families", () => {
  const pages = Object.entries(fixtures);
  it.each(pages.filter(([, fixture]) => fixture.truth === null))("%s reads no lens values", (name) => {
    expect(hasLensValues(parseRxPage(load(name), { correlationId: name }))).toBe(false);
  });

  it.each(pages.filter(([, fixture]) => fixture.truth !== null))("%s", (name, fixture) => {
    const analysis = parseRxPage(load(name), { correlationId: name, kind: fixture.kind });
    const expected = fields(fixture.truth);
    const got = fields(analysis);
    const right = [...expected].filter(([key, value]) => got.get(key) === value).length;
    expect(right, fixture.family).toBeGreaterThanOrEqual(fixture.readsAtLeast);
    const confidentlyWrong = [...got].filter(
      ([key, value]) => expected.get(key) !== value && isConfident(analysis!, key.replace(/^(?:prescription)\./, "")),
    );
    expect(confidentlyWrong).toEqual([]);
  });
});

describe("parseRxPage on drawn pages (eyes as columns, cards, receipt, labelled boxes, shorthand)", () => {
  it.each(Object.entries(DRAWN))("%s", (name, drawn) => {
    const analysis = parseRxPage(load(`drawn-${name}`), { correlationId: name });
    expect(analysis?.prescription).toEqual(drawn.prescription);
    for (const [eye, values] of Object.entries(drawn.prescription)) {
      for (const field of Object.keys(values))
        expect(isConfident(analysis!, `${eye}.${field}`), `${eye}.${field}`).toBe(true);
    }
  });
});
