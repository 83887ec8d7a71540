// Printing for `npm run bench:rx`: the accuracy tables, the confusion matrix and the times, with their targets.
import { CLASSES, type Scoreboard, share, type Tally } from "./score";

export interface Timing {
  variant: string;
  isPdf: boolean;
  ms: number;
  prepareMs: number;
  ocrMs: number;
  outcome: string;
}

export interface Report {
  board: Scoreboard;
  timings: Timing[];
  ceiling: { startMs: number; blankMs: number; referenceMs: number; referencePrepareMs: number };
  seconds: { mean: number; p50: number; p95: number };
  misses: number;
}

const TARGETS = { clean: 0.95, damaged: 0.8, classification: 0.95, secondsPerImage: 3 };

function pct(tally: Tally | undefined): string {
  if (!tally || tally.total === 0) return "    –  ";
  return `${(share(tally) * 100).toFixed(1).padStart(5)}% `;
}

function counted(tally: Tally | undefined): string {
  return tally ? `${tally.right}/${tally.total}` : "";
}

function mark(ok: boolean): string {
  return ok ? "met" : "MISSED";
}

function table(title: string, rows: Map<string, Map<string, Tally>>, variants: readonly string[]): void {
  const keys = [...new Set([...rows.values()].flatMap((inner) => [...inner.keys()]))].sort();
  console.log(`\n${title}`);
  console.log(`  ${"".padEnd(22)}${variants.map((v) => v.padEnd(20)).join("")}`);
  for (const key of keys) {
    const cells = variants.map((v) => {
      const tally = rows.get(v)?.get(key);
      return `${pct(tally)}${counted(tally).padStart(9)}`.padEnd(20);
    });
    console.log(`  ${key.padEnd(22)}${cells.join("")}`);
  }
}

export function printReport({ board, timings, ceiling, seconds, misses }: Report): void {
  const variants = ["clean", "damaged", "special"].filter((v) => board.byVariant.has(v));
  console.log("\nField accuracy (exact match, over every field in the truth)");
  for (const variant of variants) {
    const tally = board.byVariant.get(variant)!;
    const target = variant === "clean" ? TARGETS.clean : variant === "damaged" ? TARGETS.damaged : undefined;
    const verdict = target === undefined ? "" : `  target ≥ ${target * 100}%: ${mark(share(tally) >= target)}`;
    const extras = board.extras.get(variant) ?? 0;
    console.log(
      `  ${variant.padEnd(8)} ${pct(tally)} (${counted(tally)} fields; ${extras} extra values not in the truth)${verdict}`,
    );
  }
  table("Per field", board.byField, variants);
  table("Per layout", board.byLayout, variants);

  const classified = board.classificationShare();
  console.log(
    `\nClassification ${pct(classified)}(${counted(classified)} images, PDFs left out)  ` +
      `target ≥ ${TARGETS.classification * 100}%: ${mark(share(classified) >= TARGETS.classification)}`,
  );
  const columns = [...CLASSES, "none"];
  console.log(`  ${"truth \\ read".padEnd(14)}${columns.map((c) => c.padStart(13)).join("")}`);
  for (const truth of CLASSES) {
    const row = board.confusion.get(truth);
    if (!row) continue;
    console.log(`  ${truth.padEnd(14)}${columns.map((c) => String(row.get(c) ?? 0).padStart(13)).join("")}`);
  }

  const images = timings.filter((t) => !t.isPdf);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const outcomes = new Map<string, number>();
  for (const t of timings) outcomes.set(t.outcome, (outcomes.get(t.outcome) ?? 0) + 1);
  const reference = ceiling.referenceMs / 1000;
  console.log(
    `\nSeconds per image, one worker (${images.length} images): mean ${seconds.mean.toFixed(2)}, ` +
      `p50 ${seconds.p50.toFixed(2)}, p95 ${seconds.p95.toFixed(2)}  target ≤ ${TARGETS.secondsPerImage} s: ` +
      `${mark(seconds.mean <= TARGETS.secondsPerImage)}`,
  );
  console.log(
    `  of which preparing (decode, measures, scale) ${(mean(images.map((t) => t.prepareMs)) / 1000).toFixed(2)} s, ` +
      `OCR ${(mean(images.map((t) => t.ocrMs)) / 1000).toFixed(2)} s; ` +
      `by variant: ${["clean", "damaged", "special"]
        .map((v) => [v, images.filter((t) => t.variant === v)] as const)
        .filter(([, list]) => list.length > 0)
        .map(([v, list]) => `${v} ${(mean(list.map((t) => t.ms)) / 1000).toFixed(2)} s`)
        .join(", ")}`,
  );
  console.log(
    `  ceiling, same run: worker start ${(ceiling.startMs / 1000).toFixed(2)} s; tesseract on a blank page ` +
      `${(ceiling.blankMs / 1000).toFixed(2)} s, on a 12-line reference page ${reference.toFixed(2)} s ` +
      `(+${(ceiling.referencePrepareMs / 1000).toFixed(2)} s sharp); an image took ` +
      `${(seconds.mean / reference).toFixed(1)}× the reference page (p95 ${(seconds.p95 / reference).toFixed(1)}×)`,
  );
  console.log(`  outcomes: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(", ")}`);

  if (misses > 0) {
    console.log(`\nFirst ${misses} wrong fields`);
    for (const miss of board.misses.slice(0, misses)) {
      console.log(`  ${miss.file}  ${miss.path}: expected ${miss.expected}, got ${miss.got ?? "(nothing)"}`);
    }
    console.log(`\nMisclassified (${board.misclassified.length})`);
    for (const wrong of board.misclassified.slice(0, misses)) {
      console.log(`  ${wrong.file}: ${wrong.truth} read as ${wrong.got}`);
    }
  }
}
