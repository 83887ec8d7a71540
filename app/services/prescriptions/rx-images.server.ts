import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  MAX_UPLOAD_BYTES,
  rxImageFileName,
  sanitizeFileName,
  SNIFF_BYTES,
  sniffFileType,
  UPLOAD_MESSAGES,
  type AcceptedFileType,
} from "~/models/file-type";
import { isImageClassification, type ImageClassification } from "~/models/funnel";
import type { ReadingState } from "~/models/rx-reading";
import type { AppServices, Visitor } from "../platform/context.server";
import type { Executor, Transaction } from "../db/client.server";
import { lineItemGroups, rxImages } from "../db/schema";
import type { StoreSession } from "../platform/session.server";
import { processUpload, ShrinkError } from "./image-processing.server";
import { checkUploadAllowed } from "./upload-limits.server";
import { queueReading } from "./rx-reading-queue.server";

/**
 * Uploaded prescription images (spec 2 §3 Image upload, §4 Prescription upload): checked by their bytes, shrunk,
 * classified by the reader's quick look (`inspect`), stored (bytes in the image store, the row in rx_images) with
 * their reading queued (rx-reading.server.ts, decision 46), read back and deleted —
 * only by their owner. Images are health data: their names and bytes are never logged, and anyone but the owner gets
 * the same answer as for an image that does not exist.
 *
 * The owner is the customer the image belongs to; before it has one (a guest's upload), the browser session that
 * uploaded it, known by the hash of a random id kept in the signed session cookie. `claimSessionImages` gives a
 * session's images to the customer once the guest signs in or orders.
 */

declare module "../platform/session.server" {
  interface SessionData {
    /** A random id for this browser's uploads (rx_images keeps its hash): who may see a guest's images. */
    rxUploaderId?: string;
  }
}

export type ImageServices = Pick<AppServices, "db" | "imageStore" | "rxReader" | "logger">;

/** Who is asking for an image: the signed-in customer and this browser's upload session. */
export interface ImageViewer {
  customerId: number | null;
  sessionHash: string | null;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * This browser session's upload hash. With `create`, a session without one gets its random id (the root middleware
 * then writes the cookie); without, it is null until the session uploads.
 */
export function uploaderSessionHash(session: StoreSession, { create = false } = {}): string | null {
  let id = session.get("rxUploaderId");
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{32,64}$/.test(id)) {
    if (!create) return null;
    id = randomBytes(32).toString("base64url");
    session.set("rxUploaderId", id);
  }
  return sha256(`rx-uploader:${id}`);
}

export function viewerOf(
  visitor: Pick<Visitor, "session" | "customer">,
  options: { create?: boolean } = {},
): ImageViewer {
  return { customerId: visitor.customer?.id ?? null, sessionHash: uploaderSessionHash(visitor.session, options) };
}

/** Image ids are random (24 characters of base64url); anything else names no image. */
export function isRxImageId(value: string | null | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{24}$/.test(value);
}

const newImageId = () => randomBytes(18).toString("base64url");
/** Unguessable and unrelated to the image's id, so neither leads to the other. */
const newStorageKey = () => `rx-images/${randomBytes(24).toString("base64url")}`;

/**
 * The images a viewer may read: their customer's, or (a guest's, not yet given to a customer) their session's. Once
 * an image has a customer only that customer reads it, so a shared browser signed out later shows nothing.
 */
export function ownedBy(viewer: ImageViewer): SQL {
  const conditions: SQL[] = [];
  if (viewer.customerId !== null) conditions.push(eq(rxImages.customerId, viewer.customerId));
  if (viewer.sessionHash) {
    conditions.push(and(isNull(rxImages.customerId), eq(rxImages.uploaderSessionHash, viewer.sessionHash))!);
  }
  // No owner at all reads nothing (a condition that is never true).
  return conditions.length > 0 ? or(...conditions)! : sql`false`;
}

export type RxImageRow = typeof rxImages.$inferSelect;

/** What the pages and the API show of an image (never its storage key). */
export interface RxImageView {
  rxImageId: string;
  fileName: string;
  originalFileName: string;
  contentType: string;
  contentLength: number;
  width: number | null;
  height: number | null;
  classification: ImageClassification | null;
  /** A PDF's first page as an image (served at rx-images/:id/page), or null. */
  pageImage: { width: number | null; height: number | null } | null;
  uploadedAt: string;
}

