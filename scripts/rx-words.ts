// `npx tsx scripts/rx-words.ts`: the OCR word boxes (OcrPage JSON) of the prescription fixtures, for tuning and
// testing the layout parser (app/models/rx-layout.ts) without running OCR on every try.
//
//   npx tsx scripts/rx-words.ts                      # OCR every fixture image once into .cache/rx-words/ (cached)
//   npx tsx scripts/rx-words.ts --score              # …then score parseRxPage (and parseRxText on the same OCR text)
//   npx tsx scripts/rx-words.ts --match letter --misses 20
//   npx tsx scripts/rx-words.ts --score --baseline ../main   # …beside another checkout's parseRxText
//   npx tsx scripts/rx-words.ts --dump clean/letter-003.png > tests/fixtures/rx-words/clean-letter-003.json
//   npx tsx scripts/rx-words.ts --draw               # tests/fixtures/rx-words/drawn-*.json (scripts/rx-words/drawn.ts)
//
// Images go through the reader's own preparation (prepareImage) and one tesseract worker (createOcrPool), as the
// bench does, so the boxes are the ones the adapter will hand the parser. Files under a `held-out/` folder are
// never read here: the parser must not be tuned on them.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { OcrPage } from "../app/models/ocr-page";
import { parseRxPage, parseRxText } from "../app/models/rx-text";
import { prepareImage } from "../app/services/adapters/ocr/ocr-image.server";
import { createOcrPool, type OcrPool } from "../app/services/adapters/ocr/tesseract-pool.server";
import { DRAWN, drawPage } from "./rx-words/drawn";
import { type ManifestItem, type Scoreboard as Board, Scoreboard, share } from "./bench-rx/score";

const { values: args } = parseArgs({
  options: {
    fixtures: { type: "string", default: ".cache/rx-fixtures" },
    cache: { type: "string", default: ".cache/rx-words" },
    match: { type: "string" },
    score: { type: "boolean", default: false },
    misses: { type: "string", default: "0" },
    dump: { type: "string" },
    baseline: { type: "string" },
    draw: { type: "boolean", default: false },
  },
});

const HELD_OUT = /(?:^|\/)held-out\//;
const folder = path.resolve(args.fixtures!);
const cacheFolder = path.resolve(args.cache!);

let pool: OcrPool | null = null;

/** The page of one fixture file, from the cache or by OCR (then cached). */
async function pageOf(file: string): Promise<OcrPage> {
  if (HELD_OUT.test(file)) throw new Error(`${file} is held out: its words are not read here`);
  // Keyed by the image's bytes: a regenerated fixture of the same name is read again.
  const bytes = fs.readFileSync(path.join(folder, file));
  const hash = createHash("sha1").update(bytes).digest("hex").slice(0, 12);
  const cached = path.join(cacheFolder, `${file}.${hash}.json`);
  if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, "utf8")) as OcrPage;
  pool ??= createOcrPool({ workers: 1 });
  const prepared = await prepareImage(bytes);
  const { page } = await pool.recognize(prepared.pgm);
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  fs.writeFileSync(cached, JSON.stringify(page));
  return page;
}

/** A page with its boxes rounded, for a committed fixture (small, and stable to read in a diff). */
function compact(page: OcrPage): OcrPage {
  const round = (value: number) => Math.round(value);
  return {
    width: page.width,
    height: page.height,
    text: page.text,
    confidence: Math.round(page.confidence * 100) / 100,
    words: page.words.map((word) => ({
      text: word.text,
      confidence: Math.round(word.confidence * 100) / 100,
      box: { x0: round(word.box.x0), y0: round(word.box.y0), x1: round(word.box.x1), y1: round(word.box.y1) },
      ...(word.line !== undefined ? { line: word.line } : {}),
      ...(word.block !== undefined ? { block: word.block } : {}),
    })),
  };
}

