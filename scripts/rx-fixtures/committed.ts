/**
 * `generate.ts --committed`: the small set in tests/fixtures/rx/ that integration tests use without Chromium.
 * Fixed seed; pages are picked for a complete truth (both eyes, one brand, date of birth, address, expiration)
 * so a test can check every field. Images are scaled to about 1100–1200 px wide and compressed to keep the folder small.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import {
  damageDocument,
  describeDocument,
  type DocumentFixture,
  type DocumentLayout,
  makeHuman,
  makeOther,
} from "./items";
import { clearOutput, FixtureWriter, summarize } from "./output";
import { pdfTruth, prescriptionPdf } from "./pdf";
import { rngFor } from "./random";
import { openRenderer } from "./render";
import { encodeHeic, encodeTiff, evenSized } from "./special";
import { type ManifestItem, type Truth } from "./types";

export const COMMITTED_SEED = 20260115;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const COMMITTED_DIR = path.join(ROOT, "tests/fixtures/rx");

function complete(truth: Truth | null): boolean {
  if (!truth) return false;
  const { prescription: rx, patient, expirationDate } = truth;
  // One lens for both eyes: the 6 % with two brands are for the bench, not for a test's main example.
  return !!(rx.OD && rx.OS && rx.OD.brand === rx.OS.brand && patient.dateOfBirth && patient.address1 && expirationDate);
}

/** The first pages of a layout with a complete truth, skipping the ones already taken. */
function pickComplete(layout: DocumentLayout, taken: Set<string>, where: (f: DocumentFixture) => boolean = () => true) {
  for (let i = 1; i < 500; i++) {
    const fixture = describeDocument(COMMITTED_SEED, layout, i);
    if (!taken.has(fixture.name) && complete(fixture.truth) && where(fixture)) {
      taken.add(fixture.name);
      return fixture;
    }
  }
  throw new Error(`no complete ${layout} in the first 500`);
}

/** Lossless but small: a document has few colours, so a 128-colour palette keeps text crisp. */
async function compactPng(png: Buffer, width: number): Promise<Buffer> {
  return sharp(png)
    .resize({ width, withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .png({ palette: true, colours: 128, compressionLevel: 9, effort: 10 })
    .toBuffer();
}

export async function writeCommittedSet(): Promise<void> {
  const started = Date.now();
  const seed = COMMITTED_SEED;
  clearOutput(COMMITTED_DIR, []);
  for (const file of fs.readdirSync(COMMITTED_DIR)) if (file !== "README.md") fs.rmSync(path.join(COMMITTED_DIR, file));
  const writer = new FixtureWriter(COMMITTED_DIR);
  const taken = new Set<string>();
  // A toric form for the main pair, so cylinder and axis are covered; a letter for the HEIC.
  const form = pickComplete("clinic-form", taken, (f) => f.truth?.prescription.OD?.cylinder !== undefined);
  const letter = pickComplete("letter", taken);
  const tiffForm = pickComplete("clinic-form", taken, (f) => f.truth?.prescription.OD?.cylinder === undefined);
  const pdfForm = pickComplete("clinic-form", taken);
  const box = describeDocument(seed, "box-label", 1);
  const renderer = await openRenderer();
  try {
    const item = (
      f: DocumentFixture,
      file: string,
      contentType: string,
      variant: ManifestItem["variant"],
    ): ManifestItem => ({
      file,
      variant,
      layout: f.layout,
      family: f.family,
      heldOut: false,
      classification: f.classification,
      font: f.rendered.font,
      contentType,
      truth: f.truth,
    });
    const formPng = await renderer.render(form.rendered.html);
    const clean = await compactPng(formPng, 1150);
    writer.write(item(form, "prescription-clean.png", "image/png", "clean"), clean);
    writer.write(
      item(form, "prescription-photo.jpg", "image/jpeg", "damaged"),
      await damageDocument(seed, form, formPng, { maxWidth: 1200, quality: 60, hardLight: false }),
    );
    writer.write(
      item(box, "box-label.png", "image/png", "clean"),
      await compactPng(await renderer.render(box.rendered.html), 1100),
    );

    const human = await makeHuman(seed, 1, renderer, 700);
    writer.write(
      {
        file: "human.jpg",
        variant: "clean",
        layout: "human",
        family: "human",
        heldOut: false,
        classification: "Human",
        font: human.font,
        contentType: "image/jpeg",
        truth: null,
      },
      human.bytes,
    );
    const other = await makeOther(seed, 1, "landscape", renderer, 800);
    writer.write(
      {
        file: "other.jpg",
        variant: "clean",
        layout: "other",
        family: "other",
        heldOut: false,
        classification: "Other",
        font: other.font,
        contentType: "image/jpeg",
        truth: null,
      },
      other.bytes,
    );

    const heic = encodeHeic(await evenSized(await renderer.render(letter.rendered.html), 1100), 45);
    if (heic) writer.write(item(letter, "prescription.heic", "image/heic", "special"), heic);
    const tiffPng = await sharp(await renderer.render(tiffForm.rendered.html))
      .resize({ width: 1000 })
      .png()
      .toBuffer();
    writer.write(item(tiffForm, "prescription.tiff", "image/tiff", "special"), await encodeTiff(tiffPng));
  } finally {
    await renderer.close();
  }
  const pdf = await prescriptionPdf(pdfForm.doc!, rngFor(seed, `${pdfForm.name}:pdf`));
  writer.write(
    {
      ...item0(pdfForm),
      layout: "text-pdf",
      family: "text-pdf",
      file: "prescription.pdf",
      contentType: "application/pdf",
      font: "Helvetica",
      truth: pdfTruth(pdfForm.doc!),
    },
    pdf,
  );
  // The same PNG bytes as prescription-clean.png under a lying name.
  writer.write(
    { ...item0(form), file: "png-named.pdf", contentType: "image/png", variant: "special" },
    fs.readFileSync(path.join(COMMITTED_DIR, "prescription-clean.png")),
  );
  const broken = {
    variant: "special",
    layout: "other",
    family: "other",
    heldOut: false,
    classification: "Other",
    font: "none",
    truth: null,
  } as const;
  writer.write({ ...broken, file: "empty.png", contentType: "application/octet-stream" }, new Uint8Array());
  writer.write(
    { ...broken, file: "not-an-image.jpg", contentType: "text/plain" },
    Buffer.from("This is a plain text file with a .jpg name, not an image.\n"),
  );

  const manifest = writer.writeManifest(seed);
  const bytes = fs
    .readdirSync(COMMITTED_DIR)
    .reduce((sum, f) => sum + fs.statSync(path.join(COMMITTED_DIR, f)).size, 0);
  console.log(
    `wrote ${manifest.items.length} files (${(bytes / 1024).toFixed(0)} KB) to ${COMMITTED_DIR} in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s (${summarize(manifest)})`,
  );
}

function item0(f: DocumentFixture): ManifestItem {
  return {
    file: "",
    variant: "special",
    layout: f.layout,
    family: f.family,
    heldOut: false,
    classification: "Prescription",
    font: f.rendered.font,
    contentType: "",
    truth: f.truth,
  };
}