export function imageView(row: RxImageRow): RxImageView {
  return {
    pageImage: row.pageImageKey ? { width: row.pageImageWidth, height: row.pageImageHeight } : null,
    rxImageId: row.id,
    fileName: row.fileName,
    originalFileName: row.originalFileName,
    contentType: row.contentType,
    contentLength: row.contentLength,
    width: row.width,
    height: row.height,
    classification: isImageClassification(row.classification) ? row.classification : null,
    uploadedAt: row.createdAt.toISOString(),
  };
}

/** An upload checked, shrunk and classified, ready to store; its reading is queued once it is stored. */
export interface PreparedImage {
  type: AcceptedFileType;
  stored: "jpeg" | "pdf";
  bytes: Buffer;
  contentType: string;
  width: number | null;
  height: number | null;
  originalFileName: string;
  classification: ImageClassification | null;
  /** A PDF's first page drawn as a PNG by the reader's quick look; null otherwise. */
  pageImage: { bytes: Buffer; width: number; height: number } | null;
  /**
   * Pending (the reading is queued), skipped (a photo of a person: nothing to read) or not-requested (submit-and-skip:
   * the upload asked for no reading, decision 67).
   */
  readingState: Extract<ReadingState, "pending" | "skipped" | "not-requested">;
}

export type Prepared = { ok: true; image: PreparedImage } | { ok: false; message: string };

/**
 * How long the upload request waits for the reader's quick look (classification, a PDF's page). It is meant to take
 * well under 1.5 s; past this the upload is stored unclassified and the queued reading classifies it.
 */
export const INSPECT_TIMEOUT_MS = 10_000;

/**
 * An uploaded file as the store keeps it: an accepted type by its bytes, within the limit, shrunk (images) or as it
 * came (PDFs), then classified by the reader's quick look (no full read on the request: that is the queued job's).
 * A file it cannot take gives the shopper's message; nothing is stored either way.
 */
export async function prepareUpload(
  services: Pick<ImageServices, "rxReader" | "logger">,
  file: { fileName: string; bytes: Buffer },
  correlationId: string = randomUUID(),
): Promise<Prepared> {
  if (file.bytes.length === 0) return { ok: false, message: UPLOAD_MESSAGES.empty };
  if (file.bytes.length > MAX_UPLOAD_BYTES) return { ok: false, message: UPLOAD_MESSAGES.tooLarge };
  const type = sniffFileType(file.bytes.subarray(0, SNIFF_BYTES));
  if (!type) return { ok: false, message: UPLOAD_MESSAGES.unsupported };
  let processed;
  try {
    processed = await processUpload(file.bytes, type);
  } catch (error) {
    if (error instanceof ShrinkError) return { ok: false, message: error.shopperMessage ?? UPLOAD_MESSAGES.shrink };
    throw error;
  }
  const inspection = await services.rxReader
    .inspect(
      { bytes: processed.bytes, contentType: processed.contentType },
      { timeoutMs: INSPECT_TIMEOUT_MS, correlationId },
    )
    .catch((error: unknown) => {
      // The reader promises not to throw; if it does, the upload still goes through, unclassified.
      services.logger.warn({ err: error instanceof Error ? error.name : "unknown" }, "prescription reader failed");
      return null;
    });
  // Spec 2 §4: a PDF has no classification.
  const classification =
    processed.stored === "pdf" || !inspection || !isImageClassification(inspection.classification)
      ? null
      : inspection.classification;
  return {
    ok: true,
    image: {
      type,
      stored: processed.stored,
      bytes: processed.bytes,
      contentType: processed.contentType,
      width: processed.width,
      height: processed.height,
      originalFileName: sanitizeFileName(file.fileName),
      classification,
      pageImage: processed.stored === "pdf" ? (inspection?.pageImage ?? null) : null,
      // A photo of a person holds no prescription to read (the spec resets its analysis); everything else is read.
      readingState: classification === "Human" ? "skipped" : "pending",
    },
  };
}

/** Refuses the link an upload was for (the group or order is gone): the row is rolled back, the bytes deleted. */
export class UploadLinkRefused extends Error {
  override name = "UploadLinkRefused";
}

