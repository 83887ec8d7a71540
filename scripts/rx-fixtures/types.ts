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

/** The generator that drew the item: "clinic-form", "letter", "box-label", "human", "other", "text-pdf",
 * "scanned-pdf", or a newer family's own name. */
export type Layout = string;
export type Classification = "Prescription" | "Box" | "Human" | "Other";
export type Variant = "clean" | "damaged" | "special";

export interface ManifestItem {
  /** Relative to the manifest's folder, with forward slashes. */
  file: string;
  variant: Variant;
  layout: Layout;
  /** The layout family (families.ts): what a reader has to cope with on this page. */
  family: string;
  /** A held-out family: measured on, never tuned on. */
  heldOut: boolean;
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