function printBoard(title: string, board: Board): void {
  console.log(`\n${title}`);
  const variants = ["clean", "damaged", "special"].filter((variant) => board.byLayout.has(variant));
  const layouts = [...new Set(variants.flatMap((variant) => [...board.byLayout.get(variant)!.keys()]))].sort();
  console.log(`  ${"family".padEnd(22)}${variants.map((variant) => variant.padEnd(18)).join("")}`);
  for (const layout of layouts) {
    const cells = variants.map((variant) => {
      const tally = board.byLayout.get(variant)?.get(layout);
      return (tally ? `${(share(tally) * 100).toFixed(1)}% ${tally.right}/${tally.total}` : "–").padEnd(18);
    });
    console.log(`  ${layout.padEnd(22)}${cells.join("")}`);
  }
  const totals = variants.map((variant) => {
    const tally = board.byVariant.get(variant)!;
    return `${(share(tally) * 100).toFixed(1)}% ${tally.right}/${tally.total}`.padEnd(18);
  });
  console.log(`  ${"all".padEnd(22)}${totals.join("")}`);
  const fields = [...new Set([...board.byField.values()].flatMap((inner) => [...inner.keys()]))].sort();
  console.log(`  per field:`);
  for (const field of fields) {
    const cells = variants.map((variant) => {
      const tally = board.byField.get(variant)?.get(field);
      return (tally ? `${(share(tally) * 100).toFixed(1)}% ${tally.right}/${tally.total}` : "–").padEnd(18);
    });
    console.log(`    ${field.padEnd(20)}${cells.join("")}`);
  }
}

if (args.draw) {
  pool = createOcrPool({ workers: 1 });
  for (const [name, drawn] of Object.entries(DRAWN)) {
    const { page } = await pool.recognize((await prepareImage(await drawPage(drawn))).pgm);
    fs.writeFileSync(`tests/fixtures/rx-words/drawn-${name}.json`, `${JSON.stringify(compact(page))}\n`);
    console.log(`drawn-${name}: ${JSON.stringify(parseRxPage(page, { correlationId: name })?.prescription)}`);
  }
  await pool.close();
} else if (args.dump) {
  console.log(JSON.stringify(compact(await pageOf(args.dump))));
} else {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, "manifest.json"), "utf8")) as { items: ManifestItem[] };
  const items = manifest.items.filter(
    (item) =>
      !(item as { heldOut?: boolean }).heldOut &&
      !HELD_OUT.test(item.file) &&
      item.contentType !== "application/pdf" &&
      (!args.match || new RegExp(args.match).test(item.file)),
  );
  // `--baseline DIR`: score that checkout's parseRxText on the same OCR text (the parser before this one).
  const baseline = args.baseline
    ? ((await import(path.resolve(args.baseline, "app/models/rx-text.ts"))) as { parseRxText: typeof parseRxText })
        .parseRxText
    : parseRxText;
  const layout = new Scoreboard();
  const text = new Scoreboard();
  let done = 0;
  for (const item of items) {
    const page = await pageOf(item.file);
    if (++done % 25 === 0) process.stderr.write(`  ${done}/${items.length}\n`);
    if (!args.score || !item.truth) continue;
    const kind = item.classification === "Box" ? "box" : "prescription";
    // Scored per family (a layout generator draws several: "letter" and "letter-shorthand").
    const family = (item as { family?: string }).family;
    if (family) item.layout = family;
    layout.addFields(item, parseRxPage(page, { correlationId: item.file, kind }));
    text.addFields(item, baseline(page.text, { correlationId: item.file, kind }));
  }
  await (pool as OcrPool | null)?.close();
  if (args.score) {
    printBoard(`parseRxText${args.baseline ? ` of ${args.baseline}` : ""} on the OCR text (fields exact)`, text);
    printBoard("parseRxPage on the word boxes (fields exact)", layout);
    for (const miss of layout.misses.slice(0, Number(args.misses))) {
      console.log(`  ${miss.file}  ${miss.path}: expected ${miss.expected}, got ${miss.got ?? "—"}`);
    }
  }
}