export interface StoreOptions {
  owner: { customerId: number | null; sessionHash: string | null };
  orderId?: number | null;
  prescriptionId?: number | null;
  /** Runs the row's transaction (default: a plain one; the cart's lock for a cart group's image). */
  transaction?: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>;
  /** What else changes with the row, in its transaction (a group's image, an order's statuses). */
  link?: (tx: Transaction, image: RxImageRow) => Promise<void>;
  now?: Date;
  /** The uploading client's address, for the per-address upload limits (upload-limits.server.ts). */
  clientIp?: string | null;
}

/**
 * Stores a prepared image: the bytes first, then the row (and its link) in one transaction; when that fails the bytes
 * are deleted again. So a row never names bytes that are not there; at worst (the delete failing too) bytes remain
 * that no row names, and nobody can read.
 */
export async function storeRxImage(
  services: Pick<ImageServices, "db" | "imageStore" | "logger">,
  prepared: PreparedImage,
  options: StoreOptions,
): Promise<RxImageRow> {
  const { db, imageStore, logger } = services;
  if (options.owner.customerId === null && !options.owner.sessionHash) throw new Error("an image needs an owner");
  const now = options.now ?? new Date();
  const id = newImageId();
  const storageKey = newStorageKey();
  const pageImageKey = prepared.pageImage ? newStorageKey() : null;
  await imageStore.put(storageKey, prepared.bytes, prepared.contentType);
  if (pageImageKey) {
    await imageStore.put(pageImageKey, prepared.pageImage!.bytes, "image/png").catch(async (error: unknown) => {
      await imageStore.delete(storageKey).catch(() => undefined);
      throw error;
    });
  }
  const transaction = options.transaction ?? ((work) => db.transaction(work));
  try {
    const row = await transaction(async (tx) => {
      const [inserted] = await tx
        .insert(rxImages)
        .values({
          id,
          customerId: options.owner.customerId,
          uploaderSessionHash: options.owner.sessionHash,
          orderId: options.orderId ?? null,
          prescriptionId: options.prescriptionId ?? null,
          originalFileName: prepared.originalFileName,
          fileName: rxImageFileName(now.getTime(), prepared.stored),
          contentType: prepared.contentType,
          contentLength: prepared.bytes.length,
          width: prepared.width,
          height: prepared.height,
          classification: prepared.classification,
          analysis: null,
          storageKey,
          pageImageKey,
          pageImageWidth: prepared.pageImage?.width ?? null,
          pageImageHeight: prepared.pageImage?.height ?? null,
          readingState: prepared.readingState,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await options.link?.(tx, inserted!);
      return inserted!;
    });
    logger.info({ rxImageId: row.id, stored: prepared.stored }, "prescription image stored");
    return row;
  } catch (error) {
    for (const key of [storageKey, pageImageKey]) {
      if (!key) continue;
      await imageStore.delete(key).catch(() => {
        logger.warn({ stored: prepared.stored }, "prescription image bytes left without a row");
      });
    }
    throw error;
  }
}

/** One image, when the viewer may read it (otherwise null, as for one that does not exist). */
export async function rxImageFor(db: Executor, imageId: string, viewer: ImageViewer): Promise<RxImageRow | null> {
  if (!isRxImageId(imageId)) return null;
  const [row] = await db
    .select()
    .from(rxImages)
    .where(and(eq(rxImages.id, imageId), ownedBy(viewer)));
  return row ?? null;
}

/** An image and its bytes for the viewer, or null. */
export async function readRxImage(
  services: Pick<ImageServices, "db" | "imageStore" | "logger">,
  imageId: string,
  viewer: ImageViewer,
): Promise<{ image: RxImageRow; bytes: Buffer } | null> {
  const image = await rxImageFor(services.db, imageId, viewer);
  if (!image) return null;
  const stored = await services.imageStore.get(image.storageKey);
  if (!stored) {
    services.logger.warn({ rxImageId: image.id }, "prescription image bytes missing");
    return null;
  }
  return { image, bytes: stored.bytes };
}

export type DeleteResult = "deleted" | "not-found" | "linked";

/**
 * Deletes an image the viewer owns: the row (and any cart group's reference to it) in a transaction, then the bytes.
 * An image sent with a placed order or kept with a prescription stays: it is the order's record ("linked").
 */
export async function deleteRxImage(
  services: Pick<ImageServices, "db" | "imageStore" | "logger">,
  imageId: string,
  viewer: ImageViewer,
): Promise<DeleteResult> {
  const image = await rxImageFor(services.db, imageId, viewer);
  if (!image) return "not-found";
  if (image.orderId !== null || image.prescriptionId !== null) return "linked";
  const deleted = await services.db.transaction(async (tx) => {
    const rows = await tx
      .delete(rxImages)
      .where(and(eq(rxImages.id, image.id), isNull(rxImages.orderId), isNull(rxImages.prescriptionId)))
      .returning({ id: rxImages.id });
    if (rows.length === 0) return false;
    await tx
      .update(lineItemGroups)
      .set({ submitAndSkipImageId: null, submitAndSkipImageClassification: null, updatedAt: new Date() })
      .where(eq(lineItemGroups.submitAndSkipImageId, image.id));
    return true;
  });
  if (!deleted) return "linked";
  for (const key of [image.storageKey, image.pageImageKey]) {
    if (!key) continue;
    await services.imageStore.delete(key).catch(() => {
      services.logger.warn({ rxImageId: image.id }, "prescription image bytes left after its row was deleted");
    });
  }
  return "deleted";
}

/** The images sent for an order (newest first). The caller has checked that the viewer may see the order. */
export async function rxImagesOfOrder(db: Executor, orderId: number): Promise<RxImageView[]> {
  const rows = await db.select().from(rxImages).where(eq(rxImages.orderId, orderId)).orderBy(desc(rxImages.createdAt));
  return rows.map(imageView);
}

/**
 * Gives a browser session's images (those without a customer yet) to the customer: call it when a guest signs in
 * or places an order. Returns how many were given.
 */
export async function claimSessionImages(
  db: Executor,
  sessionHash: string | null,
  customerId: number,
): Promise<number> {
  if (!sessionHash) return 0;
  const rows = await db
    .update(rxImages)
    .set({ customerId, updatedAt: new Date() })
    .where(and(eq(rxImages.uploaderSessionHash, sessionHash), isNull(rxImages.customerId)))
    .returning({ id: rxImages.id });
  return rows.length;
}

export type UploadOutcome = { ok: true; image: RxImageRow } | { ok: false; message: string; status?: 413 | 429 };

/**
 * One upload from start to end: checked, shrunk, classified and stored (with its link, when given), its reading
 * queued once the row is committed — unless `read: false` (a funnel upload on the AI prescription reader test's
 * control path, decision 67): then it is stored `not-requested` and nothing is queued, nor found by the sweep.
 * The shopper's message when the file can't be taken or the link is refused; nothing is stored then.
 */
export async function uploadRxImage(
  services: ImageServices,
  file: { fileName: string; bytes: Buffer },
  options: StoreOptions & { correlationId?: string; read?: boolean },
): Promise<UploadOutcome> {
  const { owner, clientIp = null, now } = options;
  const allowed = await checkUploadAllowed(services, { ip: clientIp, ...owner, bytes: file.bytes.length }, now);
  if (!allowed.ok) return allowed;
  const prepared = await prepareUpload(services, file, options.correlationId);
  if (!prepared.ok) return prepared;
  const toStore: PreparedImage =
    options.read === false ? { ...prepared.image, readingState: "not-requested" } : prepared.image;
  try {
    const image = await storeRxImage(services, toStore, options);
    if (image.readingState === "pending") await queueReading(services.logger, image.id);
    return { ok: true, image };
  } catch (error) {
    if (error instanceof UploadLinkRefused) return { ok: false, message: error.message };
    throw error;
  }
}

/** An image's page image (a PDF's first page as PNG) for the viewer, or null. */
export async function readRxPageImage(
  services: Pick<ImageServices, "db" | "imageStore" | "logger">,
  imageId: string,
  viewer: ImageViewer,
): Promise<{ image: RxImageRow; bytes: Buffer } | null> {
  const image = await rxImageFor(services.db, imageId, viewer);
  if (!image?.pageImageKey) return null;
  const stored = await services.imageStore.get(image.pageImageKey);
  return stored ? { image, bytes: stored.bytes } : null;
}
