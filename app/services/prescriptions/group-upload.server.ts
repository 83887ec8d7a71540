import { and, eq } from "drizzle-orm";
import { STEP_MESSAGES } from "~/models/funnel-steps";
import type { FunnelUploadPath } from "~/models/prescription-reader-choice";
import { CartNotFoundError, withCartLock } from "../cart/cart.server";
import { lockedLensGroup, markSubmitAndSkip } from "../funnel/group-steps.server";
import type { Database, Executor } from "../db/client.server";
import { lineItemGroups, rxImages } from "../db/schema";
import {
  rxImageFor,
  uploadRxImage,
  UploadLinkRefused,
  type ImageServices,
  type ImageViewer,
  type RxImageRow,
  type UploadOutcome,
} from "./rx-images.server";

/**
 * A prescription image for a cart's line item group (RxDetails, intent=upload-rx): like "I'll send it later"
 * (`submitAndSkip` in checkout/group-steps), every line of the group takes the submit-and-skip placeholder UPC and the
 * group's rxEntryType becomes SubmitAndSkip — and the group keeps the image and its classification
 * (`submitAndSkipImageId`, `submitAndSkipImageClassification`), which the funnel's Parameters and Doctor rules read.
 */

async function attachInTransaction(tx: Executor, groupId: string, image: Pick<RxImageRow, "id" | "classification">) {
  await markSubmitAndSkip(tx, groupId, {
    submitAndSkipImageId: image.id,
    submitAndSkipImageClassification: image.classification,
  });
}

/**
 * Uploads an image for the group and attaches it, in the cart's lock: the image row and the group's change commit
 * together (or neither, and the bytes are deleted again). `path` is the AI prescription reader test's (decision 67):
 * the reader reads it, or (submit-and-skip) it is stored and classified and nothing is read.
 */
export async function uploadForGroup(
  services: ImageServices,
  input: {
    cartId: string;
    groupId: string;
    file: { fileName: string; bytes: Buffer };
    viewer: ImageViewer;
    path: FunnelUploadPath;
    correlationId?: string;
    clientIp?: string | null;
  },
): Promise<UploadOutcome> {
  const { db } = services;
  if (!(await lockedLensGroup(db, input.cartId, input.groupId))) return { ok: false, message: STEP_MESSAGES.groupGone };
  try {
    return await uploadRxImage(services, input.file, {
      owner: input.viewer,
      read: input.path === "ai-reader",
      correlationId: input.correlationId,
      clientIp: input.clientIp,
      transaction: (work) => withCartLock(db, input.cartId, work),
      async link(tx, image) {
        if (!(await lockedLensGroup(tx, input.cartId, input.groupId)))
          throw new UploadLinkRefused(STEP_MESSAGES.groupGone);
        await attachInTransaction(tx, input.groupId, image);
      },
    });
  } catch (error) {
    if (error instanceof CartNotFoundError) return { ok: false, message: STEP_MESSAGES.groupGone };
    throw error;
  }
}

/**
 * Attaches an image the viewer uploaded already (the upload form with JavaScript sends the file to POST api/images
 * first, with progress, then names it here). An image sent with an order can't be taken for a cart.
 */
export async function attachImageToGroup(
  db: Database,
  input: { cartId: string; groupId: string; imageId: string; viewer: ImageViewer },
): Promise<{ status: "saved"; image: RxImageRow } | { status: "not-found" }> {
  const image = await rxImageFor(db, input.imageId, input.viewer);
  if (!image || image.orderId !== null) return { status: "not-found" };
  try {
    return await withCartLock(db, input.cartId, async (tx) => {
      if (!(await lockedLensGroup(tx, input.cartId, input.groupId))) return { status: "not-found" } as const;
      // Read again under the lock: its queued reading may have finished since (a new classification, an analysis).
      const [current] = await tx.select().from(rxImages).where(eq(rxImages.id, image.id)).for("update");
      if (!current) return { status: "not-found" } as const;
      await attachInTransaction(tx, input.groupId, current);
      return { status: "saved", image: current } as const;
    });
  } catch (error) {
    if (error instanceof CartNotFoundError) return { status: "not-found" };
    throw error;
  }
}

/** The cart group an image belongs to (upload-success?image=), or null. */
export async function groupOfImage(db: Executor, cartId: string, imageId: string): Promise<string | null> {
  const [group] = await db
    .select({ id: lineItemGroups.id })
    .from(lineItemGroups)
    .where(and(eq(lineItemGroups.cartId, cartId), eq(lineItemGroups.submitAndSkipImageId, imageId)));
  return group?.id ?? null;
}
