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
import { hasLensValues, parseRxPage, parseRxText } from "../app/models/rx-text";
import { prepareImage } from "../app/services/adapters/ocr/ocr-image.server";
import { createOcrPool, type OcrPool } from "../app/services/adapters/ocr/tesseract-pool.server";
import { DRAWN, drawPage } from "./rx-words/drawn";
import { type FieldCheck, familyOf, fieldName, type ManifestItem, Scoreboard } from "./bench-rx/score";

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

function percent(checks: readonly FieldCheck[]): string {
  if (checks.length === 0) return "–";
  const right = checks.filter((check) => check.right).length;
  return `${((right / checks.length) * 100).toFixed(1)}% ${right}/${checks.length}`;
}

/** Fields exact per family and variant, then per field. */
function printBoard(title: string, board: Scoreboard): void {
  console.log(`\n${title}`);
  const checks = board.fields;
  const variants = ["clean", "damaged", "special"].filter((variant) => checks.some((c) => c.variant === variant));
  const row = (name: string, keep: (check: FieldCheck) => boolean) =>
    console.log(
      `  ${name.padEnd(24)}${variants.map((v) => percent(checks.filter((c) => c.variant === v && keep(c))).padEnd(18)).join("")}`,
    );
  console.log(`  ${"family".padEnd(24)}${variants.map((variant) => variant.padEnd(18)).join("")}`);
  for (const family of [...new Set(checks.map((check) => check.family))].sort()) {
    row(family, (check) => check.family === family);
  }
  row("all", () => true);
  console.log("  per field:");
  for (const field of [...new Set(checks.map((check) => fieldName(check.path)))].sort()) {
    row(`  ${field}`, (check) => fieldName(check.path) === field);
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
      !item.heldOut &&
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
  const noValues = new Map<string, { right: number; total: number }>();
  const text = new Scoreboard();
  let done = 0;
  for (const item of items) {
    const page = await pageOf(item.file);
    if (++done % 25 === 0) process.stderr.write(`  ${done}/${items.length}\n`);
    if (!args.score) continue;
    if (!item.truth) {
      // A page with no prescription (an appointment card, a bill): it must read no lens values.
      const family = familyOf(item);
      const tally = noValues.get(family) ?? { right: 0, total: 0 };
      tally.total++;
      if (!hasLensValues(parseRxPage(page, { correlationId: item.file }))) tally.right++;
      noValues.set(family, tally);
      continue;
    }
    const kind = item.classification === "Box" ? "box" : "prescription";
    layout.addFields(item, parseRxPage(page, { correlationId: item.file, kind }));
    text.addFields(item, baseline(page.text, { correlationId: item.file, kind }));
  }
  await (pool as OcrPool | null)?.close();
  if (args.score) {
    printBoard(`parseRxText${args.baseline ? ` of ${args.baseline}` : ""} on the OCR text (fields exact)`, text);
    printBoard("parseRxPage on the word boxes (fields exact)", layout);
    console.log("\nPages without a prescription that read no lens values (parseRxPage)");
    for (const [family, { right, total }] of noValues) console.log(`  ${family.padEnd(22)}${right}/${total}`);
    for (const miss of layout.fields.filter((check) => !check.right).slice(0, Number(args.misses))) {
      console.log(`  ${miss.file}  ${miss.path}: expected ${miss.expected}, got ${miss.got ?? "—"}`);
    }
  }
}
