import type { ImageClassification } from "~/models/funnel";
import type { RxReading } from "~/models/rx-analysis";

/** What an upload is, told quickly enough to answer the upload request (spec 2: the upload answers its classification). */
export interface RxInspection {
  /** Null when the reader cannot tell (spec: a PDF's classification is empty). */
  classification: ImageClassification | null;
  /** A PDF's first page drawn as a PNG (what staff and the shopper see in place of the PDF); null otherwise. */
  pageImage: { bytes: Buffer; width: number; height: number } | null;
}

/**
 * The prescription reader: OCR on the store's own CPU (no cloud call), classification and field extraction.
 * `inspect` is the fast part that runs while the upload request waits (decode, classify, draw a PDF's page: off the
 * event loop, under 1.5 s); `read` is the slow part that runs as a queued job. Neither throws for bad input: a
 * failure or a timeout (spec: 30 s) gives null.
 */
export interface PrescriptionReader {
  inspect(
    input: { bytes: Buffer; contentType: string },
    options?: { timeoutMs?: number; correlationId?: string },
  ): Promise<RxInspection | null>;
  read(
    input: { bytes: Buffer; contentType: string },
    options?: { timeoutMs?: number; correlationId?: string },
  ): Promise<RxReading | null>;
  /** Ends the worker threads (server shutdown, tests). */
  close(): Promise<void>;
}
