// Scoring for `npm run bench:rx`: field-level exact matches against the fixtures' truth, and the classifier's
// confusion matrix. Pure: the script feeds it readings and prints what it returns.
import type { ImageClassification } from "../../app/models/funnel";
import type { RxAnalysis } from "../../app/models/rx-analysis";
import { rxAnalysisFields } from "../../app/models/rx-text";

export type Truth = Omit<RxAnalysis, "correlationId">;
export type Variant = "clean" | "damaged" | "special";

export interface ManifestItem {
  file: string;
  variant: Variant;
  layout: string;
  classification: ImageClassification;
  font: string;
  contentType: string;
  truth: Truth | null;
}

export const CLASSES: readonly ImageClassification[] = ["Prescription", "Box", "Human", "Other"];

/** Every value in a truth (or a reading) by its path: "OD.sphere", "patient.city", "prescriber.phone", ... */
export function flatten(analysis: Truth | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!analysis) return out;
  for (const { part, field, value } of rxAnalysisFields(analysis)) {
    out.set(part === "prescription" ? field : `${part}.${field}`, value);
  }
  return out;
}

/** "OD.sphere" and "unknownEye1.sphere" both count as "sphere"; the rest keep their path. */
export function fieldName(path: string): string {
  const [head, tail] = path.split(".");
  return head === "OD" || head === "OS" || head === "unknownEye1" ? tail! : path;
}

export interface Tally {
  right: number;
  total: number;
}

export function share({ right, total }: Tally): number {
  return total === 0 ? NaN : right / total;
}

function add(map: Map<string, Tally>, key: string, right: boolean): void {
  const tally = map.get(key) ?? { right: 0, total: 0 };
  tally.total++;
  if (right) tally.right++;
  map.set(key, tally);
}

export interface FieldMiss {
  file: string;
  path: string;
  expected: string;
  got: string | undefined;
}

export class Scoreboard {
  readonly byVariant = new Map<string, Tally>();
  readonly byField = new Map<string, Map<string, Tally>>();
  readonly byLayout = new Map<string, Map<string, Tally>>();
  /** Extra values the reader gave that the truth does not have (a wrong eye, an invented field). */
  readonly extras = new Map<string, number>();
  readonly confusion = new Map<string, Map<string, number>>();
  readonly misses: FieldMiss[] = [];
  readonly misclassified: Array<{ file: string; truth: string; got: string }> = [];

  addFields(item: ManifestItem, reading: Truth | null | undefined): void {
    if (!item.truth) return;
    const expected = flatten(item.truth);
    const got = flatten(reading);
    for (const [path, value] of expected) {
      const right = got.get(path) === value;
      add(this.byVariant, item.variant, right);
      add(this.nested(this.byField, item.variant), fieldName(path), right);
      add(this.nested(this.byLayout, item.variant), item.layout, right);
      if (!right) this.misses.push({ file: item.file, path, expected: value, got: got.get(path) });
    }
    for (const path of got.keys()) {
      if (!expected.has(path)) this.extras.set(item.variant, (this.extras.get(item.variant) ?? 0) + 1);
    }
  }

  addClassification(item: ManifestItem, got: ImageClassification | null): void {
    const row = this.confusion.get(item.classification) ?? new Map<string, number>();
    const column = got ?? "none";
    row.set(column, (row.get(column) ?? 0) + 1);
    this.confusion.set(item.classification, row);
    if (got !== item.classification) this.misclassified.push({ file: item.file, truth: item.classification, got: column });
  }

  classificationShare(): Tally {
    let right = 0;
    let total = 0;
    for (const [truth, row] of this.confusion) {
      for (const [got, count] of row) {
        total += count;
        if (got === truth) right += count;
      }
    }
    return { right, total };
  }

  private nested(map: Map<string, Map<string, Tally>>, key: string): Map<string, Tally> {
    const inner = map.get(key) ?? new Map<string, Tally>();
    map.set(key, inner);
    return inner;
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/**
 * A sample of `limit` items spread over every variant × layout (round robin over the groups, each in manifest
 * order), so a quick run still sees damaged letters and box labels.
 */
export function sample<T extends { variant: string; layout: string }>(items: readonly T[], limit: number): T[] {
  if (limit >= items.length) return [...items];
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = `${item.variant}/${item.layout}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const queues = [...groups.values()];
  const out: T[] = [];
  for (let round = 0; out.length < limit; round++) {
    for (const queue of queues) if (queue[round] && out.length < limit) out.push(queue[round]!);
  }
  return out;
}
