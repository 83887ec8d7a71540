import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { UPLOAD_LIMIT_MESSAGES, UPLOAD_LIMITS } from "~/models/upload-limits";
import type { Database } from "../db/client.server";
import { rxImages } from "../db/schema";
import type { AppServices } from "../platform/context.server";
import { consumeRateLimit, type RateLimitRule } from "../platform/rate-limit.server";

/**
 * Per-client bounds on prescription uploads (issue 24, decision 47), counted here: the rate in the database
 * (rate-limit.server.ts, so the limit holds across server processes), the stored bytes from the images' rows. The
 * numbers and the messages are the model's (models/upload-limits.ts).
 */

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
