import { z } from "zod";
import { isIsoDate, MAX_SNOOZE_DAYS, SNOOZE_LINK_DAYS, SNOOZE_LINK_PARAM, SNOOZE_PATH } from "~/models/subscription";
import { sign, unsign } from "../accounts/auth/tokens.server";

/**
 * The reminder e-mail's snooze links (issue 7): a signed, expiring token naming the subscription, the days and the
 * reorder date the e-mail was written for. The token is the only authority of a signed-out snooze, so it is signed
 * with the session secrets (rotation: verified against any of them) and expires SNOOZE_LINK_DAYS after it was made.
 */

// The page's path and query parameter live in the model: the page's form names the parameter in the browser bundle.
export { SNOOZE_LINK_PARAM, SNOOZE_PATH };

export interface SnoozeLink {
  subscriptionId: number;
  days: number;
  /** The reorder date the e-mail was written for (ISO day). */
  reorderDate: string;
  expiresAt: Date;
}

export type SnoozeTokenRead =
  { ok: true; link: SnoozeLink } | { ok: false; reason: "malformed" | "tampered" | "expired" };

const payloadSchema = z.object({
  s: z.number().int().positive(),
  d: z.number().int().min(1).max(MAX_SNOOZE_DAYS),
  r: z.string().refine(isIsoDate),
  e: z.number().int().positive(),
});

export function snoozeToken(
  secrets: readonly string[],
  link: Omit<SnoozeLink, "expiresAt">,
  now: Date = new Date(),
): string {
  const expires = Math.floor(now.getTime() / 1000) + SNOOZE_LINK_DAYS * 86_400;
  const payload = Buffer.from(
    JSON.stringify({ s: link.subscriptionId, d: link.days, r: link.reorderDate, e: expires }),
  ).toString("base64url");
  return sign(secrets, payload);
}

export function readSnoozeToken(
  secrets: readonly string[],
  token: string | null | undefined,
  now: Date = new Date(),
): SnoozeTokenRead {
  if (!token || token.length > 400 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) {
    return { ok: false, reason: "malformed" };
  }
  const payload = unsign(secrets, token);
  if (payload === null) return { ok: false, reason: "tampered" };
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  } catch {
    // Signed by us but not a snooze payload (another kind of signed value): no use here.
    return { ok: false, reason: "malformed" };
  }
  if (parsed.e * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return {
    ok: true,
    link: { subscriptionId: parsed.s, days: parsed.d, reorderDate: parsed.r, expiresAt: new Date(parsed.e * 1000) },
  };
}

export function snoozeLinkUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${SNOOZE_PATH}?${SNOOZE_LINK_PARAM}=${encodeURIComponent(token)}`;
}
