/**
 * `npm run fixtures:rx`: prescription-image fixtures with known truth, for tuning and measuring the OCR
 * prescription reader and the image classifier.
 *
 *   --out DIR     where to write (default .cache/rx-fixtures, git-ignored)
 *   --count N     pages per layout (default 30 clinic-form, 24 letter, 12 box-label, 12 per newer family)
 *   --quick       a small set: 3 per original layout, 2 per newer family, 3 human, 3 other, the special files
 *   --seed N      the seed (default 12345); the same seed gives the same files
 *   --committed   write the small committed set into tests/fixtures/rx/ instead (fixed seed)
 *
 * One Chromium renders every page; the damaged copy of page i is made while page i+1 renders, which keeps the
 * run to about two busy cores. See README.md in this folder for what the reader author should know.
 */
import path from "node:path";
import sharp from "sharp";
import { otherKind } from "./classes/other";
import { writeCommittedSet } from "./committed";
import { damageDocument, describeDocument, DOCUMENT_LAYOUTS, type DocumentLayout, makeHuman, makeOther } from "./items";
import { clearOutput, FixtureWriter, summarize } from "./output";
import { pdfTruth, prescriptionPdf } from "./pdf";
import { imagePdf, scanJpeg } from "./scanned";
import { rngFor } from "./random";
import { openRenderer } from "./render";
import { encodeHeic, encodeTiff, evenSized } from "./special";
import { type Truth } from "./types";

interface Options {
  out: string;
  counts: Record<DocumentLayout, number>;
  humans: number;
  others: number;
  /** Image-only PDFs per group (training, held-out) and variant. */
  scanned: number;
  seed: number;
  committed: boolean;
}

/** Pages per layout in the full set: about a dozen per family and variant keeps a full bench near 15 minutes. */
const FULL_COUNTS: Record<string, number> = { "clinic-form": 30, letter: 24, "box-label": 12 };
const FULL_NEWER = 12;

function parseOptions(argv: string[]): Options {
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    if (i === -1) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith("--")) throw new Error(`${flag} needs a value`);
    return v;
  };
  const known = new Set(["--out", "--count", "--quick", "--seed", "--committed"]);
  for (const arg of argv) if (arg.startsWith("--") && !known.has(arg)) throw new Error(`unknown option ${arg}`);
  const quick = argv.includes("--quick");
  const count = value("--count");
  const n = count === undefined ? undefined : Number(count);
  if (n !== undefined && !(Number.isInteger(n) && n > 0)) throw new Error("--count must be a positive integer");
  const seed = Number(value("--seed") ?? 12345);
  if (!Number.isInteger(seed)) throw new Error("--seed must be an integer");
  const counts: Record<string, number> = {};
  for (const layout of DOCUMENT_LAYOUTS) {
    counts[layout] = quick ? (layout in FULL_COUNTS ? 3 : 2) : (n ?? FULL_COUNTS[layout] ?? FULL_NEWER);
  }
  return {
    out: path.resolve(value("--out") ?? ".cache/rx-fixtures"),
    counts,
    humans: quick ? 3 : 20,
    others: quick ? 3 : 21,
    scanned: quick ? 1 : 6,
    seed,
    committed: argv.includes("--committed"),
  };
}

/** Where a page goes: held-out families under held-out/, so they are easy to keep apart. */
function fileOf(fixture: { name: string; heldOut: boolean }, variant: "clean" | "damaged", ext: string): string {
  return `${fixture.heldOut ? "held-out/" : ""}${variant}/${fixture.name}.${ext}`;
}

interface Kept {
  name: string;
  index: number;
  classification: string;
  family: string;
  heldOut: boolean;
  png: Buffer;
  damaged: Promise<Buffer>;
  truth: Truth;
  font: string;
}

