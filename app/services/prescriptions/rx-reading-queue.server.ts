import type { Logger } from "../platform/logger.server";

/**
 * How an upload asks for its reading (decision 46). The row is already `pending` when this runs (written with the
 * image, so nothing is lost); this only wakes the queue so the reading starts within seconds rather than at the next
 * minute's sweep. The job queue is started by the composition root (app/server/jobs.server.ts), which registers its
 * sender here; a process without one (a script, a test) leaves the row pending for the sweep or a test's own run.
 */

export type ReadingSender = (imageId: string) => Promise<void>;

let sender: ReadingSender | null = null;

/** Registers the queue's sender; the returned function unregisters it (when the queue stops). */
export function registerReadingSender(send: ReadingSender): () => void {
  sender = send;
  return () => {
    if (sender === send) sender = null;
  };
}

/** Wakes the reading queue for an image. Never throws: a lost wake-up only delays the reading to the sweep. */
export async function queueReading(logger: Logger, imageId: string): Promise<void> {
  if (!sender) return;
  try {
    await sender(imageId);
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.name : "unknown", rxImageId: imageId }, "reading not queued");
  }
}
