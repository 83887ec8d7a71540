/**
 * The manifest the generator writes and the reader's bench consumes. Truth types come from the app's own model
 * (app/models/rx-analysis.ts), so a change there shows up here as a type error rather than as a silently wrong
 * bench.
 */
import type { RxAnalysis, RxEyeKey, RxEyeReading } from "../../app/models/rx-analysis";

export type Eye = RxEyeReading;
export type EyeKey = RxEyeKey;

/** What a reader should find in the image: the analysis without its correlation id. */
export type Truth = Omit<RxAnalysis, "correlationId">;

export type Layout = "clinic-form" | "letter" | "box-label" | "human" | "other";
export type Classification = "Prescription" | "Box" | "Human" | "Other";
export type Variant = "clean" | "damaged" | "special";

export interface ManifestItem {
  /** Relative to the manifest's folder, with forward slashes. */
  file: string;
  variant: Variant;
  layout: Layout;
  classification: Classification;
  /** The family the values are printed in ("none" for pictures without text). */
  font: string;
  /** The real type of the bytes (a file with a lying extension keeps its true type here). */
  contentType: string;
  truth: Truth | null;
}

export interface Manifest {
  version: 1;
  seed: number;
  items: ManifestItem[];
}

export const CLASSIFICATION_OF: Record<Layout, Classification> = {
  "clinic-form": "Prescription",
  letter: "Prescription",
  "box-label": "Box",
  human: "Human",
  other: "Other",
};
