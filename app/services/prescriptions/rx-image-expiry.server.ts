import { and, asc, inArray, isNull, lt } from "drizzle-orm";
import { RX_IMAGE_RETENTION_DAYS } from "~/models/upload-limits";
import type { Database } from "../db/client.server";
import { lineItemGroups, rxImages } from "../db/schema";
import type { AppServices } from "../platform/context.server";

/**
 * Uploaded images nobody kept (issue 24, decision 47): an image not tied to an order or a saved prescription within
 * `RX_IMAGE_RETENTION_DAYS` of its upload is deleted, its row and its bytes, by a job on the queue
 * (jobs.server.ts, every hour). A cart group that still named it loses the name, as when the shopper deletes it
 * (rx-images.server.ts `deleteRxImage`): the group stays "I'll send it later", without an image.
 *
 * Safe to run on N processes at once and to repeat: each image's row is deleted by a guarded statement (still
 * unlinked, still old), and only the process whose statement deleted it deletes the bytes.
 */

/** Images looked at per batch (a short transaction each), and batches per run at most. */
export const EXPIRY_BATCH = 100;
const MAX_BATCHES = 50;

export interface ExpirySummary {
  /** Images deleted (row and bytes). */
  deleted: number;
  /** Cart groups that named one of them and no longer do. */
  groupsCleared: number;
  /** Bytes the store could not delete (the row is gone; nobody can read them). */
  bytesLeft: number;
}

const unlinked = and(isNull(rxImages.orderId), isNull(rxImages.prescriptionId));

export function expiryCutoff(now: Date): Date {
  return new Date(now.getTime() - RX_IMAGE_RETENTION_DAYS * 24 * 60 * 60 * 1000);
}

/** One batch: the oldest expired images' rows deleted with their groups' names, in one transaction. */
async function expireBatch(db: Database, cutoff: Date, now: Date) {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: rxImages.id })
      .from(rxImages)
      .where(and(unlinked, lt(rxImages.createdAt, cutoff)))
      .orderBy(asc(rxImages.createdAt))
      .limit(EXPIRY_BATCH);
    if (candidates.length === 0) return { rows: [], groupsCleared: 0 };
    // Guarded again: an image linked (an order placed) since it was selected stays.
    const rows = await tx
      .delete(rxImages)
      .where(
        and(
          inArray(
            rxImages.id,
            candidates.map((candidate) => candidate.id),
          ),
          unlinked,
          lt(rxImages.createdAt, cutoff),
        ),
      )
      .returning({ id: rxImages.id, storageKey: rxImages.storageKey, pageImageKey: rxImages.pageImageKey });
    if (rows.length === 0) return { rows, groupsCleared: 0 };
    const groups = await tx
      .update(lineItemGroups)
      .set({ submitAndSkipImageId: null, submitAndSkipImageClassification: null, updatedAt: now })
      .where(
        inArray(
          lineItemGroups.submitAndSkipImageId,
          rows.map((row) => row.id),
        ),
      )
      .returning({ id: lineItemGroups.id });
    return { rows, groupsCleared: groups.length };
  });
}

/** Deletes the images past their retention (rows first, then bytes), in batches. */
export async function expireUnlinkedRxImages(
  services: Pick<AppServices, "db" | "imageStore" | "logger">,
  now: Date = new Date(),
): Promise<ExpirySummary> {
  const cutoff = expiryCutoff(now);
  const summary: ExpirySummary = { deleted: 0, groupsCleared: 0, bytesLeft: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const { rows, groupsCleared } = await expireBatch(services.db, cutoff, now);
    summary.groupsCleared += groupsCleared;
    for (const row of rows) {
      try {
        await services.imageStore.delete(row.storageKey);
        // A PDF's drawn page (decision 46) goes with it.
        if (row.pageImageKey) await services.imageStore.delete(row.pageImageKey);
        summary.deleted++;
      } catch {
        summary.bytesLeft++;
        services.logger.warn({ rxImageId: row.id }, "expired prescription image's bytes left without a row");
      }
    }
    if (rows.length < EXPIRY_BATCH) break;
  }
  return summary;
}
