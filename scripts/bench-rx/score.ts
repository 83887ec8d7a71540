// Scoring for `npm run bench:rx`: field-level exact matches against the fixtures' truth, and the classifier's
// answers, each kept with its family, variant and held-out flag so the report can cut them any way. Pure: the
// script feeds it readings and prints what it returns.
import type { ImageClassification } from "../../app/models/funnel";
import type { RxAnalysis } from "../../app/models/rx-analysis";
import { rxAnalysisFields } from "../../app/models/rx-text";

export type Truth = Omit<RxAnalysis, "correlationId">;
export type Variant = "clean" | "damaged" | "special";

export interface ManifestItem {
  file: string;
  variant: Variant;
  layout: string;
  /** Absent in manifests written before families existed: the layout stands in. */
  family?: string;
  heldOut?: boolean;
  classification: ImageClassification;
  font: string;
  contentType: string;
  truth: Truth | null;
}

export const CLASSES: readonly ImageClassification[] = ["Prescription", "Box", "Human", "Other"];

export function familyOf(item: Pick<ManifestItem, "family" | "layout">): string {
  return item.family ?? item.layout;
}

/**
 * Every value in a truth (or a reading) by its path: "OD.sphere", "patient.city", "prescriber.npi",
 * "issueDate", "spectaclesOnly" ("true"), ... Confidence is not a value and is never scored.
 */
export function flatten(analysis: Truth | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!analysis) return out;
  for (const { part, field, value } of rxAnalysisFields(analysis)) {
    out.set(part === "prescription" ? field : `${part}.${field}`, value);
  }
  if (analysis.issueDate) out.set("issueDate", analysis.issueDate);
  if (analysis.spectaclesOnly) out.set("spectaclesOnly", "true");
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

export interface FieldCheck {
  file: string;
  family: string;
  heldOut: boolean;
  variant: string;
  path: string;
  expected: string;
  got: string | undefined;
  right: boolean;
}

export interface ClassCheck {
  file: string;
  family: string;
  heldOut: boolean;
  variant: string;
  truth: ImageClassification;
  got: ImageClassification | "none";
}

export class Scoreboard {
  readonly fields: FieldCheck[] = [];
  readonly classes: ClassCheck[] = [];
  /** Values the reader gave that the truth does not have (a wrong eye, lens values on a glasses Rx), per item. */
  readonly extras: Array<{ family: string; heldOut: boolean; variant: string; count: number }> = [];

  addFields(item: ManifestItem, reading: Truth | null | undefined): void {
    if (!item.truth) return;
    const expected = flatten(item.truth);
    const got = flatten(reading);
    const where = { file: item.file, family: familyOf(item), heldOut: !!item.heldOut, variant: item.variant };
    for (const [path, value] of expected) {
      this.fields.push({ ...where, path, expected: value, got: got.get(path), right: got.get(path) === value });
    }
    let count = 0;
    for (const path of got.keys()) if (!expected.has(path)) count++;
    this.extras.push({ ...where, count });
  }

  addClassification(item: ManifestItem, got: ImageClassification | null): void {
    this.classes.push({
      file: item.file,
      family: familyOf(item),
      heldOut: !!item.heldOut,
      variant: item.variant,
      truth: item.classification,
      got: got ?? "none",
    });
  }
}

/** Counts the right ones among the checks that pass the filter. */
export function tally<T extends { right: boolean }>(
  checks: readonly T[],
  where: (c: T) => boolean = () => true,
): Tally {
  let right = 0;
  let total = 0;
  for (const c of checks) {
    if (!where(c)) continue;
    total++;
    if (c.right) right++;
  }
  return { right, total };
}

export function classTally(checks: readonly ClassCheck[], where: (c: ClassCheck) => boolean = () => true): Tally {
  return tally(
    checks.map((c) => ({ ...c, right: c.got === c.truth })),
    where,
  );
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/**
 * A sample of `limit` items spread over every variant × family (round robin over the groups, each in manifest
 * order; held-out groups first), so a quick run still sees every held-out family, damaged letters, box labels.
 */
export function sample<T extends { variant: string; layout: string; family?: string; heldOut?: boolean }>(
  items: readonly T[],
  limit: number,
): T[] {
  if (limit >= items.length) return [...items];
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = `${item.variant}/${familyOf(item)}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const queues = [...groups.values()].sort((a, b) => Number(!!b[0]!.heldOut) - Number(!!a[0]!.heldOut));
  const out: T[] = [];
  for (let round = 0; out.length < limit; round++) {
    for (const queue of queues) if (queue[round] && out.length < limit) out.push(queue[round]!);
  }
  return out;
}
