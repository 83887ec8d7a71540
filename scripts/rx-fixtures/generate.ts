/**
 * `npm run fixtures:rx`: prescription-image fixtures with known truth, for tuning and measuring the OCR
 * prescription reader and the image classifier.
 *
 *   --out DIR     where to write (default .cache/rx-fixtures, git-ignored)
 *   --count N     prescriptions per layout (default 60 clinic-form, 60 letter, 40 box-label)
 *   --quick       a small set for tests: 4 per layout, 4 human, 4 other, and the special files
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
import { damageDocument, describeDocument, type DocumentLayout, makeHuman, makeOther } from "./items";
import { clearOutput, FixtureWriter, summarize } from "./output";
import { prescriptionPdf } from "./pdf";
import { rngFor } from "./random";
import { openRenderer } from "./render";
import { encodeHeic, encodeTiff, evenSized } from "./special";
import { CLASSIFICATION_OF, type Truth } from "./types";

interface Options {
  out: string;
  counts: Record<DocumentLayout, number>;
  humans: number;
  others: number;
  seed: number;
  committed: boolean;
}

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
  const counts = quick
    ? { "clinic-form": 4, letter: 4, "box-label": 4 }
    : n
      ? { "clinic-form": n, letter: n, "box-label": n }
      : { "clinic-form": 60, letter: 60, "box-label": 40 };
  return {
    out: path.resolve(value("--out") ?? ".cache/rx-fixtures"),
    counts,
    humans: quick ? 4 : 30,
    others: quick ? 4 : 30,
    seed,
    committed: argv.includes("--committed"),
  };
}

async function generate(options: Options): Promise<void> {
  const started = Date.now();
  const { seed, out } = options;
  clearOutput(out, ["clean", "damaged", "human", "other", "special"]);
  const writer = new FixtureWriter(out);
  const renderer = await openRenderer();
  const kept = new Map<string, { png: Buffer; truth: Truth; font: string }>();
  let pdfSource: ReturnType<typeof describeDocument> | undefined;
  try {
    let pending: Promise<void> = Promise.resolve();
    for (const layout of ["clinic-form", "letter", "box-label"] as const) {
      for (let i = 1; i <= options.counts[layout]; i++) {
        const fixture = describeDocument(seed, layout, i);
        const png = await renderer.render(fixture.rendered.html);
        const base = {
          layout,
          classification: CLASSIFICATION_OF[layout],
          font: fixture.rendered.font,
          truth: fixture.truth,
        };
        writer.write({ file: `clean/${fixture.name}.png`, variant: "clean", contentType: "image/png", ...base }, png);
        const finish = writer.reserve({
          file: `damaged/${fixture.name}.jpg`,
          variant: "damaged",
          contentType: "image/jpeg",
          ...base,
        });
        await pending;
        pending = damageDocument(seed, fixture, png).then(finish);
        if (i <= 3) kept.set(fixture.name, { png, truth: fixture.truth, font: fixture.rendered.font });
        if (layout === "clinic-form" && i === Math.min(2, options.counts[layout])) pdfSource = fixture;
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
    const name = `${layout}-${String(Math.min(index, options.counts[layout])).padStart(3, "0")}`;
    const source = kept.get(name);
    if (!source) throw new Error(`special source ${name} was not generated`);
    return {
      name,
      source,
      base: {
        variant: "special" as const,
        layout,
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
      layout: "clinic-form" as const,
      classification: "Prescription" as const,
      font: "Helvetica",
      truth: pdfSource.truth,
    };
    writer.write({ file: `special/${pdfSource.name}.pdf`, contentType: "application/pdf", ...base }, pdf);
    writer.write({ file: "special/pdf-named.jpg", contentType: "application/pdf", ...base }, pdf);
  }
  const lying = special("clinic-form", 3);
  writer.write({ file: "special/png-named.pdf", contentType: "image/png", ...lying.base }, lying.source.png);

  const manifest = writer.writeManifest(seed);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`wrote ${manifest.items.length} files to ${out} in ${seconds} s (${summarize(manifest)})`);
}

const options = parseOptions(process.argv.slice(2));
// libvips would otherwise take every core for each operation; Chromium needs one too.
sharp.concurrency(1);
await (options.committed ? writeCommittedSet() : generate(options));
