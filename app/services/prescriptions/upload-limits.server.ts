import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { MAX_UPLOAD_MEGABYTES } from "~/models/file-type";
import type { Database } from "../db/client.server";
import { rxImages } from "../db/schema";
import type { AppServices } from "../platform/context.server";
import { consumeRateLimit, type RateLimitRule } from "../platform/rate-limit.server";

/**
 * Per-client bounds on prescription uploads (issue 24, decision 47). Every upload decodes an image and runs the
 * reader, and stores up to 10 MB: without bounds one client could fill the store and keep the CPUs busy.
 *
 * - Rate: at most `UPLOAD_LIMITS.perHour` uploads an hour and `perDay` a day from one client address, and the same
 *   for one customer (kept in the database, so the limit holds across server processes: rate-limit.server.ts).
 * - Stored bytes: what a customer, or a guest's browser session, keeps of images not yet tied to an order or a saved
 *   prescription (those that `rx-image-expiry.server.ts` deletes after 7 days) stays within a quota. Images sent with
 *   an order or kept with a prescription are the store's records and do not count.
 */

export const UPLOAD_LIMITS = {
  /** A shopper uploads one or two photos per order, a few more when a photo comes out blurred. */
  perHour: 20,
  perDay: 50,
  /** Stored bytes of a customer's images not tied to an order or prescription: five full-size PDFs. */
  customerBytes: 50 * 1024 * 1024,
  /** A guest's (one browser session's): half a customer's, since a new session costs an attacker nothing. */
  guestBytes: 25 * 1024 * 1024,
} as const;

/** What the shopper (or the API client) reads when an upload is refused; in the words of the store's other limits. */
export const UPLOAD_LIMIT_MESSAGES = {
  tooMany: "Too many uploads. Please try again later.",
  quota:
    "You've uploaded as many files as we can keep for now. Place your order, or remove an earlier upload, " +
    `and try again (each file up to ${MAX_UPLOAD_MEGABYTES} MB).`,
} as const;

export interface UploadClient {
  /** The client's address as the server sees it (requestInfoContext: TRUST_PROXY decides whether a proxy's word counts). */
  ip: string | null;
  customerId: number | null;
  /** A guest's upload session (rx_images.uploader_session_hash). */
  sessionHash: string | null;
  /** This upload's size, at most what it will store (an image is stored shrunk, a PDF as it came). */
  bytes: number;
}

export type UploadAllowed = { ok: true } | { ok: false; status: 413 | 429; message: string };

/** The address is kept only as a hash in the rate-limit table. */
const addressKey = (ip: string) => createHash("sha256").update(`rx-upload:${ip}`).digest("hex").slice(0, 32);

export function uploadRateLimits(client: Pick<UploadClient, "ip" | "customerId">): RateLimitRule[] {
  const keys: string[] = [];
  if (client.ip && client.ip !== "unknown") keys.push(`rx-upload:ip:${addressKey(client.ip)}`);
  if (client.customerId !== null) keys.push(`rx-upload:customer:${client.customerId}`);
  return keys.flatMap((bucket) => [
    { bucket: `${bucket}:hour`, limit: UPLOAD_LIMITS.perHour, windowSeconds: 60 * 60 },
    { bucket: `${bucket}:day`, limit: UPLOAD_LIMITS.perDay, windowSeconds: 24 * 60 * 60 },
  ]);
}

/** Bytes kept of the owner's images that are not tied to an order or a saved prescription. */
export async function unlinkedStoredBytes(
  db: Database,
  owner: Pick<UploadClient, "customerId" | "sessionHash">,
): Promise<number> {
  const ownerIs =
    owner.customerId !== null
      ? eq(rxImages.customerId, owner.customerId)
      : owner.sessionHash
        ? and(isNull(rxImages.customerId), eq(rxImages.uploaderSessionHash, owner.sessionHash))
        : null;
  if (!ownerIs) return 0;
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${rxImages.contentLength}), 0)` })
    .from(rxImages)
    .where(and(ownerIs, isNull(rxImages.orderId), isNull(rxImages.prescriptionId)));
  return Number(row?.bytes ?? 0);
}

/**
 * Whether this upload may go on: within the owner's stored-bytes quota (413), then within the rate limits (429).
 * An allowed upload is counted against the rate limits; a refused one is not. Call it before decoding anything.
 */
export async function checkUploadAllowed(
  services: Pick<AppServices, "db">,
  client: UploadClient,
  now: Date = new Date(),
): Promise<UploadAllowed> {
  const quota = client.customerId !== null ? UPLOAD_LIMITS.customerBytes : UPLOAD_LIMITS.guestBytes;
  if (client.customerId !== null || client.sessionHash) {
    const stored = await unlinkedStoredBytes(services.db, client);
    if (stored + client.bytes > quota) return { ok: false, status: 413, message: UPLOAD_LIMIT_MESSAGES.quota };
  }
  const rules = uploadRateLimits(client);
  if (rules.length > 0 && !(await consumeRateLimit(services.db, rules, now))) {
    return { ok: false, status: 429, message: UPLOAD_LIMIT_MESSAGES.tooMany };
  }
  return { ok: true };
}
