import { z } from "zod";
import { uploadRxPathFor } from "~/models/file-type";
import { UPLOAD_LINK_DAYS } from "~/models/upload-limits";
import { sign, unsign } from "../accounts/auth/tokens.server";
import type { StoreSession } from "../platform/session.server";

/**
 * The order e-mail's upload link (upload-rx?oid=…&code=…): a guest who opens it on another browser proves the order is
 * theirs by the signed, expiring code, as the snooze links do (signed with the session secrets, verified against any
 * of them). It grants one thing only: sending the prescription for that order, and seeing what was read of it. The
 * browser that opens a valid link keeps the order number in its session for that, so the upload's own post and the
 * result page need no code. The outbox removes the code from its stored copy once the e-mail is sent (`code` is a
 * secret link parameter there).
 */

declare module "../platform/session.server" {
  interface SessionData {
    /** Orders this browser proved by an e-mailed upload link: it may send their prescription. */
    rxUploadOrders?: string[];
  }
}

export const UPLOAD_LINK_PARAM = "code";
const REMEMBERED_ORDERS = 10;

const payloadSchema = z.object({ u: z.string().min(1).max(40), e: z.number().int().positive() });

export function uploadLinkToken(secrets: readonly string[], orderNumber: string, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + UPLOAD_LINK_DAYS * 86_400;
  return sign(secrets, Buffer.from(JSON.stringify({ u: orderNumber, e: expires })).toString("base64url"));
}

/** The order number a valid, unexpired code names, or null. */
export function readUploadLinkToken(
  secrets: readonly string[],
  token: string | null | undefined,
  now: Date = new Date(),
): string | null {
  if (!token || token.length > 300 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return null;
  const payload = unsign(secrets, token);
  if (payload === null) return null;
  try {
    const parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.e * 1000 > now.getTime() ? parsed.u : null;
  } catch {
    // Signed by us but another kind of value (a snooze code): no use here.
    return null;
  }
}

/** The e-mail's absolute upload link for an order. */
export function uploadLinkUrl(siteUrl: string, secrets: readonly string[], orderNumber: string, now?: Date): string {
  const token = uploadLinkToken(secrets, orderNumber, now);
  return `${siteUrl}${uploadRxPathFor(orderNumber)}&${UPLOAD_LINK_PARAM}=${encodeURIComponent(token)}`;
}

/** When the request's code proves `orderNumber`, this browser remembers it; returns whether it did. */
export function proveOrderByLink(
  session: StoreSession,
  secrets: readonly string[],
  orderNumber: string,
  token: string | null,
): boolean {
  if (readUploadLinkToken(secrets, token) !== orderNumber) return false;
  const known = linkProvenOrders(session).filter((number) => number !== orderNumber);
  session.set("rxUploadOrders", [orderNumber, ...known].slice(0, REMEMBERED_ORDERS));
  return true;
}

export function linkProvenOrders(session: StoreSession): string[] {
  const value = session.get("rxUploadOrders");
  return Array.isArray(value) ? value.filter((number): number is string => typeof number === "string") : [];
}
