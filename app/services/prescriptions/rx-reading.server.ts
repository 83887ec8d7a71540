import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import { hasPrescription } from "~/models/ai-result";
import { isImageClassification, type ImageClassification } from "~/models/funnel";
import type { RxAnalysis } from "~/models/rx-analysis";
import { READER_TIMEOUT_MS } from "~/models/rx-reading";
import { carts, lineItemGroups, rxImages } from "../db/schema";
import { applyAiPatient } from "./ai-result.server";
import { isRxImageId, type ImageServices, type RxImageRow } from "./rx-images.server";

/**
 * The queued reading of an uploaded prescription (decision 46). The upload stores the image `pending` and wakes the
 * `rx-reading` queue; a job then claims the row (pending → reading, with the claim's time as a lease), reads the
 * stored bytes with the reader's full `read` under the 30 s limit, and saves what it found: the analysis, the final
 * classification (a reading may reclass an appointment card as Other) and the state — read, failed or timed-out.
 * A failed or late reading leaves the upload as it was, usable without values (spec 2: the null result).
 *
 * Never twice at once: the queue keeps one job per image (stately, keyed by the image), and the claim is a guarded
 * update, so a second worker finds nothing to claim; the save is guarded by the claim too, so a reading whose lease
 * was taken over (its process stalled) does not overwrite the newer one. Jobs live in Postgres (pg-boss): a restart
 * loses none, and a row whose job was lost (the process died between commit and wake-up, or mid-read) is found by
 * the minute's sweep.
 */

export type ReadingServices = Pick<ImageServices, "db" | "imageStore" | "rxReader" | "logger">;

/** A claim older than this is taken to be a dead job's: the reader's limit plus margin for the queue and the save. */
export const READING_LEASE_MS = 2 * 60_000;
/** Claims before a reading is given up as failed (a process that dies on this image every time). */
export const MAX_READING_ATTEMPTS = 3;
/** The sweep leaves a fresh pending row to its own job (woken at upload) for this long. */
export const SWEEP_GRACE_MS = 20_000;

export type ReadingOutcome = "read" | "failed" | "timed-out" | "not-claimed";

const TIMED_OUT = Symbol("timed out");

