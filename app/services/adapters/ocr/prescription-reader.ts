import type { RxReading } from "~/models/rx-analysis";

/**
 * The prescription reader: OCR on the store's own CPU (no cloud call), classification and field extraction.
 * `read` never throws for bad input: a failure or a timeout (spec: 30 s) gives null.
 */
export interface PrescriptionReader {
  read(
    input: { bytes: Buffer; contentType: string },
    options?: { timeoutMs?: number; correlationId?: string },
  ): Promise<RxReading | null>;
  /** Ends the worker threads (server shutdown, tests). */
  close(): Promise<void>;
}
