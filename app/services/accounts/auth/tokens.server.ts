import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** 32 random bytes, URL-safe: session tokens, reset links, auto-login ids. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its SHA-256, so a leaked table leaks no usable token. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** A keyed hash for short codes (PINs), so the 10^6 possibilities cannot be tried offline against a leak. */
export function codeHash(secret: string, code: string): string {
  return createHmac("sha256", secret).update(code).digest("base64url");
}

/** "<payload>.<signature>" signed with the first secret; verified against any (rotation). */
export function sign(secrets: readonly string[], payload: string): string {
  return `${payload}.${createHmac("sha256", secrets[0]!).update(payload).digest("base64url")}`;
}

export function unsign(secrets: readonly string[], signed: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const payload = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1));
  for (const secret of secrets) {
    const expected = Buffer.from(createHmac("sha256", secret).update(payload).digest("base64url"));
    if (expected.length === signature.length && timingSafeEqual(expected, signature)) return payload;
  }
  return null;
}