/** The reader's answer, or TIMED_OUT when it did not answer within `timeoutMs` (a reader that never answers too). */
async function readWithin(services: ReadingServices, image: RxImageRow, bytes: Buffer, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  const started = Date.now();
  try {
    const reading = await Promise.race([
      services.rxReader
        .read({ bytes, contentType: image.contentType }, { timeoutMs, correlationId: image.id })
        .catch((error: unknown) => {
          services.logger.warn({ err: error instanceof Error ? error.name : "unknown" }, "prescription reader failed");
          return null;
        }),
      late,
    ]);
    // The reader keeps the limit itself and answers null when it passes it: that is a timeout too.
    if (reading === null && Date.now() - started >= timeoutMs) return TIMED_OUT;
    return reading;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What a reading leaves on the row. Spec 2 §4: a PDF has no classification; the analysis is kept for a
 * prescription, a lens box or a PDF and reset for anything else. A glasses-only reading is kept, so the page can say so.
 */
function outcomeOf(
  image: RxImageRow,
  reading: { classification: ImageClassification | null; analysis: RxAnalysis | null },
) {
  const pdf = image.contentType === "application/pdf";
  const classification = pdf
    ? null
    : isImageClassification(reading.classification)
      ? reading.classification
      : isImageClassification(image.classification)
        ? image.classification
        : null;
  const readable = pdf || classification === "Prescription" || classification === "Box";
  const analysis = reading.analysis;
  const kept = readable && analysis && (hasPrescription(analysis) || analysis.spectaclesOnly) ? analysis : null;
  return { classification, analysis: kept };
}

/**
 * Reads one image if it waits for its reading (or its claim's lease ran out). Returns what happened; "not-claimed"
 * when another job has it or it is done already.
 */
export async function runRxReading(
  services: ReadingServices,
  imageId: string,
  options: { timeoutMs?: number; now?: Date } = {},
): Promise<ReadingOutcome> {
  const { db, logger } = services;
  const claimedAt = options.now ?? new Date();
  const [image] = await db
    .update(rxImages)
    .set({
      readingState: "reading",
      readingStartedAt: claimedAt,
      readingAttempts: sql`${rxImages.readingAttempts} + 1`,
      updatedAt: claimedAt,
    })
    .where(
      and(
        eq(rxImages.id, imageId),
        or(
          eq(rxImages.readingState, "pending"),
          and(
            eq(rxImages.readingState, "reading"),
            lt(rxImages.readingStartedAt, new Date(claimedAt.getTime() - READING_LEASE_MS)),
          ),
        ),
      ),
    )
    .returning();
  if (!image) return "not-claimed";
  const claim = and(
    eq(rxImages.id, image.id),
    eq(rxImages.readingState, "reading"),
    eq(rxImages.readingStartedAt, claimedAt),
  );
  const finish = async (state: "failed" | "timed-out") => {
    await db.update(rxImages).set({ readingState: state, readAt: new Date(), updatedAt: new Date() }).where(claim);
    logger.info({ rxImageId: image.id, reading: state }, "prescription reading done");
    return state;
  };
  if (image.readingAttempts > MAX_READING_ATTEMPTS) return finish("failed");

  const stored = await services.imageStore.get(image.storageKey);
  if (!stored) return finish("failed");
  const started = Date.now();
  const reading = await readWithin(services, image, stored.bytes, options.timeoutMs ?? READER_TIMEOUT_MS);
  if (reading === TIMED_OUT) return finish("timed-out");
  if (!reading) return finish("failed");

  const { classification, analysis } = outcomeOf(image, reading);
  const saved = await db.transaction(async (tx) => {
    const rows = await tx
      .update(rxImages)
      .set({
        readingState: "read",
        classification,
        analysis: analysis as unknown as Record<string, unknown> | null,
        readAt: new Date(),
        updatedAt: new Date(),
      })
      .where(claim)
      .returning({ id: rxImages.id });
    if (rows.length === 0) return false;
    // The funnel's Parameters and Doctor rules read the group's copy of the classification.
    await tx
      .update(lineItemGroups)
      .set({ submitAndSkipImageClassification: classification, updatedAt: new Date() })
      .where(eq(lineItemGroups.submitAndSkipImageId, image.id));
    return true;
  });
  if (!saved) return "not-claimed";
  logger.info(
    { rxImageId: image.id, reading: "read", ms: Date.now() - started, classification },
    "prescription reading done",
  );
  if (analysis) await applyToGroups(services, image.id, analysis);
  return "read";
}

/** AI result handling once the reading is in: the read patient's name onto the cart group the image was sent for. */
async function applyToGroups(services: ReadingServices, imageId: string, analysis: RxAnalysis) {
  const groups = await services.db
    .select({ id: lineItemGroups.id, cartId: lineItemGroups.cartId, customerId: carts.customerId })
    .from(lineItemGroups)
    .innerJoin(carts, eq(carts.id, lineItemGroups.cartId))
    .where(eq(lineItemGroups.submitAndSkipImageId, imageId));
  for (const group of groups) {
    await applyAiPatient(
      { db: services.db, logger: services.logger },
      { page: "RxDetails", cartId: group.cartId, groupId: group.id, analysis, customerId: group.customerId },
    );
  }
}

/**
 * The minute's sweep: rows still pending past the grace (their wake-up was lost) and readings whose lease ran out
 * (their process died), oldest first, within a time budget so one run stays well inside the job's expiry.
 */
export async function sweepRxReadings(
  services: ReadingServices,
  options: { now?: Date; limit?: number; budgetMs?: number; timeoutMs?: number } = {},
): Promise<{ found: number; read: number }> {
  const now = options.now ?? new Date();
  const rows = await services.db
    .select({ id: rxImages.id })
    .from(rxImages)
    .where(
      or(
        and(eq(rxImages.readingState, "pending"), lt(rxImages.createdAt, new Date(now.getTime() - SWEEP_GRACE_MS))),
        and(
          eq(rxImages.readingState, "reading"),
          lt(rxImages.readingStartedAt, new Date(now.getTime() - READING_LEASE_MS)),
        ),
      ),
    )
    .orderBy(asc(rxImages.createdAt))
    .limit(options.limit ?? 10);
  const budgetEnds = Date.now() + (options.budgetMs ?? 60_000);
  let read = 0;
  for (const row of rows) {
    if (Date.now() > budgetEnds) break;
    if ((await runRxReading(services, row.id, { timeoutMs: options.timeoutMs })) === "read") read++;
  }
  return { found: rows.length, read };
}

/** The `rx-reading` queue's job: one image (woken by its upload), or the sweep (the minute's schedule). */
export async function rxReadingJob(services: ReadingServices, data: unknown) {
  const imageId = (data as { imageId?: unknown } | null)?.imageId;
  if (typeof imageId === "string" && isRxImageId(imageId))
    return { imageId, outcome: await runRxReading(services, imageId) };
  return sweepRxReadings(services);
}