async function generate(options: Options): Promise<void> {
  const started = Date.now();
  const { seed, out } = options;
  clearOutput(out, ["clean", "damaged", "human", "other", "special", "held-out"]);
  const writer = new FixtureWriter(out);
  const renderer = await openRenderer();
  const kept = new Map<string, Kept>();
  let pdfSource: ReturnType<typeof describeDocument> | undefined;
  try {
    let pending: Promise<void> = Promise.resolve();
    for (const layout of DOCUMENT_LAYOUTS) {
      for (let i = 1; i <= options.counts[layout]!; i++) {
        const fixture = describeDocument(seed, layout, i);
        const png = await renderer.render(fixture.rendered.html);
        const base = {
          layout,
          family: fixture.family,
          heldOut: fixture.heldOut,
          classification: fixture.classification,
          font: fixture.rendered.font,
          truth: fixture.truth,
        };
        writer.write(
          { file: fileOf(fixture, "clean", "png"), variant: "clean", contentType: "image/png", ...base },
          png,
        );
        const finish = writer.reserve({
          file: fileOf(fixture, "damaged", "jpg"),
          variant: "damaged",
          contentType: "image/jpeg",
          ...base,
        });
        await pending;
        const damaged = damageDocument(seed, fixture, png);
        pending = damaged.then(finish);
        if (i <= 3 && fixture.truth && Object.keys(fixture.truth.prescription).length > 0) {
          kept.set(fixture.name, { ...base, name: fixture.name, index: i, png, damaged, truth: fixture.truth });
        }
        if (layout === "clinic-form" && i === Math.min(2, options.counts[layout]!)) pdfSource = fixture;
      }
      process.stdout.write(
        `${layout}: ${options.counts[layout]} done (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
      );
    }
    await pending;

    for (let i = 1; i <= options.humans; i++) {
      const picture = await makeHuman(seed, i, renderer);
      writer.write(
        {
          file: `human/${picture.name}.jpg`,
          variant: "clean",
          layout: "human",
          family: "human",
          heldOut: false,
          classification: "Human",
          font: picture.font,
          contentType: picture.contentType,
          truth: null,
        },
        picture.bytes,
      );
    }
    for (let i = 1; i <= options.others; i++) {
      const picture = await makeOther(seed, i, otherKind(i - 1), renderer);
      const ext = picture.contentType === "image/png" ? "png" : "jpg";
      writer.write(
        {
          file: `other/${picture.name}.${ext}`,
          variant: "clean",
          layout: "other",
          family: "other",
          heldOut: false,
          classification: "Other",
          font: picture.font,
          contentType: picture.contentType,
          truth: null,
        },
        picture.bytes,
      );
    }
  } finally {
    await renderer.close();
  }

  // Special files: other formats and lying extensions, each with the truth of the page it came from.
  // Sources are the first few pages of a layout (fewer when --count is small).
  const special = (layout: "clinic-form" | "letter", index: number) => {
    const name = `${layout}-${String(Math.min(index, options.counts[layout]!)).padStart(3, "0")}`;
    const source = kept.get(name);
    if (!source) throw new Error(`special source ${name} was not generated`);
    return {
      name,
      source,
      base: {
        variant: "special" as const,
        layout,
        family: source.family,
        heldOut: false,
        classification: "Prescription" as const,
        font: source.font,
        truth: source.truth,
      },
    };
  };
  const heicFrom = special("clinic-form", 1);
  const heic = encodeHeic(await evenSized(heicFrom.source.png, 1400));
  if (heic) writer.write({ file: `special/${heicFrom.name}.heic`, contentType: "image/heic", ...heicFrom.base }, heic);
  const tiffFrom = special("letter", 1);
  const tiff = await encodeTiff(tiffFrom.source.png);
  writer.write({ file: `special/${tiffFrom.name}.tiff`, contentType: "image/tiff", ...tiffFrom.base }, tiff);
  if (pdfSource?.doc) {
    const pdf = await prescriptionPdf(pdfSource.doc, rngFor(seed, `${pdfSource.name}:pdf`));
    const base = {
      variant: "special" as const,
      layout: "text-pdf",
      family: "text-pdf",
      heldOut: false,
      classification: "Prescription" as const,
      font: "Helvetica",
      truth: pdfTruth(pdfSource.doc),
    };
    writer.write({ file: `special/${pdfSource.name}.pdf`, contentType: "application/pdf", ...base }, pdf);
    writer.write({ file: "special/pdf-named.jpg", contentType: "application/pdf", ...base }, pdf);
  }
  const lying = special("clinic-form", 3);
  writer.write({ file: "special/png-named.pdf", contentType: "image/png", ...lying.base }, lying.source.png);

  // Image-only PDFs (a scanner's or a phone app's): the clean page or its photo as a JPEG, no text layer.
  for (const heldOut of [false, true]) {
    const family = heldOut ? "scanned-pdf-held-out" : "scanned-pdf";
    // The first page of every family, then the second...: a spread over the families with lens values.
    const sources = [...kept.values()]
      .filter((k) => k.heldOut === heldOut && k.classification === "Prescription")
      .sort((a, b) => a.index - b.index);
    let n = 0;
    for (const variant of ["clean", "damaged"] as const) {
      for (let i = 0; i < options.scanned && sources.length > 0; i++) {
        // Clean scans and photos take different sources, so no page appears twice in one group.
        const source = sources[(i * 2 + (variant === "damaged" ? 1 : 0)) % sources.length]!;
        n++;
        const name = `${family}-${String(n).padStart(3, "0")}`;
        const rng = rngFor(seed, `${name}:scan`);
        const image = variant === "clean" ? await scanJpeg(source.png, rng) : await source.damaged;
        writer.write(
          {
            file: `${heldOut ? "held-out/" : ""}${variant}/${name}.pdf`,
            variant,
            layout: "scanned-pdf",
            family,
            heldOut,
            classification: "Prescription",
            font: source.font,
            contentType: "application/pdf",
            truth: source.truth,
          },
          await imagePdf(image, rng),
        );
      }
    }
  }

  const manifest = writer.writeManifest(seed);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`wrote ${manifest.items.length} files to ${out} in ${seconds} s (${summarize(manifest)})`);
}

const options = parseOptions(process.argv.slice(2));
// libvips would otherwise take every core for each operation; Chromium needs one too.
sharp.concurrency(1);
await (options.committed ? writeCommittedSet() : generate(options));
